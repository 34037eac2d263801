import { sql } from 'kysely';
import { sellableUnits } from '@pos/core';
import type { PaymentsTable, SaleItemsTable, SalesTable } from '../../db/schema';
import { isSqlite, returningOnPostgres, type DbExecutor } from '../../db/executor';
import { inOneStatement } from '../../db/one-statement';
import { prepared } from '../../db/prepared';
import type { VariantRow } from '../products/variants.queries';
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

/** A variant as a sale sells it. */
export type VariantForSale = VariantRow;

/**
 * Live products by id, with their category name and current size/colour lists, for pricing a sale;
 * `withDeleted` finds deleted ones too (a paid card sale records them anyway). With them, in the same
 * statement, the variants the sale names by id (`variantIds`) and every variant of the products its
 * other lines name by size and colour (`styleIds`).
 */
export async function findProductsForSale(
  db: DbExecutor,
  ids: number[],
  {
    withDeleted = false,
    variantIds = [],
    styleIds = [],
  }: { withDeleted?: boolean; variantIds?: number[]; styleIds?: number[] } = {},
): Promise<{ products: ProductForSale[]; variants: VariantForSale[] }> {
  const { rows } = await productsForSale(db, { ids, withDeleted, variantIds, styleIds });
  const products = new Map<number, ProductForSale>();
  const variants: VariantForSale[] = [];
  for (const { v_id, v_size, v_color, v_sku, v_barcode, v_stock, v_price, v_active, ...row } of rows) {
    if (!products.has(row.id))
      products.set(row.id, { ...row, sizes: parseList(row.sizes), colors: parseList(row.colors) });
    if (v_id !== null) {
      variants.push({
        id: v_id,
        product_id: row.id,
        size: v_size,
        color: v_color,
        sku: v_sku!,
        barcode: v_barcode,
        stock: v_stock!,
        price: v_price,
        active: v_active!,
      });
    }
  }
  return { products: [...products.values()], variants };
}

// Branches on which variant lists are empty only (part of the prepared shape).
const productsForSale = prepared(
  (
    db,
    {
      ids,
      withDeleted,
      variantIds,
      styleIds,
    }: { ids: number[]; withDeleted: boolean; variantIds: number[]; styleIds: number[] },
  ) =>
    db
      .selectFrom('products as p')
      .leftJoin('categories as c', 'c.id', 'p.category_id')
      .leftJoin('product_variants as v', (join) =>
        join
          .onRef('v.product_id', '=', 'p.id')
          .on((eb) =>
            eb.or([
              ...(variantIds.length > 0 ? [eb('v.id', 'in', variantIds)] : []),
              ...(styleIds.length > 0 ? [eb('v.product_id', 'in', styleIds)] : []),
              ...(variantIds.length + styleIds.length === 0 ? [eb.lit(false)] : []),
            ]),
          ),
      )
      .select([
        ...PRODUCT_SALE_COLUMNS,
        'c.name as category',
        'p.deleted_at',
        'v.id as v_id',
        'v.size as v_size',
        'v.color as v_color',
        'v.sku as v_sku',
        'v.barcode as v_barcode',
        'v.stock as v_stock',
        'v.price as v_price',
        'v.active as v_active',
      ])
      .where('p.id', 'in', ids)
      .$if(!withDeleted, (qb) => qb.where('p.deleted_at', 'is', null)),
);

/**
 * What a sale takes of one variant (`variantId` null: of the style's unassigned stock, for a paid sale
 * whose variant is gone), and what its transaction read of it and of its style.
 */
export interface StockTake {
  productId: number;
  variantId: number | null;
  quantity: number;
  variantStockRead: number;
  unassignedRead: number;
  /** The style's whole stock as read (its new figure, on SQLite, is this less the style's takes). */
  styleStockRead: number;
}

/** The writes a sale's stock takes come to: each variant's and each style's change. */
export interface StockChanges {
  /** Variant id → units off its stock (may take it below zero only for a paid sale). */
  variants: Map<number, number>;
  /** Product id → units off its stock, and of those off its unassigned stock. */
  products: Map<number, { quantity: number; unassigned: number }>;
}

/**
 * Writes stock changes worked out under the rows' locks (SQLite's write transaction, or `lockStockRows`):
 * the variants in one statement, then the products in one (a statement per row cost a sale of three
 * lines four more statements on SQLite).
 */
export async function writeStockChanges(db: DbExecutor, changes: StockChanges, now: string): Promise<void> {
  const variants = [...changes.variants].filter(([, quantity]) => quantity !== 0).sort((a, b) => a[0] - b[0]);
  if (variants.length > 0) await variantStocksTaken(db, { takes: variants, now });
  const products = [...changes.products].sort((a, b) => a[0] - b[0]);
  if (products.length > 0) await styleStocksTaken(db, { takes: products, now });
}

/** `stock - case id when … then … end`: each row's own amount, in one statement. */
function perRow(column: string, takes: [number, number][]) {
  const cases = sql.join(
    takes.map(([id, amount]) => sql`when cast(${id} as integer) then cast(${amount} as integer)`),
    sql` `,
  );
  return sql<number>`${sql.ref(column)} - case id ${cases} end`;
}

