import {
  satangToBaht,
  SPLIT_PAYMENT,
  type PaymentMethod,
  type Sale,
  type SalePaymentMethod,
  type SalePaymentPart,
  type SaleRefund,
  type SaleStatus,
} from '@pos/core';
import { sql } from 'kysely';
import type { PaymentsTable, SaleItemsTable, SalesTable } from '../../db/schema';
import { compilableOn, isSqlite, returningOnPostgres, type DbExecutor } from '../../db/executor';
import { inOneStatement } from '../../db/one-statement';
import { prepared } from '../../db/prepared';
import {
  insertStockMovements,
  stockMovementsInsert,
  withDeltas,
  type StockMovementRow,
  type StockMovementValues,
} from '../products/products.queries';
import { shopDayEnd, shopDayOf, shopDayStart } from '../../calendar/shop-day';

export interface ProductForSale {
  id: number;
  name: string;
  sku: string;
  barcode: string | null;
  price: number;
  original_price: number | null;
  stock: number;
  category: string | null;
  sizes: string[];
  colors: string[];
  /** Set when the product was deleted (found only when asked for with `withDeleted`). */
  deleted_at: string | null;
}

function parseList(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.map(String) : [];
  } catch {
    return [];
  }
}

/** Live products by id, with their category name and current size/colour lists, for pricing a sale. */
/** Live products; `withDeleted` finds deleted ones too (a paid card sale records them anyway). */
export async function findProductsForSale(
  db: DbExecutor,
  ids: number[],
  { withDeleted = false }: { withDeleted?: boolean } = {},
): Promise<ProductForSale[]> {
  const { rows } = await productsForSale(db, { ids, withDeleted });
  return rows.map((row) => ({ ...row, sizes: parseList(row.sizes), colors: parseList(row.colors) }));
}

const productsForSale = prepared((db, { ids, withDeleted }: { ids: number[]; withDeleted: boolean }) =>
  db
    .selectFrom('products')
    .leftJoin('categories', 'categories.id', 'products.category_id')
    .select([
      'products.id',
      'products.name',
      'products.sku',
      'products.barcode',
      'products.price',
      'products.original_price',
      'products.stock',
      'categories.name as category',
      'products.sizes',
      'products.colors',
      'products.deleted_at',
    ])
    .where('products.id', 'in', ids)
    .$if(!withDeleted, (qb) => qb.where('products.deleted_at', 'is', null)),
);

/** A product's quantity for a sale, and the stock its transaction read. */
export interface StockTake {
  productId: number;
  quantity: number;
  stockRead: number;
}

/**
 * Takes each product's quantity off the shelf only if that many are there, rows locked in product-id
 * order (so concurrent sales never wait on each other in a circle); answers the new stock per product,
 * leaving out those that did not have enough (another till sold them). `paid` (card money taken): taken
 * even below zero and from a deleted product. On SQLite one statement per product, stopping at the first
 * short one; where nothing else writes meanwhile, the new stock is the stock read less the quantity (no
 * RETURNING, see `isSqlite`). On PostgreSQL one statement for them all: the first lock a counter sale takes,
 * held until it commits, so every round trip after it makes the other tills wait (issue 32).
 */
export async function takeStockOfLines(
  db: DbExecutor,
  takes: StockTake[],
  { now, paid }: { now: string; paid: boolean },
): Promise<Map<number, number>> {
  const inOrder = [...takes].sort((a, b) => a.productId - b.productId);
  const left = new Map<number, number>();
  if (!isSqlite(db)) {
    if (inOrder.length === 0) return left;
    const { rows } = await stockTakenAtOnce(db, { takes: inOrder, now, paid });
    const taken = new Map(rows.map((row) => [row.id, row.stock]));
    for (const { productId } of inOrder) {
      const stock = taken.get(productId);
      if (stock !== undefined) left.set(productId, stock);
    }
    return left;
  }
  for (const take of inOrder) {
    const result = await stockTaken(db, { productId: take.productId, quantity: take.quantity, now, paid });
    if (Number(result.numAffectedRows) !== 1) break;
    left.set(take.productId, take.stockRead - take.quantity);
  }
  return left;
}

const stockTaken = prepared((db, a: { productId: number; quantity: number; now: string; paid: boolean }) => {
  const update = db
    .updateTable('products')
    .set((eb) => ({ stock: eb('stock', '-', a.quantity), updated_at: a.now }))
    .where('id', '=', a.productId);
  return a.paid ? update : update.where('deleted_at', 'is', null).where('stock', '>=', a.quantity);
});

/**
 * PostgreSQL: every product's rows locked first, in id order (the scalar count reads the whole locking
 * query before the update touches a row), then each taken if the shelf holds enough.
 */
const stockTakenAtOnce = prepared((db, a: { takes: StockTake[]; now: string; paid: boolean }) =>
  compilableOn(db, stockTakeAtOnce(a)),
);

