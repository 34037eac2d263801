import { sql, type Compilable } from 'kysely';
import { isSqlite, type DbExecutor } from '../../db/executor';
import { inOneStatement } from '../../db/one-statement';
import { prepared } from '../../db/prepared';
import type {
  ReportCustomerDaysTable,
  ReportDaysTable,
  ReportProductDaysTable,
  ReportProductMonthsTable,
} from '../../db/schema';
import type { Bucket } from './reports.queries';
import { customerDaysOf, productDaysOf, reportDaysOf } from './rollup-sources.queries';

/**
 * Writes to the report rollups (migration 2026112621): every change is an addition, done by
 * `INSERT ... ON CONFLICT DO UPDATE SET x = x + excluded.x`, so concurrent sales of one day each add
 * their share under the row's lock (no read-modify-write, no lost update on PostgreSQL).
 */

/** Rows per statement: far under both engines' bound-parameter limits. */
const CHUNK = 400;

async function inChunks<T>(rows: T[], write: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await write(rows.slice(i, i + CHUNK));
}

/** Adds to the per-day, per-method figures; one row per (day, payment_method) in `rows`. */
async function addToReportDays(db: DbExecutor, rows: ReportDaysTable[]): Promise<void> {
  await inChunks(rows, (chunk) => reportDaysAdded(db, chunk));
}

const reportDaysAdded = prepared((db, chunk: ReportDaysTable[]) => reportDaysUpsert(db, chunk));

function reportDaysUpsert(db: DbExecutor, chunk: ReportDaysTable[]) {
  return db
    .insertInto('report_days')
    .values(chunk)
    .onConflict((oc) =>
      oc.columns(['day', 'payment_method']).doUpdateSet((eb) => ({
        gross: eb('report_days.gross', '+', eb.ref('excluded.gross')),
        orders: eb('report_days.orders', '+', eb.ref('excluded.orders')),
        refunded: eb('report_days.refunded', '+', eb.ref('excluded.refunded')),
        refunds: eb('report_days.refunds', '+', eb.ref('excluded.refunds')),
        units: eb('report_days.units', '+', eb.ref('excluded.units')),
      })),
    );
}

/** Adds to the per-day, per-product figures; one row per (day, product_name) in `rows`. */
async function addToProductDays(db: DbExecutor, rows: ReportProductDaysTable[]): Promise<void> {
  await inChunks(rows, (chunk) => productDaysAdded(db, chunk));
}

const productDaysAdded = prepared((db, chunk: ReportProductDaysTable[]) => productDaysUpsert(db, chunk));

function productDaysUpsert(db: DbExecutor, chunk: ReportProductDaysTable[]) {
  return db
    .insertInto('report_product_days')
    .values(chunk)
    .onConflict((oc) =>
      oc.columns(['day', 'product_name']).doUpdateSet((eb) => ({
        quantity: eb('report_product_days.quantity', '+', eb.ref('excluded.quantity')),
        revenue: eb('report_product_days.revenue', '+', eb.ref('excluded.revenue')),
        product_id: highestProductId('report_product_days'),
      })),
    );
}

/** The same per month; one row per (month, product_name) in `rows`. */
async function addToProductMonths(db: DbExecutor, rows: ReportProductMonthsTable[]): Promise<void> {
  await inChunks(rows, (chunk) => productMonthsAdded(db, chunk));
}

const productMonthsAdded = prepared((db, chunk: ReportProductMonthsTable[]) => productMonthsUpsert(db, chunk));

function productMonthsUpsert(db: DbExecutor, chunk: ReportProductMonthsTable[]) {
  return db
    .insertInto('report_product_months')
    .values(chunk)
    .onConflict((oc) =>
      oc.columns(['month', 'product_name']).doUpdateSet((eb) => ({
        quantity: eb('report_product_months.quantity', '+', eb.ref('excluded.quantity')),
        revenue: eb('report_product_months.revenue', '+', eb.ref('excluded.revenue')),
        product_id: highestProductId('report_product_months'),
      })),
    );
}

/** The highest product id sold under the name (what a recomputation's max() gives). */
function highestProductId(table: 'report_product_days' | 'report_product_months') {
  const kept = sql.ref(`${table}.product_id`);
  return sql<number | null>`case when ${kept} is null or excluded.product_id > ${kept}
    then excluded.product_id else ${kept} end`;
}

/**
 * Adds to each customer's counted sales of a day; a row that drops to none is deleted, so the
 * table holds exactly the customers of each day. Zero changes are left out.
 */
async function addToCustomerDays(db: DbExecutor, rows: ReportCustomerDaysTable[]): Promise<void> {
  const changes = rows.filter((r) => r.orders !== 0);
  await inChunks(changes, (chunk) => customerDaysAdded(db, chunk));
  const lowered = [...new Set(changes.filter((r) => r.orders < 0).map((r) => r.day))];
  await inChunks(lowered, (days) =>
    db.deleteFrom('report_customer_days').where('day', 'in', days).where('orders', '<=', 0).execute(),
  );
}

const customerDaysAdded = prepared((db, chunk: ReportCustomerDaysTable[]) => customerDaysUpsert(db, chunk));

