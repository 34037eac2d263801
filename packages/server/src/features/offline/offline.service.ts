import type { OfflinePeriodRequest } from '@pos/core';
import {
  CardSaleFlag,
  satangToBaht,
  type FlaggedOfflineSale,
  type FlaggedOfflineSalesResponse,
  type NumberBlock,
  type NumberBlockKind,
  type OfflinePeriod,
  type OfflineStateResponse,
} from '@pos/core';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { AppError } from '../../http/app-error';
import type { SessionUser } from '../../http/request-user';
import { tillCreditNoteSeries, tillReceiptSeries, tillSeriesKind } from '../sale-records/document-number';
import {
  findFlaggedOfflineRefund,
  findFlaggedOfflineSale,
  listFlaggedOfflineRefunds,
  markOfflineRefundHandled,
  findOfflinePeriod,
  insertNumberBlock,
  listFlaggedOfflineSales,
  listOfflinePeriods,
  markOfflineSaleHandled,
  reserveSequences,
  tillBlocks,
  upsertOfflinePeriod,
  usedInBlock,
  type FlaggedOfflineRefundRow,
  type FlaggedOfflineRow,
  type NumberBlockRow,
  type OfflinePeriodRow,
} from './offline.queries';
import type { DbExecutor } from '../../db/executor';
import { findTillRow } from '../shifts/tills.queries';

async function blockView(db: DbExecutor, row: NumberBlockRow): Promise<NumberBlock> {
  return {
    id: row.id,
    tillId: row.till_id,
    kind: tillSeriesKind(row.series),
    series: row.series,
    first: row.first_sequence,
    last: row.last_sequence,
    reservedAt: row.reserved_at,
    used: await usedInBlock(db, row),
  };
}

async function liveTill(db: DbExecutor, tillId: number) {
  const till = await findTillRow(db, tillId);
  if (!till) throw new AppError({ status: 404, code: 'TILL_NOT_FOUND' });
  if (till.active !== 1) throw new AppError({ status: 409, code: 'TILL_INACTIVE' });
  return till;
}

/**
 * `POST /api/offline/number-blocks`: the next `size` numbers of the till's own series, reserved at once (the
 * counter moves past them in one statement), so the till can number sales while it cannot reach the server.
 */
export async function reserveNumberBlock(
  deps: Pick<Deps, 'db' | 'now' | 'config'>,
  user: SessionUser,
  request: { tillId: number; size: number; kind: NumberBlockKind },
): Promise<NumberBlock> {
  return deps.db.writeTransaction(async (trx) => {
    await liveTill(trx, request.tillId);
    const now = deps.now();
    const seriesOf = request.kind === 'credit_note' ? tillCreditNoteSeries : tillReceiptSeries;
    const series = seriesOf(now, deps.config.shopTimezone, request.tillId);
    const last = await reserveSequences(trx, series, request.size);
    const row = await insertNumberBlock(trx, {
      till_id: request.tillId,
      series,
      first_sequence: last - request.size + 1,
      last_sequence: last,
      reserved_by: user.id,
      reserved_at: now.toISOString(),
    });
    return { ...(await blockView(trx, row)), used: 0 };
  });
}

/** `GET /api/offline/state`: the server's clock and the till's blocks that still have numbers left. */
export async function offlineState(deps: Pick<Deps, 'db' | 'now'>, tillId: number): Promise<OfflineStateResponse> {
  const serverTime = deps.now().toISOString();
  const db = deps.db.kysely;
  await liveTill(db, tillId);
  const blocks = await Promise.all((await tillBlocks(db, tillId)).map((row) => blockView(db, row)));
  return { serverTime, blocks: blocks.filter((b) => b.used < b.last - b.first + 1) };
}

function periodView(row: OfflinePeriodRow): OfflinePeriod {
  return {
    periodId: row.period_id,
    tillId: row.till_id,
    tillName: row.till_name,
    userName: row.user_name,
    startedAt: row.started_at,
    endedAt: row.ended_at,
    salesMade: row.sales_made,
    recordedAt: row.recorded_at,
  };
}

