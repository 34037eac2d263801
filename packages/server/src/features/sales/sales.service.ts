import {
  satangToBaht,
  type CreateSaleResponse,
  type ListSalesQuery,
  type SalesListResponse,
  type Sale,
} from '@pos/core';
import type { z } from 'zod';
import type { DbExecutor } from '../../db/executor';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../http/app-error';
import { answerText, utf8Answer } from '../../http/utf8-answer';
import type { SessionUser } from '../../http/request-user';
import { claimOrReplay, purgeExpiredIdempotencyKeysIfDue, requestHash } from '../idempotency/idempotency.service';
import { readSale, readSales } from '../sale-records/sale-read-model';
import { pageAndSummary, type SaleFilter } from '../sale-records/sale-search.queries';
import { saleAnswerJson } from './sale-answer-json';
import type { SaleInput, SaleMode } from './sale-steps/sale-context';
import { shopDayEnd, shopDayStart } from '../../calendar/shop-day';
import { writeSale } from './write-sale';
import { claimOfflineSale, linkClaimedSale } from './offline-sale';

/**
 * Records a sale in one transaction, the server deciding every figure:
 * prices from the database, tax and points from current settings, stock taken
 * only if it is there, the customer's points and totals updated, the next
 * document number assigned. A retry with the same Idempotency-Key gets the
 * first answer; the same key with a different body is refused.
 */
/** What recording a sale uses: the database, the clock, the shop's settings and the workers to wake. */
export type SaleDeps = Pick<Deps, 'db' | 'now' | 'config' | 'notifications' | 'printJobs'>;

export async function createSale(
  deps: SaleDeps,
  seller: SessionUser,
  input: SaleInput,
  idempotencyKey: string | undefined,
  mode: SaleMode = { via: 'counter' },
): Promise<CreateSaleResponse> {
  const answer = await createSaleAnswer(deps, seller, input, idempotencyKey, mode);
  return answer.body ?? (JSON.parse(answerText(answer.json)) as CreateSaleResponse);
}

/**
 * `createSale`, answering the JSON to send: written once, encoded to UTF-8 once (`utf8Answer`), kept as
 * it is for retries and sent as it is (serialising the answer twice, and checking it against its schema
 * on the way out, was ~3 % of a sale's CPU; issue 17). A replay has only the JSON (text or bytes, as it
 * was kept); a new sale also its answer as an object.
 *
 * A sale sent with `offlineId` (issue 38) is answered with the sale recorded under that id, forever (the
 * Idempotency-Key, optional then, is kept 7 days only); with `createdAt` too it is an offline sale, recorded
 * at its time and flagged rather than refused (offline-sale.ts).
 */
export async function createSaleAnswer(
  deps: SaleDeps,
  seller: SessionUser,
  input: SaleInput,
  idempotencyKey: string | undefined,
  mode: SaleMode = { via: 'counter' },
): Promise<{ json: string | Buffer; body?: CreateSaleResponse }> {
  if (idempotencyKey === undefined && !input.offlineId) {
    throw new AppError({ status: 400, code: 'IDEMPOTENCY_KEY_REQUIRED' });
  }
  const hash = requestHash(input);
  let notificationQueued = false;
  let printQueued = false;
  const answer = await deps.db.writeTransaction(async (trx, beforeCommit) => {
    // One clock reading: the key is claimed at the sale's own time.
    const now = deps.now();
    const claim =
      idempotencyKey === undefined
        ? null
        : await claimOrReplay(trx, deps, { key: idempotencyKey, userId: seller.id, requestHash: hash }, now);
    if (claim?.replay !== undefined) return { json: claim.replay };
    const offline = input.offlineId
      ? await claimOfflineSale(trx, seller, { ...input, offlineId: input.offlineId }, now)
      : null;
    if (offline?.replay) {
      const json = utf8Answer(saleAnswerJson(offline.replay));
      await claim?.remember(trx, beforeCommit, 201, json);
      return { json, body: offline.replay };
    }
    const saleMode = offline?.offline ? { ...mode, offline: offline.offline } : mode;
    const written = await writeSale(trx, beforeCommit, deps, seller, input, saleMode, offline?.recordedAt ?? now);
    notificationQueued = written.notificationQueued;
    printQueued = written.printQueued;
    if (offline) await linkClaimedSale(trx, offline, written.body.sale);
    await mode.onRecorded?.(trx, written.body);
    const json = utf8Answer(saleAnswerJson(written.body));
    await claim?.remember(trx, beforeCommit, 201, json);
    return { json, body: written.body };
  });
  // After the commit: the workers send in the background; the sale's answer never waits for LINE or a printer.
  if (notificationQueued) deps.notifications.wake();
  if (printQueued) deps.printJobs.wake();
  await purgeExpiredIdempotencyKeysIfDue(deps).catch(() => {
    // The sale is recorded and must be answered; the next pass deletes what this one could not.
  });
  return answer;
}

