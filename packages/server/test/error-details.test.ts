import { describe, expect, it } from 'vitest';
import { buildProduct } from './helpers/catalogue-factories';
import { buildSaleCustomer, postSale, salePayload } from './helpers/sales-factories';
import { ENGINES, useTestApp } from './helpers/test-app';

/**
 * Refusals that name facts (a product, a count) send those facts in `details`, so a
 * client can word them in its own language; the Thai `error` is the same text as before.
 */
describe.each(ENGINES)('refusals carry their facts in details on %s', (engine) => {
  const t = useTestApp(engine);

  it('INSUFFICIENT_STOCK names the product and what is left', async () => {
    const admin = await t.adminToken();
    const product = await buildProduct(t, { name: 'เสื้อยืดขาว', stock: 2 });
    const res = await postSale(t, admin, salePayload([{ product, quantity: 3 }]));
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      code: 'INSUFFICIENT_STOCK',
      error: 'สินค้าในสต็อกไม่เพียงพอ: เสื้อยืดขาว เหลือ 2 ชิ้น',
      details: { name: 'เสื้อยืดขาว', available: 2 },
    });
  });

  it('INSUFFICIENT_POINTS gives the customer\u2019s balance', async () => {
    const admin = await t.adminToken();
    const product = await buildProduct(t, { price: 500 });
    const customer = await buildSaleCustomer(t, 14);
    const res = await postSale(
      t,
      admin,
      salePayload([{ product, quantity: 1 }], { customerId: customer.id, pointsUsed: 20 }),
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'INSUFFICIENT_POINTS',
      error: 'แต้มสะสมของลูกค้าไม่เพียงพอ (คุณมี 14 แต้ม)',
      details: { points: 14 },
    });
  });

  it('CATEGORY_IN_USE and CATEGORY_NAME_TAKEN name the category', async () => {
    const admin = await t.adminToken();
    await t.request('POST', '/api/categories', { token: admin, body: { name: 'หมวดทดสอบ' } });
    await buildProduct(t, { category: 'หมวดทดสอบ' });
    const taken = await t.request('POST', '/api/categories', { token: admin, body: { name: 'หมวดทดสอบ' } });
    expect(taken.body).toMatchObject({
      code: 'CATEGORY_NAME_TAKEN',
      error: 'ชื่อหมวดหมู่ "หมวดทดสอบ" มีอยู่แล้ว',
      details: { name: 'หมวดทดสอบ' },
    });
    const list = await t.request<{ categories: { id: number; name: string }[] }>('GET', '/api/categories', {
      token: admin,
    });
    const id = list.body.categories.find((c) => c.name === 'หมวดทดสอบ')!.id;
    const inUse = await t.request('DELETE', `/api/categories/${id}`, { token: admin });
    expect(inUse.status).toBe(409);
    expect(inUse.body).toMatchObject({
      code: 'CATEGORY_IN_USE',
      error: 'ไม่สามารถลบหมวดหมู่ "หมวดทดสอบ" ได้ เนื่องจากมีสินค้า 1 รายการใช้หมวดหมู่นี้อยู่',
      details: { name: 'หมวดทดสอบ', products: 1 },
    });
  });

  it('FORBIDDEN names the permission and ROUTE_NOT_FOUND the request', async () => {
    const { token } = await t.buildUser({ role: 'viewer' });
    const forbidden = await t.request('GET', '/api/users', { token });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toMatchObject({ code: 'FORBIDDEN', details: { permission: 'users_view' } });
    expect(forbidden.body.error).toBe('คุณไม่มีสิทธิ์ดำเนินการนี้ (users_view)');
    const missing = await t.request('GET', '/api/nothing-here', { token });
    expect(missing.body).toMatchObject({
      code: 'ROUTE_NOT_FOUND',
      error: 'ไม่พบ API ที่เรียก: GET /api/nothing-here',
      details: { method: 'GET', url: '/api/nothing-here' },
    });
  });
});
