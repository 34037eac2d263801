import { SPLIT_PAYMENT } from '@pos/core';
import { sql, type RawBuilder } from 'kysely';
import type { DbExecutor } from '../../db/executor';
import { firstDayOf, lastDayOf } from '../../calendar/calendar';
import { customerDaysOf, productDaysOf, reportDaysOf } from './rollup-sources.queries';

/** [from, to) as ISO-8601 UTC text, the way `sales.created_at` is stored (so text order is time order). */
export interface Instant {
  from: string;
  to: string;
}

/** A named slice of time: a shop day or a month, as instants. */
export interface Bucket extends Instant {
  key: string;
}

/** Sums come back as numeric text on PostgreSQL and numbers on SQLite; null when nothing matched. */
const num = (value: unknown): number => Number(value ?? 0);

const inRange = (column: string, range: Instant) =>
  sql`${sql.ref(column)} >= ${range.from} and ${sql.ref(column)} < ${range.to}`;

/** Shop days (YYYY-MM-DD in SHOP_TIMEZONE), both included: how the report rollups are keyed. */
export interface DayRange {
  first: string;
  last: string;
}

/** A named run of days: a day or a month of a trend. */
export interface DayBucket extends DayRange {
  key: string;
}

const inDays = (range: DayRange) => sql`day >= ${range.first} and day <= ${range.last}`;

/**
 * Whose figures a report reads: the whole shop's (the rollup tables), or one till's (issue 35), computed from
 * its sales over the range's days by the rollups' own definitions (rollup-sources.queries.ts); `days` turns a
 * range of shop days into their instants.
 */
export type ReportScope = { tillId: null } | { tillId: number; days: (range: DayRange) => Bucket[] };
export const WHOLE_SHOP: ReportScope = { tillId: null };

const reportDays = (scope: ReportScope, range: DayRange) =>
  scope.tillId === null ? sql`report_days` : sql`(${reportDaysOf(scope.days(range), scope.tillId)})`;
const customerDays = (scope: ReportScope, range: DayRange) =>
  scope.tillId === null ? sql`report_customer_days` : sql`(${customerDaysOf(scope.days(range), scope.tillId)})`;
const atTill = (scope: ReportScope) => (scope.tillId === null ? sql`` : sql` and s.till_id = ${scope.tillId}`);

export interface DayTotalsRow {
  /** Satang of every sale made in the range, refunded or not. */
  gross: number;
  /** Sales not wholly refunded. */
  orders: number;
  /** Refunds given on those sales (whenever refunded): satang and how many. */
  refunded: number;
  refunds: number;
  /** Units sold less units refunded. */
  units: number;
}

/** The range's figures, added up from its days' rollups. */
export async function dayTotals(db: DbExecutor, range: DayRange, scope = WHOLE_SHOP): Promise<DayTotalsRow> {
  const { rows } = await sql<Record<string, unknown>>`
    select sum(gross) as gross, sum(orders) as orders, sum(refunded) as refunded, sum(refunds) as refunds,
      sum(units) as units
    from ${reportDays(scope, range)} d where ${inDays(range)}`.execute(db);
  const row = rows[0] ?? {};
  return {
    gross: num(row.gross),
    orders: num(row.orders),
    refunded: num(row.refunded),
    refunds: num(row.refunds),
    units: num(row.units),
  };
}

/**
 * The same figures for the sales made in an instant range, from the sales themselves (a running
 * period's like-for-like comparison stops mid-day, where the day rollups cannot). Refunds count as
 * the rollups count them: on the sale, whenever given.
 */
export async function instantTotals(
  db: DbExecutor,
  range: Instant,
  scope = WHOLE_SHOP,
): Promise<Omit<DayTotalsRow, 'units'>> {
  const { rows } = await sql<Record<string, unknown>>`
    select sum(s.total) as gross,
      sum(case when s.status <> 'refunded' then 1 else 0 end) as orders,
      sum(coalesce((select sum(r.amount) from refunds r where r.sale_id = s.id), 0)) as refunded,
      sum((select count(*) from refunds r where r.sale_id = s.id)) as refunds
    from sales s where ${inRange('s.created_at', range)}${atTill(scope)}`.execute(db);
  const row = rows[0] ?? {};
  return { gross: num(row.gross), orders: num(row.orders), refunded: num(row.refunded), refunds: num(row.refunds) };
}

