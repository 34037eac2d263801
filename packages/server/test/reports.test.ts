import {
  VAT_CSV_COLUMNS,
  type DashboardResponse,
  type Product,
  type Sale,
  type SalesSummaryResponse,
  type VatSummaryResponse,
} from '@pos/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { rebuildReportRollups } from '../src/features/reports/rollups.service';
import { buildProduct } from './helpers/catalogue-factories';
import {
  buildSaleCustomer,
  postSale,
  registerForVat,
  // These tests are about a shop registered for VAT: 3 % on top unless a test says otherwise.
  vatShopSalePayload as salePayload,
} from './helpers/sales-factories';
import { ENGINES, useTestApp, type TestApp } from './helpers/test-app';

/**
 * The figures are checked against a plain computation over the sales as `GET /api/sales/:id`
 * shows them (Bangkok is UTC+7 all year), never against the report's own SQL.
 */
const BANGKOK_MS = 7 * 3_600_000;
const bangkokDay = (iso: string) => new Date(Date.parse(iso) + BANGKOK_MS).toISOString().slice(0, 10);
const round2 = (n: number) => Math.round(n * 100) / 100;

/** When each seeded sale happened (UTC), chosen to sit on both sides of Bangkok midnights. */
const WHEN = [
  '2026-02-28T16:59:59.000Z', // 23:59:59 on 28 Feb in Bangkok: outside March
  '2026-02-28T17:00:00.000Z', // 00:00 on 1 March
  '2026-03-01T03:15:00.000Z', // Sunday 1 March
  '2026-03-01T16:30:00.000Z', // 23:30 on 1 March
  '2026-03-01T17:10:00.000Z', // 00:10 on 2 March
  '2026-03-04T05:00:00.000Z',
  '2026-03-07T12:00:00.000Z', // Saturday 7 March, 19:00
  '2026-03-07T16:59:00.000Z', // Saturday 23:59
  '2026-03-07T17:00:00.000Z', // Sunday 8 March 00:00: the next week
  '2026-03-10T09:00:00.000Z',
  '2026-03-14T11:00:00.000Z',
  '2026-03-18T02:00:00.000Z',
  '2026-03-21T13:00:00.000Z',
  '2026-03-25T06:30:00.000Z',
  '2026-03-31T16:59:00.000Z', // 23:59 on 31 March
  '2026-03-31T17:00:00.000Z', // 00:00 on 1 April: outside March
  '2026-01-20T08:00:00.000Z',
  '2025-12-31T17:30:00.000Z', // 00:30 on 1 January 2026
];

interface Seeded {
  sales: Sale[];
  products: Product[];
}

