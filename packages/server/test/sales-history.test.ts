import type { Sale, SalesListResponse } from '@pos/core';
import { describe, expect, it } from 'vitest';
import { buildProduct } from './helpers/catalogue-factories';
import { buildSaleCustomer, postSale, salePayload } from './helpers/sales-factories';
import { ENGINES, useTestApp, type TestApp } from './helpers/test-app';

async function list(t: TestApp, token: string, query: Record<string, string | number>) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString();
  return t.request<SalesListResponse & { code?: string }>('GET', `/api/sales?${qs}`, { token });
}

async function moveSale(t: TestApp, id: number, createdAt: string): Promise<void> {
  await t.built.deps.db.kysely.updateTable('sales').set({ created_at: createdAt }).where('id', '=', id).execute();
}

describe.each(ENGINES)('sales history on %s', (engine) => {
  const t = useTestApp(engine);

  it('puts a sale on the shop day it happened in Asia/Bangkok, end day included', async () => {
    const { token } = await t.buildUser({ role: 'cashier' });
    const tee = await buildProduct(t, { price: 100, stock: 10, name: 'เสื้อวันแรก' });
    const late = (await postSale(t, token, salePayload([{ product: tee, quantity: 1 }]))).body.sale;
    const midnight = (await postSale(t, token, salePayload([{ product: tee, quantity: 1 }]))).body.sale;
    // 23:30 on 1 March in Bangkok (UTC+7), and 00:00 on 2 March.
    await moveSale(t, late.id, '2026-03-01T16:30:00.000Z');
    await moveSale(t, midnight.id, '2026-03-01T17:00:00.000Z');
    const viewer = (await t.buildUser({ role: 'viewer' })).token;

    const first = await list(t, viewer, { startDate: '2026-03-01', endDate: '2026-03-01' });
    expect(first.status).toBe(200);
    expect(first.body.sales.map((s) => s.id)).toEqual([late.id]);
    expect(first.body.total).toBe(1);
    const second = await list(t, viewer, { startDate: '2026-03-02', endDate: '2026-03-02' });
    expect(second.body.sales.map((s) => s.id)).toEqual([midnight.id]);
    const both = await list(t, viewer, { startDate: '2026-02-28', endDate: '2026-03-02' });
    expect(both.body.sales.map((s) => s.id)).toEqual([midnight.id, late.id]);
    const reversed = await list(t, viewer, { startDate: '2026-03-02', endDate: '2026-03-01' });
    expect(reversed).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
    const notADay = await list(t, viewer, { startDate: '2026-02-30' });
    expect(notADay).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
  });

  it('searches customer name and phone, document number, product name and SKU; filters status and method', async () => {
    const { token } = await t.buildUser({ role: 'cashier' });
    const bag = await buildProduct(t, { price: 990, stock: 10, name: 'กระเป๋าผ้าไหม', sku: 'SILK-BAG-77' });
    const cap = await buildProduct(t, { price: 150, stock: 10, name: 'หมวกแก๊ป', sku: 'CAP-01' });
    const somchai = await buildSaleCustomer(t, 0, 'สมชาย ใจดีมาก');
    const bagSale = (await postSale(t, token, salePayload([{ product: bag, quantity: 1 }], { customerId: somchai.id })))
      .body.sale;
    const capSale = (
      await postSale(t, token, salePayload([{ product: cap, quantity: 2 }], { paymentMethod: 'transfer' }))
    ).body.sale;
    const ids = async (query: Record<string, string>) => (await list(t, token, query)).body.sales.map((s) => s.id);

    expect(await ids({ search: 'ใจดีมาก' })).toEqual([bagSale.id]);
    // Typed with dashes, as on a phone's screen.
    const dashed = `${somchai.phone.slice(0, 3)}-${somchai.phone.slice(3, 6)}-${somchai.phone.slice(6)}`;
    expect(await ids({ search: dashed })).toEqual([bagSale.id]);
    expect(await ids({ search: capSale.document_number })).toEqual([capSale.id]);
    expect(await ids({ search: 'ผ้าไหม' })).toEqual([bagSale.id]);
    expect(await ids({ search: 'silk-bag' })).toEqual([bagSale.id]);
    expect(await ids({ search: 'ไหม%_' })).toEqual([]);
    expect(await ids({ search: 'CAP-01', paymentMethod: 'transfer' })).toEqual([capSale.id]);
    expect(await ids({ search: 'CAP-01', paymentMethod: 'cash' })).toEqual([]);

    const admin = await t.adminToken();
    await t.request('POST', `/api/sales/${capSale.id}/refund`, {
      token: admin,
      body: { lines: [{ saleItemId: capSale.items[0]!.id, quantity: 1 }] },
    });
    expect(await ids({ search: 'CAP-01', status: 'partially_refunded' })).toEqual([capSale.id]);
    expect(await ids({ search: 'CAP-01', status: 'completed' })).toEqual([]);
    const bad = await list(t, token, { status: 'lost' });
    expect(bad).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
  });

  it('pages newest first with a cursor, counting every match, without repeats', async () => {
    const { token } = await t.buildUser({ role: 'cashier' });
    const pen = await buildProduct(t, { price: 20, stock: 50, name: 'ปากกาหน้าหนึ่ง', sku: 'PAGE-PEN' });
    const sold: Sale[] = [];
    for (let i = 0; i < 5; i += 1)
      sold.push((await postSale(t, token, salePayload([{ product: pen, quantity: 1 }]))).body.sale);
    // Two share a timestamp: the id breaks the tie.
    await moveSale(t, sold[3]!.id, sold[2]!.created_at);

    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page = await list(t, token, { search: 'PAGE-PEN', limit: 2, ...(cursor ? { cursor } : {}) });
      expect(page.status).toBe(200);
      expect(page.body.total).toBe(5);
      expect(page.body.sales.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.sales.map((s) => s.id));
      cursor = page.body.nextCursor;
    } while (cursor);
    const expected = [...sold]
      .map((s) => ({ id: s.id, at: s.id === sold[3]!.id ? sold[2]!.created_at : s.created_at }))
      .sort((a, b) => (a.at === b.at ? b.id - a.id : a.at < b.at ? 1 : -1))
      .map((s) => s.id);
    expect(seen).toEqual(expected);
    // Past the last match: an empty page that still counts and sums every match.
    const last = await list(t, token, { search: 'PAGE-PEN', limit: 5 });
    const oldest = sold.find((s) => s.id === expected.at(-1))!;
    const beyond = Buffer.from(JSON.stringify([last.body.sales.at(-1)!.created_at, oldest.id])).toString('base64url');
    expect(await list(t, token, { search: 'PAGE-PEN', cursor: beyond })).toMatchObject({
      status: 200,
      body: { sales: [], total: 5, summary: { totalAmount: 100, itemsSold: 5 }, nextCursor: null },
    });
    // Nothing matches: an empty page and a zero summary.
    expect(await list(t, token, { search: 'ไม่มีขายสักชิ้น' })).toMatchObject({
      status: 200,
      body: {
        sales: [],
        total: 0,
        summary: { totalAmount: 0, refundedAmount: 0, itemsSold: 0, uniqueCustomers: 0 },
        nextCursor: null,
      },
    });
    expect(await list(t, token, { cursor: 'bm90LWpzb24' })).toMatchObject({
      status: 400,
      body: { code: 'SALE_CURSOR_INVALID' },
    });
  });

  it('sums the summary cards over every matching sale, not the page: amount, refunds, units, customers', async () => {
    const { token } = await t.buildUser({ role: 'cashier' });
    const sock = await buildProduct(t, { price: 45, stock: 50, name: 'ถุงเท้าสรุปยอด', sku: 'SUM-SOCK' });
    const belt = await buildProduct(t, { price: 390, stock: 50, name: 'เข็มขัดสรุปยอด', sku: 'SUM-BELT' });
    const nid = await buildSaleCustomer(t, 0, 'นิดสรุปยอด');
    const sales = [
      (await postSale(t, token, salePayload([{ product: sock, quantity: 3 }], { customerId: nid.id }))).body.sale,
      (await postSale(t, token, salePayload([{ product: sock, quantity: 1 }], { customerId: nid.id }))).body.sale,
      (
        await postSale(
          t,
          token,
          salePayload([
            { product: sock, quantity: 2 },
            { product: belt, quantity: 1 },
          ]),
        )
      ).body.sale,
    ];
    const admin = await t.adminToken();
    const refund = await t.request<{ refund: { amount: number } }>('POST', `/api/sales/${sales[2]!.id}/refund`, {
      token: admin,
      body: { lines: [{ saleItemId: sales[2]!.items[1]!.id, quantity: 1 }] },
    });
    expect(refund.status).toBe(201);

    const page = await list(t, token, { search: 'สรุปยอด', limit: 1 });
    expect(page.status).toBe(200);
    expect(page.body.sales).toHaveLength(1);
    expect(page.body.total).toBe(3);
    expect(page.body.summary).toEqual({
      totalAmount: sales.reduce((sum, s) => Math.round((sum + s.total) * 100) / 100, 0),
      refundedAmount: refund.body.refund.amount,
      itemsSold: 3 + 1 + 2 + 1,
      uniqueCustomers: 1,
    });
    const none = await list(t, token, { search: 'ไม่มีขายแน่นอน' });
    expect(none.body.summary).toEqual({ totalAmount: 0, refundedAmount: 0, itemsSold: 0, uniqueCustomers: 0 });
  });

  it('shows a sale with its items, seller, points, payment, status and refunds', async () => {
    const seller = await t.buildUser({ role: 'cashier', name: 'พนักงานขายหนึ่ง' });
    const shoe = await buildProduct(t, { price: 1500, stock: 3 });
    const customer = await buildSaleCustomer(t, 10);
    const sale = (
      await postSale(
        t,
        seller.token,
        salePayload([{ product: shoe, quantity: 2 }], { customerId: customer.id, pointsUsed: 10 }),
      )
    ).body.sale;
    const admin = await t.adminToken();
    await t.request('POST', `/api/sales/${sale.id}/refund`, {
      token: admin,
      body: { lines: [{ saleItemId: sale.items[0]!.id, quantity: 1 }] },
    });
    const res = await t.request<{ sale: Sale }>('GET', `/api/sales/${sale.id}`, { token: seller.token });
    expect(res.status).toBe(200);
    expect(res.body.sale).toMatchObject({
      created_by_name: 'พนักงานขายหนึ่ง',
      points_used: 10,
      points_earned: sale.points_earned,
      payment_method: 'cash',
      status: 'partially_refunded',
      replaced_by_sale_id: null,
    });
    expect(res.body.sale.items[0]).toMatchObject({ quantity: 2, refunded_quantity: 1 });
    expect(res.body.sale.refunds).toHaveLength(1);
    expect(res.body.sale.refunds[0]!.lines).toEqual([
      expect.objectContaining({ sale_item_id: sale.items[0]!.id, quantity: 1 }),
    ]);
    const listed = await list(t, seller.token, { search: sale.document_number });
    expect(listed.body.sales[0]).toEqual(res.body.sale);
  });
});
