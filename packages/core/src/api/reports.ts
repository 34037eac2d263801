import { z } from 'zod';
import { msg, type ValidationLabel } from '../validation';
import { PAYMENT_METHODS, SALE_PAYMENT_METHODS } from './settings';
import { Id } from './common';
import { SALE_STATUSES, ShopDay } from './sales';

/**
 * Reports and dashboard (issue 15; spec 000 dashboard, spec 001 reports). Every figure is worked
 * out by the server in SQL over every sale of the range, in the shop's days (SHOP_TIMEZONE, end day
 * included). Amounts are baht (the API's edge); sales are counted net of their refunds: a wholly
 * refunded sale counts nothing, a partly refunded one counts what is left of it.
 */

/**
 * A day a report may ask about: the calendar's arithmetic (the day before, the previous year) stays
 * within four-digit years.
 */
const ReportDay = (label: ValidationLabel) =>
  ShopDay(label).refine((v) => v >= '1900-01-01' && v <= '2999-12-31', msg('date.yearRange', { label }));

/** The longest range one summary or dashboard request may cover (about ten years of shop days). */
export const REPORT_MAX_DAYS = 3700;

const dayCount = (start: string, end: string) =>
  Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;

/**
 * A report's range, checked once when both of its days are given: the end not before the start and no
 * longer than REPORT_MAX_DAYS (the summary, the dashboard's custom range and the variant report alike).
 */
function withReportRange<T extends z.ZodType<{ startDate?: string; endDate?: string }>>(schema: T): T {
  return schema
    .refine((q) => !q.startDate || !q.endDate || q.startDate <= q.endDate, {
      message: msg('sale.dateRange'),
      path: ['endDate'],
    })
    .refine((q) => !q.startDate || !q.endDate || dayCount(q.startDate, q.endDate) <= REPORT_MAX_DAYS, {
      message: msg('report.dayRangeTooLong', { max: REPORT_MAX_DAYS }),
      path: ['endDate'],
    });
}

/** `GET /api/sales/stats/summary?startDate&endDate` (both YYYY-MM-DD, end included). */
export const SalesSummaryQuery = withReportRange(
  z.object({
    startDate: ReportDay('startDate'),
    endDate: ReportDay('endDate'),
    /** Only the sales of one till (issue 35); left out, the whole shop's. */
    tillId: Id(msg('value.invalid', { label: 'tillId' })).optional(),
  }),
);
export type SalesSummaryQuery = z.input<typeof SalesSummaryQuery>;

/** The headline figures of a range, net of refunds. */
export const SalesTotals = z.object({
  /** Baht taken, less what was refunded of those sales. */
  totalSales: z.number(),
  /** Sales not wholly refunded. */
  totalOrders: z.number(),
  /** totalSales / totalOrders, rounded to the satang; 0 without orders. */
  averageOrderValue: z.number(),
  /** Units sold, less units refunded. */
  itemsSold: z.number(),
  /** Distinct customers among the counted sales (walk-in sales name none). */
  uniqueCustomers: z.number(),
  /** Baht refunded on the range's sales (already subtracted from totalSales), and how many refunds. */
  refundsTotal: z.number(),
  refundsCount: z.number(),
  /** Baht of the range's sales before any refund (totalSales + refundsTotal). */
  grossSales: z.number(),
});
export type SalesTotals = z.infer<typeof SalesTotals>;

export const PaymentMethodFigure = z.object({
  payment_method: z.enum(PAYMENT_METHODS),
  count: z.number(),
  total: z.number(),
});
export type PaymentMethodFigure = z.infer<typeof PaymentMethodFigure>;

/** One shop day: YYYY-MM-DD. */
export const DailySalesFigure = z.object({
  date: z.string(),
  total: z.number(),
  count: z.number(),
});
export type DailySalesFigure = z.infer<typeof DailySalesFigure>;

/** A product as sold (by the name on the sale lines), best sellers first by quantity. */
export const TopProductFigure = z.object({
  /** The product now; null once it has been deleted. */
  product_id: z.number().nullable(),
  name: z.string(),
  total_quantity: z.number(),
  total_revenue: z.number(),
});
export type TopProductFigure = z.infer<typeof TopProductFigure>;

