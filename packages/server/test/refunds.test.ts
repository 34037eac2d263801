import { randomUUID } from 'node:crypto';
import { bahtToSatang, refundVat, type Customer, type Product, type RefundSaleResponse, type Sale } from '@pos/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildProduct, stockOf } from './helpers/catalogue-factories';
import {
  buildSaleCustomer,
  postSale,
  registerForVat,
  // These tests are about a shop registered for VAT: 3 % on top unless a test says otherwise.
  vatShopSalePayload as salePayload,
  vatShopTerms,
} from './helpers/sales-factories';
import { ENGINES, useTestApp, type HttpResult, type TestApp } from './helpers/test-app';

type RefundAnswer = RefundSaleResponse & { code?: string; details?: Record<string, unknown> };

function refund(
  t: TestApp,
  token: string,
  saleId: number,
  body: Record<string, unknown> = {},
  key?: string,
): Promise<HttpResult<RefundAnswer>> {
  return t.request('POST', `/api/sales/${saleId}/refund`, {
    token,
    body,
    ...(key ? { headers: { 'idempotency-key': key } } : {}),
  });
}

async function customerOf(t: TestApp, id: number): Promise<Customer> {
  const token = await t.adminToken();
  return (await t.request<{ customer: Customer }>('GET', `/api/customers/${id}`, { token })).body.customer;
}

async function saleOf(t: TestApp, id: number): Promise<Sale> {
  const token = await t.adminToken();
  return (await t.request<{ sale: Sale }>('GET', `/api/sales/${id}`, { token })).body.sale;
}

async function refundRows(t: TestApp, saleId: number) {
  return t.built.deps.db.kysely.selectFrom('refunds').select('id').where('sale_id', '=', saleId).execute();
}

/** A sale of `lines` to a customer who had `points` before; answers the sale and the customer before it. */
async function sell(
  t: TestApp,
  lines: { product: Product; quantity: number }[],
  options: { points?: number; pointsUsed?: number; excludeVAT?: boolean } = {},
) {
  const { token } = await t.buildUser({ role: 'cashier' });
  const customer = await buildSaleCustomer(t, options.points ?? 0);
  const res = await postSale(
    t,
    token,
    salePayload(lines, {
      customerId: customer.id,
      pointsUsed: options.pointsUsed ?? 0,
      excludeVAT: options.excludeVAT ?? false,
    }),
  );
  expect(res.status).toBe(201);
  return { sale: res.body.sale, customerBefore: customer };
}