// Branches on the number of rows only (part of the prepared shape).
const variantStocksTaken = prepared((db, a: { takes: [number, number][]; now: string }) =>
  db
    .updateTable('product_variants')
    .set({ stock: perRow('stock', a.takes), updated_at: a.now })
    .where(
      'id',
      'in',
      a.takes.map(([id]) => id),
    ),
);

const styleStocksTaken = prepared(
  (db, a: { takes: [number, { quantity: number; unassigned: number }][]; now: string }) =>
    db
      .updateTable('products')
      .set({
        stock: perRow(
          'stock',
          a.takes.map(([id, t]) => [id, t.quantity]),
        ),
        unassigned_stock: perRow(
          'unassigned_stock',
          a.takes.map(([id, t]) => [id, t.unassigned]),
        ),
        updated_at: a.now,
      })
      .where(
        'id',
        'in',
        a.takes.map(([id]) => id),
      ),
);

/**
 * Locks a sale's variants (in id order), then its products (in id order), as every writer takes them,
 * and answers their stock as it is now: what a paid sale on PostgreSQL works its takes out from.
 */
export async function lockStockRows(
  db: DbExecutor,
  takes: Pick<StockTake, 'productId' | 'variantId'>[],
): Promise<{ variants: Map<number, number>; unassigned: Map<number, number>; stock: Map<number, number> }> {
  const variantIds = [...new Set(takes.flatMap((t) => (t.variantId === null ? [] : [t.variantId])))];
  const productIds = [...new Set(takes.map((t) => t.productId))];
  const variants =
    variantIds.length === 0
      ? []
      : await db
          .selectFrom('product_variants')
          .select(['id', 'stock'])
          .where('id', 'in', variantIds)
          .orderBy('id')
          .forUpdate()
          .execute();
  const products =
    productIds.length === 0
      ? []
      : await db
          .selectFrom('products')
          .select(['id', 'stock', 'unassigned_stock'])
          .where('id', 'in', productIds)
          .orderBy('id')
          .forUpdate()
          .execute();
  return {
    variants: new Map(variants.map((v) => [v.id, Number(v.stock)])),
    unassigned: new Map(products.map((p) => [p.id, Number(p.unassigned_stock)])),
    stock: new Map(products.map((p) => [p.id, Number(p.stock)])),
  };
}

/**
 * PostgreSQL, a counter sale: every variant's row locked first (in id order), then every product's,
 * then each variant gives what it holds of its quantity and its style's unassigned stock the rest, only
 * if the style holds that rest (its row answered: a style left out is short). The rule is core's
 * `planStyleTakes` (variant-stock.ts, as `planStockTakes` in sale-steps/stock-plan.ts uses it), written
 * again in SQL so that the sale's first lock and its stock are one round trip (a style whose unassigned
 * stock is below zero still sells what its variants hold). CTEs to place at the top level of a statement
 * (a data-modifying WITH query may not be nested), the last named `taken` (id, stock).
 */
export function stockTakeCtes(a: { takes: StockTake[]; now: string }) {
  const wanted = sql.join(a.takes.map((t) => sql`(${t.variantId}::integer, ${t.quantity}::integer)`));
  return sql`wanted (variant_id, quantity) as (values ${wanted}),
    locked_variants as (select v.id, v.product_id, v.stock from product_variants v
      where v.id in (select variant_id from wanted) order by v.id for update),
    plan as (select lv.id, lv.product_id, w.quantity, least(greatest(lv.stock, 0), w.quantity) as from_variant
      from locked_variants lv join wanted w on w.variant_id = lv.id),
    per_product as (select product_id, sum(quantity)::integer as quantity,
      sum(quantity - from_variant)::integer as shortfall from plan group by product_id),
    locked_products as (select id from products where id in (select product_id from per_product) order by id for update),
    variants_taken as (update product_variants set stock = product_variants.stock - plan.from_variant, updated_at = ${a.now}
      from plan where product_variants.id = plan.id and plan.from_variant > 0 returning product_variants.id),
    taken as (update products set stock = products.stock - per_product.quantity,
      unassigned_stock = products.unassigned_stock - per_product.shortfall, updated_at = ${a.now}
      from per_product
      where products.id = per_product.product_id and (select count(*) from locked_products) >= 0
        and products.deleted_at is null
        and (per_product.shortfall = 0 or products.unassigned_stock >= per_product.shortfall)
      returning products.id, products.stock)`;
}

/** A variant's stock and its style's unassigned stock now, for the refusal message. */
export async function currentStock(db: DbExecutor, take: Pick<StockTake, 'productId' | 'variantId'>): Promise<number> {
  const product = await db
    .selectFrom('products')
    .select('unassigned_stock')
    .where('id', '=', take.productId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!product) return 0;
  const variant =
    take.variantId === null
      ? undefined
      : await db.selectFrom('product_variants').select('stock').where('id', '=', take.variantId).executeTakeFirst();
  return sellableUnits(Number(variant?.stock ?? 0), Number(product.unassigned_stock));
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
