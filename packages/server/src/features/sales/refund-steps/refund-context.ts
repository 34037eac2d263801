import type { PaymentMethod, RefundSaleRequest, SalePaymentMethod } from '@pos/core';
import type { z } from 'zod';
import type { ShiftOfSale } from '../../shifts/shift-of-sale';
import type { findLinesForRefund, findSaleForRefund, refundedSoFar } from '../refunds.queries';

export type RefundInput = z.output<typeof RefundSaleRequest>;
export type SaleForRefund = NonNullable<Awaited<ReturnType<typeof findSaleForRefund>>>;
export type LinesForRefund = Awaited<ReturnType<typeof findLinesForRefund>>;
export type RefundedBefore = Awaited<ReturnType<typeof refundedSoFar>>;
export type RefundParts = { method: PaymentMethod; amount: number }[];

/** Which units a refund takes back: sale item id → units refunded now. */
export interface RefundUnits {
  wanted: Map<number, number>;
  /** Whether this refund leaves nothing of the sale unrefunded. */
  fully: boolean;
  /** A refund for editing the sale (whole, with a reason). */
  editing: boolean;
}

/** What the refund gives back, worked out on the cumulative share refunded (satang). */
export interface RefundAmount {
  before: RefundedBefore;
  /** The value (at sale prices) refunded once this refund is done, and the sale's whole value. */
  valueAfter: number;
  subtotal: number;
  amount: number;
}

/** How the money goes back. */
export interface RefundWay {
  /** "split" when the money goes back through several of a split sale's parts. */
  method: SalePaymentMethod;
  /** A split sale's refund per part (recorded in refund_payments); null for a one-method sale. */
  parts: RefundParts | null;
  /** A split sale's methods, for the rollups. */
  saleMethods: string[];
  offCardReason: string | null;
}

/** A refund checked against the sale as it stands (its row held): the units, the amount and how it goes back. */
export interface RefundPlan extends RefundUnits, RefundAmount, RefundWay {
  sale: SaleForRefund;
  lines: LinesForRefund;
  /** The refunding till's shift it is recorded in. */
  shift: ShiftOfSale;
}