async function seedMonth(t: TestApp): Promise<Seeded> {
  const { token } = await t.buildUser({ role: 'cashier' });
  const admin = await t.adminToken();
  const products = [
    await buildProduct(t, { name: 'เสื้อยืดคอกลม', price: 199, stock: 500 }),
    await buildProduct(t, { name: 'กางเกงยีนส์', price: 890, stock: 500 }),
    await buildProduct(t, { name: 'รองเท้าผ้าใบ', price: 1290.5, stock: 500 }),
    await buildProduct(t, { name: 'ถุงเท้า', price: 39, stock: 500 }),
  ];
  const customers = [
    await buildSaleCustomer(t, 500, 'สมศรี'),
    await buildSaleCustomer(t, 0, 'วิชัย'),
    await buildSaleCustomer(t, 0, 'มาลี'),
  ];
  const methods = ['cash', 'transfer', 'cash', 'transfer', 'cash'] as const;
  const ids: number[] = [];
  for (const [i, at] of WHEN.entries()) {
    const lines = [
      { product: products[i % 4]!, quantity: 1 + (i % 3) },
      ...(i % 2 === 0 ? [{ product: products[(i + 1) % 4]!, quantity: 2 }] : []),
    ];
    const customer = i % 4 === 3 ? null : customers[i % 3]!;
    const res = await postSale(
      t,
      token,
      salePayload(lines, {
        customerId: customer?.id ?? null,
        paymentMethod: methods[i % methods.length],
        excludeVAT: i % 5 === 4,
        pointsUsed: i === 6 ? 50 : 0,
      }),
    );
    expect(res.status).toBe(201);
    ids.push(res.body.sale.id);
    await t.built.deps.db.kysely
      .updateTable('sales')
      .set({ created_at: at })
      .where('id', '=', res.body.sale.id)
      .execute();
  }
  // The sales were moved in time behind the app's back: its per-day rollups are rebuilt from them, as
  // after any such hand edit. The refunds below then go through the app's own rollup updates.
  await t.built.deps.db.kysely.transaction().execute((trx) => rebuildReportRollups(trx, t.config.shopTimezone));
  // A whole refund (sale 5), two partial refunds of one sale (sale 2) and a partial one on a VAT-excluded sale (9).
  const whole = await t.request('POST', `/api/sales/${ids[5]}/refund`, { token: admin, body: {} });
  expect(whole.status).toBe(201);
  const two = (await t.request<{ sale: Sale }>('GET', `/api/sales/${ids[2]}`, { token: admin })).body.sale;
  for (const line of two.items) {
    const part = await t.request('POST', `/api/sales/${ids[2]}/refund`, {
      token: admin,
      body: { lines: [{ saleItemId: line.id, quantity: 1 }] },
    });
    expect(part.status).toBe(201);
  }
  const nine = (await t.request<{ sale: Sale }>('GET', `/api/sales/${ids[9]}`, { token: admin })).body.sale;
  const partNine = await t.request('POST', `/api/sales/${ids[9]}/refund`, {
    token: admin,
    body: { lines: [{ saleItemId: nine.items[0]!.id, quantity: 1 }] },
  });
  expect(partNine.status).toBe(201);
  // Credit notes dated in March and, for a March sale, in April.
  const db = t.built.deps.db.kysely;
  for (const [saleId, at] of [
    [ids[2]!, '2026-03-20T05:00:00.000Z'],
    [ids[9]!, '2026-03-28T03:00:00.000Z'],
    [ids[5]!, '2026-03-31T17:30:00.000Z'],
  ] as const) {
    await db.updateTable('refunds').set({ created_at: at }).where('sale_id', '=', saleId).execute();
  }

  const sales: Sale[] = [];
  for (const id of ids)
    sales.push((await t.request<{ sale: Sale }>('GET', `/api/sales/${id}`, { token: admin })).body.sale);
  expect(sales.map((s) => s.status)).toContain('refunded');
  expect(sales.map((s) => s.status)).toContain('partially_refunded');
  return { sales, products };
}

/** What every figure should be for the sales made on shop days start..end, worked out plainly. */
function expected(sales: Sale[], start: string, end: string) {
  const inRange = sales.filter((s) => bangkokDay(s.created_at) >= start && bangkokDay(s.created_at) <= end);
  const counted = inRange.filter((s) => s.status !== 'refunded');
  const net = (s: Sale) => round2(s.total - s.refunded_amount);
  const totalSales = round2(inRange.reduce((sum, s) => sum + net(s), 0));
  const totalOrders = counted.length;
  const byMethod = new Map<string, { count: number; total: number }>();
  for (const s of inRange) {
    const m = byMethod.get(s.payment_method) ?? { count: 0, total: 0 };
    byMethod.set(s.payment_method, {
      count: m.count + (s.status === 'refunded' ? 0 : 1),
      total: round2(m.total + net(s)),
    });
  }
  const products = new Map<string, { quantity: number; revenue: number }>();
  for (const s of inRange) {
    for (const item of s.items) {
      const kept = item.quantity - item.refunded_quantity;
      const p = products.get(item.product_name) ?? { quantity: 0, revenue: 0 };
      products.set(item.product_name, { quantity: p.quantity + kept, revenue: round2(p.revenue + item.price * kept) });
    }
  }
  return {
    totalSales,
    totalOrders,
    averageOrderValue: totalOrders === 0 ? 0 : round2(totalSales / totalOrders),
    itemsSold: inRange.reduce((sum, s) => sum + s.items.reduce((n, i) => n + i.quantity - i.refunded_quantity, 0), 0),
    uniqueCustomers: new Set(counted.filter((s) => s.customer_id !== null).map((s) => s.customer_id)).size,
    refundsTotal: round2(inRange.reduce((sum, s) => sum + s.refunded_amount, 0)),
    refundsCount: inRange.reduce((sum, s) => sum + s.refunds.length, 0),
    grossSales: round2(inRange.reduce((sum, s) => sum + s.total, 0)),
    byMethod,
    products,
    day: (day: string) => {
      const on = inRange.filter((s) => bangkokDay(s.created_at) === day);
      return {
        date: day,
        total: round2(on.reduce((sum, s) => sum + net(s), 0)),
        count: on.filter((s) => s.status !== 'refunded').length,
      };
    },
  };
}

