import {
  DEFAULT_CATEGORIES,
  PosProductColumnsResponse,
  posProductsFromColumns,
  type Product,
  type StockMovement,
} from '@pos/core';
import { describe, expect, it } from 'vitest';
import { COMPRESS_FROM_BYTES } from '../src/http/compression';
import { buildProduct, productFormFields, sendForm } from './helpers/catalogue-factories';
import { ENGINES, useTestApp } from './helpers/test-app';

type ProductBody = { product: Product };
type ProductsBody = { products: Product[] };
type ErrorBody = { error: string; code: string; fields: Record<string, string> };

describe.each(ENGINES)('products API on %s', (engine) => {
  const t = useTestApp(engine);

  it('creates a product from the multipart form exactly as the dialog sends it', async () => {
    const { token } = await t.buildUser({ role: 'manager' });
    const res = await sendForm<ProductBody>(t, 'POST', '/api/products', {
      token,
      fields: {
        name: '  เสื้อโปโลสีกรม  ',
        barcode: 'POLO-001',
        category: DEFAULT_CATEGORIES[0],
        price: '359.50',
        cost: '180.25',
        originalPrice: '499',
        stock: '12',
        description: 'ผ้าจูติ',
        sizes: JSON.stringify([' M ', 'L', 'M', '', 'XL']),
        colors: JSON.stringify(['กรม', ' กรม ', 'ดำ']),
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.product).toMatchObject({
      name: 'เสื้อโปโลสีกรม',
      sku: 'POLO-001',
      barcode: 'POLO-001',
      category: DEFAULT_CATEGORIES[0],
      price: 359.5,
      cost: 180.25,
      original_price: 499,
      stock: 12,
      description: 'ผ้าจูติ',
      image_url: null,
      sizes: ['M', 'L', 'XL'],
      colors: ['กรม', 'ดำ'],
    });
    expect(typeof res.body.product.category_id).toBe('number');
    const row = await t.built.deps.db.kysely
      .selectFrom('products')
      .select(['price', 'cost', 'original_price'])
      .where('id', '=', res.body.product.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ price: 35950, cost: 18025, original_price: 49900 });
  });

  it('creates a product from JSON too, with defaults for what is left out', async () => {
    const admin = await t.adminToken();
    const res = await t.request<ProductBody>('POST', '/api/products', {
      token: admin,
      body: { name: 'รองเท้าผ้าใบ', sku: 'SHOE-1', barcode: '8850001112223', category: 'รองเท้า', price: 1290 },
    });
    expect(res.status).toBe(201);
    expect(res.body.product).toMatchObject({
      sku: 'SHOE-1',
      barcode: '8850001112223',
      category: 'รองเท้า',
      price: 1290,
      cost: 0,
      original_price: null,
      stock: 0,
      description: '',
      sizes: [],
      colors: [],
    });
  });

  const required = {
    name: 'กรุณากรอกชื่อสินค้า',
    sku: 'กรุณากรอก SKU',
    category: 'กรุณาเลือกหมวดหมู่',
    price: 'กรุณากรอกราคาสินค้า',
  };
  it.each([
    [{ name: '' }, 'name', required.name],
    [{ name: '    ' }, 'name', required.name],
    [{ barcode: '' }, 'sku', required.sku],
    [{ barcode: '   ' }, 'sku', required.sku],
    [{ category: '' }, 'category', required.category],
    [{ price: '' }, 'price', required.price],
    [{ price: '0' }, 'price', required.price],
    [{ price: '-10' }, 'price', required.price],
    [{ price: 'abc' }, 'price', required.price],
    [{ price: '10.555' }, 'price', 'ราคาสินค้ามีทศนิยมได้ไม่เกิน 2 ตำแหน่ง'],
    [{ stock: '-1' }, 'stock', 'จำนวนสต็อกต้องเป็นจำนวนเต็มตั้งแต่ 0 ขึ้นไป'],
    [{ stock: '2.5' }, 'stock', 'จำนวนสต็อกต้องเป็นจำนวนเต็มตั้งแต่ 0 ขึ้นไป'],
    [{ stock: 'ten' }, 'stock', 'จำนวนสต็อกต้องเป็นจำนวนเต็มตั้งแต่ 0 ขึ้นไป'],
    [{ cost: '-1' }, 'cost', 'ต้นทุนต้องไม่ติดลบ'],
    [{ cost: '1.234' }, 'cost', 'ต้นทุนมีทศนิยมได้ไม่เกิน 2 ตำแหน่ง'],
    [{ original_price: '-5' }, 'original_price', 'ราคาปกติต้องไม่ติดลบ'],
    [{ original_price: '9.999' }, 'original_price', 'ราคาปกติมีทศนิยมได้ไม่เกิน 2 ตำแหน่ง'],
    [{ sizes: '["S",' }, 'sizes', 'ไซส์ต้องเป็นรายการข้อความ'],
    [{ colors: JSON.stringify(['x'.repeat(51)]) }, 'colors', 'สีแต่ละรายการต้องไม่เกิน 50 ตัวอักษร'],
    [{ image_url: 'javascript:alert(1)' }, 'image_url', 'ที่อยู่รูปภาพต้องขึ้นต้นด้วย https://, http:// หรือ /uploads/'],
  ])('refuses the form with %j: 400 on %s with the Thai message', async (change, field, message) => {
    const { token } = await t.buildUser({ role: 'manager' });
    const fields = productFormFields(change);
    const before = await t.request<ProductsBody>('GET', '/api/products', { token });
    const res = await sendForm<ErrorBody>(t, 'POST', '/api/products', { token, fields });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.fields[field]).toBe(message);
    expect(res.body.error).toContain(message);
    const after = await t.request<ProductsBody>('GET', '/api/products', { token });
    expect(after.body.products.length).toBe(before.body.products.length);
  });

  it('names every missing required field at once, as the form shows them (JSON too)', async () => {
    const admin = await t.adminToken();
    const res = await t.request<ErrorBody>('POST', '/api/products', { token: admin, body: {} });
    expect(res.status).toBe(400);
    expect(res.body.fields).toMatchObject(required);
  });

  it('refuses an unknown category by name or id', async () => {
    const admin = await t.adminToken();
    const res = await sendForm<ErrorBody>(t, 'POST', '/api/products', {
      token: admin,
      fields: productFormFields({ category: 'ไม่มีหมวดนี้' }),
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('CATEGORY_NOT_FOUND');
    expect(res.body.fields.category).toMatch(/ไม่พบหมวดหมู่/);
    const byId = await t.request<ErrorBody>('POST', '/api/products', {
      token: admin,
      body: { name: 'x', sku: 'CAT-ID-X', category_id: 999999, price: 1 },
    });
    expect(byId.status).toBe(400);
  });

  it('keeps SKU and barcode unique among live products, case-insensitively (409, Thai), and frees them on delete', async () => {
    const admin = await t.adminToken();
    const existing = await buildProduct(t, { name: 'กระเป๋าผ้า', sku: 'BAG-42', barcode: '8851234567890' });
    const sameSku = await sendForm<ErrorBody>(t, 'POST', '/api/products', {
      token: admin,
      fields: productFormFields({ barcode: 'bag-42' }),
    });
    expect(sameSku.status).toBe(409);
    expect(sameSku.body.code).toBe('SKU_TAKEN');
    expect(sameSku.body.error).toMatch(/กระเป๋าผ้า/);
    expect(sameSku.body.fields.sku).toBeTruthy();
    // A new product's SKU may not be another product's barcode either: a scan must find one product.
    const skuIsBarcode = await t.request<ErrorBody>('POST', '/api/products', {
      token: admin,
      body: { name: 'x', sku: '8851234567890', category: DEFAULT_CATEGORIES[0], price: 5 },
    });
    expect(skuIsBarcode.status).toBe(409);
    const other = await buildProduct(t);
    const editClash = await t.request<ErrorBody>('PUT', `/api/products/${other.id}`, {
      token: admin,
      body: { name: other.name, sku: other.sku, barcode: '8851234567890', category: DEFAULT_CATEGORIES[0], price: 5 },
    });
    expect(editClash.status).toBe(409);
    expect(editClash.body.fields.barcode).toBeTruthy();
    // Keeping its own SKU is not a clash.
    const keep = await t.request('PUT', `/api/products/${existing.id}`, {
      token: admin,
      body: { name: 'กระเป๋าผ้า', sku: 'BAG-42', barcode: '8851234567890', category: DEFAULT_CATEGORIES[2], price: 99 },
    });
    expect(keep.status).toBe(200);
    expect((await t.request('DELETE', `/api/products/${existing.id}`, { token: admin })).status).toBe(200);
    const reused = await sendForm(t, 'POST', '/api/products', {
      token: admin,
      fields: productFormFields({ barcode: 'BAG-42' }),
    });
    expect(reused.status).toBe(201);
  });

  it('searches name, SKU and barcode case-insensitively, Thai included, and filters by category', async () => {
    const { token } = await t.buildUser({ role: 'cashier' });
    const thai = await buildProduct(t, { name: 'กางเกงยีนส์ขาเดฟ', sku: 'JEANS-77', barcode: '8850000000777' });
    const shoe = await buildProduct(t, { name: 'Running Shoe Pro', sku: 'RUN-9', category: 'รองเท้า' });
    const pct = await buildProduct(t, { name: 'ลดราคา 50% พิเศษ', sku: 'SALE_50' });

    const byThai = await t.request<ProductsBody>('GET', `/api/products?search=${encodeURIComponent('ยีนส์')}`, { token });
    expect(byThai.status).toBe(200);
    expect(byThai.body.products.map((p) => p.id)).toEqual([thai.id]);
    const byBarcode = await t.request<ProductsBody>('GET', '/api/products?search=0000777', { token });
    expect(byBarcode.body.products.map((p) => p.id)).toEqual([thai.id]);
    const bySku = await t.request<ProductsBody>('GET', '/api/products?search=jeans-77', { token });
    expect(bySku.body.products.map((p) => p.id)).toEqual([thai.id]);
    const byName = await t.request<ProductsBody>('GET', '/api/products?search=SHOE%20pro', { token });
    expect(byName.body.products.map((p) => p.id)).toEqual([shoe.id]);
    // % and _ are taken literally.
    const literal = await t.request<ProductsBody>('GET', `/api/products?search=${encodeURIComponent('50%')}`, {
      token,
    });
    expect(literal.body.products.map((p) => p.id)).toEqual([pct.id]);
    const underscore = await t.request<ProductsBody>('GET', '/api/products?search=e_5', { token });
    expect(underscore.body.products.map((p) => p.id)).toEqual([pct.id]);

    const shoes = await t.request<ProductsBody>('GET', `/api/products?category=${encodeURIComponent('รองเท้า')}`, {
      token,
    });
    expect(shoes.body.products.length).toBeGreaterThan(0);
    expect(shoes.body.products.every((p) => p.category === 'รองเท้า')).toBe(true);
    expect(shoes.body.products.map((p) => p.id)).toContain(shoe.id);

    const limited = await t.request<ProductsBody>('GET', '/api/products?limit=2', { token });
    expect(limited.body.products.length).toBe(2);
    expect((await t.request('GET', '/api/products?limit=10001', { token })).status).toBe(400);
    expect((await t.request('GET', '/api/products?limit=0', { token })).status).toBe(400);
  });

  it('reads one product and answers 404 for an unknown one', async () => {
    const { token } = await t.buildUser({ role: 'viewer' });
    const product = await buildProduct(t, { original_price: 300, sizes: ['M'] });
    const res = await t.request<ProductBody>('GET', `/api/products/${product.id}`, { token });
    expect(res.status).toBe(200);
    expect(res.body.product).toEqual(product);
    const missing = await t.request('GET', '/api/products/999999', { token });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'PRODUCT_NOT_FOUND', error: 'ไม่พบสินค้า' });
  });

  it('edits with the whole form: cleared fields take their defaults, the stock is never written by an edit', async () => {
    const { token, user } = await t.buildUser({ role: 'manager' });
    const created = await sendForm<ProductBody>(t, 'POST', '/api/products', {
      token,
      fields: productFormFields({ stock: '10', original_price: '400' }),
    });
    const product = created.body.product;
    // The dialog leaves out empty values: no original price, no stock change.
    const edited = await sendForm<ProductBody>(t, 'PUT', `/api/products/${product.id}`, {
      token,
      fields: {
        name: 'ชื่อใหม่',
        barcode: product.sku,
        category: DEFAULT_CATEGORIES[3],
        price: '199',
        sizes: '[]',
        colors: '["แดง"]',
      },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.product).toMatchObject({
      name: 'ชื่อใหม่',
      category: DEFAULT_CATEGORIES[3],
      price: 199,
      cost: 0,
      original_price: null,
      stock: 10,
      sizes: [],
      colors: ['แดง'],
    });
    const restocked = await sendForm<ProductBody>(t, 'PUT', `/api/products/${product.id}`, {
      token,
      fields: { name: 'ชื่อใหม่', barcode: product.sku, category: DEFAULT_CATEGORIES[3], price: '199', stock: '4' },
    });
    // Stock changes go through PATCH /stock only: an edit's stock is ignored.
    expect(restocked.status).toBe(200);
    expect(restocked.body.product.stock).toBe(10);
    const movements = await t.request<{ movements: StockMovement[] }>(
      'GET',
      `/api/products/${product.id}/stock-movements`,
      { token },
    );
    expect(movements.body.movements.map((m) => [m.kind, m.old_quantity, m.new_quantity, m.delta])).toEqual([
      ['initial', 0, 10, 10],
    ]);
    expect(movements.body.movements[0]).toMatchObject({ user_id: user.id, user_name: user.name });
    const missing = await sendForm(t, 'PUT', '/api/products/999999', { token, fields: productFormFields() });
    expect(missing.status).toBe(404);
  });

  it('sets stock with PATCH {quantity, reason} and writes who, when, old, new and why', async () => {
    const { token, user } = await t.buildUser({ role: 'manager' });
    const product = await buildProduct(t, { stock: 7 });
    const res = await t.request<{ product: Product; movement: StockMovement }>(
      'PATCH',
      `/api/products/${product.id}/stock`,
      { token, body: { quantity: 20, reason: '  รับของเข้าจากซัพพลายเออร์ ' } },
    );
    expect(res.status).toBe(200);
    expect(res.body.product.stock).toBe(20);
    expect(res.body.movement).toMatchObject({
      product_id: product.id,
      user_id: user.id,
      user_name: user.name,
      kind: 'adjustment',
      old_quantity: 7,
      new_quantity: 20,
      delta: 13,
      reason: 'รับของเข้าจากซัพพลายเออร์',
      sale_id: null,
    });
    expect(Date.now() - Date.parse(res.body.movement.created_at)).toBeLessThan(60_000);
    const stored = await t.built.deps.db.kysely
      .selectFrom('stock_movements')
      .select(['user_id', 'old_quantity', 'new_quantity', 'delta', 'reason'])
      .where('product_id', '=', product.id)
      .execute();
    expect(stored).toEqual([
      { user_id: user.id, old_quantity: 7, new_quantity: 20, delta: 13, reason: 'รับของเข้าจากซัพพลายเออร์' },
    ]);
    const text = await t.request<{ product: Product }>('PATCH', `/api/products/${product.id}/stock`, {
      token,
      body: { quantity: '0' },
    });
    expect(text.body.product.stock).toBe(0);
    for (const quantity of [-1, 1.5, 'abc', null]) {
      const bad = await t.request<ErrorBody>('PATCH', `/api/products/${product.id}/stock`, {
        token,
        body: { quantity },
      });
      expect(bad.status).toBe(400);
      expect(bad.body.fields.quantity).toMatch(/[\u0E00-\u0E7F]/);
    }
    const missing = await t.request('PATCH', '/api/products/999999/stock', { token, body: { quantity: 1 } });
    expect(missing.status).toBe(404);
  });

  it('deletes a product (gone from lists and reads); 404 afterwards', async () => {
    const admin = await t.adminToken();
    const product = await buildProduct(t, { name: 'ลบทิ้ง' });
    await t.request('PATCH', `/api/products/${product.id}/stock`, { token: admin, body: { quantity: 1 } });
    const res = await t.request('DELETE', `/api/products/${product.id}`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, soft_deleted: false });
    expect((await t.request('GET', `/api/products/${product.id}`, { token: admin })).status).toBe(404);
    const list = await t.request<ProductsBody>('GET', `/api/products?search=${encodeURIComponent('ลบทิ้ง')}`, {
      token: admin,
    });
    expect(list.body.products).toEqual([]);
    expect((await t.request('DELETE', `/api/products/${product.id}`, { token: admin })).status).toBe(404);
  });

  it('lists the active category names for the product and POS screens', async () => {
    const { token } = await t.buildUser({ role: 'cashier' });
    const res = await t.request<{ categories: string[] }>('GET', '/api/products/categories/list', { token });
    expect(res.status).toBe(200);
    expect(res.body.categories).toEqual(expect.arrayContaining([...DEFAULT_CATEGORIES]));
  });

  it('lists products for the till with only what selling needs, for anyone who may view products', async () => {
    const older = await buildProduct(t, {
      name: 'เสื้อเชิ้ตลายทาง',
      sku: 'POS-LIST-1',
      barcode: '8851111111111',
      price: 459.5,
      original_price: 590,
      cost: 200,
      description: 'ผ้าฝ้าย',
      stock: 4,
      sizes: ['M', 'L'],
      colors: ['ฟ้า'],
    });
    const newer = await buildProduct(t, { name: 'ไม่มีหมวด', sku: 'POS-LIST-2', barcode: null, category: null });
    const gone = await buildProduct(t, { sku: 'POS-LIST-3' });
    const admin = await t.adminToken();
    expect((await t.request('DELETE', `/api/products/${gone.id}`, { token: admin })).status).toBe(200);

    for (const role of ['cashier', 'viewer'] as const) {
      const { token } = await t.buildUser({ role });
      const res = await t.request('GET', '/api/products/pos', { token });
      expect(res.status).toBe(200);
      const products = posProductsFromColumns(PosProductColumnsResponse.parse(res.body).columns);
      const ids = products.map((p) => p.id);
      expect(ids).not.toContain(gone.id);
      expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
      expect(products.find((p) => p.id === older.id)).toEqual({
        id: older.id,
        name: 'เสื้อเชิ้ตลายทาง',
        sku: 'POS-LIST-1',
        barcode: '8851111111111',
        category: DEFAULT_CATEGORIES[0],
        price: 459.5,
        original_price: 590,
        stock: 4,
        image_url: null,
        sizes: ['M', 'L'],
        colors: ['ฟ้า'],
        // Its stock, counted before it had variants, sells as either size.
        unassigned_stock: 4,
        variants: older.variants.map(({ active: _on, ...v }) => v),
      });
      expect(products.find((p) => p.id === newer.id)).toMatchObject({ barcode: null, category: null });
    }
    expect((await t.request('GET', '/api/products/pos')).status).toBe(401);
  });

  it('compresses the product lists for clients that accept it', async () => {
    for (let i = 0; i < 100; i++) await buildProduct(t, { name: `สินค้าบีบอัด ${i}` });
    const { token } = await t.buildUser({ role: 'cashier' });
    for (const encoding of ['gzip', 'br']) {
      const res = await fetch(`${t.url}/api/products/pos`, {
        headers: { authorization: `Bearer ${token}`, 'accept-encoding': encoding },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding')).toBe(encoding);
      const text = await res.text();
      // Big enough to be compressed at all: smaller answers go as they are.
      expect(Buffer.byteLength(text)).toBeGreaterThanOrEqual(COMPRESS_FROM_BYTES);
      expect(PosProductColumnsResponse.parse(JSON.parse(text)).columns.id.length).toBeGreaterThanOrEqual(100);
    }
  });

  it('answers JSON junk and other content types on the form routes with 4xx, never 500', async () => {
    const admin = await t.adminToken();
    for (const rawBody of ['[]', 'null', '"x"', '{"a":']) {
      const res = await t.request('POST', '/api/products', {
        token: admin,
        rawBody,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status).toBe(400);
    }
    const text = await t.request('POST', '/api/products', {
      token: admin,
      rawBody: 'name=x',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(400);
    const xml = await t.request('POST', '/api/products', {
      token: admin,
      rawBody: '<product/>',
      headers: { 'content-type': 'application/xml' },
    });
    expect(xml.status).toBe(415);
    const broken = await t.request('POST', '/api/products', {
      token: admin,
      rawBody: '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nabc',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(broken.status).toBeGreaterThanOrEqual(400);
    expect(broken.status).toBeLessThan(500);
    const noBoundary = await t.request('POST', '/api/products', {
      token: admin,
      rawBody: 'abc',
      headers: { 'content-type': 'multipart/form-data' },
    });
    expect(noBoundary.status).toBeGreaterThanOrEqual(400);
    expect(noBoundary.status).toBeLessThan(500);
  });

  it('lets a cashier view but not create; a manager create and edit but not delete', async () => {
    const cashier = (await t.buildUser({ role: 'cashier' })).token;
    const manager = (await t.buildUser({ role: 'manager' })).token;
    const viewer = (await t.buildUser({ role: 'viewer' })).token;
    const product = await buildProduct(t);

    expect((await t.request('GET', '/api/products', { token: cashier })).status).toBe(200);
    expect((await t.request('GET', `/api/products/${product.id}`, { token: viewer })).status).toBe(200);
    const cashierCreate = await sendForm(t, 'POST', '/api/products', { token: cashier, fields: productFormFields() });
    expect(cashierCreate.status).toBe(403);
    expect(cashierCreate.body).toMatchObject({ code: 'FORBIDDEN' });
    for (const token of [cashier, viewer]) {
      expect(
        (await sendForm(t, 'PUT', `/api/products/${product.id}`, { token, fields: productFormFields() })).status,
      ).toBe(403);
      expect(
        (await t.request('PATCH', `/api/products/${product.id}/stock`, { token, body: { quantity: 1 } })).status,
      ).toBe(403);
    }

    const created = await sendForm<ProductBody>(t, 'POST', '/api/products', {
      token: manager,
      fields: productFormFields(),
    });
    expect(created.status).toBe(201);
    const id = created.body.product.id;
    const edited = await sendForm(t, 'PUT', `/api/products/${id}`, {
      token: manager,
      fields: productFormFields({ barcode: created.body.product.sku, name: 'แก้โดยผู้จัดการ' }),
    });
    expect(edited.status).toBe(200);
    expect(
      (await t.request('PATCH', `/api/products/${id}/stock`, { token: manager, body: { quantity: 3 } })).status,
    ).toBe(200);
    const managerDelete = await t.request('DELETE', `/api/products/${id}`, { token: manager });
    expect(managerDelete.status).toBe(403);
    expect(managerDelete.body).toMatchObject({ code: 'FORBIDDEN' });
    expect((await t.request('DELETE', `/api/products/${id}`, { token: await t.adminToken() })).status).toBe(200);
    expect((await t.request('GET', '/api/products')).status).toBe(401);
  });
});