/** Distinct customers with a sale not wholly refunded in the range (a set, so not a sum of days). */
export async function uniqueCustomers(db: DbExecutor, range: DayRange, scope = WHOLE_SHOP): Promise<number> {
  const { rows } = await sql<Record<string, unknown>>`
    select count(distinct customer_id) as n from ${customerDays(scope, range)} c where ${inDays(range)}`.execute(db);
  return num(rows[0]?.n);
}

export interface GroupRow {
  key: string;
  gross: number;
  orders: number;
  refunded: number;
}

const toGroupRow = (r: Record<string, unknown>): GroupRow => ({
  key: String(r.key),
  gross: num(r.gross),
  orders: num(r.orders),
  refunded: num(r.refunded),
});

/** The days from the earliest first to the latest last of some ranges; null for none. */
function spanOf(ranges: readonly DayRange[]): DayRange | null {
  if (ranges.length === 0) return null;
  return {
    first: ranges.reduce((first, r) => (r.first < first ? r.first : first), ranges[0]!.first),
    last: ranges.reduce((last, r) => (r.last > last ? r.last : last), ranges[0]!.last),
  };
}

/** Gross, counted sales and refunds per bucket of days (by the day the sale was made). */
export async function figuresByBucket(db: DbExecutor, buckets: DayBucket[], scope = WHOLE_SHOP): Promise<GroupRow[]> {
  if (buckets.length === 0) return [];
  const rows = buckets.map((b) => sql`(${b.key}, ${b.first}, ${b.last})`);
  const span = spanOf(buckets)!;
  const result = await sql<Record<string, unknown>>`
    with buckets(bkey, bfirst, blast) as (values ${sql.join(rows)})
    select b.bkey as key, sum(d.gross) as gross, sum(d.orders) as orders, sum(d.refunded) as refunded
    from buckets b join ${reportDays(scope, span)} d on d.day >= b.bfirst and d.day <= b.blast
    group by b.bkey`.execute(db);
  return result.rows.map(toGroupRow);
}

/**
 * The same per payment method: a split bill's parts under their own methods, each counting the bill
 * once (so the counts may add up to more than the bills); the split rows' corrections left out.
 */
export async function figuresByPaymentMethod(db: DbExecutor, range: DayRange, scope = WHOLE_SHOP): Promise<GroupRow[]> {
  const { rows } = await sql<Record<string, unknown>>`
    select payment_method as key, sum(gross) as gross, sum(orders) as orders, sum(refunded) as refunded
    from ${reportDays(scope, range)} d where ${inDays(range)} and payment_method <> ${SPLIT_PAYMENT}
    group by payment_method`.execute(db);
  return rows.map(toGroupRow);
}

export interface TopProductRow {
  product_id: number | null;
  name: string;
  quantity: number;
  /** Satang: price × units kept (line value before the sale's discount and tax). */
  revenue: number;
}

/** A range of shop days as whole months (YYYY-MM, both included) and the days outside them. */
export interface MonthsAndDays {
  months: { first: string; last: string } | null;
  days: DayRange[];
}

/**
 * Best sellers of the range's sales by units kept (sold less refunded), then value, then name: whole
 * months from the monthly rows, the days around them from the daily ones.
 */
export async function topProducts(
  db: DbExecutor,
  range: MonthsAndDays,
  limit: number,
  scope = WHOLE_SHOP,
): Promise<TopProductRow[]> {
  const parts = scope.tillId !== null ? tillProductDays(range, scope) : shopProductRows(range);
  if (parts.length === 0) return [];
  const { rows } = await sql<Record<string, unknown>>`
    select product_name as name, max(product_id) as product_id, sum(quantity) as quantity, sum(revenue) as revenue
    from (${sql.join(parts, sql` union all `)}) p
    group by product_name
    having sum(quantity) > 0
    order by quantity desc, revenue desc, name
    limit ${limit}`.execute(db);
  return rows.map((r) => ({
    product_id: r.product_id === null || r.product_id === undefined ? null : num(r.product_id),
    name: String(r.name),
    quantity: num(r.quantity),
    revenue: num(r.revenue),
  }));
}

