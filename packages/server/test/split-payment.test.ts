import { randomUUID } from 'node:crypto';
import type {
  CreateSaleRequest,
  RefundSaleResponse,
  Sale,
  SalesListResponse,
  SalesSummaryResponse,
  VatSummaryResponse,
} from '@pos/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { shopDayOf } from '../src/calendar/shop-day';
import { buildProduct, stockOf } from './helpers/catalogue-factories';
import { expectRollupsEqualRecomputation } from './helpers/report-rollups';
import { postSale, registerForVat, salePayload, type PayloadLine } from './helpers/sales-factories';
import { ENGINES, useTestApp, type HttpResult, type TestApp } from './helpers/test-app';

type RefundAnswer = RefundSaleResponse & { code?: string; details?: Record<string, unknown> };
type Part = NonNullable<CreateSaleRequest['payments']>[number];

const satang = (baht: number) => Math.round(baht * 100);
const SEVEN_ON_TOP = { taxRate: 7, pricesIncludeVat: false, onePointValueInBaht: 1, purchaseAmountForOnePoint: 100 };

async function setPayment(t: TestApp, payment: Record<string, unknown>) {
  const token = await t.adminToken();
  const res = await t.request('PUT', '/api/settings', { token, body: { settings: { payment } } });
  expect(res.status).toBe(200);
}

function refund(t: TestApp, token: string, saleId: number, body: Record<string, unknown> = {}) {
  return t.request<RefundAnswer>('POST', `/api/sales/${saleId}/refund`, { token, body });
}

async function saleOf(t: TestApp, id: number): Promise<Sale> {
  const token = await t.adminToken();
  return (await t.request<{ sale: Sale }>('GET', `/api/sales/${id}`, { token })).body.sale;
}