export const REPORT_TOP_PRODUCTS = 10;

/**
 * Spec 001 sales stats response, plus the range and the figures the issue adds (items sold,
 * unique customers, refunds). `dailySales` has every day of the range, zero days included;
 * `topProducts` the 10 best sellers by quantity.
 */
export const SalesSummaryResponse = z.object({
  startDate: z.string(),
  endDate: z.string(),
  summary: SalesTotals,
  paymentMethods: z.array(PaymentMethodFigure),
  dailySales: z.array(DailySalesFigure),
  topProducts: z.array(TopProductFigure),
});
export type SalesSummaryResponse = z.infer<typeof SalesSummaryResponse>;

/** Spec 000 dashboard periods; the week starts on Sunday; custom needs startDate and endDate. */
export const DASHBOARD_PERIODS = ['today', 'week', 'month', 'year', 'custom'] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];

/** `GET /api/sales/stats/dashboard?period=…[&date=YYYY-MM-DD][&startDate&endDate]`. */
export const DashboardQuery = withReportRange(
  z
    .object({
      period: z.enum(DASHBOARD_PERIODS, { error: msg('value.invalid', { label: 'period' }) }).default('today'),
      /** The day the period is taken around (today, its week, month or year); default: today in the shop. */
      date: ReportDay('date').optional(),
      startDate: ReportDay('startDate').optional(),
      endDate: ReportDay('endDate').optional(),
      /** Only the sales of one till (issue 35); the shop's customer and stock counts stay the whole shop's. */
      tillId: Id(msg('value.invalid', { label: 'tillId' })).optional(),
    })
    .refine((q) => q.period !== 'custom' || (q.startDate !== undefined && q.endDate !== undefined), {
      message: msg('report.customDatesRequired'),
      path: ['startDate'],
    }),
);
export type DashboardQuery = z.input<typeof DashboardQuery>;

/** Percent growth from `previous` to `current`, 1 decimal; null when previous is 0 (no base to compare). */
export const GrowthPercent = z.number().nullable();

/** A bar of the trend chart: a shop day (YYYY-MM-DD) or a month (YYYY-MM). */
export const TrendPoint = z.object({
  key: z.string(),
  total: z.number(),
  count: z.number(),
});
export type TrendPoint = z.infer<typeof TrendPoint>;

export const DashboardRecentSale = z.object({
  id: z.number(),
  document_number: z.string(),
  created_at: z.string(),
  status: z.enum(SALE_STATUSES),
  customer_id: z.number().nullable(),
  /** Null for a walk-in sale ("general customer" on screen). */
  customer_name: z.string().nullable(),
  /** Units on the sale. */
  item_count: z.number(),
  total: z.number(),
  payment_method: z.enum(SALE_PAYMENT_METHODS),
});
export type DashboardRecentSale = z.infer<typeof DashboardRecentSale>;

/**
 * Where a running period is compared like for like (issue 31): the previous figures stop at this
 * instant (ISO-8601 UTC, excluded), the same time of day on `endDate`; null when they cover whole days.
 */
const CompareUntil = z.string().nullable();

export const PeriodFigures = z.object({
  startDate: z.string(),
  endDate: z.string(),
  until: CompareUntil,
  totalSales: z.number(),
  totalOrders: z.number(),
  averageOrderValue: z.number(),
});
export type PeriodFigures = z.infer<typeof PeriodFigures>;

/**
 * Spec 000 dashboard. `yesterday` only for period today; `comparison` for week, month, year and
 * custom (the previous week / month / year, or the same number of days before a custom range).
 * A period still running (it holds the shop's today) is compared like for like: today so far with
 * yesterday up to the same time, the week so far with the same days of last week, the month so far
 * with the same dates of last month (all of it when last month has no such date), the year so far
 * with the same stretch of last year.
 * Trend: 7 days (today: the 7 days ending today; week: Sunday to Saturday), 30 days (month: the 30
 * days ending on the month's last day, or today while the month runs), 12 months (year: January to
 * December); custom: its days, or its months when longer than 31 days.
 */
