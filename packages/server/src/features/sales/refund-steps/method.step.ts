import {
  bahtToSatang,
  defaultRefundMethod,
  defaultRefundParts,
  ERROR_MESSAGES,
  needsOffCardReason,
  PAYMENT_METHOD_RULES,
  refundPartOverLimit,
  satangToBaht,
  SPLIT_PAYMENT,
  type PaymentMethod,
} from '@pos/core';
import type { DbExecutor } from '../../../db/executor';
import { AppError } from '../../../http/app-error';
import { findRefundableParts } from '../refunds.queries';
import type { RefundInput, RefundParts, RefundWay, SaleForRefund } from './refund-context';

/**
 * How a split sale's refund of `amount` satang goes back: the parts asked for (adding up to the refund),
 * all of it by one method (`refundMethod`), or by default in proportion to what each part has left; never
 * more through a part than it has left (checked with the sale's row held, so concurrent refunds queue).
 */
async function splitRefundWay(
  trx: DbExecutor,
  sale: SaleForRefund,
  input: RefundInput,
  amount: number,
): Promise<RefundWay> {
  const paid = await findRefundableParts(trx, sale.id);
  const refundable = paid.map((p) => ({ ...p, method: p.method as PaymentMethod }));
  let parts: RefundParts;
  if (input.refundParts) {
    parts = input.refundParts.map((p) => ({ method: p.method, amount: bahtToSatang(p.amount) }));
    if (parts.reduce((sum, p) => sum + p.amount, 0) !== amount) {
      throw new AppError({ status: 400, code: 'REFUND_PARTS_MISMATCH', details: { amount: satangToBaht(amount) } });
    }
  } else if (input.refundMethod !== undefined && input.refundMethod !== SPLIT_PAYMENT) {
    parts = [{ method: input.refundMethod, amount }];
  } else {
    parts = defaultRefundParts(amount, refundable);
  }
  const over = refundPartOverLimit(parts, refundable);
  if (over) {
    throw new AppError({
      status: 400,
      code: 'REFUND_PART_EXCEEDS_PAYMENT',
      details: { method: over.method, refundable: satangToBaht(over.refundable) },
    });
  }
  const given = parts.filter((p) => p.amount > 0);
  return {
    method: given.length === 1 ? given[0]!.method : SPLIT_PAYMENT,
    parts: given,
    saleMethods: paid.map((p) => p.method),
    offCardReason: null,
  };
}

/** How a one-method sale's money goes back: the body's way or the sale's default, checked against how it was paid. */
function oneMethodWay(sale: SaleForRefund, input: RefundInput): RefundWay {
  const paid = sale.payment_method as PaymentMethod;
  if (input.refundMethod === SPLIT_PAYMENT || input.refundParts !== undefined) {
    throw new AppError({ status: 400, code: 'REFUND_NOT_SPLIT_SALE' });
  }
  const method: PaymentMethod = input.refundMethod ?? defaultRefundMethod(paid);
  // A provider gives money back only against the payment it took.
  if (PAYMENT_METHOD_RULES[method].provider !== null && method !== paid) {
    throw new AppError({ status: 400, code: 'CARD_REFUND_NOT_CARD_SALE' });
  }
  const way = { method, parts: null, saleMethods: [] };
  if (!needsOffCardReason(paid, method)) return { ...way, offCardReason: null };
  const reason = input.offCardReason?.trim();
  if (!reason) {
    throw new AppError({
      status: 400,
      code: 'OFF_CARD_REASON_REQUIRED',
      fields: { offCardReason: ERROR_MESSAGES.OFF_CARD_REASON_REQUIRED },
    });
  }
  return { ...way, offCardReason: reason };
}

/** Step: how the refund's money goes back (a split sale's parts, or one method). */
export async function refundWay(
  trx: DbExecutor,
  sale: SaleForRefund,
  input: RefundInput,
  amount: number,
): Promise<RefundWay> {
  if (sale.payment_method === SPLIT_PAYMENT) return splitRefundWay(trx, sale, input, amount);
  return oneMethodWay(sale, input);
}
