import {
  bahtToSatang,
  EDIT_SALE_REASON,
  refundableOffline,
  type CardSaleFlag,
  type OfflineRefundResponse,
} from '@pos/core';
import type { DbExecutor } from '../../db/executor';
import { AppError, notFound } from '../../http/app-error';
import type { SessionUser } from '../../http/request-user';
import {
  claimOfflineRefundId,
  creditNoteNumberUsed,
  findOfflineRefund,
  lockBlockHolding,
  settleOfflineRefund,
  type OfflineRefundRow,
} from './offline-sales.queries';
import { parseTillDocumentNumber } from '../sale-records/document-number';
import { claimedTime } from './offline-sale';
import { planRefund, writeRefund } from './refund-pipeline';
import { hasCreditNote } from './refund-steps/credit-note.step';
import type { RefundInput, RefundPlan, SaleForRefund } from './refund-steps/refund-context';
import { findSaleForRefund } from './refunds.queries';
import type { RefundDeps } from './refunds.service';
import { loadSale } from './sales.service';

/** What the route answers: 201 with the refund recorded, 202 when it was kept unrecorded (flagged). */
export interface OfflineRefundAnswer {
  status: 201 | 202;
  body: OfflineRefundResponse;
}

type OfflineRefundInput = RefundInput & { offlineId: string; createdAt: string };

export function isOfflineRefund(input: RefundInput): input is OfflineRefundInput {
  return input.offlineId !== undefined && input.createdAt !== undefined;
}

/**
 * `POST /api/sales/:id/refund` with `offlineId` and `createdAt` (issue 38): a refund the till made while offline,
 * sent later from its outbox. The money went back and the note was printed already, so it is recorded whatever
 * changed since, at its time and under the credit note number it printed; what does not hold (the time, the
 * number) is flagged for a manager. A refund the sale can no longer take as made (refunded elsewhere meanwhile,
 * its shift closed) is kept unrecorded and flagged, never dropped. Only what cannot have happened offline is
 * refused: money back to a card, an edit. The same id answers the same outcome forever.
 */
export async function recordOfflineRefund(
  deps: RefundDeps,
  user: SessionUser,
  saleId: number,
  input: OfflineRefundInput,
): Promise<OfflineRefundAnswer> {
  return deps.db.writeTransaction(async (trx, beforeCommit) => {
    const now = deps.now();
    const sale = await findSaleForRefund(trx, saleId);
    if (!sale) throw notFound('SALE_NOT_FOUND');
    if (input.reason === EDIT_SALE_REASON) throw new AppError({ status: 400, code: 'OFFLINE_REFUND_EDIT' });
    if (!refundableOffline(await loadSale(trx, saleId), input)) {
      throw new AppError({ status: 400, code: 'OFFLINE_REFUND_TO_CARD' });
    }
    const claimedAt = new Date(input.createdAt);
    const claimed = await claimOfflineRefundId(trx, {
      offline_id: input.offlineId,
      sale_id: saleId,
      user_id: user.id,
      till_id: input.tillId ?? null,
      claimed_at: claimedAt.toISOString(),
      claimed_number: input.documentNumber ?? null,
      claimed_amount: input.refundAmount !== undefined ? bahtToSatang(input.refundAmount) : 0,
      request: JSON.stringify(input),
      received_at: now.toISOString(),
    });
    if (!claimed) return replay(trx, input.offlineId, saleId);

    const flags: CardSaleFlag[] = [];
    const number = await reservedCreditNote(trx, sale, input, flags);
    const { believable, recordedAt } = claimedTime(claimedAt, now, [sale.created_at, number?.reservedAt]);
    if (!believable) flags.unshift({ reason: 'time_invalid', claimed: input.createdAt });

    let plan: RefundPlan;
    try {
      plan = await planRefund(trx, sale, input);
    } catch (error) {
      if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
      flags.push({ reason: 'refund_conflict', code: error.code });
      await settleOfflineRefund(trx, input.offlineId, { refundId: null, flags: JSON.stringify(flags) });
      return { status: 202, body: { refund: null, sale: await loadSale(trx, saleId), flags } };
    }
    const refundId = await writeRefund(trx, beforeCommit, deps, user, plan, input, null, {
      recordedAt,
      creditNoteNumber: number?.documentNumber ?? null,
    });
    await settleOfflineRefund(trx, input.offlineId, {
      refundId,
      flags: flags.length > 0 ? JSON.stringify(flags) : null,
    });
    return { status: 201, body: await answer(trx, saleId, refundId, flags) };
  });
}

async function answer(
  trx: DbExecutor,
  saleId: number,
  refundId: number | null,
  flags: CardSaleFlag[],
): Promise<OfflineRefundResponse> {
  const sale = await loadSale(trx, saleId);
  const refund = refundId === null ? null : (sale.refunds.find((r) => r.id === refundId) ?? null);
  return { refund, sale, flags };
}

/** The outcome recorded under the id before (the refund, or its keeping unrecorded), however long ago. */
async function replay(trx: DbExecutor, offlineId: string, saleId: number): Promise<OfflineRefundAnswer> {
  const previous: OfflineRefundRow | undefined = await findOfflineRefund(trx, offlineId);
  if (!previous) throw new Error(`offline refund ${offlineId} claimed but not found`);
  if (previous.sale_id !== saleId) throw new AppError({ status: 409, code: 'IDEMPOTENCY_KEY_REUSED' });
  const flags = previous.flags ? (JSON.parse(previous.flags) as CardSaleFlag[]) : [];
  return {
    status: previous.refund_id === null ? 202 : 201,
    body: await answer(trx, saleId, previous.refund_id, flags),
  };
}

/**
 * The credit note number the till printed, when the sale gets one and it is a number reserved for that till and
 * not used yet (its block locked until the refund commits); otherwise flagged, and the refund gets the shop's next.
 */
async function reservedCreditNote(
  trx: DbExecutor,
  sale: SaleForRefund,
  input: OfflineRefundInput,
  flags: CardSaleFlag[],
): Promise<{ documentNumber: string; reservedAt: string } | null> {
  const printed = input.documentNumber;
  if (!printed || !hasCreditNote(sale)) return null;
  const parsed = parseTillDocumentNumber(printed, 'credit_note');
  const block = parsed && input.tillId ? await lockBlockHolding(trx, { tillId: input.tillId, ...parsed }) : undefined;
  if (!parsed || !block || (await creditNoteNumberUsed(trx, printed))) {
    flags.push({ reason: 'number_invalid', claimed: printed });
    return null;
  }
  return { documentNumber: printed, reservedAt: block.reserved_at };
}
