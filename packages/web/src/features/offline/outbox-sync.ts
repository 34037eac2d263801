/**
 * Sending the outbox (issue 38): the signed-in user's sales, oldest first, one at a time, each removed only once the
 * server has answered it recorded. The server records an offlineId once forever, so a sale sent again (the page
 * died after the server committed, before it heard back) answers the first sale and records nothing new.
 */
import type {
  CreateSaleRequest,
  CreateSaleResponse,
  OfflinePeriodRequest,
  OfflineRefundResponse,
  RefundSaleRequest,
} from '@pos/core';
import { ApiError } from '../../lib/api';
import {
  isRefundRow,
  type OfflineDb,
  type OutboxFailure,
  type OutboxRow,
  type RefundOutboxRow,
  type SaleOutboxRow,
} from '../../lib/offline-db';

export type SaleSender = (body: CreateSaleRequest, idempotencyKey: string) => Promise<CreateSaleResponse>;
export type RefundSender = (saleId: number, body: RefundSaleRequest) => Promise<OfflineRefundResponse>;

/** How the outbox's rows reach the server: sales, and refunds of sales. */
export interface OutboxSenders {
  sale: SaleSender;
  refund: RefundSender;
}
export type PeriodSender = (body: OfflinePeriodRequest) => Promise<unknown>;

/** Why a run stopped before the end: the network or the server is down, or the session ended. */
export type SyncStop = 'network' | 'server' | 'auth';

export interface SyncOutcome {
  sent: number;
  failed: number;
  stopped: SyncStop | null;
}

/** The key an outbox sale is sent with: the same on every attempt, however late. */
export function offlineIdempotencyKey(offlineId: string): string {
  return `offline-${offlineId}`;
}

/** The user's sales waiting to be sent, in the order they were made. */
async function nextPending(db: OfflineDb, userId: number, after: number): Promise<OutboxRow | undefined> {
  return db.outbox
    .where('seq')
    .above(after)
    .filter((row) => row.userId === userId && row.status === 'pending')
    .first();
}

function stopFor(error: unknown): SyncStop | null {
  if (!(error instanceof ApiError)) return 'network';
  if (error.status === 0) return 'network';
  if (error.status === 401) return 'auth';
  if (error.status >= 500) return 'server';
  // 408 and 429 are "not now", not "never".
  if (error.status === 408 || error.status === 429) return 'server';
  return null;
}

const running = new Map<string, Promise<SyncOutcome>>();

/**
 * Sends the user's pending sales in order. A network error, a 5xx or a 401 stops the run (the rest wait for the
 * next); any other refusal marks that sale failed, with the server's reason, and the run goes on with the next.
 * Two calls at once share one run, so no sale is ever in flight twice from this page.
 */
export function sendOutbox(db: OfflineDb, userId: number, send: OutboxSenders): Promise<SyncOutcome> {
  const key = `${db.name}:${userId}`;
  const under = running.get(key);
  if (under) return under;
  const run = withDeviceLock(`pos-outbox-${db.name}`, () => runOutbox(db, userId, send)).finally(() =>
    running.delete(key),
  );
  running.set(key, run);
  return run;
}

/** Other tabs of this browser send the same outbox: the Web Locks API (where there is one) lets one at a time. */
async function withDeviceLock<T>(name: string, work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return work();
  return locks.request(name, work);
}

/** A refund of a sale that was never recorded (refused, still failed on this till) cannot be sent: it waits too. */
const SALE_NOT_SENT: Omit<OutboxFailure, 'at'> = { status: 409, code: 'OFFLINE_SALE_NOT_SENT', message: '' };

async function runOutbox(db: OfflineDb, userId: number, send: OutboxSenders): Promise<SyncOutcome> {
  const outcome: SyncOutcome = { sent: 0, failed: 0, stopped: null };
  let after = 0;
  for (;;) {
    const row = await nextPending(db, userId, after);
    if (!row || row.seq === undefined) return outcome;
    const seq = row.seq;
    after = seq;
    try {
      if (isRefundRow(row)) {
        const saleId = row.saleId ?? (await db.sentSales.get(row.saleOfflineId ?? ''))?.saleId;
        if (saleId === undefined) {
          await markFailed(db, row, SALE_NOT_SENT);
          outcome.failed += 1;
          continue;
        }
        const answer = await send.refund(saleId, row.body);
        await refundSent(db, row, answer);
      } else {
        await saleSent(db, row, await send.sale(row.body, offlineIdempotencyKey(row.offlineId)));
      }
      outcome.sent += 1;
    } catch (error) {
      const stop = stopFor(error);
      if (stop) {
        await db.outbox.update(seq, { attempts: row.attempts + 1 });
        outcome.stopped = stop;
        return outcome;
      }
      const refusal = error as ApiError;
      await markFailed(db, row, { status: refusal.status, code: refusal.code, message: refusal.message });
      outcome.failed += 1;
    }
  }
}

