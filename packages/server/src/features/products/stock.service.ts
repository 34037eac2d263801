import {
  adjustedStock,
  grouped,
  msg,
  type ListStockMovementsQuery,
  type ProductWithVariants,
  type StockAdjustment,
  type StockCount,
  type StockMovement,
  type StyleCount,
} from '@pos/core';
import type { z } from 'zod';
import type { DbExecutor } from '../../db/executor';
import type { Deps } from '../../deps';
import { AppError, conflict, notFound } from '../../http/app-error';
import type { SessionUser } from '../../http/request-user';
import {
  findLiveProduct,
  insertStockMovement,
  listStockMovements as listMovementRows,
  lockProducts,
} from './products.queries';
import { productWithVariants } from './variants.service';
import { findVariantRows, listVariantRows, moveStyleStock, type VariantRow } from './variants.queries';

type StockResult = { product: ProductWithVariants; movement: StockMovement | null };

function stockChanged(stock: number, variantId?: number): AppError {
  return conflict('STOCK_CHANGED', { details: { stock, ...(variantId !== undefined && { variantId }) } });
}

/**
 * What a stock change changes: a variant (named, or a plain product's one), or a style's unassigned
 * stock when no variant is named (what an API client written before variants adjusts: the style's
 * figure, the part not counted per variant). Locked, variant first, as every writer takes them.
 */
interface StockTarget {
  productId: number;
  variant: VariantRow | null;
  /** The figure the user saw: the variant's stock, or the style's whole stock. */
  current: number;
  /** The style's stock and unassigned stock, for the movement and the floor of an unassigned change. */
  styleStock: number;
  unassigned: number;
}

async function lockTarget(trx: DbExecutor, productId: number, variantId: number | undefined): Promise<StockTarget> {
  const variants =
    variantId !== undefined
      ? await findVariantRows(trx, [variantId], { lock: true })
      : await listVariantRows(trx, [productId], { lock: true });
  await lockProducts(trx, [productId]);
  const product = await findLiveProduct(trx, productId);
  if (!product) throw notFound('PRODUCT_NOT_FOUND');
  const styleStock = Number(product.stock);
  const unassigned = Number(product.unassigned_stock);
  if (variantId !== undefined) {
    const variant = variants[0];
    if (!variant || variant.product_id !== productId) {
      throw new AppError({ status: 400, code: 'VARIANT_UNKNOWN', details: { name: product.name } });
    }
    return { productId, variant, current: Number(variant.stock), styleStock, unassigned };
  }
  // One variant (a plain product, or one size and colour) holds all of the product's stock.
  return variants.length === 1 && unassigned === 0
    ? { productId, variant: variants[0]!, current: styleStock, styleStock, unassigned }
    : { productId, variant: null, current: styleStock, styleStock, unassigned };
}

/** Moves the target by `delta` and records it; refuses taking the unassigned stock below zero. */
async function writeChange(
  trx: DbExecutor,
  actor: SessionUser,
  target: StockTarget,
  delta: number,
  why: { reason_code: StockAdjustment['reason'] | null; reason: string | null },
  now: string,
): Promise<StockMovement> {
  if (target.variant === null && target.unassigned + delta < 0) {
    const message = msg('stock.belowZero', { stock: grouped(target.unassigned) });
    throw new AppError({ status: 400, code: 'VALIDATION_FAILED', message, fields: { amount: message } });
  }
  await moveStyleStock(trx, { productId: target.productId, variantId: target.variant?.id ?? null, delta, now });
  return insertStockMovement(trx, {
    product_id: target.productId,
    variant_id: target.variant?.id ?? null,
    user_id: actor.id,
    kind: 'adjustment',
    old_quantity: target.styleStock,
    new_quantity: target.styleStock + delta,
    reason_code: why.reason_code,
    reason: why.reason,
    sale_id: null,
    created_at: now,
  });
}

