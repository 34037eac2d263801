import { payableOffline, type CardSaleFlag, type CreateSaleResponse } from '@pos/core';
import type { DbExecutor } from '../../db/executor';
import { AppError } from '../../http/app-error';
import type { SessionUser } from '../../http/request-user';
import { parseTillDocumentNumber } from '../sale-records/document-number';
import {
  claimOfflineId,
  documentNumberUsed,
  findOfflineSale,
  linkOfflineSale,
  lockBlockHolding,
  openShiftOpenedAt,
  priceChangesSince,
  reflagOfflineSale,
} from './offline-sales.queries';
import { addFlag, type OfflineSale, type PaidSale } from './paid-sale';
import type { SaleInput } from './sale-steps/sale-context';
import { readSale } from '../sale-records/sale-read-model';

/** How far ahead of the server's clock a till's clock may run before its sale's time is not believed. */
const CLOCK_SKEW_MS = 2 * 60_000;

/**
 * The time a document made offline is recorded at: the till's claim when it can be believed (not ahead of the
 * server's clock by more than a till's clock may run, not before any of `earliest`: its number block's reservation,
 * its shift's opening, its sale), else now.
 */
export function claimedTime(
  claimedAt: Date,
  now: Date,
  earliest: readonly (string | undefined)[],
): { believable: boolean; recordedAt: Date } {
  const believable =
    claimedAt.getTime() <= now.getTime() + CLOCK_SKEW_MS &&
    earliest.every((t) => t === undefined || claimedAt.getTime() >= new Date(t).getTime());
  return { believable, recordedAt: believable && claimedAt.getTime() <= now.getTime() ? claimedAt : now };
}

/** What claiming a device-made id gave: the sale recorded under it before, or this request's go-ahead. */
export type OfflineClaim =
  | { replay: CreateSaleResponse }
  | {
      replay?: undefined;
      offlineId: string;
      /** The sale's time: the till's claim when it holds, else now. */
      recordedAt: Date;
      /** Set for an offline sale (sent with `createdAt`); a sale sent online with an id only is a counter sale. */
      offline: OfflineSale | null;
    };

/**
 * Claims the request's `offlineId`: a sale already recorded under it is answered as it is (however long ago;
 * a request still recording it is waited for on PostgreSQL). A new offline sale is checked: refused only for
 * what cannot have happened offline (a card payment, an edit), its time, number and prices otherwise checked
 * and flagged when out of line.
 */
export async function claimOfflineSale(
  trx: DbExecutor,
  seller: SessionUser,
  input: SaleInput & { offlineId: string },
  now: Date,
): Promise<OfflineClaim> {
  const offlineId = input.offlineId;
  const claimedAt = input.createdAt ? new Date(input.createdAt) : null;
  if (claimedAt) refuseWhatNeedsTheNetwork(input);
  const claimed = await claimOfflineId(trx, {
    offlineId,
    userId: seller.id,
    tillId: input.tillId ?? null,
    claimedAt: claimedAt?.toISOString() ?? null,
    claimedNumber: input.documentNumber ?? null,
    receivedAt: now.toISOString(),
  });
  if (!claimed) {
    const previous = await findOfflineSale(trx, offlineId);
    if (!previous?.sale_id) throw new Error(`offline sale ${offlineId} claimed without its sale`);
    const sale = await readSale(trx, previous.sale_id);
    if (!sale) throw new Error(`offline sale ${offlineId} lost its sale ${previous.sale_id}`);
    await notePrintedNumber(trx, input, sale.document_number, previous.flags);
    return { replay: answerOf(sale) };
  }
  if (!claimedAt) return { offlineId, recordedAt: now, offline: null };

  const paid: PaidSale = { terms: null, flags: [] };
  const number = await reservedNumber(trx, input, paid);
  const shiftOpenedAt = input.tillId ? await openShiftOpenedAt(trx, input.tillId) : undefined;
  const { believable, recordedAt } = claimedTime(claimedAt, now, [number?.reservedAt, shiftOpenedAt]);
  if (!believable) addFlag(paid, { reason: 'time_invalid', claimed: input.createdAt! });

  const since = input.syncedAt ? new Date(input.syncedAt).toISOString() : recordedAt.toISOString();
  const changes = await priceChangesSince(trx, [...new Set(input.items.map((i) => i.productId))], since);
  return {
    offlineId,
    recordedAt,
    offline: {
      paid,
      pricing: input.pricing ?? null,
      number: number ? { series: number.series, sequence: number.sequence } : null,
      priceKnown: (productId, variantId, price) =>
        changes.some(
          (c) =>
            c.product_id === productId &&
            (c.variant_id === null || variantId == null || c.variant_id === variantId) &&
            (c.old_price === price || c.new_price === price),
        ),
    },
  };
}

