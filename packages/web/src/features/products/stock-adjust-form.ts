import {
  adjustedStock,
  StockAdjustmentRequest,
  type StockAdjustMode,
  type StockAdjustReason,
  type StockAdjustment,
} from '@pos/core';
import type { z } from 'zod';
import { ApiError } from '../../lib/api';

/** The adjust-stock dialog's fields as the inputs hold them; checked by core StockAdjustmentRequest. */
export interface StockAdjustFields {
  mode: StockAdjustMode;
  amount: string;
  /** The stock the user sees; replaced by the fresh value after a 409. */
  expected: string;
  reason: StockAdjustReason | '';
  note: string;
}

/** The core schema typed for these text inputs (its input type says `unknown`, which react-hook-form cannot use). */
export const StockAdjustSchema = StockAdjustmentRequest as unknown as z.ZodType<StockAdjustment, StockAdjustFields>;

export const STOCK_ADJUST_FIELDS = [
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

/** The fresh stock a 409 STOCK_CHANGED carries, or null for any other failure. */
export function freshStockOf(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.code !== 'STOCK_CHANGED') return null;
  const stock = error.details?.stock;
  return typeof stock === 'number' && Number.isInteger(stock) ? stock : null;
}
