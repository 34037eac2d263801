import type { SaleStatus } from '@pos/core';
import type { Transaction } from 'kysely';
import type { BeforeCommit } from '../../db/before-commit';
import type { DbExecutor } from '../../db/executor';
import type { DB } from '../../db/schema';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../http/request-user';
import { insertStockMovements } from '../products/products.queries';
import { RollupChanges } from '../reports/rollups.service';
import { queueCreditNoteEmail } from '../tax-invoices/tax-invoices.service';
import { refundAmount } from './refund-steps/amount.step';
import { creditNote } from './refund-steps/credit-note.step';
import { refundWay } from './refund-steps/method.step';
import { customerPointsBack } from './refund-steps/points.step';
import { refundPrintJob } from './refund-steps/print.step';
import { writeRefundRecords } from './refund-steps/records.step';
import type { RefundInput, RefundPlan, SaleForRefund } from './refund-steps/refund-context';
import { refundShift } from './refund-steps/shift.step';
import { returnUnits } from './refund-steps/stock.step';
import { refundUnits } from './refund-steps/units.step';
import { findLinesForRefund, refundedSoFar, setSaleStatus } from './refunds.queries';

/**
 * Checks a refund of `sale` (its row held) without writing anything, step by step: the units, the
 * amount, how the money goes back, the till's shift it joins. Throws the first refusal met.
 */
export async function planRefund(trx: DbExecutor, sale: SaleForRefund, input: RefundInput): Promise<RefundPlan> {
  const lines = await findLinesForRefund(trx, sale.id);
  const units = refundUnits(lines, input);
  const amount = refundAmount(sale, lines, units, await refundedSoFar(trx, sale.id), input);
  const way = await refundWay(trx, sale, input, amount.amount);
  const shift = await refundShift(trx, input, way);
  return { sale, lines, ...units, ...amount, ...way, shift };
}

/** A refund made offline and sent later (issue 38): recorded at its time, under the credit note number it printed. */
export interface OfflineRefundTerms {
  recordedAt: Date;
  /** The till's reserved number when it holds; null: the shop's next (or none, for a sale without VAT). */
  creditNoteNumber: string | null;
}

/**
 * Writes a checked refund, step by step in the order every writer takes its locks: stock back on the
 * shelf, the customer's points and totals, the credit note's number (for a sale that had a tax invoice),
 * the refund's records, the report rollups (at the commit), the stock movements and the sale's status; and
 * for a sale with a full tax invoice e-mailed as an e-Tax invoice, its credit note's e-mail; and the note on the
 * refunding till's printer (with the drawer's pulse when cash goes back).
 * The customer may already have spent points this refund takes back: the balance never goes below 0, and
 * what could not be taken back is recorded on the refund as `points_shortfall`. Answers the refund's id.
 */
export async function writeRefund(
  trx: Transaction<DB>,
  beforeCommit: BeforeCommit<DB>,
  deps: Pick<Deps, 'now' | 'config'>,
  user: SessionUser,
  plan: RefundPlan,
  input: RefundInput,
  stripeRefundId: string | null,
  offline: OfflineRefundTerms | null = null,
): Promise<number> {
  const { sale, lines, wanted, fully } = plan;
  const now = offline?.recordedAt ?? deps.now();
  const nowIso = now.toISOString();

  const returned = await returnUnits(trx, plan, nowIso);
  const points = await customerPointsBack(trx, plan, nowIso);
  const note = await creditNote(trx, plan, now, deps.config.shopTimezone, offline?.creditNoteNumber ?? null);
  const refundId = await writeRefundRecords(trx, {
    plan,
    input,
    user,
    nowIso,
    points,
    creditNote: note,
    stripeRefundId,
  });
  beforeCommit.add(
    new RollupChanges(deps.config.shopTimezone).refund(sale, {
      amount: plan.amount,
      whole: fully,
      lines: lines.filter((l) => wanted.has(l.id)).map((l) => ({ ...l, quantity: wanted.get(l.id)! })),
      parts: plan.parts ?? [],
      saleMethods: plan.saleMethods,
    }),
  );
  await insertStockMovements(
    trx,
    returned.map(({ productId, variantId, quantity, stock }) => ({
      product_id: productId,
      variant_id: variantId,
      user_id: user.id,
      kind: 'refund' as const,
      old_quantity: stock - quantity,
      new_quantity: stock,
      reason: note.number ?? sale.document_number,
      sale_id: sale.id,
      created_at: nowIso,
    })),
  );
  const status: SaleStatus = fully ? 'refunded' : 'partially_refunded';
  await setSaleStatus(trx, sale.id, status);
  if (note.number !== null) await queueCreditNoteEmail(trx, sale.id, refundId, now);
  // An offline refund's note printed at the till when it was made, and its cash left the drawer then.
  if (!offline) await refundPrintJob(trx, { plan, input, user, refundId, nowIso });
  return refundId;
}
