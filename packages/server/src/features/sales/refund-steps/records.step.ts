import { shareOf } from '@pos/core';
import type { DbExecutor } from '../../../db/executor';
import type { SessionUser } from '../../../http/request-user';
import { insertRefund, insertRefundItems, insertRefundPayments } from '../refunds.queries';
import type { RefundInput, RefundPlan } from './refund-context';
import type { PointsBack } from './points.step';

/**
 * Each refunded line's amount: its share of the cumulative figure, so the lines add up to the refund (and
 * a sale's refunds to its total).
 */
export function refundLineAmounts({
  sale,
  lines,
  wanted,
  fully,
  before,
  subtotal,
}: Pick<RefundPlan, 'sale' | 'lines' | 'wanted' | 'fully' | 'before' | 'subtotal'>): {
  sale_item_id: number;
  quantity: number;
  amount: number;
}[] {
  let runningValue = lines.reduce((sum, l) => sum + l.price * l.refunded, 0);
  let runningAmount = before.amount;
  return lines
    .filter((l) => wanted.has(l.id))
    .map((l, index, all) => {
      runningValue += l.price * wanted.get(l.id)!;
      const cumulative = fully && index === all.length - 1 ? sale.total : shareOf(sale.total, runningValue, subtotal);
      const amount = cumulative - runningAmount;
      runningAmount = cumulative;
      return { sale_item_id: l.id, quantity: wanted.get(l.id)!, amount };
    });
}

/** Step: the refund's record, its lines and (a split sale's) parts. Answers the refund's id. */
export async function writeRefundRecords(
  trx: DbExecutor,
  a: {
    plan: RefundPlan;
    input: RefundInput;
    user: SessionUser;
    nowIso: string;
    points: PointsBack;
    creditNote: { number: string | null; vat: number };
    stripeRefundId: string | null;
  },
): Promise<number> {
  const { plan, input, user, nowIso, points } = a;
  const refundId = await insertRefund(trx, {
    sale_id: plan.sale.id,
    reason: input.reason,
    amount: plan.amount,
    refund_method: plan.method,
    edit_reason: plan.editing ? (input.edit_reason ?? null) : null,
    edit_details: plan.editing ? (input.edit_details ?? null) : null,
    // Who edited and when are the signed-in user and the server's clock, whatever the client sent.
    edited_by: plan.editing ? user.id : null,
    edited_at: plan.editing ? nowIso : null,
    refunded_by: user.id,
    created_at: nowIso,
    credit_note_number: a.creditNote.number,
    points_taken_back: points.pointsTaken,
    points_returned: points.pointsReturned,
    points_shortfall: points.pointsShortfall,
    vat: a.creditNote.vat,
    buyer_address: points.buyerAddress,
    stripe_refund_id: a.stripeRefundId,
    off_card_reason: plan.offCardReason,
    shift_id: plan.shift.shiftId,
  });
  await insertRefundItems(
    trx,
    refundLineAmounts(plan).map((line) => ({ refund_id: refundId, ...line })),
  );
  if (plan.parts) {
    await insertRefundPayments(
      trx,
      plan.parts.map((p) => ({ refund_id: refundId, ...p })),
    );
  }
  return refundId;
}