/** `POST /api/offline/periods`: a till was offline (who, when, how many sales); sent again, the same record. */
export async function recordOfflinePeriod(
  deps: Pick<Deps, 'db' | 'now'>,
  user: SessionUser,
  request: z.output<typeof OfflinePeriodRequest>,
): Promise<OfflinePeriod> {
  return deps.db.writeTransaction(async (trx) => {
    if (request.tillId != null) await liveTill(trx, request.tillId);
    await upsertOfflinePeriod(trx, {
      period_id: request.periodId,
      user_id: user.id,
      till_id: request.tillId ?? null,
      started_at: new Date(request.startedAt).toISOString(),
      ended_at: request.endedAt ? new Date(request.endedAt).toISOString() : null,
      sales_made: request.salesMade,
      recorded_at: deps.now().toISOString(),
    });
    const row = await findOfflinePeriod(trx, request.periodId);
    if (!row || row.user_id !== user.id) throw new AppError({ status: 409, code: 'OFFLINE_PERIOD_OTHER_USER' });
    return periodView(row);
  });
}

export async function offlinePeriods(deps: Pick<Deps, 'db'>): Promise<OfflinePeriod[]> {
  return (await listOfflinePeriods(deps.db.kysely, 200)).map(periodView);
}

const Flags = z.array(CardSaleFlag);

function toFlagged(row: FlaggedOfflineRow): FlaggedOfflineSale {
  return {
    kind: 'sale',
    offlineId: row.offline_id,
    saleId: row.sale_id,
    documentNumber: row.document_number,
    refundId: null,
    refundNumber: null,
    total: satangToBaht(row.total),
    sellerName: row.seller_name,
    customerName: row.customer_name,
    tillName: row.till_name,
    claimedAt: row.claimed_at ?? row.received_at,
    receivedAt: row.received_at,
    reasons: Flags.parse(JSON.parse(row.flags)),
    handledAt: row.handled_at,
    handledBy: row.handled_by_name,
  };
}

function toFlaggedRefund(row: FlaggedOfflineRefundRow): FlaggedOfflineSale {
  return {
    kind: 'refund',
    offlineId: row.offline_id,
    saleId: row.sale_id,
    documentNumber: row.document_number,
    refundId: row.refund_id,
    refundNumber: row.credit_note_number ?? row.claimed_number,
    total: satangToBaht(row.amount ?? row.claimed_amount),
    sellerName: row.refunder_name,
    customerName: row.customer_name,
    tillName: row.till_name,
    claimedAt: row.claimed_at,
    receivedAt: row.received_at,
    reasons: Flags.parse(JSON.parse(row.flags)),
    handledAt: row.handled_at,
    handledBy: row.handled_by_name,
  };
}

const FLAGGED_LIMIT = 200;

/** `GET /api/offline/flagged`: offline sales and refunds recorded (or kept) although something was out of line. */
export async function flaggedOfflineSales(
  deps: Pick<Deps, 'db'>,
  handled: 'open' | 'all',
): Promise<FlaggedOfflineSalesResponse> {
  const query = { open: handled === 'open', limit: FLAGGED_LIMIT };
  const [sales, refunds] = await Promise.all([
    listFlaggedOfflineSales(deps.db.kysely, query),
    listFlaggedOfflineRefunds(deps.db.kysely, query),
  ]);
  const all = [...sales.map(toFlagged), ...refunds.map(toFlaggedRefund)];
  // Newest first, as each list is.
  all.sort((a, b) => b.receivedAt.localeCompare(a.receivedAt) || b.saleId - a.saleId);
  return { sales: all.slice(0, FLAGGED_LIMIT) };
}

/** `POST /api/offline/flagged/:saleId/handled`: a manager dealt with it (kept once: the first handler). */
export async function markFlaggedOfflineSaleHandled(
  deps: Pick<Deps, 'db' | 'now'>,
  user: SessionUser,
  saleId: number,
): Promise<FlaggedOfflineSale> {
  return deps.db.writeTransaction(async (trx) => {
    await markOfflineSaleHandled(trx, saleId, { userId: user.id, now: deps.now().toISOString() });
    const row = await findFlaggedOfflineSale(trx, saleId);
    if (!row) throw new AppError({ status: 404, code: 'OFFLINE_FLAGGED_SALE_NOT_FOUND' });
    return toFlagged(row);
  });
}

/** `POST /api/offline/flagged-refunds/:offlineId/handled`: the same for an offline refund. */
export async function markFlaggedOfflineRefundHandled(
  deps: Pick<Deps, 'db' | 'now'>,
  user: SessionUser,
  offlineId: string,
): Promise<FlaggedOfflineSale> {
  return deps.db.writeTransaction(async (trx) => {
    await markOfflineRefundHandled(trx, offlineId, { userId: user.id, now: deps.now().toISOString() });
    const row = await findFlaggedOfflineRefund(trx, offlineId);
    if (!row) throw new AppError({ status: 404, code: 'OFFLINE_FLAGGED_SALE_NOT_FOUND' });
    return toFlaggedRefund(row);
  });
}
