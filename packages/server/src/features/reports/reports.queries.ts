import { sql, type RawBuilder } from 'kysely';
import type { DbExecutor } from '../../db/executor';

/** [from, to) as ISO-8601 UTC text, the way `sales.created_at` is stored (so text order is time order). */
export interface Instant {
  from: string;
  to: string;
}

/** A named slice of time: a shop day or a month. */
export interface Bucket extends Instant {
  key: string;
}

/** Sums come back as numeric text on PostgreSQL and numbers on SQLite; null when nothing matched. */
const num = (value: unknown): number => Number(value ?? 0);

const inRange = (column: string, range: Instant) =>
  sql`${sql.ref(column)} >= ${range.from} and ${sql.ref(column)} < ${range.to}`;

/** Sales the figures count: a wholly refunded sale is left out of every count. */
const COUNTED = sql`s.status <> 'refunded'`;

export interface SaleTotalsRow {
  gross: number;
  orders: number;
  customers: number;
}

/** Gross baht, sales not wholly refunded, and their distinct customers, over the sales made in the range. */
export async function saleTotals(db: DbExecutor, range: Instant): Promise<SaleTotalsRow> {
  const { rows } = await sql<Record<string, unknown>>`
    select sum(s.total) as gross,
      sum(case when ${COUNTED} then 1 else 0 end) as orders,
      count(distinct case when ${COUNTED} then s.customer_id end) as customers
    from sales s where ${inRange('s.created_at', range)}`.execute(db);
  const row = rows[0] ?? {};
  return { gross: num(row.gross), orders: num(row.orders), customers: num(row.customers) };
}

/** Refunds given on the sales made in the range (whenever refunded): baht and how many. */
export async function refundTotals(db: DbExecutor, range: Instant): Promise<{ amount: number; count: number }> {
  const { rows } = await sql<Record<string, unknown>>`
    select sum(r.amount) as amount, count(r.id) as count
    from refunds r join sales s on s.id = r.sale_id
    where ${inRange('s.created_at', range)}`.execute(db);
  return { amount: num(rows[0]?.amount), count: num(rows[0]?.count) };
}

/** Units sold on the range's sales, and units refunded of them. */
export async function unitTotals(db: DbExecutor, range: Instant): Promise<{ sold: number; refunded: number }> {
  const sold = await sql<Record<string, unknown>>`
    select sum(si.quantity) as units
    from sales s join sale_items si on si.sale_id = s.id
    where ${inRange('s.created_at', range)}`.execute(db);
  const refunded = await sql<Record<string, unknown>>`
    select sum(ri.quantity) as units
    from refund_items ri join refunds r on r.id = ri.refund_id join sales s on s.id = r.sale_id
    where ${inRange('s.created_at', range)}`.execute(db);
  return { sold: num(sold.rows[0]?.units), refunded: num(refunded.rows[0]?.units) };
}

export interface GroupRow {
  key: string;
  gross: number;
  orders: number;
  refunded: number;
}

/** The buckets as a table the same SQL joins on both engines. */
function bucketTable(buckets: Bucket[]): RawBuilder<unknown> {
  const rows = buckets.map((b) => sql`(${b.key}, ${b.from}, ${b.to})`);
  return sql`buckets(bkey, bfrom, bto) as (values ${sql.join(rows)})`;
}

/**
 * Gross, counted sales and refunds per bucket (by when the sale was made): one index range over
 * `sales.created_at` per bucket, so any time zone's days (DST included) are bucketed exactly.
 */