/** The statement of `stockTakenAtOnce`, to send alone or inside another (see `holdCounterSale`). */
export function stockTakeAtOnce(a: { takes: StockTake[]; now: string; paid: boolean }) {
  const wanted = sql.join(a.takes.map((t) => sql`(${t.productId}::integer, ${t.quantity}::integer)`));
  const enough = a.paid ? sql`` : sql`and products.deleted_at is null and products.stock >= wanted.quantity`;
  return sql<{ id: number; stock: number }>`with wanted (id, quantity) as (values ${wanted}),
    locked as (select id from products where id in (select id from wanted) order by id for update)
    update products set stock = products.stock - wanted.quantity, updated_at = ${a.now}
    from wanted
    where products.id = wanted.id and (select count(*) from locked) >= 0 ${enough}
    returning products.id, products.stock`;
}

/** Current stock of live products, for the refusal message. */
export async function currentStock(db: DbExecutor, productId: number): Promise<number> {
  const row = await db
    .selectFrom('products')
    .select('stock')
    .where('id', '=', productId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row?.stock ?? 0;
}

/**
 * Applies a sale to the customer's points and totals in one conditional update;
 * answers the new balance, or undefined when it no longer covers the points used.
 * `balanceRead` is the balance this transaction read (on SQLite the new one is
 * worked out from it, as in `takeStock`).
 */
export async function applySaleToCustomer(
  db: DbExecutor,
  customerId: number,
  change: { pointsUsed: number; pointsEarned: number; total: number; now: string; balanceRead: number },
): Promise<number | undefined> {
  const result = await saleAppliedToCustomer(db, { customerId, change });
  if (!isSqlite(db)) return result.rows[0]?.loyalty_points;
  return Number(result.numAffectedRows) === 1
    ? change.balanceRead - change.pointsUsed + change.pointsEarned
    : undefined;
}

const saleAppliedToCustomer = prepared(customerSaleUpdate);

/** The statement of `applySaleToCustomer`, to send alone or inside another (see `holdCounterSale`). */
export function customerSaleUpdate(
  db: DbExecutor,
  { customerId, change }: { customerId: number; change: Parameters<typeof applySaleToCustomer>[2] },
) {
  const update = db
    .updateTable('customers')
    .set((eb) => ({
      loyalty_points: eb(eb('loyalty_points', '-', change.pointsUsed), '+', change.pointsEarned),
      total_purchases: eb('total_purchases', '+', 1),
      total_spent: eb('total_spent', '+', change.total),
      last_purchase: change.now,
      updated_at: change.now,
    }))
    .where('id', '=', customerId)
    .where('deleted_at', 'is', null)
    .where('loyalty_points', '>=', change.pointsUsed);
  return returningOnPostgres(db, update, (query) => query.returning('loyalty_points'));
}

/** The next number of a document series; atomic, and rolled back with the sale if it fails. */
export async function nextInSeries(db: DbExecutor, series: string): Promise<number> {
  const { rows } = await seriesAdvanced(db, { series });
  return rows[0]!.value;
}

const seriesAdvanced = prepared(seriesAdvance);

/** The statement of `nextInSeries`, to send alone or inside another (see `holdCounterSale`). */
export function seriesAdvance(db: DbExecutor, { series }: { series: string }) {
  return db
    .insertInto('document_counters')
    .values({ name: series, value: 1 })
    .onConflict((oc) => oc.column('name').doUpdateSet((eb) => ({ value: eb('document_counters.value', '+', 1) })))
    .returning('value');
}

/** A sale's row as written (its id given by the insert or drawn before). */
export type SaleValues = Omit<SalesTable, 'id' | 'payment_method' | 'tax_rate_bp' | 'units'> & {
  payment_method: string;
  tax_rate_bp: number;
  units: number;
};

export async function insertSale(db: DbExecutor, values: SaleValues): Promise<number> {
  const result = await saleInserted(db, values);
  return isSqlite(db) ? Number(result.insertId) : result.rows[0]!.id;
}

const saleInserted = prepared((db, values: Parameters<typeof insertSale>[1]) =>
  returningOnPostgres(db, db.insertInto('sales').values(values), (query) => query.returning('id')),
);

/**
 * SQLite: answers the new lines' ids in the order of `rows`: one statement numbers its rows in order, one
 * after the other, and SQLite tells the last one's (no RETURNING, see `isSqlite`).
 */
async function insertSaleItems(db: DbExecutor, rows: Omit<SaleItemsTable, 'id'>[]): Promise<number[]> {
  const last = Number((await saleItemsInserted(db, rows)).insertId);
  return rows.map((_, i) => last - rows.length + 1 + i);
}

const saleItemsInserted = prepared((db, rows: Omit<SaleItemsTable, 'id'>[]) =>
  db.insertInto('sale_items').values(rows),
);

/** The sale's payments: one row, or one per part of a split bill. */
async function insertPayments(db: DbExecutor, rows: Omit<PaymentsTable, 'id'>[]): Promise<void> {
  if (rows.length === 1) await paymentInserted(db, rows[0]!);
  else await db.insertInto('payments').values(rows).execute();
}

const paymentInserted = prepared((db, values: Omit<PaymentsTable, 'id'>) => db.insertInto('payments').values(values));

/**
 * The sale's lines, payments and stock movements; answers the lines' ids in the order of `items`. On
 * PostgreSQL in one statement: the sale holds its stock, customer and counter locks until it commits,
 * and each round trip made the other tills wait (issue 32). Its lines are numbered in order there too, but
 * RETURNING promises no order, hence the sort.
 */
export async function insertSaleParts(
  db: DbExecutor,
  parts: {
    items: Omit<SaleItemsTable, 'id'>[];
    payments: Omit<PaymentsTable, 'id'>[];
    movements: StockMovementValues[];
  },
): Promise<number[]> {
  if (isSqlite(db)) {
    const ids = await insertSaleItems(db, parts.items);
    await insertPayments(db, parts.payments);
    await insertStockMovements(db, parts.movements);
    return ids;
  }
  const inserted = await salePartsInserted(db, { ...parts, movements: withDeltas(parts.movements) });
  return inserted.rows.map((r) => r.id).sort((a, b) => a - b);
}

// Branches on array lengths only (part of the prepared shape).
const salePartsInserted = prepared(
  (
    db,
    parts: {
      items: Omit<SaleItemsTable, 'id'>[];
      payments: Omit<PaymentsTable, 'id'>[];
      movements: StockMovementRow[];
    },
  ) =>
    inOneStatement(
      db,
      db.insertInto('sale_items').values(parts.items).returning('id'),
      ...(parts.payments.length > 0 ? [db.insertInto('payments').values(parts.payments)] : []),
      ...(parts.movements.length > 0 ? [stockMovementsInsert(db, parts.movements)] : []),
    ),
);

/** The document number of a sale that was refunded for editing and not yet replaced by a new sale. */
export async function replaceableDocumentNumber(db: DbExecutor, saleId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('sales')
    .innerJoin('refunds', 'refunds.sale_id', 'sales.id')
    .select('sales.document_number')
    .where('sales.id', '=', saleId)
    .where('sales.status', '=', 'refunded')
    .where('refunds.reason', '=', 'edit_sale')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('sales as replacement')
            .select('replacement.id')
            .where('replacement.replaces_sale_id', '=', saleId),
        ),
      ),
    )
    .executeTakeFirst();
  return row?.document_number;
}