/** Links the claimed id to the sale written under it, with what was flagged. */
export async function linkClaimedSale(
  trx: DbExecutor,
  claim: Exclude<OfflineClaim, { replay: CreateSaleResponse }>,
  sale: CreateSaleResponse['sale'],
): Promise<CardSaleFlag[]> {
  const flags = claim.offline?.paid.flags ?? [];
  await linkOfflineSale(trx, claim.offlineId, {
    saleId: sale.id,
    tillId: sale.till_id ?? null,
    flags: flags.length > 0 ? JSON.stringify(flags) : null,
  });
  return flags;
}

/**
 * The till tried the sale online, the server recorded it but the answer never came back, and the till, offline by
 * then, printed it under a number of its block: the paper and the record disagree (and that number is left
 * unused in the till's series). Flagged once, so the manager can match the receipt to the sale.
 */
async function notePrintedNumber(
  trx: DbExecutor,
  input: SaleInput,
  recordedNumber: string,
  flagsJson: string | null,
): Promise<void> {
  const printed = input.documentNumber;
  if (!input.createdAt || !printed || printed === recordedNumber) return;
  const flags = flagsJson ? (JSON.parse(flagsJson) as CardSaleFlag[]) : [];
  if (flags.some((f) => f.reason === 'number_invalid' && f.claimed === printed)) return;
  const paid: PaidSale = { terms: null, flags };
  addFlag(paid, { reason: 'number_invalid', claimed: printed });
  await reflagOfflineSale(trx, input.offlineId!, {
    flags: JSON.stringify(paid.flags),
    claimedNumber: printed,
    claimedAt: new Date(input.createdAt).toISOString(),
  });
}

/** A card is charged through the provider while the till is online, and an edit refunds a sale first. */
function refuseWhatNeedsTheNetwork(input: SaleInput): void {
  if (!payableOffline(input)) throw new AppError({ status: 400, code: 'OFFLINE_CARD_NOT_ALLOWED' });
  if (input.replacesSaleId != null) throw new AppError({ status: 400, code: 'OFFLINE_SALE_REPLACES' });
}

/**
 * The number the till printed, when it is one reserved for that till and not used yet (its block locked until
 * the sale commits); otherwise flagged, and the sale gets the shop's next number.
 */
async function reservedNumber(
  trx: DbExecutor,
  input: SaleInput,
  paid: PaidSale,
): Promise<{ series: string; sequence: number; reservedAt: string } | null> {
  const printed = input.documentNumber;
  if (!printed) return null;
  const parsed = parseTillDocumentNumber(printed, 'receipt');
  const block = parsed && input.tillId ? await lockBlockHolding(trx, { tillId: input.tillId, ...parsed }) : undefined;
  if (!parsed || !block || (await documentNumberUsed(trx, printed))) {
    addFlag(paid, { reason: 'number_invalid', claimed: printed });
    return null;
  }
  return { ...parsed, reservedAt: block.reserved_at };
}

function answerOf(sale: CreateSaleResponse['sale']): CreateSaleResponse {
  return {
    sale,
    pointsEarned: sale.points_earned,
    total: sale.total,
    items: sale.items,
    paymentMethod: sale.payment_method,
  };
}