/** A till's best-seller rows of the whole range, from its sales (only the whole shop's are rolled up by month). */
function tillProductDays(range: MonthsAndDays, scope: ReportScope & { tillId: number }): RawBuilder<unknown>[] {
  const spans = [
    ...(range.months ? [{ first: firstDayOf(range.months.first), last: lastDayOf(range.months.last) }] : []),
    ...range.days,
  ];
  const span = spanOf(spans);
  if (!span) return [];
  const rows = productDaysOf(scope.days(span), scope.tillId);
  return [sql`select product_name, product_id, quantity, revenue from (${rows}) t0`];
}

function shopProductRows(range: MonthsAndDays): RawBuilder<unknown>[] {
  return [
    ...(range.months
      ? [
          sql`select product_name, product_id, quantity, revenue from report_product_months
            where month >= ${range.months.first} and month <= ${range.months.last}`,
        ]
      : []),
    ...range.days.map(
      (days) => sql`select product_name, product_id, quantity, revenue from report_product_days where ${inDays(days)}`,
    ),
  ];
}

export interface RecentSaleRow {
  id: number;
  document_number: string;
  created_at: string;
  status: string;
  customer_id: number | null;
  customer_name: string | null;
  item_count: number;
  total: number;
  payment_method: string;
}

/** The newest sales of the range with their unit counts (keyset order of the sales history). */
export async function newestSales(
  db: DbExecutor,
  range: Instant,
  limit: number,
  scope = WHOLE_SHOP,
): Promise<RecentSaleRow[]> {
  const { rows } = await sql<Record<string, unknown>>`
    select s.id, s.document_number, s.created_at, s.status, s.customer_id, s.customer_name, s.total,
      s.payment_method,
      (select sum(si.quantity) from sale_items si where si.sale_id = s.id) as item_count
    from sales s where ${inRange('s.created_at', range)}${atTill(scope)}
    order by s.created_at desc, s.id desc
    limit ${limit}`.execute(db);
  return rows.map((r) => ({
    id: num(r.id),
    document_number: String(r.document_number),
    created_at: String(r.created_at),
    status: String(r.status),
    customer_id: r.customer_id === null ? null : num(r.customer_id),
    customer_name: r.customer_name === null ? null : String(r.customer_name),
    item_count: num(r.item_count),
    total: num(r.total),
    payment_method: String(r.payment_method),
  }));
}