async function markFailed(db: OfflineDb, row: OutboxRow, failure: Omit<OutboxFailure, 'at'>): Promise<void> {
  await db.outbox.update(row.seq!, {
    status: 'failed',
    attempts: row.attempts + 1,
    failure: { ...failure, at: new Date().toISOString() },
  });
}

/**
 * The server recorded the sale: out of the outbox, its id kept for a refund of it made offline, the till's copy of
 * it now the server's, and a number other than the one printed noted (its answer was lost the first time).
 */
async function saleSent(db: OfflineDb, row: SaleOutboxRow, answer: CreateSaleResponse): Promise<void> {
  await db.transaction('rw', [db.outbox, db.renumbered, db.sentSales, db.sales], async () => {
    await db.outbox.delete(row.seq!);
    await db.sentSales.put({ offlineId: row.offlineId, saleId: answer.sale.id });
    const cached = await db.sales.get(row.documentNumber);
    // A refund of it still waiting keeps the till's own copy (it shows that refund); the next refresh reads it.
    const refundWaiting = await db.outbox.filter((r) => isRefundRow(r) && r.saleOfflineId === row.offlineId).count();
    if (cached && refundWaiting === 0) await db.sales.put({ ...cached, sale: answer.sale });
    if (answer.sale.document_number !== row.documentNumber) {
      await db.renumbered.put({
        offlineId: row.offlineId,
        printed: row.documentNumber,
        recorded: answer.sale.document_number,
        saleId: answer.sale.id,
        at: new Date().toISOString(),
      });
    }
  });
}

/** The server recorded the refund (or kept it, flagged, for a manager): out of the outbox. */
async function refundSent(db: OfflineDb, row: RefundOutboxRow, answer: OfflineRefundResponse): Promise<void> {
  await db.transaction('rw', [db.outbox, db.sales], async () => {
    await db.outbox.delete(row.seq!);
    const waiting = await db.outbox
      .filter((r) => isRefundRow(r) && r.saleDocumentNumber === row.saleDocumentNumber)
      .count();
    const cached = await db.sales.get(row.saleDocumentNumber);
    if (cached && waiting === 0) await db.sales.put({ ...cached, sale: answer.sale });
  });
}

/** A refused sale is tried again (after a manager fixed what was wrong): back in its place in the queue. */
export async function retryFailed(db: OfflineDb, offlineId: string): Promise<void> {
  await db.outbox.where('offlineId').equals(offlineId).modify({ status: 'pending', failure: null });
}

/** Sends the offline periods the server does not have in their latest version; stops at the first failure. */
export async function sendPeriods(db: OfflineDb, send: PeriodSender): Promise<boolean> {
  const unsent = await db.periods.filter((p) => !p.sent).toArray();
  for (const period of unsent) {
    try {
      await send({
        periodId: period.periodId,
        tillId: period.tillId,
        startedAt: period.startedAt,
        endedAt: period.endedAt,
        salesMade: period.salesMade,
      });
    } catch {
      return false;
    }
    // Marked sent only if it did not change while it was on its way.
    await db.transaction('rw', db.periods, async () => {
      const now = await db.periods.get(period.periodId);
      if (now && now.endedAt === period.endedAt && now.salesMade === period.salesMade) {
        await db.periods.update(period.periodId, { sent: true });
      }
    });
  }
  return true;
}

/** When the next run is due: every ~15 s while sales wait, backing off (to 2 minutes) while the network is down. */
export class SyncBackoff {
  static readonly BASE_MS = 15_000;
  static readonly MAX_MS = 120_000;
  private failures = 0;

  /** The delay before the next run after `outcome`, or null when nothing waits. */
  next(outcome: SyncOutcome, waiting: number): number | null {
    if (outcome.stopped === 'auth') return null;
    if (outcome.stopped === 'network' || outcome.stopped === 'server') {
      this.failures += 1;
      return Math.min(SyncBackoff.BASE_MS * 2 ** (this.failures - 1), SyncBackoff.MAX_MS);
    }
    this.failures = 0;
    return waiting > 0 ? SyncBackoff.BASE_MS : null;
  }

  /** The network came back: the next run is now, and the one after it starts from the base delay. */
  reset(): void {
    this.failures = 0;
  }
}
