import {
  DASHBOARD_LIST_SIZE,
  REPORT_TOP_PRODUCTS,
  satangToBaht,
  type DashboardPeriod,
  type DashboardQuery,
  type DashboardResponse,
  type PaymentMethod,
  type SalePaymentMethod,
  type SaleStatus,
  type SalesSummaryQuery,
  type SalesSummaryResponse,
  type SalesTotals,
  type TopProductFigure,
} from '@pos/core';
import type { z } from 'zod';
import type { Deps } from '../../deps';
import { shopDayEnd, shopDayStart } from '../../calendar/shop-day';
import {
  addDays,
  addMonths,
  dayCount,
  daysOf,
  firstDayOf,
  lastDayOf,
  monthOf,
  monthsOf,
  shopToday,
  splitByMonths,
  weekStart,
} from '../../calendar/calendar';
import {
  dayTotals,
  figuresByBucket,
  figuresByPaymentMethod,
  instantTotals,
  newestSales,
  shopCounts,
  tillExists,
  topProducts,
  uniqueCustomers,
  WHOLE_SHOP,
  type Bucket,
  type DayBucket,
  type DayRange,
  type Instant,
  type ReportScope,
  type TopProductRow,
} from './reports.queries';
import { notFound } from '../../http/app-error';

type ReportDeps = Pick<Deps, 'db' | 'config' | 'now'>;

/** The instants a range of shop days covers, end day included. */
function instantOf(startDate: string, endDate: string, timeZone: string): Instant {
  return { from: shopDayStart(startDate, timeZone), to: shopDayEnd(endDate, timeZone) };
}

/** Each day as its instants (rebuilding the rollups from the sales). */
export function dayBuckets(days: string[], timeZone: string): Bucket[] {
  return days.map((day) => ({ key: day, ...instantOf(day, day, timeZone) }));
}

/** Each month as its instants (the VAT summary reads the sales themselves). */
export function monthBuckets(months: string[], timeZone: string): Bucket[] {
  return months.map((month) => ({ key: month, ...instantOf(firstDayOf(month), lastDayOf(month), timeZone) }));
}

/** The trend's buckets as runs of shop days: the rollups are keyed by day. */
function trendBuckets(granularity: 'day' | 'month', keys: string[]): DayBucket[] {
  return granularity === 'day'
    ? keys.map((day) => ({ key: day, first: day, last: day }))
    : keys.map((month) => ({ key: month, first: firstDayOf(month), last: lastDayOf(month) }));
}

/** Baht per order, to the satang; 0 without orders. */
const average = (satang: number, orders: number) => (orders === 0 ? 0 : satangToBaht(Math.round(satang / orders)));

