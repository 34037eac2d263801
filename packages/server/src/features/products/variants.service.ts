import {
  bahtToSatang,
  errorText,
  MAX_VARIANTS_PER_STYLE,
  uniqueCode,
  variantCombinations,
  variantName,
  variantSku,
  type ProductVariant,
  type ProductWithVariants,
  type VariantGridCell,
  type VariantLists,
} from '@pos/core';
import type { DbExecutor } from '../../db/executor';
import { isUniqueViolation } from '../../db/unique-violation';
import type { Deps } from '../../deps';
import { AppError, conflict, notFound } from '../../http/app-error';
import { findLiveProduct, lockProducts, toApiProduct } from './products.queries';
import {
  comboKey,
  concentrateStyleStock,
  deleteUnusedVariants,
  findCodeHolder,
  holdCodes,
  insertVariantRows,
  listVariantRows,
  takenCodesLike,
  switchOffVariants,
  toApiVariant,
  unassignVariantStock,
  updateVariantRow,
  type VariantRow,
  type VariantValues,
} from './variants.queries';

/** Variants in the order of the style's grid: by size, then colour, as its lists order them (others last). */
export function inGridOrder<V extends { size: string | null; color: string | null }>(
  rows: V[],
  lists: VariantLists,
): V[] {
  const place = (list: readonly string[], value: string | null) => {
    if (value === null) return -1;
    const i = list.indexOf(value);
    return i === -1 ? list.length : i;
  };
  return [...rows].sort(
    (a, b) =>
      place(lists.sizes, a.size) - place(lists.sizes, b.size) ||
      place(lists.colors, a.color) - place(lists.colors, b.color),
  );
}

/** A live product with its variants, as `GET /api/products/:id` answers it. */
export async function productWithVariants(db: DbExecutor, id: number): Promise<ProductWithVariants> {
  const row = await findLiveProduct(db, id);
  if (!row) throw notFound('PRODUCT_NOT_FOUND');
  const product = toApiProduct(row);
  const variants: ProductVariant[] = inGridOrder(await listVariantRows(db, [id]), product).map(toApiVariant);
  return { ...product, variants };
}

/** Refuses a style with more size × colour combinations than a style may have. */
export function assertVariantCount(lists: VariantLists): void {
  const count = Math.max(lists.sizes.length, 1) * Math.max(lists.colors.length, 1);
  if (count > MAX_VARIANTS_PER_STYLE) {
    throw new AppError({ status: 400, code: 'VARIANT_LIMIT', details: { max: MAX_VARIANTS_PER_STYLE, count } });
  }
}

/** 409 SKU_TAKEN naming who holds the code: another product, or a variant of one ("โปโล ดำ / M"). */
export function codeTaken(code: string, field: string, holder?: string): AppError {
  const details = { sku: code, ...(holder !== undefined && { product: holder }) };
  return conflict('SKU_TAKEN', { details, fields: { [field]: errorText('SKU_TAKEN', details) } });
}

/** Refuses codes another product or its variants hold, naming the holder. */
export async function assertCodesFree(
  db: DbExecutor,
  codes: { code: string; field: string }[],
  exceptProductId: number | null,
): Promise<void> {
  const holder = await findCodeHolder(
    db,
    codes.map((c) => c.code),
    exceptProductId,
  );
  if (!holder) return;
  const asked = codes.find((c) => c.code.toLowerCase() === holder.code)!;
  throw codeTaken(asked.code, asked.field, variantName(holder.name, holder));
}

/** Writes a style's codes; a code taken meanwhile by another (a race the check above lost) is a 409. */
export async function holdCodesOrRefuse(db: DbExecutor, productId: number, firstCode: string): Promise<void> {
  try {
    await holdCodes(db, [productId]);
  } catch (err) {
    if (isUniqueViolation(err)) throw codeTaken(firstCode, 'sku');
    throw err;
  }
}

/** New variants for the given combinations of a style, with SKUs (and barcodes) from its SKU, unique in the catalogue. */
async function newVariants(
  db: DbExecutor,
  style: { id: number; sku: string } & VariantLists,
  combos: { size: string | null; color: string | null }[],
): Promise<VariantValues[]> {
  if (combos.length === 0) return [];
  const taken = await takenCodesLike(db, [style.sku]);
  return combos.map((choice) => {
    const sku = uniqueCode(variantSku(style.sku, style, choice), taken);
    return { product_id: style.id, ...choice, sku, barcode: sku, stock: 0, price: null, active: 1 };
  });
}

/**
 * After a product's edit, its variants follow its sizes and colours (the caller holds the variants' and
 * the product's locks, in that order). Combinations of a size or colour new to the lists are added;
 * those a style left out before stay out. Variants of a size or colour no longer listed are removed
 * when nothing refers to them, else switched off with their stock. A style that becomes a plain product
 * gets its one variant, holding all of the style's stock.
 */
