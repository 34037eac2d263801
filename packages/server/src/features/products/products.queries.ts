import {
  isLowStock,
  satangToBaht,
  STOCK_ADJUST_REASONS,
  STOCK_MOVEMENT_KINDS,
  type StockAdjustReason,
  type PosProduct,
  type Product,
  type StockMovement,
  type StockMovementKind,
} from '@pos/core';
import { sql, type Selection } from 'kysely';
import type { DatabaseEngine } from '../../config';
import type { ProductsTable, StockMovementsTable } from '../../db/schema';
import type { DbExecutor } from '../../db/executor';
import { prepared } from '../../db/prepared';
import { holdCodes, insertVariantRows, newStyleVariants, takenCodesLike, type VariantSeed } from './variants.queries';

/** What selling a product needs of it: the till's list, and pricing a sale (features/sales). */
export const PRODUCT_SALE_COLUMNS = [
  'p.id',
  'p.name',
  'p.sku',
  'p.barcode',
  'p.price',
  'p.original_price',
  'p.stock',
  'p.unassigned_stock',
  'p.sizes',
  'p.colors',
] as const;

/** A whole product, as the back office shows it. */
export const PRODUCT_COLUMNS = [
  ...PRODUCT_SALE_COLUMNS,
  'p.category_id',
  'p.cost',
  'p.description',
  'p.image_id',
  'p.image_url',
  'p.created_at',
  'p.updated_at',
] as const;

/** The row some of a product's columns select, `products as p`. */
type ProductSelection<Column> = Selection<{ p: ProductsTable }, 'p', Column>;

export type ProductSaleRow = ProductSelection<(typeof PRODUCT_SALE_COLUMNS)[number]>;
export type ProductRow = ProductSelection<(typeof PRODUCT_COLUMNS)[number]> & { category_name: string | null };

/**
 * The values a product row is created with; search_text is derived here. `stock` is the style's whole
 * stock: a plain product's one variant holds it; a style's `variants` hold theirs and the rest is its
 * unassigned stock (all of it when no variants are given: see `newStyleVariants`).
 */
export type ProductValues = Omit<
  ProductsTable,
  'id' | 'sizes' | 'colors' | 'search_text' | 'created_at' | 'updated_at' | 'deleted_at' | 'unassigned_stock'
> & { sizes: string[]; colors: string[]; variants?: VariantSeed[] };

/** What an edit writes: everything but the stock, which only sales, refunds and adjustments change. */
export type ProductEditValues = Omit<ProductValues, 'stock' | 'variants'>;

