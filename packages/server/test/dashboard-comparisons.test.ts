import type { DashboardResponse } from '@pos/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { rebuildReportRollups } from '../src/features/reports/rollups.service';
import { buildProduct } from './helpers/catalogue-factories';
import { postSale, salePayload } from './helpers/sales-factories';
import { ENGINES, useTestApp, type TestApp } from './helpers/test-app';

/**
 * Issue 31 item 14: a period that is still running is compared like for like: today so far with
 * yesterday up to the same time, the week so far with the same days (and hours) of last week, the
 * month so far with the same dates of last month, the year so far with the same stretch of last year.
 * The clock is fixed at Friday 13 March 2026, 09:30 in Bangkok (UTC+7 all year).
 */
const NOW = '2026-03-13T02:30:00.000Z';

/** Sales by their Bangkok wall time; `in*` says which like-for-like window of the previous period holds them. */
const SALES = [
  // The previous year: 1 March 2025 is before 13 March 09:30; June is not.
  { at: '2025-03-01T10:00', quantity: 7 },
  { at: '2025-06-01T10:00', quantity: 90 },
  // February: the 10th and the 13th at 09:00 are before "13th, 09:30"; the 13th at 10:00 and the 20th are not.
  { at: '2026-02-10T10:00', quantity: 40 },
  { at: '2026-02-13T09:00', quantity: 1 },
  { at: '2026-02-13T10:00', quantity: 30 },
  { at: '2026-02-20T10:00', quantity: 50 },
  // Last week (Sunday 1 to Saturday 7 March): Sunday and Friday 09:00 count; Friday 15:00 and Saturday do not.
  { at: '2026-03-01T10:00', quantity: 10 },
  { at: '2026-03-06T09:00', quantity: 5 },
  { at: '2026-03-06T15:00', quantity: 60 },
  { at: '2026-03-07T12:00', quantity: 70 },
  // This week so far.
  { at: '2026-03-09T12:00', quantity: 30 },
  // Yesterday (Thursday 12 March): 08:00 is before 09:30, 20:00 is after.
  { at: '2026-03-12T08:00', quantity: 10 },
  { at: '2026-03-12T20:00', quantity: 90 },
  // Today so far.
  { at: '2026-03-13T08:00', quantity: 20 },
] as const;

const bangkokToUtc = (wall: string) => new Date(Date.parse(`${wall}:00+07:00`)).toISOString();
/** The clock runs on by milliseconds from the fixed instant: a cut-off is checked to the minute. */
const startingWith = (prefix: string): unknown => expect.stringMatching(new RegExp(`^${prefix}`));
const round2 = (n: number) => Math.round(n * 100) / 100;
const growthOf = (now: number, before: number) => Math.round(((now - before) / before) * 1000) / 10;

async function seed(t: TestApp): Promise<Map<string, number>> {
  const { token } = await t.buildUser({ role: 'cashier' });
  const product = await buildProduct(t, { name: 'เสื้อยืด', price: 10, stock: 10_000 });
  const totals = new Map<string, number>();
  for (const sale of SALES) {
    const res = await postSale(t, token, salePayload([{ product, quantity: sale.quantity }], { excludeVAT: true }));
    expect(res.status).toBe(201);
    const at = bangkokToUtc(sale.at);
    await t.built.deps.db.kysely
      .updateTable('sales')
      .set({ created_at: at })
      .where('id', '=', res.body.sale.id)
      .execute();
    totals.set(sale.at, res.body.sale.total);
  }
  await t.built.deps.db.kysely.transaction().execute((trx) => rebuildReportRollups(trx, t.config.shopTimezone));
  return totals;
}

