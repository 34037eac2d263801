import {
  adjustedStock,
  bahtToSatang,
  msg,
  errorText,
  type ListProductsQuery,
  type ListStockMovementsQuery,
  type Product,
  type ProductWrite,
  type StockAdjustment,
  type StockCount,
  type StockMovement,
} from '@pos/core';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/unique-violation';
import type { DbExecutor } from '../../db/executor';
import type { Deps } from '../../deps';
import { AppError, conflict, notFound } from '../../http/app-error';
import type { SessionUser } from '../../http/request-user';
import { findCategory, findCategoryByName, listActiveCategoryNames } from '../categories/categories.queries';
import { processImageUpload } from '../images/image-upload';
import { insertImage } from '../images/images.queries';
import { putImageFile, type PutImage } from '../images/images.service';
import {
  deleteProductRow,
  findCodeConflict,
  findLiveProduct,
  insertProducts,
  insertStockMovement,
  listLiveProducts,
  listStockMovements as listMovementRows,
  productHasSales,
  setProductStockIf,
  softDeleteProduct,
  toApiProduct,
  updateProductRow,
  type ProductEditValues,
} from './products.queries';

type ProductDeps = Pick<Deps, 'db' | 'now' | 'imageStore'>;

/** Product images live in this folder of the image store. */
export const PRODUCT_IMAGE_FOLDER = 'products';

export async function listProducts(
  deps: Pick<Deps, 'db'>,
  query: z.output<typeof ListProductsQuery>,
): Promise<Product[]> {
  const rows = await listLiveProducts(deps.db.kysely, deps.db.engine, {
    search: query.search || undefined,
    categoryName: query.category || undefined,
    categoryId: query.category_id,
    limit: query.limit,
  });
  return rows.map(toApiProduct);
}

export async function getProduct(deps: Pick<Deps, 'db'>, id: number): Promise<Product> {
  const row = await findLiveProduct(deps.db.kysely, id);
  if (!row) throw notFound('PRODUCT_NOT_FOUND');
  return toApiProduct(row);
}

/** The category names the POS and product screens filter by. */
export function listProductCategoryNames(deps: Pick<Deps, 'db'>): Promise<string[]> {
  return listActiveCategoryNames(deps.db.kysely);
}

async function resolveCategoryId(db: DbExecutor, input: ProductWrite): Promise<number> {
  const row =
    input.category_id !== undefined
      ? await findCategory(db, input.category_id)
      : await findCategoryByName(db, input.category ?? '');
  if (!row) {
    throw new AppError({ status: 400, code: 'CATEGORY_NOT_FOUND', fields: { category: msg('server.categoryGone') } });
  }
  return row.id;
}

function codesOf(input: { sku: string; barcode: string | null }): string[] {
  return [...new Set([input.sku, input.barcode].filter((c): c is string => !!c))];
}

function codeTaken(code: string, field: 'sku' | 'barcode', otherName?: string): AppError {
  const details = { sku: code, ...(otherName !== undefined && { product: otherName }) };
  return conflict('SKU_TAKEN', { details, fields: { [field]: errorText('SKU_TAKEN', details) } });
}

/** A scan must find one product: neither code may be another live product's SKU or barcode. */
async function assertCodesFree(
  db: DbExecutor,
  input: { sku: string; barcode: string | null },
  exceptId: number | null,
): Promise<void> {
  const other = await findCodeConflict(db, codesOf(input), exceptId);
  if (!other) return;
  const taken = new Set([other.sku, other.barcode].filter((c): c is string => !!c).map((c) => c.toLowerCase()));
  const field = taken.has(input.sku.toLowerCase()) ? 'sku' : 'barcode';
  throw codeTaken(field === 'sku' ? input.sku : (input.barcode ?? ''), field, other.name);
}

/** The barcode left out equals the SKU; sent empty it means none. */
function barcodeOf(input: ProductWrite): string | null {
  return input.barcode === undefined ? input.sku : input.barcode;
}

function valuesOf(
  input: ProductWrite,
  fixed: { categoryId: number; imageId: number | null; imageUrl: string | null },
): ProductEditValues {
  return {
    name: input.name,
    sku: input.sku,
    barcode: barcodeOf(input),
    category_id: fixed.categoryId,
    price: bahtToSatang(input.price),
    cost: bahtToSatang(input.cost),
    original_price: input.original_price === null ? null : bahtToSatang(input.original_price),
    description: input.description,
    image_id: fixed.imageId,
    image_url: fixed.imageUrl,
    sizes: input.sizes,
    colors: input.colors,
  };
}

