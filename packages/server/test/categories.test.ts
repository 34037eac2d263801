import { DEFAULT_CATEGORIES, type Category, type CategoryStats, type Product } from '@pos/core';
import { describe, expect, it } from 'vitest';
import { buildProduct } from './helpers/catalogue-factories';
import { ENGINES, useTestApp } from './helpers/test-app';

type CategoriesBody = { categories: Category[] };
type CategoryBody = { category: Category };

describe.each(ENGINES)('categories API on %s', (engine) => {
  const t = useTestApp(engine);

  it('lists the default categories in order with the spec defaults, to anyone who may view products', async () => {
    const { token } = await t.buildUser({ role: 'viewer' });
    const res = await t.request<CategoriesBody>('GET', '/api/categories', { token });
    expect(res.status).toBe(200);
    const defaults = res.body.categories.filter((c) => (DEFAULT_CATEGORIES as readonly string[]).includes(c.name));
    expect(defaults.map((c) => c.name)).toEqual([...DEFAULT_CATEGORIES]);
    expect(defaults[0]).toMatchObject({ color: '#3B82F6', icon: 'folder', is_active: true, sort_order: 1 });
    expect(defaults[0]).not.toHaveProperty('product_count');
  });

  it('adds product_count with include=true and filters with active_only=true', async () => {
    const admin = await t.adminToken();
    const created = await t.request<CategoryBody>('POST', '/api/categories', {
      token: admin,
      body: { name: 'หมวดนับ', is_active: true },
    });
    const id = created.body.category.id;
    await buildProduct(t, { category: 'หมวดนับ' });
    await buildProduct(t, { category: 'หมวดนับ' });
    const counted = await t.request<CategoriesBody>('GET', '/api/categories?include=true', { token: admin });
    expect(counted.body.categories.find((c) => c.id === id)?.product_count).toBe(2);
    await t.request('PUT', `/api/categories/${id}`, { token: admin, body: { is_active: false } });
    const active = await t.request<CategoriesBody>('GET', '/api/categories?active_only=true', { token: admin });
    expect(active.body.categories.some((c) => c.id === id)).toBe(false);
    const all = await t.request<CategoriesBody>('GET', '/api/categories', { token: admin });
    expect(all.body.categories.find((c) => c.id === id)?.is_active).toBe(false);
  });

  it('creates a category with trimmed name, defaults and the next sort order; names are unique in any case', async () => {
    const { token } = await t.buildUser({ role: 'manager' });
    const before = await t.request<CategoriesBody>('GET', '/api/categories', { token });
    const maxOrder = Math.max(...before.body.categories.map((c) => c.sort_order));
    const res = await t.request<CategoryBody>('POST', '/api/categories', {
      token,
      body: { name: '  Sneakers  ', description: 'หมวดหมู่ Sneakers' },
    });
    expect(res.status).toBe(201);
    expect(res.body.category).toMatchObject({
      name: 'Sneakers',
      description: 'หมวดหมู่ Sneakers',
      color: '#3B82F6',
      icon: 'folder',
      sort_order: maxOrder + 1,
      is_active: true,
      product_count: 0,
    });
    const again = await t.request('POST', '/api/categories', { token, body: { name: 'sNEAKERS' } });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'CATEGORY_NAME_TAKEN' });
    expect(again.body.error).toMatch(/มีอยู่แล้ว/);
    const thai = await t.request('POST', '/api/categories', { token, body: { name: DEFAULT_CATEGORIES[1] } });
    expect(thai.status).toBe(409);
  });

  it.each([
    [{ name: '   ' }, 'name'],
    [{}, 'name'],
    [{ name: 'x'.repeat(101) }, 'name'],
    [{ name: 'ok', color: 'blue' }, 'color'],
    [{ name: 'ok', sort_order: -1 }, 'sort_order'],
    [{ name: 'ok', is_active: 'maybe' }, 'is_active'],
  ])('refuses %j naming %s with a Thai message', async (body, field) => {
    const admin = await t.adminToken();
    const res = await t.request<{ fields: Record<string, string> }>('POST', '/api/categories', { token: admin, body });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields)).toContain(field);
    expect(res.body.fields[field]).toMatch(/[\u0E00-\u0E7F]/);
  });

  it('reads one category with its product count, and 404 for an unknown id', async () => {
    const admin = await t.adminToken();
    const list = await t.request<CategoriesBody>('GET', '/api/categories', { token: admin });
    const first = list.body.categories[0]!;
    const res = await t.request<CategoryBody>('GET', `/api/categories/${first.id}`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.category).toMatchObject({ id: first.id, name: first.name });
    expect(typeof res.body.category.product_count).toBe('number');
    const missing = await t.request('GET', '/api/categories/999999', { token: admin });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'CATEGORY_NOT_FOUND', error: 'ไม่พบหมวดหมู่' });
  });

  it('renames a category (products show the new name) and refuses a name another category has', async () => {
    const admin = await t.adminToken();
    const created = await t.request<CategoryBody>('POST', '/api/categories', {
      token: admin,
      body: { name: 'ชั่วคราว' },
    });
    const id = created.body.category.id;
    const product = await buildProduct(t, { category: 'ชั่วคราว' });
    const renamed = await t.request<CategoryBody>('PUT', `/api/categories/${id}`, {
      token: admin,
      body: { name: ' ถาวร ', color: '#10b981', icon: 'tag', product_count: 99 },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.category).toMatchObject({ name: 'ถาวร', color: '#10b981', icon: 'tag', product_count: 1 });
    const p = await t.request<{ product: Product }>('GET', `/api/products/${product.id}`, { token: admin });
    expect(p.body.product.category).toBe('ถาวร');
    // Same name in another case is the category itself: allowed.
    const sameCase = await t.request('PUT', `/api/categories/${id}`, { token: admin, body: { name: 'ถาวร' } });
    expect(sameCase.status).toBe(200);
    const clash = await t.request('PUT', `/api/categories/${id}`, {
      token: admin,
      body: { name: DEFAULT_CATEGORIES[2] },
    });
    expect(clash.status).toBe(409);
    expect(clash.body).toMatchObject({ code: 'CATEGORY_NAME_TAKEN' });
    const missing = await t.request('PUT', '/api/categories/999999', { token: admin, body: { name: 'ใหม่' } });
    expect(missing.status).toBe(404);
  });

  it('refuses to delete a category live products use (409, Thai), and force=true moves them to no category', async () => {
    const admin = await t.adminToken();
    const created = await t.request<CategoryBody>('POST', '/api/categories', {
      token: admin,
      body: { name: 'ลบได้ไหม' },
    });
    const id = created.body.category.id;
    const a = await buildProduct(t, { category: 'ลบได้ไหม' });
    const b = await buildProduct(t, { category: 'ลบได้ไหม' });

    const refused = await t.request('DELETE', `/api/categories/${id}`, { token: admin });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'CATEGORY_IN_USE' });
    expect(refused.body.error).toMatch(/ไม่สามารถลบหมวดหมู่ "ลบได้ไหม" ได้ เนื่องจากมีสินค้า 2 รายการ/);
    const stillThere = await t.request('GET', `/api/categories/${id}`, { token: admin });
    expect(stillThere.status).toBe(200);

    const forced = await t.request('DELETE', `/api/categories/${id}?force=true`, { token: admin });
    expect(forced.status).toBe(200);
    expect(forced.body).toMatchObject({ ok: true, moved_products: 2 });
    expect((await t.request('GET', `/api/categories/${id}`, { token: admin })).status).toBe(404);
    for (const product of [a, b]) {
      const p = await t.request<{ product: Product }>('GET', `/api/products/${product.id}`, { token: admin });
      expect(p.body.product).toMatchObject({ category: null, category_id: null });
    }
    const stats = await t.request<{ stats: CategoryStats }>('GET', '/api/categories/stats/overview', { token: admin });
    expect(stats.body.stats.uncategorized_products).toBeGreaterThanOrEqual(2);
  });

  it('deletes an unused category without force, and 404 for an unknown one', async () => {
    const admin = await t.adminToken();
    const created = await t.request<CategoryBody>('POST', '/api/categories', {
      token: admin,
      body: { name: 'ว่างเปล่า' },
    });
    const res = await t.request('DELETE', `/api/categories/${created.body.category.id}`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, moved_products: 0 });
    expect((await t.request('DELETE', '/api/categories/999999', { token: admin })).status).toBe(404);
  });

  it('reorders with {categories:[{id, sort_order}]} or {ids}, without colliding with /:id', async () => {
    const admin = await t.adminToken();
    const list = (await t.request<CategoriesBody>('GET', '/api/categories', { token: admin })).body.categories;
    const reversed = [...list].reverse();
    const byObjects = await t.request<CategoriesBody>('PUT', '/api/categories/reorder', {
      token: admin,
      body: { categories: reversed.map((c, i) => ({ ...c, sort_order: i + 1 })) },
    });
    expect(byObjects.status).toBe(200);
    expect(byObjects.body.categories.map((c) => c.id)).toEqual(reversed.map((c) => c.id));

    const byIds = await t.request<CategoriesBody>('PUT', '/api/categories/reorder', {
      token: admin,
      body: { ids: list.map((c) => c.id) },
    });
    expect(byIds.body.categories.map((c) => c.id)).toEqual(list.map((c) => c.id));
    expect(byIds.body.categories.map((c) => c.sort_order)).toEqual(list.map((_, i) => i + 1));

    const unknown = await t.request('PUT', '/api/categories/reorder', { token: admin, body: { ids: [999999] } });
    expect(unknown.status).toBe(404);
    const empty = await t.request('PUT', '/api/categories/reorder', { token: admin, body: {} });
    expect(empty.status).toBe(400);
    const after = (await t.request<CategoriesBody>('GET', '/api/categories', { token: admin })).body.categories;
    expect(after.map((c) => c.id)).toEqual(list.map((c) => c.id));
  });

  it('gives an overview of categories with product counts, stock and stock value', async () => {
    const admin = await t.adminToken();
    await t.request('POST', '/api/categories', { token: admin, body: { name: 'สถิติ' } });
    await buildProduct(t, { category: 'สถิติ', stock: 5, price: 100 });
    await buildProduct(t, { category: 'สถิติ', stock: 30, price: 10.5 });
    const res = await t.request<{ stats: CategoryStats }>('GET', '/api/categories/stats/overview', {
      token: (await t.buildUser({ role: 'cashier' })).token,
    });
    expect(res.status).toBe(200);
    const row = res.body.stats.categories.find((c) => c.name === 'สถิติ');
    expect(row).toMatchObject({ product_count: 2, total_stock: 35, low_stock_count: 1, stock_value: 815 });
    expect(res.body.stats.total_categories).toBe(res.body.stats.categories.length);
    expect(res.body.stats.total_products).toBeGreaterThanOrEqual(2);
  });

  it('lets cashiers and viewers read but not change categories; managers manage them (settings_edit)', async () => {
    const cashier = (await t.buildUser({ role: 'cashier' })).token;
    const viewer = (await t.buildUser({ role: 'viewer' })).token;
    const manager = (await t.buildUser({ role: 'manager' })).token;
    for (const token of [cashier, viewer]) {
      expect((await t.request('GET', '/api/categories', { token })).status).toBe(200);
      const post = await t.request('POST', '/api/categories', { token, body: { name: 'ไม่ได้' } });
      expect(post.status).toBe(403);
      expect(post.body).toMatchObject({ code: 'FORBIDDEN' });
      expect((await t.request('PUT', '/api/categories/reorder', { token, body: { ids: [1] } })).status).toBe(403);
      expect((await t.request('DELETE', '/api/categories/1', { token })).status).toBe(403);
    }
    const created = await t.request<CategoryBody>('POST', '/api/categories', {
      token: manager,
      body: { name: 'ของผู้จัดการ' },
    });
    expect(created.status).toBe(201);
    const deleted = await t.request('DELETE', `/api/categories/${created.body.category.id}`, { token: manager });
    expect(deleted.status).toBe(200);
    expect((await t.request('GET', '/api/categories')).status).toBe(401);
  });
});
