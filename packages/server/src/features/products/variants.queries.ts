import {
  satangToBaht,
  uniqueCode,
  variantCombinations,
  variantSku,
  type PosVariant,
  type ProductVariant,
} from '@pos/core';
import { sql, type Selection } from 'kysely';
import type { DbExecutor } from '../../db/executor';
import type { ProductVariantsTable } from '../../db/schema';

export const VARIANT_COLUMNS = [
  'v.id',
  'v.product_id',
  'v.size',
  'v.color',
  'v.sku',
  'v.barcode',
  'v.stock',
  'v.price',
  'v.active',
] as const;

export type VariantRow = Selection<{ v: ProductVariantsTable }, 'v', (typeof VARIANT_COLUMNS)[number]>;

export function toApiVariant(row: VariantRow): ProductVariant {
  return {
    id: row.id,
    size: row.size,
    color: row.color,
    sku: row.sku,
    barcode: row.barcode,
    stock: Number(row.stock),
    price: row.price === null ? null : satangToBaht(Number(row.price)),
    active: row.active === 1,
  };
}

/** A variant as the till's list sends it (only switched-on ones are sent). */
export function toPosVariant(row: VariantRow): PosVariant {
  const { active: _on, ...variant } = toApiVariant(row);
  return variant;
}

/** The variants of styles, in id order; `lock` holds them for the transaction (variants before products, as every writer). */
export function listVariantRows(db: DbExecutor, productIds: number[], { lock = false } = {}): Promise<VariantRow[]> {
  if (productIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('product_variants as v')
    .select([...VARIANT_COLUMNS])
    .where('v.product_id', 'in', productIds)
    .orderBy('v.id')
    .$if(lock, (qb) => qb.forUpdate())
    .execute();
}

/** The variants that sell (switched on) of every live product, by product and id: the till's list. */
export function listSellingVariantRows(db: DbExecutor): Promise<VariantRow[]> {
  return db
    .selectFrom('product_variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select([...VARIANT_COLUMNS])
    .where('p.deleted_at', 'is', null)
    .where('v.active', '=', 1)
    .orderBy('v.product_id')
    .orderBy('v.id')
    .execute();
}

/** Variants by id (any style), in id order; `lock` holds them for the transaction, as every writer takes them first. */
export function findVariantRows(db: DbExecutor, ids: number[], { lock = false } = {}): Promise<VariantRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('product_variants as v')
    .select([...VARIANT_COLUMNS])
    .where('v.id', 'in', ids)
    .orderBy('v.id')
    .$if(lock, (qb) => qb.forUpdate())
    .execute();
}

/** What a new variant is written with (its id and times are the insert's). */
export type VariantValues = Omit<ProductVariantsTable, 'id' | 'created_at' | 'updated_at'>;

export async function insertVariantRows(db: DbExecutor, rows: VariantValues[], now: string): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('product_variants')
      .values(rows.slice(i, i + 500).map((row) => ({ ...row, created_at: now, updated_at: now })))
      .execute();
  }
}

/** What a variant of a new style starts with: given per combination, or nothing (plain products: see `newStyleVariants`). */
export interface VariantSeed {
  size: string | null;
  color: string | null;
  stock?: number;
  /** Satang. */
  price?: number | null;
  sku?: string;
  barcode?: string | null;
  active?: boolean;
}

/**
 * The variants a new product starts with. A plain product (no sizes, no colours), or one with a single
 * size and colour: one, with its SKU, barcode and all its stock. A style: `seeds` when given, else one per
 * combination with stock 0 and a SKU from the style's (also its barcode), unique against `taken`.
 */
