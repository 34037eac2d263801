import { sql } from 'kysely';
import type { PaymentsTable, SaleItemsTable, SalesTable } from '../../db/schema';
import { compilableOn, isSqlite, returningOnPostgres, type DbExecutor } from '../../db/executor';
import { inOneStatement } from '../../db/one-statement';
import { prepared } from '../../db/prepared';
import {
  insertStockMovements,
  PRODUCT_SALE_COLUMNS,
  stockMovementsInsert,
  withDeltas,
  type ProductSaleRow,
  type StockMovementRow,
  type StockMovementValues,
} from '../products/products.queries';
import { parseList } from '../sale-records/list-column';

// A sale's writes: the products it prices, the stock it takes, the customer's points, its document number
// and its rows. Reads of recorded sales: sale-read.queries.ts; finding them: sale-search.queries.ts.

/** A product as a sale prices it, with its category's name and its size/colour lists read. */
export type ProductForSale = Omit<ProductSaleRow, 'sizes' | 'colors'> & {
  category: string | null;
  sizes: string[];
  colors: string[];
  /** Set when the product was deleted (found only when asked for with `withDeleted`). */
  deleted_at: string | null;
};

/**
 * Live products by id, with their category name and current size/colour lists, for pricing a sale;
 * `withDeleted` finds deleted ones too (a paid card sale records them anyway).
 */
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
    .selectFrom('products as p')
    .leftJoin('categories as c', 'c.id', 'p.category_id')
    .select([...PRODUCT_SALE_COLUMNS, 'c.name as category', 'p.deleted_at'])
    .where('p.id', 'in', ids)
    .$if(!withDeleted, (qb) => qb.where('p.deleted_at', 'is', null)),
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