/** Whether a till of this id exists (switched on or off: its sales are still reported). */
export async function tillExists(db: DbExecutor, id: number): Promise<boolean> {
  return (await db.selectFrom('tills').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** Customers on file and units on the shelf of products not deleted, now. */
export async function shopCounts(db: DbExecutor): Promise<{ customers: number; stock: number }> {
  const customers = await sql<Record<string, unknown>>`
    select count(*) as n from customers where deleted_at is null`.execute(db);
  const stock = await sql<Record<string, unknown>>`
    select sum(stock) as n from products where deleted_at is null`.execute(db);
  return { customers: num(customers.rows[0]?.n), stock: num(stock.rows[0]?.n) };
}

/** Instant buckets as a table the same SQL joins on both engines. */
export function bucketTable(buckets: Bucket[]): RawBuilder<unknown> {
  const rows = buckets.map((b) => sql`(${b.key}, ${b.from}, ${b.to})`);
  return sql`buckets(bkey, bfrom, bto) as (values ${sql.join(rows)})`;
}

export interface InvoiceMonthRow {
  key: string;
  invoices: number;
  total: number;
  tax: number;
  first: string | null;
  last: string | null;
  excludedCount: number;
  excludedTotal: number;
}

/** Per month: tax invoices (sales with VAT) and VAT-excluded sales issued in it. */
export async function invoicesByMonth(db: DbExecutor, months: Bucket[]): Promise<InvoiceMonthRow[]> {
  const { rows } = await sql<Record<string, unknown>>`
    with ${bucketTable(months)}
    select b.bkey as key,
      sum(case when s.exclude_vat = 0 then 1 else 0 end) as invoices,
      sum(case when s.exclude_vat = 0 then s.total else 0 end) as total,
      sum(case when s.exclude_vat = 0 then s.tax else 0 end) as tax,
      min(case when s.exclude_vat = 0 then s.document_number end) as first,
      max(case when s.exclude_vat = 0 then s.document_number end) as last,
      sum(case when s.exclude_vat = 0 then 0 else 1 end) as excluded_count,
      sum(case when s.exclude_vat = 0 then 0 else s.total end) as excluded_total
    from buckets b join sales s on s.created_at >= b.bfrom and s.created_at < b.bto
    group by b.bkey`.execute(db);
  return rows.map((r) => ({
    key: String(r.key),
    invoices: num(r.invoices),
    total: num(r.total),
    tax: num(r.tax),
    first: r.first === null ? null : String(r.first),
    last: r.last === null ? null : String(r.last),
    excludedCount: num(r.excluded_count),
    excludedTotal: num(r.excluded_total),
  }));
}

export interface CreditNoteRow {
  number: string;
  created_at: string;
  amount: number;
  /** The VAT the refund gave back, as stored on it when it was made. */
  vat: number;
}

/** Credit notes issued in the range (by the refund's date), with their amount and VAT. */
export async function creditNotes(db: DbExecutor, range: Instant): Promise<CreditNoteRow[]> {
  const { rows } = await sql<Record<string, unknown>>`
    select r.credit_note_number as number, r.created_at, r.amount, r.vat
    from refunds r
    where r.credit_note_number is not null and ${inRange('r.created_at', range)}
    order by r.created_at, r.id`.execute(db);
  return rows.map((r) => ({
    number: String(r.number),
    created_at: String(r.created_at),
    amount: num(r.amount),
    vat: num(r.vat),
  }));
}

/** A live style (product) as its variant report needs it; undefined when missing or deleted. */
export async function findStyle(
  db: DbExecutor,
  id: number,
): Promise<{ id: number; name: string; sizes: string; colors: string; unassigned_stock: number } | undefined> {
  return db
    .selectFrom('products')
    .select(['id', 'name', 'sizes', 'colors', 'unassigned_stock'])
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export interface StyleVariantRow {
  id: number;
  size: string | null;
  color: string | null;
  stock: number;
  active: number;
}

export async function styleVariants(db: DbExecutor, productId: number): Promise<StyleVariantRow[]> {
  return db
    .selectFrom('product_variants')
    .select(['id', 'size', 'color', 'stock', 'active'])
    .where('product_id', '=', productId)
    .orderBy('id')
    .execute();
}

export interface StyleLineRow {
  variant_id: number | null;
  size: string | null;
  color: string | null;
  /** Units kept: sold less refunded (whenever refunded). */
  quantity: number;
  /** Satang: price × units kept. */
  revenue: number;
}

/**
 * A style's lines sold in the instants, per variant and recorded size and colour, counted as the
 * best-seller rollups count them (`insertRollupsOf`): units kept at the line's price.
 */
export async function styleLines(db: DbExecutor, productId: number, range: Instant): Promise<StyleLineRow[]> {
  const { rows } = await sql<Record<string, unknown>>`
    select l.variant_id, l.size, l.color, sum(l.kept) as quantity, sum(l.price * l.kept) as revenue
    from (
      select si.variant_id, si.size, si.color, si.price,
        si.quantity - coalesce((select sum(ri.quantity) from refund_items ri where ri.sale_item_id = si.id), 0) as kept
      from sales s join sale_items si on si.sale_id = s.id
      where si.product_id = ${productId} and ${inRange('s.created_at', range)}
    ) l
    group by l.variant_id, l.size, l.color`.execute(db);
  return rows.map((r) => ({
    variant_id: r.variant_id === null || r.variant_id === undefined ? null : num(r.variant_id),
    size: r.size === null || r.size === undefined ? null : String(r.size),
    color: r.color === null || r.color === undefined ? null : String(r.color),
    quantity: num(r.quantity),
    revenue: num(r.revenue),
  }));
}
