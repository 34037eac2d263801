import { bahtToSatang, refundAmountOf, satangToBaht } from '@pos/core';
import { AppError } from '../../../http/app-error';
import type {
  LinesForRefund,
  RefundAmount,
  RefundedBefore,
  RefundInput,
  RefundUnits,
  SaleForRefund,
} from './refund-context';

/**
 * Step: the satang the refund gives back, by core's rule (the one the refund dialog shows it with). An
 * amount the request states must be that one, and never more than the sale has left.
 */
export function refundAmount(
  sale: SaleForRefund,
  lines: LinesForRefund,
  { wanted }: Pick<RefundUnits, 'wanted'>,
  before: RefundedBefore,
  input: RefundInput,
): RefundAmount {
  const valueAfter = lines.reduce((sum, l) => sum + l.price * (l.refunded + (wanted.get(l.id) ?? 0)), 0);
  const subtotal = lines.reduce((sum, l) => sum + l.line_total, 0);
  const amount = refundAmountOf(
    { total: sale.total, refundedBefore: before.amount },
    lines.map((l) => ({ price: l.price, quantity: l.quantity, refunded: l.refunded, wanted: wanted.get(l.id) ?? 0 })),
  );
  if (input.refundAmount !== undefined) {
    const asked = bahtToSatang(input.refundAmount);
    const left = sale.total - before.amount;
    if (asked > left) {
      throw new AppError({ status: 400, code: 'REFUND_EXCEEDS_SALE', details: { refundable: satangToBaht(left) } });
    }
    if (asked !== amount) {
      throw new AppError({ status: 400, code: 'REFUND_AMOUNT_MISMATCH', details: { amount: satangToBaht(amount) } });
    }
  }
  return { before, valueAfter, subtotal, amount };
}