/**
 * Locks a sale's row until the transaction ends, so that sales replacing it queue up (PostgreSQL; on
 * SQLite writers take turns anyway) and each sees whether the one before replaced it. False when there
 * is no such sale.
 */
export async function lockSale(db: DbExecutor, saleId: number): Promise<boolean> {
  const row = await db.selectFrom('sales').select('id').where('id', '=', saleId).forUpdate().executeTakeFirst();
  return row !== undefined;
}

// ---- The sale read model: every read of a sale goes through here, with explicit columns. ----

/** What narrows a list of sales; dates are UTC instants, `before` a keyset position (newest first). */
export interface SaleFilter {
  from?: string;
  /** Exclusive. */
  to?: string;
  search?: string;
  status?: SaleStatus;
  paymentMethod?: SalePaymentMethod;
  customerId?: number;
  before?: { createdAt: string; id: number };
  /** Oldest first: the position after which the page starts. */
  after?: { createdAt: string; id: number };
}

/** A LIKE pattern for "contains term", with %, _ and \ taken literally. */
function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function filteredSales(db: DbExecutor, filter: SaleFilter) {
  const term = filter.search?.trim().toLowerCase() ?? '';
  return db
    .selectFrom('sales')
    .$if(filter.from !== undefined, (qb) => qb.where('sales.created_at', '>=', filter.from!))
    .$if(filter.to !== undefined, (qb) => qb.where('sales.created_at', '<', filter.to!))
    .$if(filter.status !== undefined, (qb) => qb.where('sales.status', '=', filter.status!))
    .$if(filter.paymentMethod !== undefined, (qb) =>
      qb.where((eb) =>
        eb.or([
          eb('sales.payment_method', '=', filter.paymentMethod!),
          // A split sale is found under each of its parts' methods.
          eb.and([
            eb('sales.payment_method', '=', SPLIT_PAYMENT),
            eb.exists(
              eb
                .selectFrom('payments')
                .select('payments.id')
                .whereRef('payments.sale_id', '=', 'sales.id')
                .where('payments.method', '=', filter.paymentMethod!),
            ),
          ]),
        ]),
      ),
    )
    .$if(filter.customerId !== undefined, (qb) => qb.where('sales.customer_id', '=', filter.customerId!))
    .$if(term !== '', (qb) => qb.where(searchCondition(db, term)));
}