describe.each(ENGINES)('refunds on %s', (engine) => {
  const t = useTestApp(engine);
  beforeAll(() => registerForVat(t));

  it('refunds a whole sale: stock, points and customer totals back exactly, a credit note, status refunded', async () => {
    const shirt = await buildProduct(t, { price: 250, stock: 10 });
    const socks = await buildProduct(t, { price: 59, stock: 10 });
    const { sale, customerBefore } = await sell(
      t,
      [
        { product: shirt, quantity: 2 },
        { product: socks, quantity: 3 },
      ],
      { points: 40, pointsUsed: 30 },
    );
    expect(sale.points_earned).toBeGreaterThan(0);
    const admin = await t.adminToken();

    const res = await refund(t, admin, sale.id, {
      reason: 'customer_request',
      refundAmount: sale.total,
      refundMethod: 'cash',
    });
    expect(res.status).toBe(201);
    expect(res.body.refund).toMatchObject({
      amount: sale.total,
      refund_method: 'cash',
      reason: 'customer_request',
      original_document_number: sale.document_number,
      points_taken_back: sale.points_earned,
      points_returned: 30,
      points_shortfall: 0,
    });
    expect(res.body.refund.credit_note_number).toMatch(/^CN25\d\d-\d{6}$/);
    expect(res.body.refund.lines.map((l) => l.quantity)).toEqual([2, 3]);
    expect(res.body.refund.lines.reduce((s, l) => s + Math.round(l.amount * 100), 0)).toBe(
      Math.round(sale.total * 100),
    );
    expect(res.body.sale.status).toBe('refunded');
    expect(res.body.sale.items.map((i) => i.refunded_quantity)).toEqual([2, 3]);

    expect(await stockOf(t, shirt.id)).toBe(10);
    expect(await stockOf(t, socks.id)).toBe(10);
    const after = await customerOf(t, customerBefore.id);
    expect(after).toMatchObject({
      loyalty_points: 40,
      total_purchases: customerBefore.total_purchases,
      total_spent: customerBefore.total_spent,
    });
    const moves = await t.built.deps.db.kysely
      .selectFrom('stock_movements')
      .select(['product_id', 'delta', 'kind'])
      .where('sale_id', '=', sale.id)
      .where('kind', '=', 'refund')
      .orderBy('product_id')
      .execute();
    expect(moves).toEqual([
      { product_id: shirt.id, delta: 2, kind: 'refund' },
      { product_id: socks.id, delta: 3, kind: 'refund' },
    ]);
    expect((await saleOf(t, sale.id)).refunds).toHaveLength(1);
  });

  it('refunds chosen lines in parts: partially refunded, then refunded, adding up to the sale exactly', async () => {
    const shirt = await buildProduct(t, { price: 333.33, stock: 5 });
    const bag = await buildProduct(t, { price: 1290, stock: 5 });
    const { sale, customerBefore } = await sell(
      t,
      [
        { product: shirt, quantity: 3 },
        { product: bag, quantity: 1 },
      ],
      { points: 5, pointsUsed: 5 },
    );
    const admin = await t.adminToken();
    const [shirtLine, bagLine] = sale.items;

    const first = await refund(t, admin, sale.id, { lines: [{ saleItemId: shirtLine!.id, quantity: 1 }] });
    expect(first.status).toBe(201);
    expect(first.body.sale.status).toBe('partially_refunded');
    expect(first.body.sale.items.map((i) => i.refunded_quantity)).toEqual([1, 0]);
    expect(await stockOf(t, shirt.id)).toBe(3);
    expect(await stockOf(t, bag.id)).toBe(4);
    const mid = await customerOf(t, customerBefore.id);
    expect(mid.total_purchases).toBe(customerBefore.total_purchases + 1);
    expect(Math.round(mid.total_spent * 100)).toBe(
      Math.round((customerBefore.total_spent + sale.total - first.body.refund.amount) * 100),
    );

    const rest = await refund(t, admin, sale.id);
    expect(rest.status).toBe(201);
    expect(rest.body.sale.status).toBe('refunded');
    expect(rest.body.refund.lines.map((l) => [l.sale_item_id, l.quantity])).toEqual([
      [shirtLine!.id, 2],
      [bagLine!.id, 1],
    ]);
    expect(Math.round((first.body.refund.amount + rest.body.refund.amount) * 100)).toBe(Math.round(sale.total * 100));
    expect(rest.body.sale.refunded_amount).toBe(sale.total);
    expect(first.body.refund.points_taken_back + rest.body.refund.points_taken_back).toBe(sale.points_earned);
    expect(first.body.refund.points_returned + rest.body.refund.points_returned).toBe(5);
    expect(await stockOf(t, shirt.id)).toBe(5);
    expect(await stockOf(t, bag.id)).toBe(5);
    expect(await customerOf(t, customerBefore.id)).toMatchObject({
      loyalty_points: 5,
      total_purchases: customerBefore.total_purchases,
      total_spent: customerBefore.total_spent,
    });
  });

  it('refuses a second refund, more than was sold, and an amount above what is refundable, changing nothing', async () => {
    const cap = await buildProduct(t, { price: 199, stock: 4 });
    const { sale } = await sell(t, [{ product: cap, quantity: 2 }]);
    const admin = await t.adminToken();
    const line = sale.items[0]!;

    const tooMany = await refund(t, admin, sale.id, { lines: [{ saleItemId: line.id, quantity: 3 }] });
    expect(tooMany).toMatchObject({ status: 400, body: { code: 'REFUND_EXCEEDS_SALE' } });
    const tooMuch = await refund(t, admin, sale.id, { refundAmount: sale.total + 1 });
    expect(tooMuch).toMatchObject({ status: 400, body: { code: 'REFUND_EXCEEDS_SALE' } });
    const wrongAmount = await refund(t, admin, sale.id, {
      refundAmount: 1,
      lines: [{ saleItemId: line.id, quantity: 1 }],
    });
    expect(wrongAmount).toMatchObject({ status: 400, body: { code: 'REFUND_AMOUNT_MISMATCH' } });
    const otherLine = await refund(t, admin, sale.id, { lines: [{ saleItemId: 999_999, quantity: 1 }] });
    expect(otherLine).toMatchObject({ status: 400, body: { code: 'REFUND_LINE_NOT_FOUND' } });
    expect(await refundRows(t, sale.id)).toHaveLength(0);
    expect(await stockOf(t, cap.id)).toBe(2);

    expect((await refund(t, admin, sale.id, { refundAmount: sale.total })).status).toBe(201);
    const twice = await refund(t, admin, sale.id, { refundAmount: sale.total });
    expect(twice).toMatchObject({ status: 409, body: { code: 'SALE_ALREADY_REFUNDED' } });
    expect(await refundRows(t, sale.id)).toHaveLength(1);
    expect(await stockOf(t, cap.id)).toBe(4);
    expect((await refund(t, admin, 999_999)).status).toBe(404);
  });

  it('refunds only what was sold when refunds of the last units race', async () => {
    const belt = await buildProduct(t, { price: 450, stock: 3 });
    const { sale, customerBefore } = await sell(t, [{ product: belt, quantity: 3 }]);
    const line = sale.items[0]!;
    const admins = await Promise.all(Array.from({ length: 6 }, () => t.buildUser({ role: 'admin' })));
    const results = await Promise.all(
      admins.map(({ token }, i) =>
        refund(t, token, sale.id, i % 2 === 0 ? { lines: [{ saleItemId: line.id, quantity: 2 }] } : {}),
      ),
    );
    const done = results.filter((r) => r.status === 201);
    for (const r of results.filter((r) => r.status !== 201)) {
      expect(r).toMatchObject({ status: 409, body: { code: 'SALE_ALREADY_REFUNDED' } });
    }
    const units = done.flatMap((r) => r.body.refund.lines).reduce((s, l) => s + l.quantity, 0);
    expect(units).toBeLessThanOrEqual(3);
    expect(await stockOf(t, belt.id)).toBe(units);
    const final = await saleOf(t, sale.id);
    expect(final.items[0]!.refunded_quantity).toBe(units);
    expect(Math.round(final.refunded_amount * 100)).toBe(
      Math.round(done.reduce((s, r) => s + r.body.refund.amount, 0) * 100),
    );
    if (units === 3) {
      expect(final.status).toBe('refunded');
      expect((await customerOf(t, customerBefore.id)).total_spent).toBe(customerBefore.total_spent);
    }
  });

  it('needs pos_refund: managers and cashiers are refused and nothing changes', async () => {
    const scarf = await buildProduct(t, { price: 120, stock: 2 });
    const { sale } = await sell(t, [{ product: scarf, quantity: 1 }]);
    for (const role of ['manager', 'cashier', 'viewer'] as const) {
      const { token } = await t.buildUser({ role });
      expect(await refund(t, token, sale.id)).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
    }
    expect(await refundRows(t, sale.id)).toHaveLength(0);
    expect(await stockOf(t, scarf.id)).toBe(1);
  });

  it('answers a retry with the same Idempotency-Key with the first answer, once', async () => {
    const ring = await buildProduct(t, { price: 890, stock: 3 });
    const { sale } = await sell(t, [{ product: ring, quantity: 2 }]);
    const { token } = await t.buildUser({ role: 'admin' });
    const key = randomUUID();
    const body = { lines: [{ saleItemId: sale.items[0]!.id, quantity: 1 }] };
    const first = await refund(t, token, sale.id, body, key);
    const retry = await refund(t, token, sale.id, body, key);
    expect(first.status).toBe(201);
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(await refundRows(t, sale.id)).toHaveLength(1);
    expect(await stockOf(t, ring.id)).toBe(2);
    const other = await refund(t, token, sale.id, {}, key);
    expect(other).toMatchObject({ status: 409, body: { code: 'IDEMPOTENCY_KEY_REUSED' } });
    // Without a key the second unit can still be refunded.
    expect((await refund(t, token, sale.id, body)).status).toBe(201);
  });

  it('numbers credit notes without gaps under concurrency; a sale without VAT gets none', async () => {
    const tee = await buildProduct(t, { price: 199, stock: 20 });
    const sales = [];
    for (let i = 0; i < 6; i += 1) sales.push((await sell(t, [{ product: tee, quantity: 1 }])).sale);
    const noVat = (await sell(t, [{ product: tee, quantity: 1 }], { excludeVAT: true })).sale;
    const admins = await Promise.all(sales.map(() => t.buildUser({ role: 'admin' })));
    const before = await t.built.deps.db.kysely
      .selectFrom('refunds')
      .select('credit_note_number')
      .where('credit_note_number', 'is not', null)
      .execute();
    const results = await Promise.all(sales.map((s, i) => refund(t, admins[i]!.token, s.id)));
    for (const r of results) expect(r.status).toBe(201);
    const numbers = results.map((r) => r.body.refund.credit_note_number!);
    const series = new Set(numbers.map((n) => n.split('-')[0]));
    expect(series.size).toBe(1);
    const sequence = numbers.map((n) => Number(n.split('-')[1])).sort((a, b) => a - b);
    expect(sequence).toEqual(Array.from({ length: 6 }, (_, i) => before.length + i + 1));
    const plain = await refund(t, admins[0]!.token, noVat.id);
    expect(plain.status).toBe(201);
    expect(plain.body.refund.credit_note_number).toBeNull();
  });

  it('edits by refund: reason required, the new sale replaces the old once, both linked', async () => {
    const dress = await buildProduct(t, { price: 790, stock: 5 });
    const { sale } = await sell(t, [{ product: dress, quantity: 2 }]);
    const { token, user } = await t.buildUser({ role: 'admin' });
    const noReason = await refund(t, token, sale.id, { reason: 'edit_sale', refundAmount: sale.total });
    expect(noReason).toMatchObject({ status: 400, body: { code: 'EDIT_REASON_REQUIRED' } });
    const partial = await refund(t, token, sale.id, {
      reason: 'edit_sale',
      edit_reason: 'wrong_quantity',
      lines: [{ saleItemId: sale.items[0]!.id, quantity: 1 }],
    });
    expect(partial).toMatchObject({ status: 400, body: { code: 'EDIT_REFUND_MUST_BE_WHOLE' } });

    const edited = await refund(t, token, sale.id, {
      reason: 'edit_sale',
      refundAmount: sale.total,
      refundMethod: 'cash',
      edit_reason: 'wrong_quantity',
      edit_details: 'ลูกค้าต้องการ 1 ตัว',
      edited_by: user.id,
      edited_at: new Date().toISOString(),
    });
    expect(edited.status).toBe(201);
    expect(edited.body.refund).toMatchObject({
      reason: 'edit_sale',
      edit_reason: 'wrong_quantity',
      edit_details: 'ลูกค้าต้องการ 1 ตัว',
      edited_by: user.id,
      refunded_by: user.id,
    });

    const replacement = await postSale(
      t,
      token,
      salePayload([{ product: dress, quantity: 1 }], { replacesSaleId: sale.id }),
    );
    expect(replacement.status).toBe(201);
    const again = await postSale(t, token, salePayload([{ product: dress, quantity: 1 }], { replacesSaleId: sale.id }));
    expect(again).toMatchObject({ status: 409, body: { code: 'SALE_NOT_REPLACEABLE' } });

    const original = await saleOf(t, sale.id);
    expect(original).toMatchObject({
      status: 'refunded',
      replaced_by_sale_id: replacement.body.sale.id,
      replaced_by_document_number: replacement.body.sale.document_number,
    });
    expect(await saleOf(t, replacement.body.sale.id)).toMatchObject({
      replaces_sale_id: sale.id,
      replaces_document_number: sale.document_number,
    });
    expect(await stockOf(t, dress.id)).toBe(4);
  });

  it('never takes the balance below 0: points already spent are recorded as a shortfall', async () => {
    const coat = await buildProduct(t, { price: 2500, stock: 2 });
    const { sale, customerBefore } = await sell(t, [{ product: coat, quantity: 1 }]);
    expect(sale.points_earned).toBeGreaterThan(1);
    // The customer spends all but one point on another sale.
    const { token } = await t.buildUser({ role: 'cashier' });
    const spent = sale.points_earned - 1;
    const pin = await buildProduct(t, { price: 500, stock: 1 });
    const spend = await postSale(
      t,
      token,
      salePayload([{ product: pin, quantity: 1 }], { customerId: customerBefore.id, pointsUsed: spent }),
    );
    expect(spend.status).toBe(201);
    const balance = (await customerOf(t, customerBefore.id)).loyalty_points;
    const res = await refund(t, await t.adminToken(), sale.id);
    expect(res.status).toBe(201);
    expect(res.body.refund.points_taken_back).toBe(Math.min(balance, sale.points_earned));
    expect(res.body.refund.points_shortfall).toBe(sale.points_earned - Math.min(balance, sale.points_earned));
    expect((await customerOf(t, customerBefore.id)).loyalty_points).toBe(Math.max(0, balance - sale.points_earned));
  });

  describe('the VAT each refund gives back (its credit note)', () => {
    const satang = bahtToSatang;
    async function setSystem(system: Record<string, unknown>) {
      const res = await t.request('PUT', '/api/settings', {
        token: await t.adminToken(),
        body: { settings: { system } },
      });
      expect(res.status).toBe(200);
    }

    it('stores the whole VAT on a whole refund, and returns it from GET /api/sales/:id', async () => {
      const kettle = await buildProduct(t, { price: 899, stock: 5 });
      const { sale } = await sell(t, [{ product: kettle, quantity: 1 }]);
      // Tax on top at 3 % (a new shop): ฿899 + ฿26.97.
      expect(sale).toMatchObject({ tax: 26.97, total: 925.97 });
      const res = await refund(t, await t.adminToken(), sale.id, { refundAmount: sale.total });
      expect(res.status).toBe(201);
      expect(res.body.refund.vat).toBe(26.97);
      expect((await saleOf(t, sale.id)).refunds[0]).toMatchObject({ vat: 26.97, amount: 925.97 });
    });

    it('gives partial refunds their share, the parts adding up to exactly the sale VAT (tax on top)', async () => {
      const pen = await buildProduct(t, { price: 33.33, stock: 9 });
      const ink = await buildProduct(t, { price: 33.33, stock: 9 });
      const pad = await buildProduct(t, { price: 33.34, stock: 9 });
      const { sale } = await sell(t, [
        { product: pen, quantity: 1 },
        { product: ink, quantity: 1 },
        { product: pad, quantity: 1 },
      ]);
      // ฿100 + 3 % = ฿103: VAT ฿3.
      expect(sale).toMatchObject({ tax: 3, total: 103 });
      const admin = await t.adminToken();
      const vats: number[] = [];
      let before = 0;
      for (const item of sale.items) {
        const res = await refund(t, admin, sale.id, { lines: [{ saleItemId: item.id, quantity: 1 }] });
        expect(res.status).toBe(201);
        const amount = satang(res.body.refund.amount);
        expect(satang(res.body.refund.vat)).toBe(refundVat({ tax: 300, total: 10_300 }, before, amount));
        before += amount;
        vats.push(satang(res.body.refund.vat));
      }
      expect(vats).toEqual([100, 100, 100]);
      const stored = (await saleOf(t, sale.id)).refunds.map((r) => satang(r.vat));
      expect(stored).toEqual(vats);
    });

    it('never adds up past the sale VAT when parts round (VAT-inclusive prices, 7 %)', async () => {
      await setSystem({ pricesIncludeVat: true, taxRate: 7 });
      try {
        const settings = vatShopTerms({ pricesIncludeVat: true, taxRate: 7 });
        const soap = await buildProduct(t, { price: 10.01, stock: 9 });
        const { token } = await t.buildUser({ role: 'cashier' });
        const res = await postSale(t, token, salePayload([{ product: soap, quantity: 3 }], { settings }));
        expect(res.status).toBe(201);
        const sale = res.body.sale;
        // ฿30.03 VAT included: VAT = 3003 × 7 / 107 = 196.46… → ฿1.96.
        expect(sale).toMatchObject({ tax: 1.96, total: 30.03, prices_include_vat: true });
        const admin = await t.adminToken();
        const vats = [];
        for (let i = 0; i < 3; i++) {
          const part = await refund(t, admin, sale.id, { lines: [{ saleItemId: sale.items[0]!.id, quantity: 1 }] });
          expect(part.status).toBe(201);
          vats.push(satang(part.body.refund.vat));
        }
        // ฿10.01 each: 65.33… → 65, then 130.66… → 131 (66), the last takes the remainder (65).
        expect(vats).toEqual([65, 66, 65]);
        expect(vats.reduce((a, b) => a + b, 0)).toBe(196);
      } finally {
        await setSystem({ pricesIncludeVat: false, taxRate: 3 });
      }
    });

    it('gives 0 VAT and no credit note for a sale with VAT excluded', async () => {
      const mug = await buildProduct(t, { price: 120, stock: 5 });
      const { sale } = await sell(t, [{ product: mug, quantity: 2 }], { excludeVAT: true });
      expect(sale.tax).toBe(0);
      const admin = await t.adminToken();
      const part = await refund(t, admin, sale.id, { lines: [{ saleItemId: sale.items[0]!.id, quantity: 1 }] });
      expect(part.body.refund).toMatchObject({ vat: 0, credit_note_number: null });
      const rest = await refund(t, admin, sale.id, {});
      expect(rest.body.refund).toMatchObject({ vat: 0, credit_note_number: null });
    });

    it('keeps the buyer address of the customer when refunded', async () => {
      const hat = await buildProduct(t, { price: 150, stock: 5 });
      const { sale, customerBefore } = await sell(t, [{ product: hat, quantity: 1 }]);
      await t.built.deps.db.kysely
        .updateTable('customers')
        .set({ address: '99 ถ.สุขุมวิท กรุงเทพฯ 10110' })
        .where('id', '=', customerBefore.id)
        .execute();
      const res = await refund(t, await t.adminToken(), sale.id, {});
      expect(res.body.refund.buyer_address).toBe('99 ถ.สุขุมวิท กรุงเทพฯ 10110');
      const walkIn = await buildProduct(t, { price: 10, stock: 5 });
      const { token } = await t.buildUser({ role: 'cashier' });
      const anon = await postSale(t, token, salePayload([{ product: walkIn, quantity: 1 }]));
      const anonRefund = await refund(t, await t.adminToken(), anon.body.sale.id, {});
      expect(anonRefund.body.refund.buyer_address).toBeNull();
    });
  });

  it('stores the reason and refund method chosen, and returns them with the sale', async () => {
    const scarf = await buildProduct(t, { price: 320, stock: 5 });
    const { sale } = await sell(t, [{ product: scarf, quantity: 2 }]);
    const admin = await t.adminToken();
    const first = await refund(t, admin, sale.id, {
      reason: 'defective',
      refundMethod: 'transfer',
      lines: [{ saleItemId: sale.items[0]!.id, quantity: 1 }],
    });
    expect(first.status).toBe(201);
    expect(first.body.refund).toMatchObject({ reason: 'defective', refund_method: 'transfer' });
    const second = await refund(t, admin, sale.id, { reason: '  สีไม่ตรงกับรูป  ', refundMethod: 'promptpay' });
    expect(second.status).toBe(201);
    const stored = (await saleOf(t, sale.id)).refunds.map((r) => [r.reason, r.refund_method]);
    expect(stored).toEqual([
      ['defective', 'transfer'],
      ['สีไม่ตรงกับรูป', 'promptpay'],
    ]);
  });

  it('refuses a blank, multi-line or too long reason and an unknown refund method in Thai, changing nothing', async () => {
    const belt = await buildProduct(t, { price: 450, stock: 5 });
    const { sale } = await sell(t, [{ product: belt, quantity: 1 }]);
    const admin = await t.adminToken();
    const bad: [string, Record<string, unknown>, string][] = [
      ['blank reason', { reason: '   ' }, 'reason'],
      ['two-line reason', { reason: 'ชำรุด\nคืนเงิน' }, 'reason'],
      ['long reason', { reason: 'ก'.repeat(101) }, 'reason'],
      ['reason not text', { reason: 12 }, 'reason'],
      ['unknown method', { refundMethod: 'bitcoin' }, 'refundMethod'],
    ];
    for (const [name, body, field] of bad) {
      const res = await refund(t, admin, sale.id, body);
      expect(res.status, name).toBe(400);
      expect(res.body.code, name).toBe('VALIDATION_FAILED');
      const answer = res.body as unknown as { error: string; fields: Record<string, string> };
      expect(answer.error, name).toMatch(/[\u0E00-\u0E7F]/);
      expect(answer.fields[field], name).toMatch(/[\u0E00-\u0E7F]/);
    }
    expect(await refundRows(t, sale.id)).toHaveLength(0);
    expect(await stockOf(t, belt.id)).toBe(4);
  });
});
