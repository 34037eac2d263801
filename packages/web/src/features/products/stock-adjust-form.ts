import {
  adjustedStock,
  reasonFits,
  STOCK_ADJUST_REASONS,
  StockAdjustmentRequest,
  type StockAdjustMode,
  type StockAdjustReason,
} from '@pos/core';
import { z } from 'zod';
import { ApiError } from '../../lib/api';

/** A core field as its control holds it: a string where core also takes text (numbers and notes read from text). */
type HeldAs<T> = string extends T ? string : T;

/**
 * The adjust-stock dialog's fields, derived from core StockAdjustmentRequest: the text inputs hold
 * strings, and the reason may still be unchosen ('') until core refuses it. `expected` is the stock
 * the user sees, replaced by the fresh value after a 409.
 */
export type StockAdjustFields = {
  [K in Exclude<keyof StockAdjustmentRequest, 'reason' | 'variantId'>]-?: HeldAs<StockAdjustmentRequest[K]>;
} & { reason: StockAdjustReason | ''; variantId?: number };

/** The core schema taking the fields as the inputs hold them (core's own input type also takes numbers and nothing). */
export const StockAdjustSchema = z.preprocess((fields: StockAdjustFields) => fields, StockAdjustmentRequest);

export const STOCK_ADJUST_FIELDS = [
  'variantId',
  'mode',
  'amount',
  'expected',
  'reason',
  'note',
] as const satisfies readonly (keyof StockAdjustFields)[];

export function stockAdjustDefaults(stock: number): StockAdjustFields {
  return { mode: 'add', amount: '', expected: String(stock), reason: '', note: '' };
}

/** The stock the adjustment would leave, or null while the amount is not a whole number from 0. */
export function previewStock(current: number, mode: StockAdjustMode, amount: string): number | null {
  const text = amount.trim();
  if (!/^\d+$/.test(text)) return null;
  return adjustedStock(current, mode, Number(text));
}

/**
 * The reasons the form offers: those that fit the direction of the change (core's rule, which the
 * server applies too). Adding or removing has a direction before the amount is typed; a count has
 * one once its amount is.
 */
export function reasonsFor(current: number, mode: StockAdjustMode, after: number | null): StockAdjustReason[] {
  const target = mode === 'add' ? current + 1 : mode === 'remove' ? current - 1 : (after ?? current);
  return STOCK_ADJUST_REASONS.filter((reason) => reasonFits(reason, current, target));
}

/** The fresh stock a 409 STOCK_CHANGED carries, or null for any other failure. */
export function freshStockOf(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.code !== 'STOCK_CHANGED') return null;
  const stock = error.details?.stock;
  return typeof stock === 'number' && Number.isInteger(stock) ? stock : null;
}