export const DashboardResponse = z.object({
  period: z.enum(DASHBOARD_PERIODS),
  /** The shop's today, by the server's clock and SHOP_TIMEZONE. */
  today: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  /** The period's figures, net of refunds (as the summary's). */
  totals: SalesTotals,
  /** Customers on file and units in stock over every active product, now. */
  totalCustomers: z.number(),
  totalStock: z.number(),
  yesterday: z
    .object({
      date: z.string(),
      until: CompareUntil,
      totalSales: z.number(),
      totalOrders: z.number(),
      /** Today's sales against yesterday's, percent. */
      salesGrowth: GrowthPercent,
      ordersGrowth: GrowthPercent,
    })
    .nullable(),
  trend: z.object({
    granularity: z.enum(['day', 'month']),
    points: z.array(TrendPoint),
  }),
  comparison: z
    .object({
      previous: PeriodFigures,
      salesGrowth: GrowthPercent,
      ordersGrowth: GrowthPercent,
      averageOrderValueGrowth: GrowthPercent,
    })
    .nullable(),
  /**
   * Spec 000 "recent sales": the first 5 of the period's sales listed newest first (as `GET /api/sales`
   * lists them), wholly refunded ones included with their status.
   */
  recentSales: z.array(DashboardRecentSale),
  /** The 5 best sellers of the period by quantity, net of refunds. */
  topProducts: z.array(TopProductFigure),
});
export type DashboardResponse = z.infer<typeof DashboardResponse>;

export const DASHBOARD_LIST_SIZE = 5;

/** A month: YYYY-MM. */
const ReportMonth = (label: ValidationLabel) =>
  z
    .string({ error: msg('month.format', { label }) })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, msg('month.format', { label }))
    .refine((v) => v >= '1900-01' && v <= '2999-12', msg('date.yearRange', { label }));

export const VAT_REPORT_MAX_MONTHS = 36;

const monthIndex = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;

/** `GET /api/sales/stats/vat?startMonth&endMonth` and `GET /api/sales/stats/vat.csv?…` (both YYYY-MM, end included). */
export const VatSummaryQuery = z
  .object({
    startMonth: ReportMonth('startMonth'),
    endMonth: ReportMonth('endMonth'),
  })
  .refine((q) => q.startMonth <= q.endMonth, {
    message: msg('report.monthOrder'),
    path: ['endMonth'],
  })
  .refine((q) => monthIndex(q.endMonth) - monthIndex(q.startMonth) < VAT_REPORT_MAX_MONTHS, {
    message: msg('report.monthRangeTooLong', { max: VAT_REPORT_MAX_MONTHS }),
    path: ['endMonth'],
  });
export type VatSummaryQuery = z.input<typeof VatSummaryQuery>;

/**
 * One month of the output-VAT working paper (ภ.พ.30), by document date in the shop's days: tax
 * invoices issued (sales with VAT) and credit notes issued that month (refunds of such sales),
 * subtracted in the month they are issued. VAT-excluded sales carry no VAT and are listed apart.
 */
export const VatMonth = z.object({
  month: z.string(),
  taxInvoiceCount: z.number(),
  /** Value before VAT and VAT of the month's tax invoices. */
  taxableBase: z.number(),
  vat: z.number(),
  firstTaxInvoice: z.string().nullable(),
  lastTaxInvoice: z.string().nullable(),
  vatExcludedCount: z.number(),
  vatExcludedSales: z.number(),
  creditNoteCount: z.number(),
  creditNoteBase: z.number(),
  creditNoteVat: z.number(),
  firstCreditNote: z.string().nullable(),
  lastCreditNote: z.string().nullable(),
  /** taxableBase − creditNoteBase and vat − creditNoteVat: what the month's return declares. */
  netTaxableBase: z.number(),
  netVat: z.number(),
});
export type VatMonth = z.infer<typeof VatMonth>;

export const VatSummaryResponse = z.object({
  startMonth: z.string(),
  endMonth: z.string(),
  /** Every month of the range, oldest first, empty months included. */
  months: z.array(VatMonth),
  /** The months added up (first/last numbers across the range). */
  total: VatMonth.omit({ month: true }),
});
export type VatSummaryResponse = z.infer<typeof VatSummaryResponse>;

