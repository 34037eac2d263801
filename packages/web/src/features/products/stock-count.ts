import type { ProductVariant, StyleCountRequest } from '@pos/core';
import { ApiError } from '../../lib/api';

/** Variant id → units counted. A variant not in the map has not been counted yet. */
export type Counts = ReadonlyMap<number, number>;

/** Variant id → its stock when the count began (the `expected` each counted figure is saved against). */
export type StartStock = ReadonlyMap<number, number>;

/** A style is counted per variant when it carries sizes or colours (a plain product has one variant). */
export function isStyle(product: { sizes: readonly string[]; colors: readonly string[] }): boolean {
  return product.sizes.length > 0 || product.colors.length > 0;
}

/**
 * The variants a count or an adjustment offers: the ones sold, and a switched-off one that still holds
 * stock (it must be counted away).
 */
export function countableVariants(variants: readonly ProductVariant[]): ProductVariant[] {
  return variants.filter((v) => v.active || v.stock !== 0);
}

export function startStockOf(variants: readonly ProductVariant[]): Map<number, number> {
  return new Map(variants.map((v) => [v.id, v.stock]));
}

/** The variant of this style a scanned code names (barcode, else SKU, ignoring case and spaces around), or null. */
export function variantByCode(variants: readonly ProductVariant[], code: string): ProductVariant | null {
  const needle = code.trim().toLowerCase();
  if (needle === '') return null;
  return (
    variants.find((v) => v.barcode?.toLowerCase() === needle) ??
    variants.find((v) => v.sku.toLowerCase() === needle) ??
    null
  );
}

/** core's ceiling on a stock figure (the server refuses more). */
const MAX_COUNT = 10_000_000;
const bounded = (n: number) => Math.min(MAX_COUNT, Math.max(0, n));

/** One more unit of a variant (a scan or the + button): an uncounted variant starts from 0. */
export function addOne(counts: Counts, variantId: number): Map<number, number> {
  return new Map(counts).set(variantId, bounded((counts.get(variantId) ?? 0) + 1));
}

/** One unit fewer (the − button), never below 0. */
export function removeOne(counts: Counts, variantId: number): Map<number, number> {
  return new Map(counts).set(variantId, bounded((counts.get(variantId) ?? 0) - 1));
}

/** A typed count: a whole number from 0 sets it, an empty field makes the variant uncounted again, anything else is ignored. */
export function typeCount(counts: Counts, variantId: number, text: string): Map<number, number> {
  const next = new Map(counts);
  const trimmed = text.trim();
  if (trimmed === '') next.delete(variantId);
  else if (/^\d+$/.test(trimmed)) next.set(variantId, bounded(Number(trimmed)));
  return next;
}

/**
 * The body of `POST /api/products/:id/stock-count`: every counted variant with the stock it had when the
 * count began. `complete`: the whole style was counted, so the variants not counted have none, and the
 * style's unassigned stock (counted before it had variants) goes to 0.
 */
export function styleCountBody(
  variants: readonly ProductVariant[],
  start: StartStock,
  counts: Counts,
  options: { complete: boolean; note: string },
): StyleCountRequest {
  const lines: StyleCountRequest['counts'] = [];
  for (const variant of variants) {
    const counted = counts.get(variant.id) ?? (options.complete ? 0 : undefined);
    if (counted === undefined) continue;
    lines.push({ variantId: variant.id, expected: start.get(variant.id) ?? variant.stock, counted });
  }
  const note = options.note.trim();
  return { counts: lines, clearUnassigned: options.complete, note: note === '' ? null : note };
}

/** What the count would change: variants counted, and the style's stock before and after saving. */
export function countSummary(
  variants: readonly ProductVariant[],
  start: StartStock,
  counts: Counts,
  options: { complete: boolean; unassigned: number; styleStock: number },
): { counted: number; before: number; after: number } {
  let delta = 0;
  let counted = 0;
  for (const variant of variants) {
    const value = counts.get(variant.id) ?? (options.complete ? 0 : undefined);
    if (value === undefined) continue;
    if (counts.has(variant.id)) counted += 1;
    delta += value - (start.get(variant.id) ?? variant.stock);
  }
  if (options.complete) delta -= options.unassigned;
  return { counted, before: options.styleStock, after: options.styleStock + delta };
}

/** The variant a 409 STOCK_CHANGED of a count names, with its fresh stock; null for any other failure. */
export function changedVariantOf(error: unknown): { variantId: number; stock: number } | null {
  if (!(error instanceof ApiError) || error.code !== 'STOCK_CHANGED') return null;
  const variantId = error.details?.variantId;
  const stock = error.details?.stock;
  return typeof variantId === 'number' && typeof stock === 'number' ? { variantId, stock } : null;
}