export function newStyleVariants(
  productId: number,
  style: { sku: string; barcode: string | null; stock: number; sizes: string[]; colors: string[] },
  seeds: VariantSeed[] | undefined,
  taken: Set<string>,
): VariantValues[] {
  const combinations = variantCombinations(style);
  if (combinations.length === 1 && !seeds) {
    return [
      {
        product_id: productId,
        ...combinations[0]!,
        sku: style.sku,
        barcode: style.barcode,
        stock: style.stock,
        price: null,
        active: 1,
      },
    ];
  }
  const bySeed = new Map((seeds ?? []).map((seed) => [comboKey(seed), seed]));
  const combos = seeds ? seeds.map(({ size, color }) => ({ size, color })) : combinations;
  return combos.map((choice) => {
    const seed = bySeed.get(comboKey(choice));
    const sku = seed?.sku ?? uniqueCode(variantSku(style.sku, style, choice), taken);
    return {
      product_id: productId,
      size: choice.size,
      color: choice.color,
      sku,
      barcode: seed?.barcode === undefined ? sku : seed.barcode,
      stock: seed?.stock ?? 0,
      price: seed?.price ?? null,
      active: seed?.active === false ? 0 : 1,
    };
  });
}

/** A combination as one text, "no size" a value of its own (as the unique index compares them). */
export function comboKey(choice: { size: string | null; color: string | null }): string {
  return JSON.stringify([choice.size, choice.color]);
}

/**
 * The codes held now (lower-cased) that a variant SKU made from one of the style SKUs could collide with
 * (they start with it and a dash), to make generated ones unique against; for many styles at once
 * (a bulk insert), every code.
 */
export async function takenCodesLike(db: DbExecutor, styleSkus: string[]): Promise<Set<string>> {
  if (styleSkus.length === 0) return new Set();
  const rows = await db
    .selectFrom('catalogue_codes')
    .select('code')
    .$if(styleSkus.length <= 50, (qb) =>
      qb.where((eb) =>
        eb.or(
          styleSkus.map((sku) =>
            eb(
              'code',
              'like',
              sql<string>`${`${sku.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}-%`} escape '\\'`,
            ),
          ),
        ),
      ),
    )
    .execute();
  return new Set(rows.map((r) => r.code));
}

/**
 * Writes the codes a live style holds: its SKU and barcode, and each variant's that differ from them
 * (a plain product's one variant shares its product's). A code another product holds fails the
 * primary key: the caller answers 409 SKU_TAKEN.
 */
export async function holdCodes(db: DbExecutor, productIds: number[]): Promise<void> {
  if (productIds.length === 0) return;
  await releaseCodes(db, productIds);
  const products = await db
    .selectFrom('products')
    .select(['id', 'sku', 'barcode'])
    .where('id', 'in', productIds)
    .where('deleted_at', 'is', null)
    .execute();
  const variants = await listVariantRows(
    db,
    products.map((p) => p.id),
  );
  const rows: { code: string; product_id: number; variant_id: number | null }[] = [];
  const seen = new Set<string>();
  const add = (code: string | null, productId: number, variantId: number | null) => {
    if (code === null || code === '') return;
    const lowered = code.toLowerCase();
    if (seen.has(lowered)) return;
    seen.add(lowered);
    rows.push({ code: lowered, product_id: productId, variant_id: variantId });
  };
  for (const p of products) {
    add(p.sku, p.id, null);
    add(p.barcode, p.id, null);
  }
  for (const v of variants) {
    add(v.sku, v.product_id, v.id);
    add(v.barcode, v.product_id, v.id);
  }
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('catalogue_codes')
      .values(rows.slice(i, i + 500))
      .execute();
  }
}

/** Frees a style's codes (it was deleted, or is about to write them again). */
export async function releaseCodes(db: DbExecutor, productIds: number[]): Promise<void> {
  await db.deleteFrom('catalogue_codes').where('product_id', 'in', productIds).execute();
}