function customerDaysUpsert(db: DbExecutor, chunk: ReportCustomerDaysTable[]) {
  return db
    .insertInto('report_customer_days')
    .values(chunk)
    .onConflict((oc) =>
      oc.columns(['day', 'customer_id']).doUpdateSet((eb) => ({
        orders: eb('report_customer_days.orders', '+', eb.ref('excluded.orders')),
      })),
    );
}

/** The rollup rows one write adds to, table by table, each in key order. */
export interface RollupRows {
  days: ReportDaysTable[];
  products: ReportProductDaysTable[];
  productMonths: ReportProductMonthsTable[];
  customers: ReportCustomerDaysTable[];
}

/**
 * Adds `rows` to the rollups, tables in this order. On PostgreSQL the additions of a sale or a refund (a
 * few rows per table) go in one round trip, unless they are too many for one statement or a customer's day
 * may drop to none (a refund's, which deletes it afterwards): a sale holds its locks until it commits.
 */
export async function addToRollups(db: DbExecutor, rows: RollupRows): Promise<void> {
  if (rollupStatements(db, rows)) {
    await rollupsAdded(db, rows);
    return;
  }
  await addToReportDays(db, rows.days);
  await addToProductDays(db, rows.products);
  await addToProductMonths(db, rows.productMonths);
  await addToCustomerDays(db, rows.customers);
}

/**
 * PostgreSQL: the additions as statements for one statement (see `addToRollups`), or undefined when they
 * must go one by one.
 */
export function rollupStatements(db: DbExecutor, rows: RollupRows): Compilable<unknown>[] | undefined {
  const { days, products, productMonths, customers } = rows;
  const oneStatement =
    !isSqlite(db) &&
    days.length > 0 &&
    [days, products, productMonths, customers].every((t) => t.length <= CHUNK) &&
    customers.every((r) => r.orders > 0);
  return oneStatement ? upserts(db, rows) : undefined;
}

function upserts(db: DbExecutor, rows: RollupRows): Compilable<unknown>[] {
  return [
    reportDaysUpsert(db, rows.days),
    ...(rows.products.length > 0 ? [productDaysUpsert(db, rows.products)] : []),
    ...(rows.productMonths.length > 0 ? [productMonthsUpsert(db, rows.productMonths)] : []),
    ...(rows.customers.length > 0 ? [customerDaysUpsert(db, rows.customers)] : []),
  ];
}

// Branches on array lengths only (part of the prepared shape).
const rollupsAdded = prepared((db, rows: RollupRows) => {
  const [first, ...then] = upserts(db, rows);
  return inOneStatement(db, first!, ...then);
});

// ---- Building them from the sales: at first start after the migration, and when the zone changes. ----

/** The time zone the rollups are keyed in (null: never built); held until the transaction ends. */
export async function rollupZone(db: DbExecutor): Promise<string | null> {
  const row = await db
    .selectFrom('report_rollup_state')
    .select('time_zone')
    .where('id', '=', 1)
    .forUpdate()
    .executeTakeFirst();
  return row?.time_zone ?? null;
}

export async function setRollupZone(db: DbExecutor, timeZone: string): Promise<void> {
  await db.updateTable('report_rollup_state').set({ time_zone: timeZone }).where('id', '=', 1).execute();
}

/** PostgreSQL: no sale or refund is written while the rollups are rebuilt (SQLite has one writer anyway). */
export async function holdSalesWrites(db: DbExecutor): Promise<void> {
  await sql`lock table refunds, sales in share mode`.execute(db);
}

export async function clearRollups(db: DbExecutor): Promise<void> {
  await db.deleteFrom('report_days').execute();
  await db.deleteFrom('report_product_days').execute();
  await db.deleteFrom('report_product_months').execute();
  await db.deleteFrom('report_customer_days').execute();
}

/** When the first and the last sale were made, or undefined without sales. */
export async function salesSpan(db: DbExecutor): Promise<{ first: string; last: string } | undefined> {
  const row = await db
    .selectFrom('sales')
    .select((eb) => [eb.fn.min('created_at').as('first'), eb.fn.max('created_at').as('last')])
    .executeTakeFirst();
  return row?.first && row.last ? { first: String(row.first), last: String(row.last) } : undefined;
}

/** The monthly best-seller rows, from the daily ones (once every day is in). */
export async function insertProductMonths(db: DbExecutor): Promise<void> {
  await sql`insert into report_product_months (month, product_name, product_id, quantity, revenue)
    select substr(day, 1, 7), product_name, max(product_id), sum(quantity), sum(revenue)
    from report_product_days group by substr(day, 1, 7), product_name`.execute(db);
}

/**
 * Computes the rollup rows of the given days from the sales, lines and refunds themselves (the same
 * figures the sale and refund transactions add, by another road: a test holds the two equal).
 */
export async function insertRollupsOf(db: DbExecutor, days: Bucket[]): Promise<void> {
  if (days.length === 0) return;
  await sql`insert into report_days (day, payment_method, gross, orders, refunded, refunds, units)
    ${reportDaysOf(days, null)}`.execute(db);
  await sql`insert into report_product_days (day, product_name, product_id, quantity, revenue)
    ${productDaysOf(days, null)}`.execute(db);
  await sql`insert into report_customer_days (day, customer_id, orders)
    ${customerDaysOf(days, null)}`.execute(db);
}