/** Column headings of the VAT summary CSV (`vat_summary_{start}_{end}.csv`), in the order written. */
export const VAT_CSV_COLUMNS = [
  'เดือน',
  'จำนวนใบกำกับภาษี',
  'ใบกำกับภาษีเลขที่ (ตั้งแต่)',
  'ใบกำกับภาษีเลขที่ (ถึง)',
  'มูลค่าก่อนภาษี',
  'ภาษีขาย',
  'จำนวนใบลดหนี้',
  'ใบลดหนี้เลขที่ (ตั้งแต่)',
  'ใบลดหนี้เลขที่ (ถึง)',
  'มูลค่าใบลดหนี้ก่อนภาษี',
  'ภาษีตามใบลดหนี้',
  'มูลค่าสุทธิ',
  'ภาษีขายสุทธิ',
  'จำนวนรายการยกเว้น VAT',
  'ยอดขายยกเว้น VAT',
] as const;

export const VAT_CSV_PREFIX = 'vat_summary';

/**
 * `GET /api/reports/products/:id/variants?startDate&endDate` (issue 34): one style's sales over the
 * range's shop days by size, by colour and by variant, with each variant's stock now. Counted as the
 * best sellers count: the units kept of the range's sales (sold less refunded, whenever refunded) at the
 * line's price (before the sale's discount and tax).
 */
/**
 * `GET /api/reports/products/:id/variants?startDate&endDate`: the range as the summary takes it, or, with
 * neither date, the last 30 shop days up to today.
 */
export const VariantReportQuery = withReportRange(
  z
    .object({ startDate: ReportDay('startDate').optional(), endDate: ReportDay('endDate').optional() })
    .refine((q) => (q.startDate === undefined) === (q.endDate === undefined), {
      message: msg('date.format', { label: 'endDate' }),
      path: ['endDate'],
    }),
);
/** Days a variant report covers when no range is given. */
export const VARIANT_REPORT_DEFAULT_DAYS = 30;
export type VariantReportQuery = z.input<typeof VariantReportQuery>;

/** Units kept and their baht, under a size or a colour as the sale lines recorded it (null: none). */
export const VariantSalesFigure = z.object({
  value: z.string().nullable(),
  quantity: z.number(),
  revenue: z.number(),
});
export type VariantSalesFigure = z.infer<typeof VariantSalesFigure>;

export const VariantSellThrough = z.object({
  variant_id: z.number(),
  size: z.string().nullable(),
  color: z.string().nullable(),
  /** "โปโล ดำ / M" (core `variantName`). */
  name: z.string(),
  active: z.boolean(),
  /** Units kept of the range's sales, and their baht. */
  sold: z.number(),
  revenue: z.number(),
  /** Units on the shelf now. */
  stock: z.number(),
  /** sold / (sold + stock) in percent, one decimal (stock below zero counts as none); null when both are 0. */
  sell_through: z.number().nullable(),
});
export type VariantSellThrough = z.infer<typeof VariantSellThrough>;

export const VariantReportResponse = z.object({
  product: z.object({ id: z.number(), name: z.string() }),
  startDate: z.string(),
  endDate: z.string(),
  /** The style's sizes in its own order (a size sold but since dropped after them), no size last. */
  bySize: z.array(VariantSalesFigure),
  /** The same by colour. */
  byColor: z.array(VariantSalesFigure),
  /**
   * Every variant in grid order: the active ones, and a switched-off one while it holds stock or sold
   * in the range.
   */
  variants: z.array(VariantSellThrough),
  /** Lines sold before they were linked to a variant, and stock counted for the style but not per variant. */
  unassigned: z.object({ sold: z.number(), revenue: z.number(), stock: z.number() }),
  /** Every line of the style in the range. */
  total: z.object({ quantity: z.number(), revenue: z.number() }),
});
export type VariantReportResponse = z.infer<typeof VariantReportResponse>;

/** Sell-through in percent, one decimal: sold / (sold + stock), stock below zero counting as none; null without either. */
export function sellThroughPercent(sold: number, stock: number): number | null {
  const base = sold + Math.max(stock, 0);
  return base <= 0 ? null : Math.round((sold / base) * 1000) / 10;
}