/**
 * "The sale contains `term`" (lower-cased): its document number, its customer's name as sold, the linked
 * customer's current name or phone (the term's digits, 3 or more: a phone typed with dashes), or one of
 * its lines' product names or SKUs, each compared as lower(column) LIKE '%term%'.
 *
 * A term of 3 or more characters is found by index (the sales-search migration), as the union of: the
 * sales whose document number or customer name matches (PostgreSQL: its pg_trgm indexes serve these
 * LIKEs; SQLite: an FTS5 trigram index of the lower-cased columns, matched case-sensitively, which finds
 * exactly what the LIKEs find), the sales of the customers matched in their (small) table by
 * sales.customer_id, and the sales of the lines: on PostgreSQL by the lines' trigram indexes; on SQLite,
 * the products whose names or SKUs as sold match (sale_line_names, a few rows per product) and their
 * lines by product id, with the lines of no product (a product deleted since) read and compared. A
 * shorter term has no trigram: every sale is read, as before (quick enough only for a narrow date range).
 */
function searchCondition(db: DbExecutor, term: string) {
  const pattern = containsPattern(term);
  const digits = term.replace(/[^0-9]/g, '');
  const headMatches = sql<boolean>`(lower(sales.document_number) like ${pattern} escape '\\'
    or lower(coalesce(sales.customer_name, '')) like ${pattern} escape '\\')`;
  const customerMatches = sql<boolean>`(lower(customers.name) like ${pattern} escape '\\'${
    digits.length >= 3 ? sql` or customers.phone like ${containsPattern(digits)} escape '\\'` : sql``
  })`;
  const lineMatches = sql<boolean>`(lower(sale_items.product_name) like ${pattern} escape '\\'
    or lower(coalesce(sale_items.sku, '')) like ${pattern} escape '\\')`;
  // FTS5 reads its query as C text: a NUL (which no stored text holds) would cut the phrase short.
  if ([...term].length < 3 || term.includes('\u0000')) {
    return sql<boolean>`(${headMatches}
      or exists (select 1 from customers where customers.id = sales.customer_id and ${customerMatches})
      or exists (select 1 from sale_items where sale_items.sale_id = sales.id and ${lineMatches}))`;
  }
  // Inside the quotes every character but the quote itself is taken literally.
  const phrase = `"${term.replaceAll('"', '""')}"`;
  const sqlite = isSqlite(db);
  return sql<boolean>`sales.id in (
    ${
      sqlite
        ? sql`select rowid as id from sales_search where sales_search match ${phrase}`
        : sql`select sales.id from sales where ${headMatches}`
    }
    union all
    select sales.id from sales where sales.customer_id in (select customers.id from customers where ${customerMatches})
    union all
    select sale_items.sale_id from sale_items where ${
      sqlite
        ? sql`(sale_items.product_id in (select product_id from sale_line_names
              where lower(product_name) like ${pattern} escape '\\' or lower(sku) like ${pattern} escape '\\')
            or sale_items.product_id is null) and `
        : sql``
    }${lineMatches})`;
}

export interface SalesSummary {
  count: number;
  total: number;
  refunded: number;
  items: number;
  customers: number;
}

/**
 * A page of the matching sales (`limit`, newest first, after `filter.before`), and how many match with the
 * summary cards' figures over all of them (every page), in satang. The matching sales are found once for
 * both, kept, and the page and the sums taken from there (a Thai name matching 15,000 of 1,000,000 sales was
 * found twice on PostgreSQL, 115 ms each; issue 32); a range of whole days alone is summed from the rollups.
 */
export async function pageAndSummary(
  db: DbExecutor,
  filter: SaleFilter,
  limit: number,
): Promise<{ page: { id: number; created_at: string }[]; summary: SalesSummary }> {
  const onlyDates =
    !filter.search?.trim() &&
    filter.status === undefined &&
    filter.paymentMethod === undefined &&
    filter.customerId === undefined;
  const days = onlyDates ? await rollupDays(db, filter) : undefined;
  if (days) {
    const [page, summary] = await Promise.all([listSaleIds(db, filter, limit), summarizeDays(db, filter, days)]);
    return { page, summary };
  }
  // Kysely writes the subquery in its parentheses.
  const matched = filteredSales(db, filter).select([
    'sales.id',
    'sales.created_at',
    'sales.total',
    'sales.customer_id',
    'sales.units',
  ]);
  const before = filter.before;
  const after = before
    ? sql`where created_at < ${before.createdAt} or (created_at = ${before.createdAt} and id < ${before.id})`
    : sql``;
  // One row per sale of the page, each with the summary; one row with no sale when the page is empty.
  const { rows } = await sql<
    { id: number | null; created_at: string | null } & Record<keyof SalesSummary, number | string>
  >`with matched as materialized ${matched},
    summary as (select (select count(*) from matched) as count,
      (select coalesce(sum(total), 0) from matched) as total,
      (select count(distinct customer_id) from matched) as customers,
      (select coalesce(sum(units), 0) from matched) as items,
      (select coalesce(sum(amount), 0) from refunds where sale_id in (select id from matched)) as refunded)
    select page.id, page.created_at, summary.count, summary.total, summary.customers, summary.items, summary.refunded
    from summary left join (select id, created_at from matched ${after}
      order by created_at desc, id desc limit ${limit}) as page on true
    order by page.created_at desc, page.id desc`.execute(db);
  const row = rows[0]!;
  return {
    page: rows.flatMap((r) => (r.id === null ? [] : [{ id: r.id, created_at: r.created_at! }])),
    summary: {
      count: Number(row.count),
      total: Number(row.total),
      refunded: Number(row.refunded),
      items: Number(row.items),
      customers: Number(row.customers),
    },
  };
}