async function saleCount(t: TestApp): Promise<number> {
  const row = await t.built.deps.db.kysely
    .selectFrom('sales')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A split sale of `lines`: `parts(total)` gives the parts for the server's total (baht). */
function splitPayload(lines: PayloadLine[], parts: (total: number) => Part[]) {
  const base = salePayload(lines, { settings: SEVEN_ON_TOP });
  return { ...base, paymentMethod: 'split' as const, payments: parts(Number(base.total)) };
}

describe.each(ENGINES)('split payment on %s', (engine) => {
  const t = useTestApp(engine);
  let cashier: string;
  let admin: string;

  beforeAll(async () => {
    // A shop registered for VAT (a fresh install charges none until the owner says so): 7 % on top.
    await registerForVat(t, { taxRate: 7, pricesIncludeVat: false });
    cashier = (await t.buildUser({ role: 'cashier' })).token;
    admin = (await t.buildUser({ role: 'admin' })).token;
  });

  it('is refused while the shop does not allow several methods per bill, and nothing is written', async () => {
    await setPayment(t, { allowMultiplePaymentMethods: false });
    const shirt = await buildProduct(t, { price: 200, stock: 5 });
    const before = await saleCount(t);
    const res = await postSale(
      t,
      cashier,
      splitPayload([{ product: shirt, quantity: 1 }], (total) => [
        { method: 'cash', amount: 100 },
        { method: 'transfer', amount: Math.round((total - 100) * 100) / 100 },
      ]),
    );
    expect(res).toMatchObject({ status: 400, body: { code: 'SPLIT_PAYMENT_DISABLED' } });
    expect(res.body.error).toMatch(/หลายวิธี/);
    expect(await saleCount(t)).toBe(before);
    expect(await stockOf(t, shirt.id)).toBe(5);
  });

  it('records a cash + transfer bill: a payment per part, change only from cash, read back the same', async () => {
    await setPayment(t, { allowMultiplePaymentMethods: true, transferEnabled: true, cashEnabled: true });
    const shirt = await buildProduct(t, { price: 250, stock: 5 });
    // 500 + 7 % = 535: 300 by transfer, 235 due in cash, 240 handed over (5 change).
    const res = await postSale(
      t,
      cashier,
      splitPayload([{ product: shirt, quantity: 2 }], () => [
        { method: 'transfer', amount: 300, reference: ' TX-881 ' },
        { method: 'cash', amount: 240 },
      ]),
    );
    expect(res.status).toBe(201);
    const sale = res.body.sale;
    expect(res.body.paymentMethod).toBe('split');
    expect(sale.total).toBe(535);
    expect(sale.payment_method).toBe('split');
    expect(sale.payments).toEqual([
      { method: 'transfer', amount: 300, cash_received: null, change: null, reference: 'TX-881', refunded: 0 },
      { method: 'cash', amount: 235, cash_received: 240, change: 5, reference: null, refunded: 0 },
    ]);
    expect(sale.payment).toEqual({ method: 'split', amount: 535, cash_received: 240, change: 5, reference: null });
    expect(await saleOf(t, sale.id)).toEqual(sale);
    expect(await stockOf(t, shirt.id)).toBe(3);

    // A one-method sale reads back with a one-element list.
    const single = await postSale(t, cashier, {
      ...salePayload([{ product: shirt, quantity: 1 }], { settings: SEVEN_ON_TOP }),
      paymentMethod: 'transfer',
      paymentReference: 'R1',
    });
    expect(single.status).toBe(201);
    expect((await saleOf(t, single.body.sale.id)).payments).toEqual([
      {
        method: 'transfer',
        amount: single.body.sale.total,
        cash_received: null,
        change: null,
        reference: 'R1',
        refunded: 0,
      },
    ]);
  });

  it('refuses parts that do not add up, change from anything but cash, bad parts and card, writing nothing', async () => {
    await setPayment(t, {
      allowMultiplePaymentMethods: true,
      transferEnabled: true,
      cashEnabled: true,
      promptpayEnabled: true,
      promptpayId: '0812345678',
    });
    const bag = await buildProduct(t, { price: 100, stock: 5 });
    const line = [{ product: bag, quantity: 1 }]; // 107
    const before = await saleCount(t);
    const cases: [Part[], string][] = [
      [
        [
          { method: 'cash', amount: 50 },
          { method: 'transfer', amount: 50 },
        ],
        'SPLIT_PAYMENT_SUM_MISMATCH',
      ],
      [
        [
          { method: 'transfer', amount: 100 },
          { method: 'promptpay', amount: 10 },
        ],
        'SPLIT_PAYMENT_CHANGE_NOT_CASH',
      ],
      // 20 over the total but only 10 in cash: the change would be more than the cash handed over.
      [
        [
          { method: 'transfer', amount: 117 },
          { method: 'cash', amount: 10 },
        ],
        'SPLIT_PAYMENT_CHANGE_NOT_CASH',
      ],
      [
        [
          { method: 'cash', amount: 50 },
          { method: 'cash', amount: 57 },
        ],
        'SPLIT_PAYMENT_DUPLICATE_METHOD',
      ],
      [[{ method: 'cash', amount: 107 }], 'SPLIT_PAYMENT_PARTS_REQUIRED'],
      [
        [
          { method: 'cash', amount: 7 },
          { method: 'card', amount: 100 },
        ],
        'SPLIT_PAYMENT_CARD',
      ],
      [
        [
          { method: 'cash', amount: 107 },
          { method: 'transfer', amount: 0 },
        ],
        'VALIDATION_FAILED',
      ],
      [
        [
          { method: 'cash', amount: 117 },
          { method: 'transfer', amount: -10 },
        ],
        'VALIDATION_FAILED',
      ],
      [
        [
          { method: 'cash', amount: 7.001 },
          { method: 'transfer', amount: 100 },
        ],
        'VALIDATION_FAILED',
      ],
    ];
    for (const [parts, code] of cases) {
      const res = await postSale(
        t,
        cashier,
        splitPayload(line, () => parts),
      );
      expect({ parts, status: res.status, code: res.body.code }).toEqual({ parts, status: 400, code });
      expect(res.body.error).toMatch(/[\u0E00-\u0E7F]/);
    }
    const stray = await postSale(t, cashier, {
      ...salePayload(line, { settings: SEVEN_ON_TOP }),
      payments: [
        { method: 'cash', amount: 50 },
        { method: 'transfer', amount: 57 },
      ],
    });
    expect(stray).toMatchObject({ status: 400, body: { code: 'SPLIT_PAYMENT_NOT_SPLIT' } });
    const noParts = await postSale(t, cashier, {
      ...salePayload(line, { settings: SEVEN_ON_TOP }),
      paymentMethod: 'split',
    });
    expect(noParts).toMatchObject({ status: 400, body: { code: 'SPLIT_PAYMENT_PARTS_REQUIRED' } });
    expect(await saleCount(t)).toBe(before);
    expect(await stockOf(t, bag.id)).toBe(5);
  });

  it("checks each part's method as a one-method sale would, and its reference", async () => {
    await setPayment(t, {
      allowMultiplePaymentMethods: true,
      transferEnabled: false,
      promptpayEnabled: false,
      promptpayId: '',
    });
    const cap = await buildProduct(t, { price: 100, stock: 5 });
    const line = [{ product: cap, quantity: 1 }];
    const parts = (method: 'transfer' | 'promptpay', reference?: string): Part[] => [
      { method: 'cash', amount: 7 },
      { method, amount: 100, ...(reference !== undefined && { reference }) },
    ];
    expect(
      await postSale(
        t,
        cashier,
        splitPayload(line, () => parts('transfer')),
      ),
    ).toMatchObject({
      status: 400,
      body: { code: 'PAYMENT_METHOD_DISABLED' },
    });
    expect(
      await postSale(
        t,
        cashier,
        splitPayload(line, () => parts('promptpay')),
      ),
    ).toMatchObject({
      status: 400,
      body: { code: 'PAYMENT_METHOD_DISABLED' },
    });
    await setPayment(t, { transferEnabled: true, promptpayEnabled: true, promptpayId: '' });
    expect(
      await postSale(
        t,
        cashier,
        splitPayload(line, () => parts('promptpay')),
      ),
    ).toMatchObject({
      status: 400,
      body: { code: 'PROMPTPAY_NOT_CONFIGURED' },
    });
    await setPayment(t, { promptpayId: '0812345678' });
    // A transfer's reference: optional as for a one-method transfer sale, at most 100 characters, kept trimmed.
    const tooLong = await postSale(
      t,
      cashier,
      splitPayload(line, () => parts('transfer', 'x'.repeat(101))),
    );
    expect(tooLong).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
    const without = await postSale(
      t,
      cashier,
      splitPayload(line, () => parts('transfer')),
    );
    expect(without.status).toBe(201);
    expect(without.body.sale.payments.map((p) => p.reference)).toEqual([null, null]);
    // PromptPay keeps no reference (as a one-method PromptPay sale).
    const pp = await postSale(
      t,
      cashier,
      splitPayload(line, () => parts('promptpay', 'ignored')),
    );
    expect(pp.status).toBe(201);
    expect(pp.body.sale.payments.map((p) => [p.method, p.amount, p.reference])).toEqual([
      ['cash', 7, null],
      ['promptpay', 100, null],
    ]);
  });

  it('replays the same key and body, refuses the key with another body', async () => {
    await setPayment(t, { allowMultiplePaymentMethods: true, transferEnabled: true });
    const belt = await buildProduct(t, { price: 100, stock: 5 });
    const body = splitPayload([{ product: belt, quantity: 1 }], () => [
      { method: 'cash', amount: 50 },
      { method: 'transfer', amount: 57 },
    ]);
    const key = randomUUID();
    const [first, again] = await Promise.all([postSale(t, cashier, body, key), postSale(t, cashier, body, key)]);
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.body).toEqual(first.body);
    const other = await postSale(
      t,
      cashier,
      {
        ...body,
        payments: [
          { method: 'cash', amount: 57 },
          { method: 'transfer', amount: 50 },
        ],
      },
      key,
    );
    expect(other.status).toBe(409);
    expect(await stockOf(t, belt.id)).toBe(4);
  });

  it('counts each part under its own method in the reports, history filters and VAT summary', async () => {
    await setPayment(t, {
      allowMultiplePaymentMethods: true,
      transferEnabled: true,
      promptpayEnabled: true,
      promptpayId: '0812345678',
    });
    const viewer = (await t.buildUser({ role: 'admin' })).token;
    const shoe = await buildProduct(t, { price: 1000, stock: 10 });
    const probe = await postSale(t, cashier, salePayload([{ product: shoe, quantity: 1 }], { settings: SEVEN_ON_TOP }));
    const day = shopDayOf(probe.body.sale.created_at, t.config.shopTimezone);
    const month = day.slice(0, 7);
    const range = `startDate=${day}&endDate=${day}`;
    const summary = async () =>
      (await t.request<SalesSummaryResponse>('GET', `/api/sales/stats/summary?${range}`, { token: viewer })).body;
    const vat = async () =>
      (
        await t.request<VatSummaryResponse>('GET', `/api/sales/stats/vat?startMonth=${month}&endMonth=${month}`, {
          token: viewer,
        })
      ).body.total;
    const byMethod = (s: SalesSummaryResponse) =>
      Object.fromEntries(s.paymentMethods.map((m) => [m.payment_method, { count: m.count, total: m.total }]));
    const before = await summary();
    const vatBefore = await vat();

    // 1070: 500 transfer, 300 PromptPay, 270 cash (300 handed over).
    const res = await postSale(
      t,
      cashier,
      splitPayload([{ product: shoe, quantity: 1 }], () => [
        { method: 'transfer', amount: 500 },
        { method: 'promptpay', amount: 300 },
        { method: 'cash', amount: 300 },
      ]),
    );
    expect(res.status).toBe(201);
    const sale = res.body.sale;
    const after = await summary();
    const was = byMethod(before);
    const now = byMethod(after);
    const grew = (m: string) => ({
      count: (now[m]?.count ?? 0) - (was[m]?.count ?? 0),
      total: satang(now[m]?.total ?? 0) - satang(was[m]?.total ?? 0),
    });
    expect(grew('transfer')).toEqual({ count: 1, total: 50_000 });
    expect(grew('promptpay')).toEqual({ count: 1, total: 30_000 });
    expect(grew('cash')).toEqual({ count: 1, total: 27_000 });
    expect(Object.keys(now)).not.toContain('split');
    expect(after.summary.totalOrders - before.summary.totalOrders).toBe(1);
    expect(satang(after.summary.totalSales) - satang(before.summary.totalSales)).toBe(107_000);

    const vatAfter = await vat();
    expect(vatAfter.taxInvoiceCount - vatBefore.taxInvoiceCount).toBe(1);
    expect(satang(vatAfter.vat) - satang(vatBefore.vat)).toBe(7_000);

    const history = async (method: string) =>
      (
        await t.request<SalesListResponse>('GET', `/api/sales?paymentMethod=${method}&${range}`, { token: viewer })
      ).body.sales.map((s) => s.id);
    expect(await history('promptpay')).toContain(sale.id);
    expect(await history('cash')).toContain(sale.id);
    expect(await history('split')).toContain(sale.id);
    expect(await history('card')).not.toContain(sale.id);
    expect(await history('split')).not.toContain(probe.body.sale.id);

    // A refund per part lowers each method by what went back through it.
    const back = await refund(t, admin, sale.id, {
      refundParts: [
        { method: 'transfer', amount: 500 },
        { method: 'cash', amount: 270 },
        { method: 'promptpay', amount: 300 },
      ],
    });
    expect(back.status).toBe(201);
    const refunded = byMethod(await summary());
    expect(refunded.transfer).toEqual(was.transfer);
    expect(refunded.promptpay).toEqual(was.promptpay);
    expect(refunded.cash).toEqual(was.cash);
    await expectRollupsEqualRecomputation(t);
  });

  it('gives a refund back per part, never more through a part than it paid', async () => {
    await setPayment(t, { allowMultiplePaymentMethods: true, transferEnabled: true });
    const a = await buildProduct(t, { price: 100, stock: 10 });
    const b = await buildProduct(t, { price: 100, stock: 10 });
    // 214: 160.50 transfer, 53.50 cash.
    const res = await postSale(
      t,
      cashier,
      splitPayload(
        [
          { product: a, quantity: 1 },
          { product: b, quantity: 1 },
        ],
        () => [
          { method: 'transfer', amount: 160.5 },
          { method: 'cash', amount: 53.5 },
        ],
      ),
    );
    expect(res.status).toBe(201);
    const sale = res.body.sale;
    const [lineA, lineB] = sale.items;

    // Asking more back through cash than cash paid: refused, nothing written.
    const over = await refund(t, admin, sale.id, {
      lines: [{ saleItemId: lineA!.id, quantity: 1 }],
      refundParts: [
        { method: 'cash', amount: 60 },
        { method: 'transfer', amount: 47 },
      ],
    });
    expect(over).toMatchObject({ status: 400, body: { code: 'REFUND_PART_EXCEEDS_PAYMENT' } });
    expect(over.body.details).toEqual({ method: 'cash', refundable: 53.5 });
    const whole = await refund(t, admin, sale.id, {
      lines: [{ saleItemId: lineA!.id, quantity: 1 }],
      refundMethod: 'cash',
    });
    expect(whole).toMatchObject({ status: 400, body: { code: 'REFUND_PART_EXCEEDS_PAYMENT' } });
    const mismatch = await refund(t, admin, sale.id, {
      lines: [{ saleItemId: lineA!.id, quantity: 1 }],
      refundParts: [{ method: 'transfer', amount: 100 }],
    });
    expect(mismatch).toMatchObject({ status: 400, body: { code: 'REFUND_PARTS_MISMATCH' } });
    expect(await stockOf(t, a.id)).toBe(9);
    expect((await saleOf(t, sale.id)).refunds).toEqual([]);

    // Default: in proportion to what each part has left (107 of 214: half of each).
    const first = await refund(t, admin, sale.id, { lines: [{ saleItemId: lineA!.id, quantity: 1 }] });
    expect(first.status).toBe(201);
    expect(first.body.refund.refund_method).toBe('split');
    expect(first.body.refund.parts).toEqual([
      { method: 'transfer', amount: 80.25 },
      { method: 'cash', amount: 26.75 },
    ]);
    expect(first.body.sale.payments.map((p) => [p.method, p.refunded])).toEqual([
      ['transfer', 80.25],
      ['cash', 26.75],
    ]);
    // The rest all back through the transfer part: more than it has left.
    const rest = await refund(t, admin, sale.id, {
      lines: [{ saleItemId: lineB!.id, quantity: 1 }],
      refundMethod: 'transfer',
    });
    expect(rest).toMatchObject({ status: 400, body: { code: 'REFUND_PART_EXCEEDS_PAYMENT' } });
    expect(rest.body.details).toEqual({ method: 'transfer', refundable: 80.25 });
    const second = await refund(t, admin, sale.id, { lines: [{ saleItemId: lineB!.id, quantity: 1 }] });
    expect(second.status).toBe(201);
    const final = await saleOf(t, sale.id);
    expect(final.status).toBe('refunded');
    expect(final.payments.map((p) => [p.method, p.amount, p.refunded])).toEqual([
      ['transfer', 160.5, 160.5],
      ['cash', 53.5, 53.5],
    ]);
    // A one-method sale's refund cannot be split.
    const single = await postSale(t, cashier, salePayload([{ product: a, quantity: 1 }], { settings: SEVEN_ON_TOP }));
    const notSplit = await refund(t, admin, single.body.sale.id, { refundMethod: 'split' });
    expect(notSplit).toMatchObject({ status: 400, body: { code: 'REFUND_NOT_SPLIT_SALE' } });
    await expectRollupsEqualRecomputation(t);
  });

  it('lets only one of two concurrent refunds take a part beyond what it has left', async () => {
    await setPayment(t, { allowMultiplePaymentMethods: true, transferEnabled: true });
    const a = await buildProduct(t, { price: 100, stock: 10 });
    const b = await buildProduct(t, { price: 100, stock: 10 });
    // 214: 150 cash, 64 transfer. Each line is 107; only one fits in the cash part.
    const res = await postSale(
      t,
      cashier,
      splitPayload(
        [
          { product: a, quantity: 1 },
          { product: b, quantity: 1 },
        ],
        () => [
          { method: 'cash', amount: 150 },
          { method: 'transfer', amount: 64 },
        ],
      ),
    );
    expect(res.status).toBe(201);
    const sale = res.body.sale;
    const admins = await Promise.all([t.buildUser({ role: 'admin' }), t.buildUser({ role: 'admin' })]);
    const results: HttpResult<RefundAnswer>[] = await Promise.all(
      sale.items.map((line, i) =>
        refund(t, admins[i]!.token, sale.id, { lines: [{ saleItemId: line.id, quantity: 1 }], refundMethod: 'cash' }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 400]);
    expect(results.find((r) => r.status === 400)?.body.code).toBe('REFUND_PART_EXCEEDS_PAYMENT');
    const final = await saleOf(t, sale.id);
    expect(final.payments.find((p) => p.method === 'cash')?.refunded).toBe(107);
    expect(final.refunds).toHaveLength(1);
    expect(satang(final.refunded_amount)).toBe(10_700);
  });
});

/** The card checkout charges a whole sale: a split bill's body is refused before Stripe is asked. */