function parseList(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

export function toApiProduct(row: ProductRow & { lowest_variant_stock?: number | string | null }): Product {
  const product: Product = {
    id: row.id,
    name: row.name,
    sku: row.sku,
    barcode: row.barcode,
    category: row.category_name,
    category_id: row.category_id,
    price: satangToBaht(Number(row.price)),
    cost: satangToBaht(Number(row.cost)),
    original_price: row.original_price === null ? null : satangToBaht(Number(row.original_price)),
    stock: Number(row.stock),
    unassigned_stock: Number(row.unassigned_stock),
    ...(row.lowest_variant_stock !== undefined && {
      lowest_variant_stock: row.lowest_variant_stock === null ? null : Number(row.lowest_variant_stock),
    }),
    description: row.description,
    image_url: row.image_url,
    sizes: parseList(row.sizes),
    colors: parseList(row.colors),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
  // The list's rows know their lowest variant, so they answer the low mark the screen counts.
  return product.lowest_variant_stock === undefined ? product : { ...product, low_stock: isLowStock(product) };
}

/**
 * What search matches against: name, SKU and barcode, lower-cased with full
 * Unicode rules in JavaScript (SQLite's lower() knows only ASCII), so both
 * engines compare the same text. Thai has no case and is kept as typed (NFC).
 */
export function searchTextOf(values: { name: string; sku: string; barcode: string | null }): string {
  return [values.name, values.sku, values.barcode ?? ''].join('\n').normalize('NFC').toLowerCase();
}

/** A LIKE pattern for "contains term", with %, _ and \ taken literally. */
function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function selectProducts(db: DbExecutor) {
  return db
    .selectFrom('products as p')
    .leftJoin('categories as c', 'c.id', 'p.category_id')
    .select([...PRODUCT_COLUMNS, 'c.name as category_name']);
}

/**
 * "search_text contains term". Both engines have a trigram index for terms of
 * 3 or more characters (see the catalogue migration): PostgreSQL's pg_trgm
 * serves LIKE directly; on SQLite the FTS5 trigram table answers a phrase
 * query. Shorter terms scan, which is quick enough for them.
 */
function searchCondition(engine: DatabaseEngine, term: string) {
  const normalized = term.normalize('NFC').toLowerCase();
  // No stored text holds NUL (the API refuses it; PostgreSQL cannot store it), while FTS5 reads
  // its query as C text, so a NUL would cut the phrase short (a syntax error) and PostgreSQL
  // refuses it as a parameter. Inside the quotes, every other character is taken literally.
  if (normalized.includes('\u0000')) return sql<boolean>`1 = 0`;
  if (engine === 'sqlite' && [...normalized].length >= 3) {
    const phrase = `"${normalized.replaceAll('"', '""')}"`;
    return sql<boolean>`p.id in (select rowid from products_fts where products_fts match ${phrase})`;
  }
  return sql<boolean>`p.search_text like ${containsPattern(normalized)} escape '\\'`;
}

export function listLiveProducts(
  db: DbExecutor,
  engine: DatabaseEngine,
  filter: { search?: string; categoryName?: string; categoryId?: number; limit: number },
): Promise<(ProductRow & { lowest_variant_stock: number | null })[]> {
  const { search, categoryName, categoryId } = filter;
  return (
    selectProducts(db)
      // Per listed row only (after the limit), through the variants' (product_id, …) index: a page of 10,000
      // styles costs one index range each, not a scan of every variant.
      .select((eb) =>
        eb
          .selectFrom('product_variants as v')
          .select((v) => v.fn.min<number>('v.stock').as('lowest'))
          .whereRef('v.product_id', '=', 'p.id')
          .where('v.active', '=', 1)
          .as('lowest_variant_stock'),
      )
      .where('p.deleted_at', 'is', null)
      .$if(!!search, (qb) => qb.where(searchCondition(engine, search ?? '')))
      .$if(!!categoryName, (qb) => qb.where(sql<string>`lower(c.name)`, '=', sql<string>`lower(${categoryName ?? ''})`))
      .$if(categoryId !== undefined, (qb) => qb.where('p.category_id', '=', categoryId ?? 0))
      .orderBy('p.id', 'desc')
      .limit(filter.limit)
      .execute()
  );
}

type PosProductRow = ProductSelection<(typeof PRODUCT_SALE_COLUMNS)[number] | 'p.image_url'> & {
  category_name: string | null;
};

/** The till's list: live products, newest first, only the columns selling needs. */
export function listPosProductRows(db: DbExecutor, limit: number): Promise<PosProductRow[]> {
  return db
    .selectFrom('products as p')
    .leftJoin('categories as c', 'c.id', 'p.category_id')
    .select([...PRODUCT_SALE_COLUMNS, 'p.image_url', 'c.name as category_name'])
    .where('p.deleted_at', 'is', null)
    .orderBy('p.id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * The catalogue's version: a number the database bumps with every write to products and categories
 * (triggers, see migration 2026112641-catalogue-version), as text (a bigint on PostgreSQL).
 */
export async function readCatalogueVersion(db: DbExecutor): Promise<string> {
  const row = await db.selectFrom('catalogue_version').select('version').where('id', '=', 1).executeTakeFirstOrThrow();
  return String(row.version);
}

/** The till's product, with its variants that sell (`variants`, in grid order). */
export function toPosProduct(row: PosProductRow, variants: PosProduct['variants']): PosProduct {
  return {
    id: row.id,
    name: row.name,
    sku: row.sku,
    barcode: row.barcode,
    category: row.category_name,
    price: satangToBaht(Number(row.price)),
    original_price: row.original_price === null ? null : satangToBaht(Number(row.original_price)),
    stock: Number(row.stock),
    image_url: row.image_url,
    sizes: parseList(row.sizes),
    colors: parseList(row.colors),
    unassigned_stock: Number(row.unassigned_stock),
    variants,
  };
}

/** A product not deleted; `lock` holds the row for the transaction (see db/executor.ts). */
export function findLiveProduct(
  db: DbExecutor,
  id: number,
  { lock = false }: { lock?: boolean } = {},
): Promise<ProductRow | undefined> {
  return selectProducts(db)
    .where('p.id', '=', id)
    .where('p.deleted_at', 'is', null)
    .$if(lock, (qb) => qb.forUpdate('p'))
    .executeTakeFirst();
}

/** Locks products by id, in id order (after their variants, as every writer takes them). */
export async function lockProducts(db: DbExecutor, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.selectFrom('products').select('id').where('id', 'in', ids).orderBy('id').forUpdate().execute();
}

function rowValues(values: ProductEditValues) {
  return {
    ...values,
    sizes: JSON.stringify(values.sizes),
    colors: JSON.stringify(values.colors),
    search_text: searchTextOf(values),
  };
}

/**
 * Inserts products with their variants and codes, and returns their ids in order. A code already held
 * fails on `catalogue_codes` (a unique violation: the caller answers 409).
 */
export async function insertProducts(db: DbExecutor, rows: ProductValues[], now: string): Promise<number[]> {
  if (rows.length === 0) return [];
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += 500) {
    const inserted = await db
      .insertInto('products')
      .values(
        rows.slice(i, i + 500).map(({ variants: _seeds, stock, ...values }) => ({
          ...rowValues(values),
          stock,
          created_at: now,
          updated_at: now,
        })),
      )
      .returning('id')
      .execute();
    ids.push(...inserted.map((r) => r.id));
  }
  const taken = await takenCodesLike(
    db,
    rows.filter((row) => row.sizes.length + row.colors.length > 0).map((row) => row.sku),
  );
  const variants = rows.flatMap((row, i) => newStyleVariants(ids[i]!, row, row.variants, taken));
  await insertVariantRows(db, variants, now);
  await setUnassignedToRest(db, ids);
  await holdCodes(db, ids);
  return ids;
}

/** A style's stock not held by its variants is its unassigned stock (refused below zero by the caller's figures). */
async function setUnassignedToRest(db: DbExecutor, ids: number[]): Promise<void> {
  await db
    .updateTable('products')
    .set({
      unassigned_stock: sql<number>`stock - (select coalesce(sum(v.stock), 0) from product_variants v where v.product_id = products.id)`,
    })
    .where('id', 'in', ids)
    .execute();
}

export async function updateProductRow(
  db: DbExecutor,
  id: number,
  values: ProductEditValues,
  now: string,
): Promise<void> {
  await db
    .updateTable('products')
    .set({ ...rowValues(values), updated_at: now })
    .where('id', '=', id)
    .execute();
}

/**
 * Sets the stock only if it is still `expected`, in one statement, so two
 * writers who saw the same stock cannot both win. Returns whether it was written.
 */
export async function setProductStockIf(
  db: DbExecutor,
  id: number,
  expected: number,
  stock: number,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('products')
    .set({ stock, updated_at: now })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .where('stock', '=', expected)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function softDeleteProduct(db: DbExecutor, id: number, now: string): Promise<void> {
  await db.updateTable('products').set({ deleted_at: now, updated_at: now }).where('id', '=', id).execute();
}

/** Removes the product and, by cascade, its stock movements. */
export async function deleteProductRow(db: DbExecutor, id: number): Promise<void> {
  await db.deleteFrom('products').where('id', '=', id).execute();
}

/** Whether the product appears on any sale, in which case deletion keeps the row (soft delete). */
export async function productHasSales(db: DbExecutor, productId: number): Promise<boolean> {
  const row = await db
    .selectFrom('sale_items')
    .select('id')
    .where('product_id', '=', productId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export type StockMovementValues = Pick<
  StockMovementsTable,
  'product_id' | 'variant_id' | 'user_id' | 'old_quantity' | 'new_quantity' | 'reason' | 'sale_id' | 'created_at'
> & { kind: StockMovementKind; reason_code?: StockAdjustReason | null };

const MOVEMENT_COLUMNS = [
  'm.id',
  'm.product_id',
  'm.user_id',
  'm.kind',
  'm.old_quantity',
  'm.new_quantity',
  'm.delta',
  'm.reason_code',
  'm.reason',
  'm.sale_id',
  'm.variant_id',
  'm.created_at',
] as const;

type MovementRow = Selection<{ m: StockMovementsTable }, 'm', (typeof MOVEMENT_COLUMNS)[number]> & {
  user_name: string | null;
  document_number: string | null;
  size: string | null;
  color: string | null;
};

function toApiMovement(row: MovementRow): StockMovement {
  return {
    id: row.id,
    product_id: row.product_id,
    user_id: row.user_id,
    user_name: row.user_name,
    kind: (STOCK_MOVEMENT_KINDS as readonly string[]).includes(row.kind)
      ? (row.kind as StockMovementKind)
      : 'adjustment',
    old_quantity: Number(row.old_quantity),
    new_quantity: Number(row.new_quantity),
    delta: Number(row.delta),
    reason_code: (STOCK_ADJUST_REASONS as readonly (string | null)[]).includes(row.reason_code)
      ? (row.reason_code as StockAdjustReason)
      : null,
    reason: row.reason,
    sale_id: row.sale_id,
    variant_id: row.variant_id,
    size: row.size,
    color: row.color,
    document_number: row.document_number,
    created_at: row.created_at,
  };
}

function selectMovements(db: DbExecutor) {
  return db
    .selectFrom('stock_movements as m')
    .leftJoin('users as u', 'u.id', 'm.user_id')
    .leftJoin('sales as s', 's.id', 'm.sale_id')
    .leftJoin('product_variants as v', 'v.id', 'm.variant_id')
    .select([...MOVEMENT_COLUMNS, 'u.name as user_name', 's.document_number', 'v.size', 'v.color']);
}

export async function insertStockMovement(db: DbExecutor, values: StockMovementValues): Promise<StockMovement> {
  const { id } = await db
    .insertInto('stock_movements')
    .values({ delta: values.new_quantity - values.old_quantity, ...values })
    .returning('id')
    .executeTakeFirstOrThrow();
  return toApiMovement(await selectMovements(db).where('m.id', '=', id).executeTakeFirstOrThrow());
}

/** Inserts many movements in one statement (a sale's lines); returns nothing. */
export async function insertStockMovements(db: DbExecutor, rows: StockMovementValues[]): Promise<void> {
  if (rows.length === 0) return;
  await movementsInserted(db, withDeltas(rows));
}

/** Movements with their deltas, as `stockMovementsInsert` takes them. */
export function withDeltas(rows: StockMovementValues[]): StockMovementRow[] {
  // The key before the spread: V8 adds keys that follow one through its runtime (issue 17).
  return rows.map((values) => ({ delta: values.new_quantity - values.old_quantity, ...values }));
}

export type StockMovementRow = StockMovementValues & { delta: number };

/** The statement inserting `rows` (one or more), for a caller that sends it with others. */
export function stockMovementsInsert(db: DbExecutor, rows: StockMovementRow[]) {
  return db.insertInto('stock_movements').values(rows);
}

const movementsInserted = prepared(stockMovementsInsert);

/** A product's movements, newest first, older than the movement `before` when given. */
export async function listStockMovements(
  db: DbExecutor,
  productId: number,
  page: { before?: number; limit: number },
): Promise<StockMovement[]> {
  const rows = await selectMovements(db)
    .where('m.product_id', '=', productId)
    .$if(page.before !== undefined, (qb) => qb.where('m.id', '<', page.before ?? 0))
    .orderBy('m.id', 'desc')
    .limit(page.limit)
    .execute();
  return rows.map(toApiMovement);
}