/**
 * Adds, removes or sets stock (of a variant, see `lockTarget`), but only if it is still what the user saw
 * (`expected`): otherwise 409 STOCK_CHANGED with the fresh figure, and nothing is written. The rows are
 * locked before they are read, so of two managers adjusting at once the second sees the first's change.
 * Recorded as an adjustment with its reason; the movement's quantities are the style's.
 */
export async function adjustStock(
  deps: Pick<Deps, 'db' | 'now'>,
  actor: SessionUser,
  id: number,
  input: StockAdjustment,
): Promise<StockResult> {
  return changeStock(deps, actor, id, input.variantId, { reason_code: input.reason, reason: input.note }, (current) => {
    if (current !== input.expected) throw stockChanged(current);
    return adjustedStock(input.expected, input.mode, input.amount) - input.expected;
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
  return changeStock(deps, actor, id, input.variantId, { reason_code: null, reason: input.reason }, (current) => {
    return input.quantity - current;
  });
}

/**
 * One stock change under its locks: `deltaOf` sees the figure the change is of (and may refuse it),
 * answers by how much; nothing is written for 0.
 */
function changeStock(
  deps: Pick<Deps, 'db' | 'now'>,
  actor: SessionUser,
  id: number,
  variantId: number | undefined,
  why: { reason_code: StockAdjustment['reason'] | null; reason: string | null },
  deltaOf: (current: number) => number,
): Promise<StockResult> {
  return deps.db.kysely.transaction().execute(async (trx) => {
    const target = await lockTarget(trx, id, variantId);
    const delta = deltaOf(target.current);
    const movement = delta === 0 ? null : await writeChange(trx, actor, target, delta, why, deps.now().toISOString());
    return { product: await productWithVariants(trx, id), movement };
  });
}

/**
 * A style counted (the stock screen's count mode): one counted adjustment per variant whose figure
 * changed, and with `clearUnassigned` its unassigned stock set to 0 (one more, naming no variant), all in
 * one transaction, only if every variant still holds what the count started from.
 */
export async function countStyle(
  deps: Pick<Deps, 'db' | 'now'>,
  actor: SessionUser,
  id: number,
  input: StyleCount,
): Promise<{ product: ProductWithVariants; movements: StockMovement[] }> {
  return deps.db.kysely.transaction().execute(async (trx) => {
    const variants = await listVariantRows(trx, [id], { lock: true });
    await lockProducts(trx, [id]);
    const product = await findLiveProduct(trx, id);
    if (!product) throw notFound('PRODUCT_NOT_FOUND');
    const byId = new Map(variants.map((v) => [v.id, v]));
    for (const count of input.counts) {
      const variant = byId.get(count.variantId);
      if (!variant) throw new AppError({ status: 400, code: 'VARIANT_UNKNOWN', details: { name: product.name } });
      if (Number(variant.stock) !== count.expected) {
        throw stockChanged(Number(variant.stock), variant.id);
      }
    }
    const now = deps.now().toISOString();
    let styleStock = Number(product.stock);
    const movements: StockMovement[] = [];
    const why = { reason_code: 'counted' as const, reason: input.note };
    for (const count of [...input.counts].sort((a, b) => a.variantId - b.variantId)) {
      const delta = count.counted - count.expected;
      if (delta === 0) continue;
      const target = {
        productId: id,
        variant: byId.get(count.variantId)!,
        current: count.expected,
        styleStock,
        unassigned: 0,
      };
      movements.push(await writeChange(trx, actor, target, delta, why, now));
      styleStock += delta;
    }
    const unassigned = Number(product.unassigned_stock);
    if (input.clearUnassigned && unassigned !== 0) {
      const target = { productId: id, variant: null, current: styleStock, styleStock, unassigned };
      movements.push(await writeChange(trx, actor, target, -unassigned, why, now));
    }
    return { product: await productWithVariants(trx, id), movements };
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