/** Who holds one of `codes` other than `exceptProductId`: the product's name, and the variant's size and colour. */
export function findCodeHolder(
  db: DbExecutor,
  codes: string[],
  exceptProductId: number | null,
): Promise<{ code: string; name: string; product_id: number; size: string | null; color: string | null } | undefined> {
  if (codes.length === 0) return Promise.resolve(undefined);
  return db
    .selectFrom('catalogue_codes as k')
    .innerJoin('products as p', 'p.id', 'k.product_id')
    .leftJoin('product_variants as v', 'v.id', 'k.variant_id')
    .select(['k.code', 'p.name', 'k.product_id', 'v.size', 'v.color'])
    .where(
      'k.code',
      'in',
      codes.map((c) => c.toLowerCase()),
    )
    .$if(exceptProductId !== null, (qb) => qb.where('k.product_id', '!=', exceptProductId ?? 0))
    .orderBy('k.code')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Moves a style's stock by `delta`: the variant's when one is named, else its unassigned stock; the
 * style's figure (their sum) with it. The caller holds the rows' locks and checked the figures.
 */
export async function moveStyleStock(
  db: DbExecutor,
  a: { productId: number; variantId: number | null; delta: number; now: string },
): Promise<void> {
  if (a.variantId !== null) {
    await db
      .updateTable('product_variants')
      .set((eb) => ({ stock: eb('stock', '+', a.delta), updated_at: a.now }))
      .where('id', '=', a.variantId)
      .execute();
  }
  await db
    .updateTable('products')
    .set((eb) => ({
      stock: eb('stock', '+', a.delta),
      ...(a.variantId === null ? { unassigned_stock: eb('unassigned_stock', '+', a.delta) } : {}),
      updated_at: a.now,
    }))
    .where('id', '=', a.productId)
    .execute();
}

/** Writes a variant's codes, price and on/off (never its stock: that moves with a reason). */
export async function updateVariantRow(
  db: DbExecutor,
  id: number,
  values: Pick<VariantValues, 'sku' | 'barcode' | 'price' | 'active'>,
  now: string,
): Promise<void> {
  await db
    .updateTable('product_variants')
    .set({ ...values, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** Removes variants holding no stock that nothing refers to (no sale line, no stock movement); answers those it kept. */
export async function deleteUnusedVariants(db: DbExecutor, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const used = await db
    .selectFrom('product_variants as v')
    .select('v.id')
    .where('v.id', 'in', ids)
    .where((eb) =>
      eb.or([
        eb('v.stock', '!=', 0),
        eb.exists(eb.selectFrom('sale_items as i').select('i.id').whereRef('i.variant_id', '=', 'v.id')),
        eb.exists(eb.selectFrom('stock_movements as m').select('m.id').whereRef('m.variant_id', '=', 'v.id')),
      ]),
    )
    .execute();
  const kept = new Set(used.map((r) => r.id));
  const unused = ids.filter((id) => !kept.has(id));
  if (unused.length > 0) await db.deleteFrom('product_variants').where('id', 'in', unused).execute();
  return [...kept];
}

export async function switchOffVariants(db: DbExecutor, ids: number[], now: string): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('product_variants').set({ active: 0, updated_at: now }).where('id', 'in', ids).execute();
}

/** All of a style's stock becomes one variant's (a style that became a plain product); none is unassigned. */
export async function concentrateStyleStock(
  db: DbExecutor,
  productId: number,
  variantId: number,
  now: string,
): Promise<void> {
  await db
    .updateTable('product_variants')
    .set({
      stock: sql<number>`case when id = ${variantId} then (select stock from products where id = ${productId}) else 0 end`,
      updated_at: now,
    })
    .where('product_id', '=', productId)
    .execute();
  await db.updateTable('products').set({ unassigned_stock: 0 }).where('id', '=', productId).execute();
}

/** Variants' stock becomes their style's unassigned stock (a plain product's, once it has sizes). */
export async function unassignVariantStock(
  db: DbExecutor,
  productId: number,
  ids: number[],
  now: string,
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('products')
    .set({
      unassigned_stock: sql<number>`unassigned_stock + (select coalesce(sum(stock), 0) from product_variants where id in (${sql.join(ids)}))`,
    })
    .where('id', '=', productId)
    .execute();
  await db.updateTable('product_variants').set({ stock: 0, updated_at: now }).where('id', 'in', ids).execute();
}