/**
 * The shop days of the report rollups (`features/reports/rollups.*`) that `filter`'s range is made of,
 * when it is whole days in the zone the rollups are keyed by (the history's date filter always is, once
 * the rollups are keyed by SHOP_TIMEZONE); undefined otherwise (or while they are being rebuilt).
 */
async function rollupDays(db: DbExecutor, filter: SaleFilter): Promise<{ first?: string; last?: string } | undefined> {
  const state = await db.selectFrom('report_rollup_state').select('time_zone').where('id', '=', 1).executeTakeFirst();
  const zone = state?.time_zone;
  if (!zone) return undefined;
  const first = filter.from === undefined ? undefined : shopDayOf(filter.from, zone);
  const last = filter.to === undefined ? undefined : shopDayOf(new Date(Date.parse(filter.to) - 1), zone);
  if (first !== undefined && shopDayStart(first, zone) !== filter.from) return undefined;
  if (last !== undefined && shopDayEnd(last, zone) !== filter.to) return undefined;
  return { first, last };
}

/**
 * The summary of every sale in whole shop days without reading their lines (a 3-month range of a
 * 1,000,000-sale shop has ~480,000): the count, total and customers from the sales' covering index
 * (sales_report_cover), the units from the day rollups (units kept: sold less refunded) plus the units
 * refunded from these sales, and the refunds by their sales (refunds are few).
 */