/** Percent change, one decimal; null without a base. */
export function growth(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

/** Whose figures: the whole shop's, or (a till named) that till's, its days as the shop's instants. */
async function scopeOf(deps: ReportDeps, tillId: number | undefined): Promise<ReportScope> {
  if (tillId === undefined) return WHOLE_SHOP;
  if (!(await tillExists(deps.db.reader, tillId))) throw notFound('TILL_NOT_FOUND');
  const zone = deps.config.shopTimezone;
  return { tillId, days: (range) => dayBuckets(daysOf(range.first, range.last), zone) };
}

/** The range's figures, from the per-day rollups (`rollups.service.ts`), or a till's from its sales. */
async function totalsOf(deps: ReportDeps, range: DayRange, scope: ReportScope): Promise<SalesTotals> {
  const db = deps.db.reader;
  const days = await dayTotals(db, range, scope);
  const customers = await uniqueCustomers(db, range, scope);
  const net = days.gross - days.refunded;
  return {
    totalSales: satangToBaht(net),
    totalOrders: days.orders,
    averageOrderValue: average(net, days.orders),
    itemsSold: days.units,
    uniqueCustomers: customers,
    refundsTotal: satangToBaht(days.refunded),
    refundsCount: days.refunds,
    grossSales: satangToBaht(days.gross),
  };
}

/** Net figures for each bucket, every bucket present (zero when nothing was sold). */
async function series(deps: ReportDeps, buckets: DayBucket[], scope: ReportScope) {
  const rows = new Map((await figuresByBucket(deps.db.reader, buckets, scope)).map((r) => [r.key, r]));
  return buckets.map((b) => {
    const row = rows.get(b.key);
    return { key: b.key, total: satangToBaht((row?.gross ?? 0) - (row?.refunded ?? 0)), count: row?.orders ?? 0 };
  });
}

const toTopProduct = (row: TopProductRow): TopProductFigure => ({
  product_id: row.product_id,
  name: row.name,
  total_quantity: row.quantity,
  total_revenue: satangToBaht(row.revenue),
});

/** `GET /api/sales/stats/summary`: spec 001's sales stats over every sale of the range, net of refunds. */
export async function salesSummary(
  deps: ReportDeps,
  query: z.output<typeof SalesSummaryQuery>,
): Promise<SalesSummaryResponse> {
  const { startDate, endDate } = query;
  const range = { first: startDate, last: endDate };
  const db = deps.db.reader;
  const scope = await scopeOf(deps, query.tillId);
  const summary = await totalsOf(deps, range, scope);
  const methods = await figuresByPaymentMethod(db, range, scope);
  const daily = await series(deps, trendBuckets('day', daysOf(startDate, endDate)), scope);
  const top = await topProducts(db, splitByMonths(startDate, endDate), REPORT_TOP_PRODUCTS, scope);
  return {
    startDate,
    endDate,
    summary,
    paymentMethods: methods
      .map((m) => ({
        payment_method: m.key as PaymentMethod,
        count: m.orders,
        total: satangToBaht(m.gross - m.refunded),
      }))
      .sort((a, b) => b.total - a.total || a.payment_method.localeCompare(b.payment_method)),
    dailySales: daily.map((d) => ({ date: d.key, total: d.total, count: d.count })),
    topProducts: top.map(toTopProduct),
  };
}

/** What a comparison shows of the period before. */
interface PreviousFigures {
  totalSales: number;
  totalOrders: number;
  averageOrderValue: number;
}

/** Days `startDate`..`endDate`, cut at the instant `until` on the last day when it is not null. */
interface CompareWindow {
  startDate: string;
  endDate: string;
  until: string | null;
}

async function previousFigures(deps: ReportDeps, window: CompareWindow, scope: ReportScope): Promise<PreviousFigures> {
  if (window.until === null) return totalsOf(deps, { first: window.startDate, last: window.endDate }, scope);
  const from = shopDayStart(window.startDate, deps.config.shopTimezone);
  const row = await instantTotals(deps.db.reader, { from, to: window.until }, scope);
  const net = row.gross - row.refunded;
  return { totalSales: satangToBaht(net), totalOrders: row.orders, averageOrderValue: average(net, row.orders) };
}

/** `day` moved back by whole months (its date kept), or null where that month has no such date. */
function sameDateMonthsBefore(day: string, months: number): string | null {
  const month = addMonths(monthOf(day), -months);
  const date = `${month}-${day.slice(8)}`;
  return date <= lastDayOf(month) ? date : null;
}

/**
 * The previous period to compare with (issue 31: like for like). A period still running is met with
 * the same stretch of the one before: the same days, and on the last of them only up to the time it
 * is now; where the previous month (or February a year back) has no such date, all of it. A period
 * that has ended is met with the whole one before.
 */
export function compareWindow(
  period: Exclude<DashboardPeriod, 'custom'>,
  whole: { startDate: string; endDate: string },
  current: { startDate: string; endDate: string },
  now: Date,
  today: string,
  timeZone: string,
): CompareWindow {
  const running = current.startDate <= today && today <= current.endDate;
  if (!running) return { ...whole, until: null };
  const sameDay =
    period === 'today'
      ? addDays(today, -1)
      : period === 'week'
        ? addDays(today, -7)
        : sameDateMonthsBefore(today, period === 'month' ? 1 : 12);
  if (sameDay === null) return { ...whole, until: null };
  const sinceMidnight = now.getTime() - Date.parse(shopDayStart(today, timeZone));
  const until = new Date(Date.parse(shopDayStart(sameDay, timeZone)) + sinceMidnight).toISOString();
  return { startDate: whole.startDate, endDate: sameDay, until };
}

interface PeriodPlan {
  startDate: string;
  endDate: string;
  trend: { granularity: 'day' | 'month'; buckets: string[] };
  previous: { startDate: string; endDate: string } | null;
}

/** Spec 000's periods around `day` (the shop's today unless the request names a day). */
export function planPeriod(query: z.output<typeof DashboardQuery>, today: string): PeriodPlan {
  const day = query.date ?? today;
  switch (query.period) {
    case 'today':
      return {
        startDate: day,
        endDate: day,
        trend: { granularity: 'day', buckets: daysOf(addDays(day, -6), day) },
        previous: null,
      };
    case 'week': {
      const start = weekStart(day);
      return {
        startDate: start,
        endDate: addDays(start, 6),
        trend: { granularity: 'day', buckets: daysOf(start, addDays(start, 6)) },
        previous: { startDate: addDays(start, -7), endDate: addDays(start, -1) },
      };
    }
    case 'month': {
      const month = monthOf(day);
      const end = lastDayOf(month);
      // 30 bars ending on the month's last day, or on today while the month runs.
      const trendEnd = today >= firstDayOf(month) && today < end ? today : end;
      const previous = addMonths(month, -1);
      return {
        startDate: firstDayOf(month),
        endDate: end,
        trend: { granularity: 'day', buckets: daysOf(addDays(trendEnd, -29), trendEnd) },
        previous: { startDate: firstDayOf(previous), endDate: lastDayOf(previous) },
      };
    }
    case 'year': {
      const year = day.slice(0, 4);
      const previousYear = String(Number(year) - 1).padStart(4, '0');
      return {
        startDate: `${year}-01-01`,
        endDate: `${year}-12-31`,
        trend: { granularity: 'month', buckets: monthsOf(`${year}-01`, `${year}-12`) },
        previous: { startDate: `${previousYear}-01-01`, endDate: `${previousYear}-12-31` },
      };
    }
    case 'custom': {
      // The schema makes both dates present for custom.
      const startDate = query.startDate ?? day;
      const endDate = query.endDate ?? day;
      const days = dayCount(startDate, endDate);
      return {
        startDate,
        endDate,
        trend:
          days <= 31
            ? { granularity: 'day', buckets: daysOf(startDate, endDate) }
            : { granularity: 'month', buckets: monthsOf(monthOf(startDate), monthOf(endDate)) },
        previous: { startDate: addDays(startDate, -days), endDate: addDays(startDate, -1) },
      };
    }
  }
}

/** `GET /api/sales/stats/dashboard`: spec 000's dashboard figures for one period. */
export async function dashboard(deps: ReportDeps, query: z.output<typeof DashboardQuery>): Promise<DashboardResponse> {
  const tz = deps.config.shopTimezone;
  const db = deps.db.reader;
  const now = deps.now();
  const today = shopToday(now, tz);
  const plan = planPeriod(query, today);
  const range = { first: plan.startDate, last: plan.endDate };
  const scope = await scopeOf(deps, query.tillId);
  const totals = await totalsOf(deps, range, scope);
  const counts = await shopCounts(db);

  let yesterday: DashboardResponse['yesterday'] = null;
  if (query.period === 'today') {
    const date = addDays(plan.startDate, -1);
    const window = compareWindow('today', { startDate: date, endDate: date }, plan, now, today, tz);
    const before = await previousFigures(deps, window, scope);
    yesterday = {
      date,
      until: window.until,
      totalSales: before.totalSales,
      totalOrders: before.totalOrders,
      salesGrowth: growth(totals.totalSales, before.totalSales),
      ordersGrowth: growth(totals.totalOrders, before.totalOrders),
    };
  }

  let comparison: DashboardResponse['comparison'] = null;
  if (plan.previous) {
    const window =
      query.period === 'custom'
        ? { ...plan.previous, until: null }
        : compareWindow(query.period, plan.previous, plan, now, today, tz);
    const before = await previousFigures(deps, window, scope);
    comparison = {
      previous: {
        ...window,
        totalSales: before.totalSales,
        totalOrders: before.totalOrders,
        averageOrderValue: before.averageOrderValue,
      },
      salesGrowth: growth(totals.totalSales, before.totalSales),
      ordersGrowth: growth(totals.totalOrders, before.totalOrders),
      averageOrderValueGrowth: growth(totals.averageOrderValue, before.averageOrderValue),
    };
  }

  const buckets = trendBuckets(plan.trend.granularity, plan.trend.buckets);
  // The newest sales are rows, not sums: read over the period's instants (index on created_at).
  const recent = await newestSales(db, instantOf(plan.startDate, plan.endDate, tz), DASHBOARD_LIST_SIZE, scope);
  const top = await topProducts(db, splitByMonths(plan.startDate, plan.endDate), DASHBOARD_LIST_SIZE, scope);
  return {
    period: query.period,
    today,
    startDate: plan.startDate,
    endDate: plan.endDate,
    totals,
    totalCustomers: counts.customers,
    totalStock: counts.stock,
    yesterday,
    trend: { granularity: plan.trend.granularity, points: await series(deps, buckets, scope) },
    comparison,
    recentSales: recent.map((s) => ({
      ...s,
      status: s.status as SaleStatus,
      payment_method: s.payment_method as SalePaymentMethod,
      total: satangToBaht(s.total),
    })),
    topProducts: top.map(toTopProduct),
  };
}
