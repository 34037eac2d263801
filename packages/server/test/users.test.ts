import type { User } from '@pos/core';
import { describe, expect, it } from 'vitest';
import { buildProduct } from './helpers/catalogue-factories';
import { ENGINES, useTestApp } from './helpers/test-app';

describe.each(ENGINES)('users API on %s', (engine) => {
  const t = useTestApp(engine);

  it('lists users as {users} with is_active and never a password hash', async () => {
    const admin = await t.adminToken();
    const res = await t.request<{ users: Record<string, unknown>[] }>('GET', '/api/users', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.users.length).toBeGreaterThan(0);
    for (const user of res.body.users) {
      expect(user).toHaveProperty('is_active');
      expect(user).not.toHaveProperty('password_hash');
    }
  });

  it('creates a user, defaulting the role to cashier, and refuses a duplicate username in any case', async () => {
    const admin = await t.adminToken();
    const created = await t.request<{ user: User }>('POST', '/api/users', {
      token: admin,
      body: { username: 'Somchai', password: 'sells-shirts-2569', name: '  สมชาย ใจดี ', email: '' },
    });
    expect(created.status).toBe(201);
    expect(created.body.user).toMatchObject({
      username: 'Somchai',
      name: 'สมชาย ใจดี',
      email: null,
      role: 'cashier',
      is_active: true,
    });
    const again = await t.request('POST', '/api/users', {
      token: admin,
      body: { username: 'somchai', password: 'sells-shirts-2569', name: 'x', role: 'viewer' },
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'USERNAME_TAKEN', error: 'ชื่อผู้ใช้นี้มีอยู่แล้ว' });
    expect(await t.login('SOMCHAI', 'sells-shirts-2569')).toBeTruthy();
  });

  it.each([
    [{ username: '', password: 'sells-shirts-2569', name: 'n' }, 'username'],
    [{ username: 'ok_name', password: 'short', name: 'n' }, 'password'],
    [{ username: 'ok_name', password: 'sells-shirts-2569', name: '   ' }, 'name'],
    [{ username: 'ok_name', password: 'sells-shirts-2569', name: 'n', email: 'not-an-email' }, 'email'],
    [{ username: 'ok_name', password: 'sells-shirts-2569', name: 'n', role: 'owner' }, 'role'],
    [{ username: 'ไทย', password: 'sells-shirts-2569', name: 'n' }, 'username'],
  ])('refuses %j naming the field %s', async (body, field) => {
    const admin = await t.adminToken();
    const res = await t.request<{ fields: Record<string, string> }>('POST', '/api/users', { token: admin, body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(Object.keys(res.body.fields)).toContain(field);
    expect(res.body.fields[field]).toMatch(/[\u0E00-\u0E7F]/);
  });

  it('edits name, email and role, matches roles case-insensitively, and never the username', async () => {
    const admin = await t.adminToken();
    const { user } = await t.buildUser();
    const res = await t.request<{ user: User }>('PUT', `/api/users/${user.id}`, {
      token: admin,
      body: { name: 'ชื่อใหม่', email: 'new@example.com', role: 'MANAGER' },
    });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ name: 'ชื่อใหม่', email: 'new@example.com', role: 'manager' });
    const rename = await t.request('PUT', `/api/users/${user.id}`, { token: admin, body: { username: 'other' } });
    expect(rename.status).toBe(400);
    const empty = await t.request('PUT', `/api/users/${user.id}`, { token: admin, body: { name: '' } });
    expect(empty.status).toBe(400);
    const fetched = await t.request<{ user: User }>('GET', `/api/users/${user.id}`, { token: admin });
    expect(fetched.body.user.username).toBe(user.username);
  });

  it('toggles active with {isActive} and refuses to deactivate or delete yourself', async () => {
    const { user, token } = await t.buildUser({ role: 'admin' });
    const other = await t.buildUser();
    const off = await t.request<{ user: User }>('PUT', `/api/users/${other.user.id}`, {
      token,
      body: { isActive: false },
    });
    expect(off.body.user.is_active).toBe(false);
    const on = await t.request<{ user: User }>('PUT', `/api/users/${other.user.id}`, {
      token,
      body: { isActive: true },
    });
    expect(on.body.user.is_active).toBe(true);

    const selfOff = await t.request('PUT', `/api/users/${user.id}`, { token, body: { isActive: false } });
    expect(selfOff.status).toBe(400);
    expect(selfOff.body).toMatchObject({ code: 'CANNOT_DEACTIVATE_SELF' });
    const selfDelete = await t.request('DELETE', `/api/users/${user.id}`, { token });
    expect(selfDelete.status).toBe(400);
    expect(selfDelete.body).toMatchObject({ code: 'CANNOT_DELETE_SELF' });
  });

  it('never leaves the shop without an active admin', async () => {
    const { token } = await t.buildUser({ role: 'admin' });
    const users = (await t.request<{ users: User[] }>('GET', '/api/users', { token })).body.users;
    const me = (await t.request<{ user: User }>('GET', '/api/auth/me', { token })).body.user;
    // Deactivate every other admin, then try to demote the last one.
    for (const u of users.filter((x) => x.role === 'admin' && x.id !== me.id && x.is_active)) {
      expect((await t.request('PUT', `/api/users/${u.id}`, { token, body: { isActive: false } })).status).toBe(200);
    }
    const demote = await t.request('PUT', `/api/users/${me.id}`, { token, body: { role: 'manager' } });
    expect(demote.status).toBe(409);
    expect(demote.body).toMatchObject({ code: 'LAST_ADMIN' });
    const still = await t.request<{ user: User }>('GET', '/api/auth/me', { token });
    expect(still.body.user.role).toBe('admin');
    for (const u of users.filter((x) => x.role === 'admin' && x.id !== me.id)) {
      await t.request('PUT', `/api/users/${u.id}`, { token, body: { isActive: true } });
    }
  });

  it('keeps a user who has sold something (soft delete) and removes one who has not', async () => {
    const admin = await t.adminToken();
    const seller = await t.buildUser({ name: 'คนขายของ' });
    const idle = await t.buildUser();
    const db = t.built.deps.db.kysely;
    await db
      .insertInto('sales')
      .values({
        document_number: 'R2569-000001',
        status: 'completed',
        customer_id: null,
        created_by: seller.user.id,
        subtotal: 10_000,
        discount: 0,
        tax: 300,
        total: 10_300,
        prices_include_vat: 0,
        exclude_vat: 0,
        points_used: 0,
        points_earned: 1,
        replaces_sale_id: null,
        notes: null,
        created_at: new Date().toISOString(),
      })
      .execute();

    expect((await t.request('DELETE', `/api/users/${seller.user.id}`, { token: admin })).status).toBe(200);
    expect((await t.request('DELETE', `/api/users/${idle.user.id}`, { token: admin })).status).toBe(200);

    const kept = await db
      .selectFrom('users')
      .select(['name', 'deleted_at'])
      .where('id', '=', seller.user.id)
      .executeTakeFirst();
    expect(kept?.name).toBe('คนขายของ');
    expect(kept?.deleted_at).not.toBeNull();
    const gone = await db.selectFrom('users').select('id').where('id', '=', idle.user.id).executeTakeFirst();
    expect(gone).toBeUndefined();

    const list = (await t.request<{ users: User[] }>('GET', '/api/users', { token: admin })).body.users;
    expect(list.map((u) => u.id)).not.toContain(seller.user.id);
    expect((await t.request('GET', `/api/users/${seller.user.id}`, { token: admin })).status).toBe(404);
    // The username is free again for a new account.
    const reuse = await t.request('POST', '/api/users', {
      token: admin,
      body: { username: seller.user.username, password: 'sells-shoes-2569', name: 'ใหม่' },
    });
    expect(reuse.status).toBe(201);
  });

  it('keeps a user who changed stock, so the stock history keeps their name', async () => {
    const admin = await t.adminToken();
    const keeper = await t.buildUser({ role: 'manager', name: 'คนนับสต็อก' });
    const product = await buildProduct(t, { stock: 3 });
    const patch = await t.request('PATCH', `/api/products/${product.id}/stock`, {
      token: keeper.token,
      body: { quantity: 7, reason: 'นับสต็อก' },
    });
    expect(patch.status).toBe(200);
    expect((await t.request('DELETE', `/api/users/${keeper.user.id}`, { token: admin })).status).toBe(200);
    const movement = await t.built.deps.db.kysely
      .selectFrom('stock_movements')
      .innerJoin('users', 'users.id', 'stock_movements.user_id')
      .select(['users.name', 'users.deleted_at'])
      .where('stock_movements.product_id', '=', product.id)
      .executeTakeFirstOrThrow();
    expect(movement.name).toBe('คนนับสต็อก');
    expect(movement.deleted_at).not.toBeNull();
  });

  it('answers 404 for unknown users and 400 for a malformed id', async () => {
    const admin = await t.adminToken();
    expect((await t.request('GET', '/api/users/999999', { token: admin })).body).toMatchObject({
      code: 'USER_NOT_FOUND',
    });
    expect(
      (await t.request('PUT', '/api/users/999999/password', { token: admin, body: { newPassword: 'sells-bags-2569' } }))
        .status,
    ).toBe(404);
    expect((await t.request('GET', '/api/users/abc', { token: admin })).status).toBe(400);
  });
});
