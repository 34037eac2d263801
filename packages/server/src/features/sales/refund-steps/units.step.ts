import { EDIT_SALE_REASON, ERROR_MESSAGES } from '@pos/core';
import { AppError } from '../../../http/app-error';
import type { LinesForRefund, RefundInput, RefundUnits } from './refund-context';

/**
 * Step: the units refunded now, per sale line: those asked for (each line's at most what was sold and
 * not refunded yet), or all that is left. An edit refunds the whole sale and says why.
 */
export function refundUnits(lines: LinesForRefund, input: RefundInput): RefundUnits {
  const remaining = (line: LinesForRefund[number]) => line.quantity - line.refunded;
  if (lines.every((line) => remaining(line) === 0)) throw new AppError({ status: 409, code: 'SALE_ALREADY_REFUNDED' });

  const wanted = new Map<number, number>();
  if (input.lines) {
    for (const { saleItemId, quantity } of input.lines)
      wanted.set(saleItemId, (wanted.get(saleItemId) ?? 0) + quantity);
  } else {
    for (const line of lines) if (remaining(line) > 0) wanted.set(line.id, remaining(line));
  }
  for (const [itemId, quantity] of wanted) {
    const line = lines.find((l) => l.id === itemId);
    if (!line) throw new AppError({ status: 400, code: 'REFUND_LINE_NOT_FOUND', details: { saleItemId: itemId } });
    if (quantity > line.quantity) {
      throw new AppError({
        status: 400,
        code: 'REFUND_EXCEEDS_SALE',
        details: { saleItemId: itemId, sold: line.quantity },
      });
    }
    if (quantity > remaining(line)) {
      throw new AppError({
        status: 409,
        code: 'SALE_ALREADY_REFUNDED',
        details: { saleItemId: itemId, refundable: remaining(line) },
      });
    }
  }
  const fully = lines.every((line) => (wanted.get(line.id) ?? 0) === remaining(line));
  const editing = input.reason === EDIT_SALE_REASON;
  if (editing && !input.edit_reason?.trim()) {
    throw new AppError({
      status: 400,
      code: 'EDIT_REASON_REQUIRED',
      fields: { edit_reason: ERROR_MESSAGES.EDIT_REASON_REQUIRED },
    });
  }
  if (editing && !fully) throw new AppError({ status: 400, code: 'EDIT_REFUND_MUST_BE_WHOLE' });
  return { wanted, fully, editing };
}