export async function figuresByBucket(db: DbExecutor, buckets: Bucket[]): Promise<GroupRow[]> {
  if (buckets.length === 0) return [];
  const table = bucketTable(buckets);
  const sales = await sql<Record<string, unknown>>`
    with ${table}
    select b.bkey as key, sum(s.total) as gross, sum(case when ${COUNTED} then 1 else 0 end) as orders
    from buckets b join sales s on s.created_at >= b.bfrom and s.created_at < b.bto
    group by b.bkey`.execute(db);
  const refunds = await sql<Record<string, unknown>>`
    with ${table}
    select b.bkey as key, sum(r.amount) as amount
    from buckets b join sales s on s.created_at >= b.bfrom and s.created_at < b.bto
      join refunds r on r.sale_id = s.id
    group by b.bkey`.execute(db);
  const refundedBy = new Map(refunds.rows.map((r) => [String(r.key), num(r.amount)]));
  return sales.rows.map((r) => ({
    key: String(r.key),
    gross: num(r.gross),
    orders: num(r.orders),
    refunded: refundedBy.get(String(r.key)) ?? 0,
  }));
}

/** The same per payment method of the sale. */
export async function figuresByPaymentMethod(db: DbExecutor, range: Instant): Promise<GroupRow[]> {
  const sales = await sql<Record<string, unknown>>`
    select s.payment_method as key, sum(s.total) as gross, sum(case when ${COUNTED} then 1 else 0 end) as orders
    from sales s where ${inRange('s.created_at', range)}
    group by s.payment_method`.execute(db);
  const refunds = await sql<Record<string, unknown>>`
    select s.payment_method as key, sum(r.amount) as amount
    from refunds r join sales s on s.id = r.sale_id
    where ${inRange('s.created_at', range)}
    group by s.payment_method`.execute(db);
  const refundedBy = new Map(refunds.rows.map((r) => [String(r.key), num(r.amount)]));
  return sales.rows.map((r) => ({
    key: String(r.key),
    gross: num(r.gross),
    orders: num(r.orders),
    refunded: refundedBy.get(String(r.key)) ?? 0,
  }));
}

export interface TopProductRow {
  product_id: number | null;
  name: string;
  quantity: number;
  /** Satang: price × units kept (line value before the sale's discount and tax). */
  revenue: number;
}

/** Best sellers of the range's sales by units kept (sold less refunded), then value, then name. */
export async function topProducts(db: DbExecutor, range: Instant, limit: number): Promise<TopProductRow[]> {
  const { rows } = await sql<Record<string, unknown>>`
    select si.product_name as name, max(si.product_id) as product_id,
      sum(si.quantity - coalesce(back.units, 0)) as quantity,
      sum(si.price * (si.quantity - coalesce(back.units, 0))) as revenue
    from sales s
      join sale_items si on si.sale_id = s.id
      left join (
        select ri.sale_item_id, sum(ri.quantity) as units from refund_items ri group by ri.sale_item_id
      ) back on back.sale_item_id = si.id
    where ${inRange('s.created_at', range)}
    group by si.product_name
    having sum(si.quantity - coalesce(back.units, 0)) > 0
    order by quantity desc, revenue desc, name
    limit ${limit}`.execute(db);
  return rows.map((r) => ({
    product_id: r.product_id === null || r.product_id === undefined ? null : num(r.product_id),
    name: String(r.name),
    quantity: num(r.quantity),
    revenue: num(r.revenue),
  }));
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
export async function newestSales(db: DbExecutor, range: Instant, limit: number): Promise<RecentSaleRow[]> {
  const { rows } = await sql<Record<string, unknown>>`
    select s.id, s.document_number, s.created_at, s.status, s.customer_id, s.customer_name, s.total,
      s.payment_method,
      (select sum(si.quantity) from sale_items si where si.sale_id = s.id) as item_count
    from sales s where ${inRange('s.created_at', range)}
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

/** Customers on file and units on the shelf of products not deleted, now. */
export async function shopCounts(db: DbExecutor): Promise<{ customers: number; stock: number }> {
  const customers = await sql<Record<string, unknown>>`
    select count(*) as n from customers where deleted_at is null`.execute(db);
  const stock = await sql<Record<string, unknown>>`
    select sum(stock) as n from products where deleted_at is null`.execute(db);
  return { customers: num(customers.rows[0]?.n), stock: num(stock.rows[0]?.n) };
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