async function recordImage(trx: DbExecutor, stored: PutImage, now: string): Promise<number> {
  return insertImage(trx, {
    store: stored.store,
    key: stored.key,
    url: stored.url,
    size_bytes: stored.sizeBytes,
    width: stored.processed.width,
    height: stored.processed.height,
    content_type: stored.processed.contentType,
    created_at: now,
  });
}

/**
 * Checks the image (by content) and the product's category and codes, then
 * stores the file; only then writes, in one transaction. Whatever fails, no
 * file is left behind.
 */
async function withStoredImage<T>(
  deps: ProductDeps,
  image: Buffer | null,
  precheck: () => Promise<void>,
  write: (stored: PutImage | null) => Promise<T>,
  onUniqueViolation: () => AppError,
): Promise<T> {
  await precheck();
  const processed = image ? await processImageUpload(image) : null;
  const stored = processed ? await putImageFile(deps, processed, PRODUCT_IMAGE_FOLDER) : null;
  try {
    return await write(stored);
  } catch (err) {
    await stored?.discard();
    // Two requests raced for the same code; the unique index decided.
    if (isUniqueViolation(err)) throw onUniqueViolation();
    throw err;
  }
}

export async function createProduct(
  deps: ProductDeps,
  actor: SessionUser,
  input: ProductWrite,
  image: Buffer | null,
): Promise<Product> {
  const codes = { sku: input.sku, barcode: barcodeOf(input) };
  return withStoredImage(
    deps,
    image,
    async () => {
      await resolveCategoryId(deps.db.kysely, input);
      await assertCodesFree(deps.db.kysely, codes, null);
    },
    (stored) =>
      deps.db.kysely.transaction().execute(async (trx) => {
        const now = deps.now().toISOString();
        const categoryId = await resolveCategoryId(trx, input);
        const imageId = stored ? await recordImage(trx, stored, now) : null;
        const stock = input.stock ?? 0;
        const [id] = await insertProducts(
          trx,
          [{ ...valuesOf(input, { categoryId, imageId, imageUrl: stored?.url ?? input.image_url ?? null }), stock }],
          now,
        );
        if (id === undefined) throw new Error('product insert returned no id');
        if (stock !== 0) {
          await insertStockMovement(trx, {
            product_id: id,
            user_id: actor.id,
            kind: 'initial',
            old_quantity: 0,
            new_quantity: stock,
            reason: null,
            sale_id: null,
            created_at: now,
          });
        }
        const row = await findLiveProduct(trx, id);
        if (!row) throw new Error('created product not found');
        return toApiProduct(row);
      }),
    () => codeTaken(input.sku, 'sku'),
  );
}

/**
 * Replaces the product's form fields. The stock is never written here, even
 * when sent: a form opened before a sale would put the sold units back.
 * Stock changes go through adjustStock. The image stays as it is when left
 * out; a replaced image file is kept: storage cleanup decides when it is unused.
 */
export async function updateProduct(
  deps: ProductDeps,
  id: number,
  input: ProductWrite,
  image: Buffer | null,
): Promise<Product> {
  const codes = { sku: input.sku, barcode: barcodeOf(input) };
  return withStoredImage(
    deps,
    image,
    async () => {
      if (!(await findLiveProduct(deps.db.kysely, id))) throw notFound('PRODUCT_NOT_FOUND');
      await resolveCategoryId(deps.db.kysely, input);
      await assertCodesFree(deps.db.kysely, codes, id);
    },
    (stored) =>
      deps.db.kysely.transaction().execute(async (trx) => {
        const now = deps.now().toISOString();
        const current = await findLiveProduct(trx, id, { lock: true });
        if (!current) throw notFound('PRODUCT_NOT_FOUND');
        const categoryId = await resolveCategoryId(trx, input);
        let imageId = current.image_id;
        let imageUrl = current.image_url;
        if (stored) {
          imageId = await recordImage(trx, stored, now);
          imageUrl = stored.url;
        } else if (input.image_url !== undefined && input.image_url !== current.image_url) {
          imageId = null;
          imageUrl = input.image_url;
        }
        await updateProductRow(trx, id, valuesOf(input, { categoryId, imageId, imageUrl }), now);
        const row = await findLiveProduct(trx, id);
        if (!row) throw notFound('PRODUCT_NOT_FOUND');
        return toApiProduct(row);
      }),
    () => codeTaken(input.sku, 'sku'),
  );
}