/** A sale as the API shows it (the one read model, sale-read.queries). */
export async function loadSale(db: DbExecutor, id: number): Promise<Sale> {
  const sale = await readSale(db, id);
  if (!sale) throw notFound('SALE_NOT_FOUND');
  return sale;
}

export async function getSale(deps: Pick<Deps, 'db'>, id: number): Promise<Sale> {
  return loadSale(deps.db.kysely, id);
}

/** `nextCursor`: the last sale's position on the page, opaque to clients. */
function encodeCursor(sale: { created_at: string; id: number }): string {
  return Buffer.from(JSON.stringify([sale.created_at, sale.id])).toString('base64url');
}

function decodeCursor(cursor: string): { createdAt: string; id: number } {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === 'string' &&
      value[0].length <= 40 &&
      Number.isSafeInteger(value[1])
    ) {
      return { createdAt: value[0], id: value[1] as number };
    }
  } catch {
    // falls through to the refusal
  }
  throw new AppError({ status: 400, code: 'SALE_CURSOR_INVALID' });
}

/** The sales history's filters (shop days, search, status, method) as the read model's. */
export function saleFilterOf(
  query: Pick<
    z.output<typeof ListSalesQuery>,
    'startDate' | 'endDate' | 'search' | 'status' | 'paymentMethod' | 'tillId'
  >,
  timeZone: string,
): SaleFilter {
  return {
    ...(query.startDate ? { from: shopDayStart(query.startDate, timeZone) } : {}),
    ...(query.endDate ? { to: shopDayEnd(query.endDate, timeZone) } : {}),
    ...(query.search ? { search: query.search } : {}),
    ...(query.status ? { status: query.status } : {}),
    ...(query.paymentMethod ? { paymentMethod: query.paymentMethod } : {}),
    ...(query.tillId ? { tillId: query.tillId } : {}),
  };
}

/** Sales history: newest first, one page and the number that match over every page. */
export async function listSales(
  deps: Pick<Deps, 'db' | 'config'>,
  query: z.output<typeof ListSalesQuery>,
): Promise<SalesListResponse> {
  const filter: SaleFilter = {
    ...saleFilterOf(query, deps.config.shopTimezone),
    ...(query.cursor ? { before: decodeCursor(query.cursor) } : {}),
  };
  return deps.db.reader.transaction().execute(async (trx) => {
    const { page, summary } = await pageAndSummary(trx, filter, query.limit + 1);
    const shown = page.slice(0, query.limit);
    const last = shown.at(-1);
    return {
      sales: await readSales(
        trx,
        shown.map((s) => s.id),
      ),
      total: summary.count,
      summary: {
        totalAmount: satangToBaht(summary.total),
        refundedAmount: satangToBaht(summary.refunded),
        itemsSold: summary.items,
        uniqueCustomers: summary.customers,
      },
      nextCursor: page.length > query.limit && last ? encodeCursor(last) : null,
    };
  });
}