export async function followLists(
  trx: DbExecutor,
  before: VariantLists,
  after: { id: number; sku: string; barcode: string | null; stock: number } & VariantLists,
  now: string,
): Promise<void> {
  const current = await listVariantRows(trx, [after.id]);
  const plain = after.sizes.length === 0 && after.colors.length === 0;
  const fits = (v: VariantRow) =>
    plain
      ? v.size === null && v.color === null
      : (v.size === null ? after.sizes.length === 0 : after.sizes.includes(v.size)) &&
        (v.color === null ? after.colors.length === 0 : after.colors.includes(v.color));
  const stale = current.filter((v) => !fits(v));
  if (plain) {
    const own = current.find(fits);
    const values = { sku: after.sku, barcode: after.barcode, price: own?.price ?? null, active: 1 };
    if (own) await updateVariantRow(trx, own.id, values, now);
    else await insertVariantRows(trx, [{ product_id: after.id, size: null, color: null, ...values, stock: 0 }], now);
    const ownId = own?.id ?? (await listVariantRows(trx, [after.id])).find(fits)!.id;
    await concentrateStyleStock(trx, after.id, ownId, now);
  } else {
    const existing = new Set(current.map(comboKey));
    const isNew = (value: string | null, old: readonly string[]) => value !== null && !old.includes(value);
    const wasPlain = before.sizes.length + before.colors.length === 0;
    const added = variantCombinations(after).filter(
      (c) => !existing.has(comboKey(c)) && (wasPlain || isNew(c.size, before.sizes) || isNew(c.color, before.colors)),
    );
    await insertVariantRows(trx, await newVariants(trx, after, added), now);
    // A plain product's stock, once it has sizes, is counted for the style, not for any one of them yet.
    await unassignVariantStock(
      trx,
      after.id,
      stale.filter((v) => v.size === null && v.color === null).map((v) => v.id),
      now,
    );
  }
  await switchOffVariants(
    trx,
    await deleteUnusedVariants(
      trx,
      stale.map((v) => v.id),
    ),
    now,
  );
}
/**
 * `PUT /api/products/:id/variants`: the style's whole grid. Each cell is a combination of its sizes and
 * colours with its codes, price and on/off; a combination left out is removed (switched off when
 * sales or movements refer to it). Stock is never written here: it moves through adjustments.
 */
export async function writeVariantGrid(
  deps: Pick<Deps, 'db' | 'now'>,
  productId: number,
  cells: VariantGridCell[],
): Promise<ProductWithVariants> {
  const product = await findLiveProduct(deps.db.kysely, productId);
  if (!product) throw notFound('PRODUCT_NOT_FOUND');
  const lists = toApiProduct(product);
  const offered = new Set(variantCombinations(lists).map(comboKey));
  const unknown = cells.find((c) => !offered.has(comboKey(c)));
  if (unknown) {
    throw new AppError({
      status: 400,
      code: 'VARIANT_UNKNOWN',
      details: { name: variantName(product.name, unknown) },
    });
  }
  const codes: { code: string; field: string }[] = [];
  const seen = new Map<string, string>();
  cells.forEach((cell, i) => {
    for (const [code, field] of [
      [cell.sku, `variants.${i}.sku`],
      [cell.barcode, `variants.${i}.barcode`],
    ] as const) {
      if (!code) continue;
      const other = seen.get(code.toLowerCase());
      // One cell may use its SKU as its barcode; two cells may not share a code.
      if (other !== undefined && other !== comboKey(cell))
        throw codeTaken(code, field, variantName(product.name, cell));
      seen.set(code.toLowerCase(), comboKey(cell));
      codes.push({ code, field });
    }
  });
  await assertCodesFree(deps.db.kysely, codes, productId);
  return deps.db.kysely.transaction().execute(async (trx) => {
    const now = deps.now().toISOString();
    const current = await listVariantRows(trx, [productId], { lock: true });
    await lockProducts(trx, [productId]);
    if (!(await findLiveProduct(trx, productId))) throw notFound('PRODUCT_NOT_FOUND');
    const byCombo = new Map(current.map((v) => [comboKey(v), v]));
    const wanted = new Set(cells.map(comboKey));
    const added: VariantValues[] = [];
    const generated = await newVariants(
      trx,
      { id: productId, sku: product.sku, sizes: lists.sizes, colors: lists.colors },
      cells.filter((c) => !byCombo.has(comboKey(c)) && !c.sku),
    );
    for (const cell of cells) {
      const price = cell.price == null ? cell.price : bahtToSatang(cell.price);
      const active = cell.active ? 1 : 0;
      const row = byCombo.get(comboKey(cell));
      if (row) {
        const values = {
          sku: cell.sku ?? row.sku,
          barcode: cell.barcode === undefined ? row.barcode : cell.barcode,
          price: price === undefined ? row.price : price,
          active,
        };
        await updateVariantRow(trx, row.id, values, now);
        continue;
      }
      const sku = cell.sku ?? generated.find((g) => g.size === cell.size && g.color === cell.color)!.sku;
      added.push({
        product_id: productId,
        size: cell.size,
        color: cell.color,
        sku,
        barcode: cell.barcode === undefined ? sku : cell.barcode,
        price: price ?? null,
        active,
        stock: 0,
      });
    }
    await insertVariantRows(trx, added, now);
    await switchOffVariants(
      trx,
      await deleteUnusedVariants(
        trx,
        current.filter((v) => !wanted.has(comboKey(v))).map((v) => v.id),
      ),
      now,
    );
    await holdCodesOrRefuse(trx, productId, codes[0]?.code ?? product.sku);
    return productWithVariants(trx, productId);
  });
}