/** Deletes a product; one that appears in sales is kept, hidden (soft delete), so history keeps it. */
export async function deleteProduct(deps: Pick<Deps, 'db' | 'now'>, id: number): Promise<{ soft: boolean }> {
  return deps.db.kysely.transaction().execute(async (trx) => {
    if (!(await findLiveProduct(trx, id, { lock: true }))) throw notFound('PRODUCT_NOT_FOUND');
    if (await productHasSales(trx, id)) {
      await softDeleteProduct(trx, id, deps.now().toISOString());
      return { soft: true };
    }
    await deleteProductRow(trx, id);
    return { soft: false };
  });
}

type StockResult = { product: Product; movement: StockMovement | null };

function stockChanged(stock: number): AppError {
  return conflict('STOCK_CHANGED', { details: { stock } });
}

/**
 * Adds, removes or sets stock, but only if the stock is still what the user
 * saw (`expected`): otherwise 409 STOCK_CHANGED with the fresh stock, and
 * nothing is written. The conditional update decides, so of two managers
 * adjusting at once only one wins. Recorded as an adjustment with its reason.
 */
export async function adjustStock(
  deps: Pick<Deps, 'db' | 'now'>,
  actor: SessionUser,
  id: number,
  input: StockAdjustment,
): Promise<StockResult> {
  return deps.db.kysely.transaction().execute(async (trx) => {
    const target = adjustedStock(input.expected, input.mode, input.amount);
    const now = deps.now().toISOString();
    let movement: StockMovement | null = null;
    if (target === input.expected) {
      // Nothing to write, but the user must still learn if the stock moved.
      const current = await findLiveProduct(trx, id);
      if (!current) throw notFound('PRODUCT_NOT_FOUND');
      if (current.stock !== input.expected) throw stockChanged(Number(current.stock));
    } else if (await setProductStockIf(trx, id, input.expected, target, now)) {
      movement = await insertStockMovement(trx, {
        product_id: id,
        user_id: actor.id,
        kind: 'adjustment',
        old_quantity: input.expected,
        new_quantity: target,
        reason_code: input.reason,
        reason: input.note,
        sale_id: null,
        created_at: now,
      });
    } else {
      const current = await findLiveProduct(trx, id);
      if (!current) throw notFound('PRODUCT_NOT_FOUND');
      throw stockChanged(Number(current.stock));
    }
    const row = await findLiveProduct(trx, id);
    if (!row) throw notFound('PRODUCT_NOT_FOUND');
    return { product: toApiProduct(row), movement };
  });
}

/**
 * The spec's older `{ quantity, reason }` form: sets the stock to a count
 * without checking what it was (API clients only; the web sends adjustStock's form).
 */
export async function setStockCount(
  deps: Pick<Deps, 'db' | 'now'>,
  actor: SessionUser,
  id: number,
  input: StockCount,
): Promise<StockResult> {
  return deps.db.kysely.transaction().execute(async (trx) => {
    const current = await findLiveProduct(trx, id, { lock: true });
    if (!current) throw notFound('PRODUCT_NOT_FOUND');
    const now = deps.now().toISOString();
    let movement: StockMovement | null = null;
    if (input.quantity !== current.stock) {
      if (!(await setProductStockIf(trx, id, current.stock, input.quantity, now))) throw stockChanged(current.stock);
      movement = await insertStockMovement(trx, {
        product_id: id,
        user_id: actor.id,
        kind: 'adjustment',
        old_quantity: current.stock,
        new_quantity: input.quantity,
        reason_code: null,
        reason: input.reason,
        sale_id: null,
        created_at: now,
      });
    }
    const row = await findLiveProduct(trx, id);
    if (!row) throw notFound('PRODUCT_NOT_FOUND');
    return { product: toApiProduct(row), movement };
  });
}

/** A product's stock history, newest first, a page at a time. */
export async function listStockMovements(
  deps: Pick<Deps, 'db'>,
  id: number,
  page: z.output<typeof ListStockMovementsQuery>,
): Promise<{ movements: StockMovement[]; next_before: number | null }> {
  if (!(await findLiveProduct(deps.db.kysely, id))) throw notFound('PRODUCT_NOT_FOUND');
  // One more than asked tells whether an older page exists.
  const rows = await listMovementRows(deps.db.kysely, id, { before: page.before, limit: page.limit + 1 });
  const movements = rows.slice(0, page.limit);
  const last = movements.at(-1);
  return { movements, next_before: rows.length > page.limit && last ? last.id : null };
}
