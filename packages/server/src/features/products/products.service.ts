import {
  bahtToSatang,
  msg,
  type ListProductsQuery,
  type Product,
  type ProductWithVariants,
  type ProductWrite,
} from '@pos/core';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/unique-violation';
import type { DbExecutor } from '../../db/executor';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../http/app-error';
import type { SessionUser } from '../../http/request-user';
import { findCategory, findCategoryByName, listActiveCategoryNames } from '../categories/categories.queries';
import { processImageUpload } from '../images/image-upload';
import { insertImage } from '../images/images.queries';
import { putImageFile, type PutImage } from '../images/images.service';
import {
  deleteProductRow,
  findLiveProduct,
  insertProducts,
  insertStockMovement,
  listLiveProducts,
  lockProducts,
  productHasSales,
  softDeleteProduct,
  toApiProduct,
  updateProductRow,
  type ProductEditValues,
} from './products.queries';
import { listVariantRows, releaseCodes } from './variants.queries';
import {
  assertCodesFree,
  assertVariantCount,
  codeTaken,
  followLists,
  holdCodesOrRefuse,
  productWithVariants,
} from './variants.service';

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

export function getProduct(deps: Pick<Deps, 'db'>, id: number): Promise<ProductWithVariants> {
  return productWithVariants(deps.db.kysely, id);
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

/** The product's codes, each with the form field it came from. */
function codesOf(input: { sku: string; barcode: string | null }): { code: string; field: string }[] {
  return [{ code: input.sku, field: 'sku' }, ...(input.barcode ? [{ code: input.barcode, field: 'barcode' }] : [])];
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
): Promise<ProductWithVariants> {
  const codes = { sku: input.sku, barcode: barcodeOf(input) };
  return withStoredImage(
    deps,
    image,
    async () => {
      assertVariantCount(input);
      await resolveCategoryId(deps.db.kysely, input);
      await assertCodesFree(deps.db.kysely, codesOf(codes), null);
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
          const variants = await listVariantRows(trx, [id]);
          await insertStockMovement(trx, {
            product_id: id,
            // A style's first stock is not any one variant's yet (its unassigned stock), unless it has one.
            variant_id: variants.length === 1 ? variants[0]!.id : null,
            user_id: actor.id,
            kind: 'initial',
            old_quantity: 0,
            new_quantity: stock,
            reason: null,
            sale_id: null,
            created_at: now,
          });
        }
        return productWithVariants(trx, id);
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
): Promise<ProductWithVariants> {
  const codes = { sku: input.sku, barcode: barcodeOf(input) };
  return withStoredImage(
    deps,
    image,
    async () => {
      if (!(await findLiveProduct(deps.db.kysely, id))) throw notFound('PRODUCT_NOT_FOUND');
      assertVariantCount(input);
      await resolveCategoryId(deps.db.kysely, input);
      await assertCodesFree(deps.db.kysely, codesOf(codes), id);
    },
    (stored) =>
      deps.db.kysely.transaction().execute(async (trx) => {
        const now = deps.now().toISOString();
        // Its variants before it, as every writer takes them (a sale holding one waits for the product).
        await listVariantRows(trx, [id], { lock: true });
        const current = await findLiveProduct(trx, id, { lock: true });
        if (!current) throw notFound('PRODUCT_NOT_FOUND');
        const before = toApiProduct(current);
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
        await followLists(
          trx,
          before,
          { id, sku: input.sku, barcode: codes.barcode, stock: before.stock, sizes: input.sizes, colors: input.colors },
          now,
        );
        await holdCodesOrRefuse(trx, id, input.sku);
        return productWithVariants(trx, id);
      }),
    () => codeTaken(input.sku, 'sku'),
  );
}

/** Deletes a product; one that appears in sales is kept, hidden (soft delete), so history keeps it. */
export async function deleteProduct(deps: Pick<Deps, 'db' | 'now'>, id: number): Promise<{ soft: boolean }> {
  return deps.db.kysely.transaction().execute(async (trx) => {
    await listVariantRows(trx, [id], { lock: true });
    await lockProducts(trx, [id]);
    if (!(await findLiveProduct(trx, id))) throw notFound('PRODUCT_NOT_FOUND');
    if (await productHasSales(trx, id)) {
      await softDeleteProduct(trx, id, deps.now().toISOString());
      // Its codes are free for another product (its variants stay, for its sales' history).
      await releaseCodes(trx, [id]);
      return { soft: true };
    }
    await deleteProductRow(trx, id);
    return { soft: false };
  });
}