async function summarizeDays(
  db: DbExecutor,
  filter: SaleFilter,
  days: { first?: string; last?: string },
): Promise<SalesSummary> {
  const [head, kept, back] = await Promise.all([
    db
      .selectFrom('sales')
      .$if(filter.from !== undefined, (qb) => qb.where('sales.created_at', '>=', filter.from!))
      .$if(filter.to !== undefined, (qb) => qb.where('sales.created_at', '<', filter.to!))
      .select((eb) => [
        eb.fn.countAll<number>().as('count'),
        eb.fn.coalesce(eb.fn.sum<number>('sales.total'), eb.lit(0)).as('total'),
        eb.fn.count<number>('sales.customer_id').distinct().as('customers'),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('report_days')
      .$if(days.first !== undefined, (qb) => qb.where('day', '>=', days.first!))
      .$if(days.last !== undefined, (qb) => qb.where('day', '<=', days.last!))
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('units'), eb.lit(0)).as('units'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('refunds')
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('sales as s')
            .select('s.id')
            .whereRef('s.id', '=', 'refunds.sale_id')
            .$if(filter.from !== undefined, (qb) => qb.where('s.created_at', '>=', filter.from!))
            .$if(filter.to !== undefined, (qb) => qb.where('s.created_at', '<', filter.to!)),
        ),
      )
      .select([
        sql<number>`coalesce(sum(refunds.amount), 0)`.as('amount'),
        sql<number>`coalesce(sum((select sum(refund_items.quantity) from refund_items
          where refund_items.refund_id = refunds.id)), 0)`.as('units'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return {
    count: Number(head.count),
    total: Number(head.total),
    refunded: Number(back.amount),
    items: Number(kept.units) + Number(back.units),
    customers: Number(head.customers),
  };
}

/** Ids and positions of one page of matching sales, newest first (or oldest first: `after` then says where). */
export function listSaleIds(
  db: DbExecutor,
  filter: SaleFilter,
  limit: number | null,
  order: 'newest' | 'oldest' = 'newest',
): Promise<{ id: number; created_at: string }[]> {
  const before = filter.before;
  const after = filter.after;
  const direction = order === 'newest' ? 'desc' : 'asc';
  return filteredSales(db, filter)
    .select(['sales.id', 'sales.created_at'])
    .$if(before !== undefined, (qb) =>
      qb.where((eb) =>
        eb.or([
          eb('sales.created_at', '<', before!.createdAt),
          eb.and([eb('sales.created_at', '=', before!.createdAt), eb('sales.id', '<', before!.id)]),
        ]),
      ),
    )
    .$if(after !== undefined, (qb) =>
      qb.where((eb) =>
        eb.or([
          eb('sales.created_at', '>', after!.createdAt),
          eb.and([eb('sales.created_at', '=', after!.createdAt), eb('sales.id', '>', after!.id)]),
        ]),
      ),
    )
    .orderBy('sales.created_at', direction)
    .orderBy('sales.id', direction)
    .$if(limit !== null, (qb) => qb.limit(limit!))
    .execute();
}

function findSaleHeads(db: DbExecutor, ids: number[]) {
  return (
    db
      .selectFrom('sales')
      .innerJoin('users', 'users.id', 'sales.created_by')
      .leftJoin('users as excluder', 'excluder.id', 'sales.vat_excluded_by')
      .leftJoin('users as approver', 'approver.id', 'sales.vat_exclusion_approved_by')
      .leftJoin('sales as replaced', 'replaced.id', 'sales.replaces_sale_id')
      // At most one: replaces_sale_id is unique.
      .leftJoin('sales as replacement', 'replacement.replaces_sale_id', 'sales.id')
      .select([
        'sales.id',
        'sales.document_number',
        'sales.status',
        'sales.customer_id',
        'sales.customer_name',
        'sales.created_by',
        'sales.subtotal',
        'sales.discount',
        'sales.tax',
        'sales.total',
        'sales.tax_rate_bp',
        'sales.prices_include_vat',
        'sales.exclude_vat',
        'sales.vat_excluded_by',
        'sales.vat_exclusion_approved_by',
        'sales.points_used',
        'sales.points_earned',
        'sales.final_loyalty_points',
        'sales.replaces_sale_id',
        'sales.notes',
        'sales.payment_method',
        'sales.created_at',
        'users.name as created_by_name',
        'excluder.name as vat_excluded_by_name',
        'approver.name as vat_exclusion_approved_by_name',
        'replaced.document_number as replaces_document_number',
        'replacement.id as replaced_by_sale_id',
        'replacement.document_number as replaced_by_document_number',
      ])
      .where('sales.id', 'in', ids)
      .execute()
  );
}
export type SaleHeadRow = Awaited<ReturnType<typeof findSaleHeads>>[number];

function findSaleItemRows(db: DbExecutor, saleIds: number[]) {
  return db
    .selectFrom('sale_items')
    .select([
      'id',
      'sale_id',
      'product_id',
      'product_name',
      'sku',
      'barcode',
      'category',
      'price',
      'original_price',
      'quantity',
      'line_total',
      'size',
      'color',
      'sizes',
      'colors',
    ])
    .where('sale_id', 'in', saleIds)
    .orderBy('id')
    .execute();
}
export type SaleItemRow = Awaited<ReturnType<typeof findSaleItemRows>>[number];

function findPaymentRows(db: DbExecutor, saleIds: number[]) {
  return db
    .selectFrom('payments')
    .select(['id', 'sale_id', 'method', 'amount', 'cash_received', 'change_given', 'reference'])
    .where('sale_id', 'in', saleIds)
    .orderBy('id')
    .execute();
}
export type PaymentRow = Awaited<ReturnType<typeof findPaymentRows>>[number];

function findRefundRows(db: DbExecutor, saleIds: number[]) {
  return db
    .selectFrom('refunds')
    .innerJoin('users', 'users.id', 'refunds.refunded_by')
    .select([
      'refunds.id',
      'refunds.sale_id',
      'refunds.reason',
      'refunds.amount',
      'refunds.refund_method',
      'refunds.refunded_by',
      'users.name as refunded_by_name',
      'refunds.created_at',
      'refunds.edit_reason',
      'refunds.edit_details',
      'refunds.edited_by',
      'refunds.edited_at',
      'refunds.credit_note_number',
      'refunds.points_taken_back',
      'refunds.points_returned',
      'refunds.points_shortfall',
      'refunds.vat',
      'refunds.buyer_address',
      'refunds.stripe_refund_id',
      'refunds.off_card_reason',
    ])
    .where('refunds.sale_id', 'in', saleIds)
    .orderBy('refunds.id')
    .execute();
}
export type RefundRow = Awaited<ReturnType<typeof findRefundRows>>[number];

function findRefundPaymentRows(db: DbExecutor, saleIds: number[]) {
  return db
    .selectFrom('refund_payments')
    .innerJoin('refunds', 'refunds.id', 'refund_payments.refund_id')
    .select(['refund_payments.refund_id', 'refund_payments.method', 'refund_payments.amount'])
    .where('refunds.sale_id', 'in', saleIds)
    .orderBy('refund_payments.id')
    .execute();
}
export type RefundPaymentRow = Awaited<ReturnType<typeof findRefundPaymentRows>>[number];

/** Where a refund's money went: its split parts, or all of it by its one method. */
function refundParts(
  row: Pick<RefundRow, 'amount' | 'refund_method'>,
  parts: readonly Pick<RefundPaymentRow, 'method' | 'amount'>[] | undefined,
): { method: PaymentMethod; amount: number }[] {
  if (parts && parts.length > 0)
    return parts.map((p) => ({ method: p.method as PaymentMethod, amount: Number(p.amount) }));
  return [{ method: row.refund_method as PaymentMethod, amount: row.amount }];
}

function findRefundLineRows(db: DbExecutor, saleIds: number[]) {
  return db
    .selectFrom('refund_items')
    .innerJoin('refunds', 'refunds.id', 'refund_items.refund_id')
    .innerJoin('sale_items', 'sale_items.id', 'refund_items.sale_item_id')
    .select([
      'refund_items.refund_id',
      'refund_items.sale_item_id',
      'sale_items.product_name',
      'refund_items.quantity',
      'refund_items.amount',
    ])
    .where('refunds.sale_id', 'in', saleIds)
    .orderBy('refund_items.id')
    .execute();
}
export type RefundLineRow = Awaited<ReturnType<typeof findRefundLineRows>>[number];

function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = groups.get(k);
    if (list) list.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

const STATUSES: readonly string[] = ['completed', 'partially_refunded', 'refunded'] satisfies SaleStatus[];

function toApiRefund(
  row: RefundRow,
  lines: readonly RefundLineRow[],
  parts: readonly RefundPaymentRow[] | undefined,
  documentNumber: string,
): SaleRefund {
  return {
    id: row.id,
    sale_id: row.sale_id,
    reason: row.reason,
    amount: satangToBaht(row.amount),
    refund_method: row.refund_method as SalePaymentMethod,
    parts: refundParts(row, parts).map((p) => ({ method: p.method, amount: satangToBaht(p.amount) })),
    refunded_by: row.refunded_by,
    refunded_by_name: row.refunded_by_name,
    created_at: row.created_at,
    edit_reason: row.edit_reason,
    edit_details: row.edit_details,
    edited_by: row.edited_by,
    edited_at: row.edited_at,
    credit_note_number: row.credit_note_number,
    original_document_number: documentNumber,
    points_taken_back: row.points_taken_back,
    points_returned: row.points_returned,
    points_shortfall: row.points_shortfall,
    vat: satangToBaht(Number(row.vat)),
    buyer_address: row.buyer_address,
    stripe_refund_id: row.stripe_refund_id,
    off_card_reason: row.off_card_reason,
    lines: lines.map((line) => ({
      sale_item_id: line.sale_item_id,
      product_name: line.product_name,
      quantity: line.quantity,
      amount: satangToBaht(line.amount),
    })),
  };
}

type PaymentFacts = Omit<PaymentRow, 'id' | 'sale_id'>;

const pick = (p: SalePaymentPart) => ({ cash_received: p.cash_received, change: p.change, reference: p.reference });

/**
 * A sale's payments as the API shows them, with what went back through each: a split sale's parts
 * their refunds' parts; a one-method sale's payment every refund (whichever way it went back). A sale
 * without a payment row (none since migration 2026112791) shows its method and total.
 */
function paymentParts(
  head: SaleHeadRow,
  payments: readonly PaymentFacts[],
  refunds: readonly RefundRow[],
  refundPayments: ReadonlyMap<number, RefundPaymentRow[]>,
): SalePaymentPart[] {
  const rows: PaymentFacts[] =
    payments.length > 0
      ? [...payments]
      : [
          {
            method: head.payment_method,
            amount: head.total,
            cash_received: null,
            change_given: null,
            reference: null,
          },
        ];
  const split = head.payment_method === SPLIT_PAYMENT;
  const backBy = new Map<string, number>();
  for (const refund of refunds) {
    for (const part of refundParts(refund, refundPayments.get(refund.id))) {
      const key = split ? part.method : '';
      backBy.set(key, (backBy.get(key) ?? 0) + part.amount);
    }
  }
  return rows.map((p) => ({
    method: p.method as PaymentMethod,
    amount: satangToBaht(p.amount),
    cash_received: p.cash_received == null ? null : satangToBaht(p.cash_received),
    change: p.change_given == null ? null : satangToBaht(p.change_given),
    reference: p.reference ?? null,
    refunded: satangToBaht(backBy.get(split ? p.method : '') ?? 0),
  }));
}

/** The one mapper: a sale as the API shows it, in baht, with its frozen lines, payments and refunds. */
function toApiSale(
  head: SaleHeadRow,
  items: readonly SaleItemRow[],
  payments: readonly PaymentFacts[],
  refunds: readonly RefundRow[],
  refundLines: ReadonlyMap<number, RefundLineRow[]>,
  refundPayments: ReadonlyMap<number, RefundPaymentRow[]> = new Map(),
): Sale {
  const refundedQuantity = new Map<number, number>();
  for (const refund of refunds) {
    for (const line of refundLines.get(refund.id) ?? []) {
      refundedQuantity.set(line.sale_item_id, (refundedQuantity.get(line.sale_item_id) ?? 0) + line.quantity);
    }
  }
  const parts = paymentParts(head, payments, refunds, refundPayments);
  const method = (parts.length > 1 ? SPLIT_PAYMENT : parts[0]!.method) as SalePaymentMethod;
  const cash = parts.find((p) => p.method === 'cash');
  return {
    id: head.id,
    document_number: head.document_number,
    status: (STATUSES.includes(head.status) ? head.status : 'completed') as SaleStatus,
    created_at: head.created_at,
    customer_id: head.customer_id,
    customer_name: head.customer_name,
    created_by: head.created_by,
    created_by_name: head.created_by_name,
    subtotal: satangToBaht(head.subtotal),
    discount: satangToBaht(head.discount),
    tax: satangToBaht(head.tax),
    total: satangToBaht(head.total),
    tax_rate: head.tax_rate_bp / 100,
    exclude_vat: head.exclude_vat === 1,
    vat_excluded_by: head.vat_excluded_by,
    vat_excluded_by_name: head.vat_excluded_by_name,
    vat_exclusion_approved_by: head.vat_exclusion_approved_by,
    vat_exclusion_approved_by_name: head.vat_exclusion_approved_by_name,
    prices_include_vat: head.prices_include_vat === 1,
    payment_method: method,
    // In one: a split sale's cash handed over and change are its cash part's.
    payment:
      parts.length > 1
        ? {
            method,
            amount: satangToBaht(head.total),
            cash_received: cash?.cash_received ?? null,
            change: cash?.change ?? null,
            reference: null,
          }
        : { method, amount: parts[0]!.amount, ...pick(parts[0]!) },
    payments: parts,
    points_used: head.points_used,
    points_earned: head.points_earned,
    final_loyalty_points: head.final_loyalty_points,
    replaces_sale_id: head.replaces_sale_id,
    replaces_document_number: head.replaces_document_number,
    replaced_by_sale_id: head.replaced_by_sale_id,
    replaced_by_document_number: head.replaced_by_document_number,
    notes: head.notes,
    items: items.map((row) => ({
      id: row.id,
      product_id: row.product_id,
      product_name: row.product_name,
      name: row.product_name,
      sku: row.sku,
      barcode: row.barcode,
      category: row.category,
      price: satangToBaht(row.price),
      original_price: row.original_price === null ? null : satangToBaht(Number(row.original_price)),
      quantity: row.quantity,
      total: satangToBaht(row.line_total),
      size: row.size,
      color: row.color,
      sizes: parseList(row.sizes),
      colors: parseList(row.colors),
      refunded_quantity: refundedQuantity.get(row.id) ?? 0,
    })),
    refunded_amount: satangToBaht(refunds.reduce((sum, r) => sum + r.amount, 0)),
    refunds: refunds.map((r) =>
      toApiRefund(r, refundLines.get(r.id) ?? [], refundPayments.get(r.id), head.document_number),
    ),
  };
}

/** Reads at most this many sales' rows per statement, well inside both engines' parameter limits. */
const READ_CHUNK = 1000;

/** Whole sales by id, in the order of `ids`; ids that do not exist are left out. */
export async function readSales(db: DbExecutor, ids: readonly number[]): Promise<Sale[]> {
  const sales = new Map<number, Sale>();
  for (let start = 0; start < ids.length; start += READ_CHUNK) {
    const chunk = ids.slice(start, start + READ_CHUNK);
    const [heads, items, payments, refunds, refundLines, refundPayments] = await Promise.all([
      findSaleHeads(db, chunk),
      findSaleItemRows(db, chunk),
      findPaymentRows(db, chunk),
      findRefundRows(db, chunk),
      findRefundLineRows(db, chunk),
      findRefundPaymentRows(db, chunk),
    ]);
    const itemsBySale = groupBy(items, (r) => r.sale_id);
    const paymentsBySale = groupBy(payments, (r) => r.sale_id);
    const refundsBySale = groupBy(refunds, (r) => r.sale_id);
    const linesByRefund = groupBy(refundLines, (r) => r.refund_id);
    const partsByRefund = groupBy(refundPayments, (r) => r.refund_id);
    for (const head of heads) {
      sales.set(
        head.id,
        toApiSale(
          head,
          itemsBySale.get(head.id) ?? [],
          paymentsBySale.get(head.id) ?? [],
          refundsBySale.get(head.id) ?? [],
          linesByRefund,
          partsByRefund,
        ),
      );
    }
  }
  return ids.flatMap((id) => sales.get(id) ?? []);
}

/**
 * A sale just recorded, from the rows its transaction wrote: what readSale would answer, without
 * reading it back (issue 17). A new sale has no refunds and no replacement yet (`replaced_by_*` null).
 */
export function recordedSale(
  head: SaleHeadRow & { replaced_by_sale_id: null; replaced_by_document_number: null },
  items: readonly SaleItemRow[],
  payments: readonly PaymentFacts[],
): Sale {
  return toApiSale(head, items, payments, [], new Map());
}

export async function readSale(db: DbExecutor, id: number): Promise<Sale | undefined> {
  return (await readSales(db, [id]))[0];
}