describe.each(ENGINES)('dashboard comparisons on %s', (engine) => {
  const t = useTestApp(engine);
  let totals: Map<string, number>;
  let viewer: string;
  /** The sales made at Bangkok wall times from..to (to excluded), summed. */
  const sum = (from: string, to: string) =>
    round2([...totals.entries()].filter(([at]) => at >= from && at < to).reduce((s, [, total]) => s + total, 0));
  const dashboard = (query: string) =>
    t.request<DashboardResponse>('GET', `/api/sales/stats/dashboard?${query}`, { token: viewer });

  beforeAll(async () => {
    totals = await seed(t);
    viewer = (await t.buildUser({ role: 'viewer' })).token;
    t.advanceClock(Date.parse(NOW) - t.now().getTime());
  });

  it('compares today so far with yesterday up to the same time', async () => {
    const res = await dashboard('period=today');
    expect(res.status).toBe(200);
    expect(res.body.today).toBe('2026-03-13');
    const today = sum('2026-03-13', '2026-03-14');
    const before = sum('2026-03-12', '2026-03-12T09:30');
    expect(before).toBeGreaterThan(0);
    expect(res.body.yesterday).toMatchObject({
      date: '2026-03-12',
      until: startingWith(bangkokToUtc('2026-03-12T09:30').slice(0, 16)),
      totalSales: before,
      totalOrders: 1,
      salesGrowth: growthOf(today, before),
      ordersGrowth: 0,
    });
  });

  it('compares the week so far with the same days and hours of last week', async () => {
    const res = await dashboard('period=week');
    expect(res.body).toMatchObject({ startDate: '2026-03-08', endDate: '2026-03-14' });
    const now = sum('2026-03-08', '2026-03-15');
    const before = sum('2026-03-01', '2026-03-06T09:30');
    expect(res.body.totals.totalSales).toBe(now);
    expect(res.body.comparison!.previous).toMatchObject({
      startDate: '2026-03-01',
      endDate: '2026-03-06',
      until: startingWith(bangkokToUtc('2026-03-06T09:30').slice(0, 16)),
      totalSales: before,
      totalOrders: 2,
      averageOrderValue: round2(before / 2),
    });
    expect(res.body.comparison!.salesGrowth).toBe(growthOf(now, before));
    // Monday, Thursday twice and Friday against Sunday and Friday morning.
    expect(res.body.comparison!.ordersGrowth).toBe(growthOf(4, 2));
  });

  it.each([
    {
      what: 'the month so far with the same dates of last month',
      period: 'month',
      now: ['2026-03-01', '2026-04-01'],
      before: ['2026-02-01', '2026-02-13T09:30'],
      previous: { startDate: '2026-02-01', endDate: '2026-02-13', totalOrders: 2 },
    },
    {
      what: 'the year so far with the same stretch of last year',
      period: 'year',
      now: ['2026-01-01', '2027-01-01'],
      before: ['2025-01-01', '2025-03-13T09:30'],
      previous: { startDate: '2025-01-01', endDate: '2025-03-13', totalOrders: 1 },
    },
  ] as const)('compares $what', async ({ period, now, before, previous }) => {
    const res = await dashboard(`period=${period}`);
    const beforeSales = sum(before[0], before[1]);
    expect(res.body.comparison!.previous).toMatchObject({ ...previous, totalSales: beforeSales });
    expect(res.body.comparison!.salesGrowth).toBe(growthOf(sum(now[0], now[1]), beforeSales));
  });

  it.each([
    {
      query: 'period=week&date=2026-03-07',
      answer: (body: DashboardResponse) => body.comparison!.previous,
      expected: () => ({
        startDate: '2026-02-22',
        endDate: '2026-02-28',
        until: null,
        totalSales: sum('2026-02-22', '2026-03-01'),
      }),
    },
    {
      query: 'period=month&date=2026-02-15',
      answer: (body: DashboardResponse) => body.comparison!.previous,
      expected: () => ({ startDate: '2026-01-01', endDate: '2026-01-31', until: null }),
    },
    {
      query: 'period=today&date=2026-03-12',
      answer: (body: DashboardResponse) => body.yesterday,
      expected: () => ({ date: '2026-03-11', until: null }),
    },
  ])(
    'compares a period that has ended ($query) with the whole period before it',
    async ({ query, answer, expected }) => {
      expect(answer((await dashboard(query)).body)).toMatchObject(expected());
    },
  );

  it('compares the last day of a longer month with the whole of the shorter month before', async () => {
    // Tuesday 31 March, 09:30: February has no 31st, so the month so far meets all of February.
    t.advanceClock(Date.parse('2026-03-31T02:30:00.000Z') - t.now().getTime());
    const month = await dashboard('period=month');
    expect(month.body.comparison!.previous).toMatchObject({
      startDate: '2026-02-01',
      endDate: '2026-02-28',
      until: null,
      totalSales: sum('2026-02-01', '2026-03-01'),
    });
    t.advanceClock(Date.parse(NOW) - t.now().getTime());
  });
});