function days(start: string, end: string): string[] {
  const out: string[] = [];
  for (let d = start; d <= end; d = new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10))
    out.push(d);
  return out;
}

describe.each(ENGINES)('reports on %s', (engine) => {
  const t = useTestApp(engine);
  let seeded: Seeded;
  let viewer: string;

  beforeAll(async () => {
    await registerForVat(t);
    seeded = await seedMonth(t);
    viewer = (await t.buildUser({ role: 'viewer' })).token;
  });

  const summary = (query: string, token = viewer) =>
    t.request<SalesSummaryResponse & { code?: string }>('GET', `/api/sales/stats/summary?${query}`, { token });
  const dashboard = (query: string, token = viewer) =>
    t.request<DashboardResponse & { code?: string }>('GET', `/api/sales/stats/dashboard?${query}`, { token });

  it('sums a month of sales in Bangkok days, net of whole and partial refunds, every day present', async () => {
    const res = await summary('startDate=2026-03-01&endDate=2026-03-31');
    expect(res.status).toBe(200);
    const want = expected(seeded.sales, '2026-03-01', '2026-03-31');
    expect(res.body.summary).toEqual({
      totalSales: want.totalSales,
      totalOrders: want.totalOrders,
      averageOrderValue: want.averageOrderValue,
      itemsSold: want.itemsSold,
      uniqueCustomers: want.uniqueCustomers,
      refundsTotal: want.refundsTotal,
      refundsCount: want.refundsCount,
      grossSales: want.grossSales,
    });
    // Thirteen sales made in March by Bangkok's clock, one of them wholly refunded.
    expect(want.totalOrders).toBe(12);
    expect(want.refundsCount).toBe(4);
    expect(res.body.dailySales).toEqual(days('2026-03-01', '2026-03-31').map((d) => want.day(d)));
    expect(res.body.dailySales.find((d) => d.date === '2026-03-01')!.count).toBe(3);
    expect(res.body.paymentMethods).toHaveLength(want.byMethod.size);
    for (const m of res.body.paymentMethods)
      expect({ count: m.count, total: m.total }).toEqual(want.byMethod.get(m.payment_method));
    const wantTop = [...want.products.entries()]
      .filter(([, p]) => p.quantity > 0)
      .sort(([an, a], [bn, b]) => b.quantity - a.quantity || b.revenue - a.revenue || (an < bn ? -1 : 1));
    expect(res.body.topProducts.map((p) => [p.name, { quantity: p.total_quantity, revenue: p.total_revenue }])).toEqual(
      wantTop.map(([name, p]) => [name, { quantity: p.quantity, revenue: p.revenue }]),
    );
  });

  it('answers zeros and every day for a range without sales, and refuses bad ranges without a 500', async () => {
    const res = await summary('startDate=2025-06-01&endDate=2025-06-07');
    expect(res.status).toBe(200);
    expect(res.body.summary).toEqual({
      totalSales: 0,
      totalOrders: 0,
      averageOrderValue: 0,
      itemsSold: 0,
      uniqueCustomers: 0,
      refundsTotal: 0,
      refundsCount: 0,
      grossSales: 0,
    });
    expect(res.body.dailySales).toEqual(days('2025-06-01', '2025-06-07').map((date) => ({ date, total: 0, count: 0 })));
    expect(res.body.paymentMethods).toEqual([]);
    expect(res.body.topProducts).toEqual([]);

    for (const query of [
      'startDate=2026-03-05&endDate=2026-03-01',
      'startDate=2026-02-30&endDate=2026-03-01',
      'startDate=2026-03-01',
      'startDate=2000-01-01&endDate=2026-01-01',
      'startDate=2026-3-1&endDate=2026-03-02',
      'startDate=0000-01-01&endDate=0000-01-02',
    ]) {
      expect(await summary(query)).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
    }
  });

  it('takes one day exactly at the Bangkok midnights, end day included', async () => {
    const res = await summary('startDate=2026-03-07&endDate=2026-03-07');
    const want = expected(seeded.sales, '2026-03-07', '2026-03-07');
    expect(res.body.summary.totalSales).toBe(want.totalSales);
    expect(res.body.summary.totalOrders).toBe(2);
    expect(res.body.dailySales).toEqual([want.day('2026-03-07')]);
  });

  it('gives the week from Sunday with its 7 days and the previous week to compare', async () => {
    // Wednesday 11 March 2026: its week runs Sunday 8 to Saturday 14 March.
    const res = await dashboard('period=week&date=2026-03-11');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ period: 'week', startDate: '2026-03-08', endDate: '2026-03-14', yesterday: null });
    const want = expected(seeded.sales, '2026-03-08', '2026-03-14');
    const before = expected(seeded.sales, '2026-03-01', '2026-03-07');
    expect(res.body.totals.totalSales).toBe(want.totalSales);
    expect(res.body.totals.totalOrders).toBe(want.totalOrders);
    expect(res.body.trend.granularity).toBe('day');
    expect(res.body.trend.points).toEqual(
      days('2026-03-08', '2026-03-14').map((d) => {
        const day = want.day(d);
        return { key: d, total: day.total, count: day.count };
      }),
    );
    expect(res.body.comparison!.previous).toEqual({
      startDate: '2026-03-01',
      endDate: '2026-03-07',
      until: null,
      totalSales: before.totalSales,
      totalOrders: before.totalOrders,
      averageOrderValue: before.averageOrderValue,
    });
    expect(res.body.comparison!.salesGrowth).toBe(
      Math.round(((want.totalSales - before.totalSales) / before.totalSales) * 1000) / 10,
    );
  });

  it('gives the year in 12 months, the month in 30 days, its newest 5 sales and best sellers', async () => {
    const year = await dashboard('period=year&date=2026-03-15');
    expect(year.status).toBe(200);
    expect(year.body.trend.granularity).toBe('month');
    const months = Array.from({ length: 12 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}`);
    expect(year.body.trend.points.map((p) => p.key)).toEqual(months);
    for (const point of year.body.trend.points) {
      const month = point.key;
      const last = days(`${month}-01`, `${month}-31`)
        .filter((d) => d.startsWith(month))
        .at(-1)!;
      const want = expected(seeded.sales, `${month}-01`, last);
      expect({ total: point.total, count: point.count }).toEqual({ total: want.totalSales, count: want.totalOrders });
    }
    // January 2026 starts at 00:30 Bangkok time on the sale made on 31 December UTC.
    expect(year.body.trend.points[0]!.count).toBe(2);
    const wantYear = expected(seeded.sales, '2026-01-01', '2026-12-31');
    expect(year.body.totals.totalSales).toBe(wantYear.totalSales);
    // While 2026 runs (by the real clock), it is met with 2025 up to the same date (issue 31).
    expect(year.body.comparison!.previous).toMatchObject({
      startDate: '2025-01-01',
      endDate: year.body.today.startsWith('2026-') ? `2025-${year.body.today.slice(5)}` : '2025-12-31',
      totalSales: 0,
    });
    expect(year.body.comparison!.salesGrowth).toBeNull();

    const month = await dashboard('period=month&date=2026-03-15');
    expect(month.body).toMatchObject({ startDate: '2026-03-01', endDate: '2026-03-31' });
    expect(month.body.trend.points.map((p) => p.key)).toEqual(days('2026-03-02', '2026-03-31'));
    const inMarch = seeded.sales
      .filter((s) => bangkokDay(s.created_at).startsWith('2026-03'))
      .sort((a, b) => (a.created_at < b.created_at ? 1 : -1));
    expect(month.body.recentSales.map((s) => s.id)).toEqual(inMarch.slice(0, 5).map((s) => s.id));
    expect(month.body.recentSales[0]!.item_count).toBe(inMarch[0]!.items.reduce((n, i) => n + i.quantity, 0));
    expect(month.body.topProducts).toHaveLength(4);
    const summaryTop = (await summary('startDate=2026-03-01&endDate=2026-03-31')).body.topProducts;
    expect(month.body.topProducts).toEqual(summaryTop.slice(0, 5));
  });

  it('compares today with yesterday and counts customers and stock now', async () => {
    const res = await dashboard('period=today&date=2026-03-02');
    const today = expected(seeded.sales, '2026-03-02', '2026-03-02');
    const yesterday = expected(seeded.sales, '2026-03-01', '2026-03-01');
    expect(res.body.yesterday).toEqual({
      date: '2026-03-01',
      until: null,
      totalSales: yesterday.totalSales,
      totalOrders: yesterday.totalOrders,
      salesGrowth: Math.round(((today.totalSales - yesterday.totalSales) / yesterday.totalSales) * 1000) / 10,
      ordersGrowth: Math.round(((today.totalOrders - yesterday.totalOrders) / yesterday.totalOrders) * 1000) / 10,
    });
    expect(res.body.comparison).toBeNull();
    expect(res.body.trend.points.map((p) => p.key)).toEqual(days('2026-02-24', '2026-03-02'));
    const db = t.built.deps.db.kysely;
    const products = await db.selectFrom('products').select('stock').where('deleted_at', 'is', null).execute();
    const customers = await db.selectFrom('customers').select('id').where('deleted_at', 'is', null).execute();
    expect(res.body.totalStock).toBe(products.reduce((sum, p) => sum + Number(p.stock), 0));
    expect(res.body.totalCustomers).toBe(customers.length);

    // Without a date, today is the shop's today by the server's clock.
    const now = await dashboard('period=today');
    expect(now.body.today).toBe(bangkokDay(t.now().toISOString()));
    expect(now.body.startDate).toBe(now.body.today);
    for (const query of [
      'period=today&date=0000-01-01',
      'period=year&date=9999-12-31',
      'period=week&date=2026-02-29',
    ]) {
      expect(await dashboard(query)).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
    }
    const custom = await dashboard('period=custom');
    expect(custom).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
    const range = await dashboard('period=custom&startDate=2026-02-25&endDate=2026-03-03');
    expect(range.body.trend.points.map((p) => p.key)).toEqual(days('2026-02-25', '2026-03-03'));
    expect(range.body.comparison!.previous).toMatchObject({ startDate: '2026-02-18', endDate: '2026-02-24' });
  });

  it('lets every role with reports_view read the figures, and nobody signed out', async () => {
    for (const role of ['admin', 'manager', 'cashier', 'viewer'] as const) {
      const { token } = await t.buildUser({ role });
      expect((await summary('startDate=2026-03-01&endDate=2026-03-01', token)).status).toBe(200);
      expect((await dashboard('period=week', token)).status).toBe(200);
    }
    const anonymous = await t.request('GET', '/api/sales/stats/summary?startDate=2026-03-01&endDate=2026-03-01');
    expect(anonymous).toMatchObject({ status: 401, body: { code: 'UNAUTHENTICATED' } });
    expect((await t.request('GET', '/api/sales/stats/dashboard')).status).toBe(401);
  });

  it('refuses at sale time what the dashboard of the spec would skip: prices over 100,000, totals over 1,000,000 baht', async () => {
    const { token } = await t.buildUser({ role: 'cashier' });
    const watch = await buildProduct(t, { name: 'นาฬิกาทองคำ', price: 100_000.01, stock: 5 });
    const ring = await buildProduct(t, { name: 'แหวนเพชร', price: 100_000, stock: 20 });
    const stockBefore = await t.built.deps.db.kysely.selectFrom('products').select(['id', 'stock']).execute();
    const salesBefore = await t.built.deps.db.kysely.selectFrom('sales').select('id').execute();

    const tooDear = await postSale(t, token, salePayload([{ product: watch, quantity: 1 }]));
    expect(tooDear).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
    expect(fieldsOf(tooDear)['items.0.price']).toContain('100,000');
    // 10 rings: 1,000,000 baht before the 3 % tax, over the bound after it.
    const tooMuch = await postSale(t, token, salePayload([{ product: ring, quantity: 10 }]));
    expect(tooMuch).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
    expect(fieldsOf(tooMuch).total).toContain('1,000,000');
    const tooMany = await postSale(t, token, salePayload([{ product: ring, quantity: 10_001 }]));
    expect(tooMany).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
    expect(Object.keys(fieldsOf(tooMany))).toContain('items.0.quantity');

    // Bad input changes nothing.
    expect(await t.built.deps.db.kysely.selectFrom('products').select(['id', 'stock']).execute()).toEqual(stockBefore);
    expect(await t.built.deps.db.kysely.selectFrom('sales').select('id').execute()).toEqual(salesBefore);
    // At the bound is fine: 9 rings and their tax come to 927,000 baht.
    expect((await postSale(t, token, salePayload([{ product: ring, quantity: 9 }]))).status).toBe(201);
  });

  it('sums output VAT per month by document date: tax invoices, credit notes subtracted, VAT-excluded apart; CSV too', async () => {
    const res = await t.request<VatSummaryResponse>('GET', '/api/sales/stats/vat?startMonth=2026-01&endMonth=2026-04', {
      token: viewer,
    });
    expect(res.status).toBe(200);
    const satang = (baht: number) => Math.round(baht * 100);
    const monthOf = (iso: string) => bangkokDay(iso).slice(0, 7);
    const notes = seeded.sales.flatMap((sale) => {
      let before = 0;
      return sale.refunds.map((r) => {
        const vatBefore = Math.round((satang(sale.tax) * before) / satang(sale.total));
        before += satang(r.amount);
        const vat = Math.round((satang(sale.tax) * before) / satang(sale.total)) - vatBefore;
        // The summary adds up what each refund stored, the figure its credit note prints.
        expect(satang(r.vat)).toBe(vat);
        return { ...r, vat };
      });
    });
    expect(notes.filter((n) => n.credit_note_number !== null)).toHaveLength(3);
    for (const month of ['2026-01', '2026-02', '2026-03', '2026-04']) {
      const invoices = seeded.sales.filter((s) => monthOf(s.created_at) === month && !s.exclude_vat);
      const excluded = seeded.sales.filter((s) => monthOf(s.created_at) === month && s.exclude_vat);
      const credit = notes.filter((n) => n.credit_note_number !== null && monthOf(n.created_at) === month);
      const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
      const base = sum(invoices.map((s) => satang(s.total) - satang(s.tax)));
      const vat = sum(invoices.map((s) => satang(s.tax)));
      const creditVat = sum(credit.map((n) => n.vat));
      const creditBase = sum(credit.map((n) => satang(n.amount))) - creditVat;
      const numbers = invoices.map((s) => s.document_number).sort();
      const creditNumbers = credit.map((n) => n.credit_note_number!).sort();
      expect(res.body.months.find((m) => m.month === month)).toEqual({
        month,
        taxInvoiceCount: invoices.length,
        taxableBase: base / 100,
        vat: vat / 100,
        firstTaxInvoice: numbers[0] ?? null,
        lastTaxInvoice: numbers.at(-1) ?? null,
        vatExcludedCount: excluded.length,
        vatExcludedSales: sum(excluded.map((s) => satang(s.total))) / 100,
        creditNoteCount: credit.length,
        creditNoteBase: creditBase / 100,
        creditNoteVat: creditVat / 100,
        firstCreditNote: creditNumbers[0] ?? null,
        lastCreditNote: creditNumbers.at(-1) ?? null,
        netTaxableBase: (base - creditBase) / 100,
        netVat: (vat - creditVat) / 100,
      });
    }
    const april = res.body.months[3]!;
    expect(april.creditNoteCount).toBe(1);
    expect(res.body.total.taxInvoiceCount).toBe(sumOf(res.body.months.map((m) => m.taxInvoiceCount)));
    expect(res.body.total.netVat).toBe(round2(sumOf(res.body.months.map((m) => m.netVat))));

    const { token: cashier } = await t.buildUser({ role: 'cashier' });
    const { token: manager } = await t.buildUser({ role: 'manager' });
    const csvUrl = '/api/sales/stats/vat.csv?startMonth=2026-01&endMonth=2026-04';
    expect(await t.request('GET', csvUrl, { token: cashier })).toMatchObject({
      status: 403,
      body: { code: 'FORBIDDEN' },
    });
    const csv = await t.request<string>('GET', csvUrl, { token: manager });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.headers.get('content-disposition')).toContain('vat_summary_2026-01_2026-04.csv');
    // The body as bytes: text decoding would drop the byte-order mark.
    const raw = await fetch(`${t.url}${csvUrl}`, { headers: { authorization: `Bearer ${manager}` } });
    const bytes = Buffer.from(await raw.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe(VAT_CSV_COLUMNS.join(','));
    expect(lines).toHaveLength(5);
    const march = lines[3]!.split(',');
    const m3 = res.body.months[2]!;
    expect(march.slice(0, 6)).toEqual([
      '2026-03',
      String(m3.taxInvoiceCount),
      m3.firstTaxInvoice,
      m3.lastTaxInvoice,
      m3.taxableBase.toFixed(2),
      m3.vat.toFixed(2),
    ]);
    expect(march[12]).toBe(m3.netVat.toFixed(2));
    for (const query of [
      'startMonth=2026-13&endMonth=2026-14',
      'startMonth=2026-04&endMonth=2026-01',
      'startMonth=2020-01&endMonth=2026-01',
    ]) {
      expect(await t.request('GET', `/api/sales/stats/vat?${query}`, { token: viewer })).toMatchObject({
        status: 400,
        body: { code: 'VALIDATION_FAILED' },
      });
    }
  });
});

const sumOf = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** The per-field messages of a refusal. */
const fieldsOf = (res: { body: unknown }) => (res.body as { fields?: Record<string, string> }).fields ?? {};
