import { z } from 'zod';
import { msg } from '../validation';
import { Id } from './common';
import { ClaimedTime, OfflineId } from './offline-ids';
import { CardSaleFlag } from './payments';
import { defaultRefundMethod } from '../payment-methods';
import { Sale, SaleRefund, type CreateSaleRequest, type RefundSaleRequest } from './sales';

// Selling while the network is down (issue 38): the till keeps what it needs in the browser, numbers its sales
// from blocks the server reserved for it, and sends them when the network returns (POST /api/sales with
// `offlineId`). What the server found out of line is flagged for a manager, never refused.

/** How many numbers a block holds when the till does not say. */
export const NUMBER_BLOCK_SIZE_DEFAULT = 200;
export const NUMBER_BLOCK_SIZE_MAX = 1000;

/** `POST /api/offline/number-blocks`: reserve the next numbers of one of the till's own series, for use offline. */
export const NUMBER_BLOCK_KINDS = ['receipt', 'credit_note'] as const;
export type NumberBlockKind = (typeof NUMBER_BLOCK_KINDS)[number];

export const ReserveNumberBlockRequest = z.object({
  tillId: Id(msg('value.invalid', { label: 'tillId' })),
  /** Receipts (`R2569-T01`) for offline sales, or credit notes (`CN2569-T01`) for offline refunds. */
  kind: z.enum(NUMBER_BLOCK_KINDS, { error: msg('value.invalid', { label: 'documentNumber' }) }).default('receipt'),
  size: z.coerce
    .number({ error: msg('number.type', { label: 'quantity' }) })
    .int(msg('number.int', { label: 'quantity' }))
    .min(10, msg('value.invalid', { label: 'quantity' }))
    .max(NUMBER_BLOCK_SIZE_MAX, msg('value.tooMany', { label: 'quantity' }))
    .default(NUMBER_BLOCK_SIZE_DEFAULT),
});
export type ReserveNumberBlockRequest = z.input<typeof ReserveNumberBlockRequest>;

/**
 * Numbers `first`..`last` of the till's series (`R2569-T01`: receipts of till 1 in B.E. 2569), formatted as
 * `<series>-<6 digits>`. The till uses them in order, each once; `used` counts those the server has recorded.
 */
export const NumberBlock = z.object({
  id: z.number().int(),
  tillId: z.number().int(),
  kind: z.enum(NUMBER_BLOCK_KINDS),
  series: z.string(),
  first: z.number().int(),
  last: z.number().int(),
  reservedAt: z.string(),
  used: z.number().int(),
});
export type NumberBlock = z.infer<typeof NumberBlock>;
export const NumberBlockResponse = z.object({ block: NumberBlock });
export type NumberBlockResponse = z.infer<typeof NumberBlockResponse>;

/** `GET /api/offline/state?tillId=`: the server's clock (the till's catalogue is "synced at" it) and the till's blocks. */
export const OfflineStateQuery = z.object({ tillId: Id(msg('value.invalid', { label: 'tillId' })) });
export const OfflineStateResponse = z.object({
  serverTime: z.string(),
  /** The till's blocks with numbers left, oldest first. */
  blocks: z.array(NumberBlock),
});
export type OfflineStateResponse = z.infer<typeof OfflineStateResponse>;

/**
 * `POST /api/offline/periods`: the till was offline from `startedAt` (to `endedAt`, sent once it is back).
 * Sent again with the same `periodId` it updates the one record (the end, the sales made meanwhile).
 */
export const OfflinePeriodRequest = z.object({
  periodId: OfflineId,
  tillId: Id(msg('value.invalid', { label: 'tillId' })).nullish(),
  startedAt: ClaimedTime('startedAt'),
  endedAt: ClaimedTime('endedAt').nullish(),
  salesMade: z.number().int().min(0).max(100_000).default(0),
});
export type OfflinePeriodRequest = z.input<typeof OfflinePeriodRequest>;

export const OfflinePeriod = z.object({
  periodId: z.string(),
  tillId: z.number().int().nullable(),
  tillName: z.string().nullable(),
  userName: z.string(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  salesMade: z.number().int(),
  recordedAt: z.string(),
});
export type OfflinePeriod = z.infer<typeof OfflinePeriod>;
export const OfflinePeriodResponse = z.object({ period: OfflinePeriod });
export const OfflinePeriodsResponse = z.object({ periods: z.array(OfflinePeriod) });
export type OfflinePeriodsResponse = z.infer<typeof OfflinePeriodsResponse>;

/**
 * An offline sale recorded although something was out of line, or an offline refund (recorded with flags, or kept
 * unrecorded because the sale could no longer take it): what the till claimed and what was flagged.
 */
export const FlaggedOfflineSale = z.object({
  kind: z.enum(['sale', 'refund']),
  offlineId: z.string(),
  saleId: z.number().int(),
  /** The sale's number. */
  documentNumber: z.string(),
  /** A refund's: its id (null when kept unrecorded) and its credit note's number (recorded, else as printed). */
  refundId: z.number().int().nullable(),
  refundNumber: z.string().nullable(),
  /** Baht: the sale's total, or the money a refund gave back. */
  total: z.number(),
  sellerName: z.string(),
  customerName: z.string().nullable(),
  tillName: z.string().nullable(),
  /** When the till says it sold (the sale's time unless the claim was out of line). */
  claimedAt: z.string(),
  receivedAt: z.string(),
  reasons: z.array(CardSaleFlag),
  handledAt: z.string().nullable(),
  handledBy: z.string().nullable(),
});
export type FlaggedOfflineSale = z.infer<typeof FlaggedOfflineSale>;

/** `GET /api/offline/flagged?handled=open|all`. */
export const FlaggedOfflineSalesQuery = z.object({ handled: z.enum(['open', 'all']).default('open') });
export const FlaggedOfflineSalesResponse = z.object({ sales: z.array(FlaggedOfflineSale) });
export type FlaggedOfflineSalesResponse = z.infer<typeof FlaggedOfflineSalesResponse>;

/**
 * A document number of a series: `R2569-000123`, `R2569-T01-000001` (a till's block), the sequence in 6 digits.
 * One rule for the server that records and the till that prints offline.
 */
export function formatDocumentNumber(series: string, sequence: number): string {
  return `${series}-${String(sequence).padStart(6, '0')}`;
}

/** Whether a sale can be paid without the network: cash, transfer or PromptPay, alone or split; never a card. */
export function payableOffline(sale: Pick<CreateSaleRequest, 'paymentMethod' | 'payments'>): boolean {
  const methods = sale.paymentMethod === 'split' ? (sale.payments ?? []).map((p) => p.method) : [sale.paymentMethod];
  return !methods.includes('card');
}

/**
 * The answer to an offline refund (issue 38): 201 with the refund recorded (flags say what was out of line), or
 * 202 with `refund: null` when the sale as it now stands could not take it (refunded elsewhere meanwhile): kept and
 * flagged for a manager with the money the till handed back, never dropped. Sent again, the same answer.
 */
export const OfflineRefundResponse = z.object({
  refund: SaleRefund.nullable(),
  sale: Sale,
  flags: z.array(CardSaleFlag),
});
export type OfflineRefundResponse = z.infer<typeof OfflineRefundResponse>;

/**
 * Whether a refund can be made without the network: the money goes back in cash, by transfer or PromptPay, never
 * to a card (that goes through the provider). A split sale's refund goes back through its parts unless another
 * way is chosen, so one with a card part needs the network.
 */
export function refundableOffline(
  sale: Pick<Sale, 'payment_method' | 'payments'>,
  request: Pick<RefundSaleRequest, 'refundMethod' | 'refundParts'>,
): boolean {
  const method = request.refundMethod ?? defaultRefundMethod(sale.payment_method);
  if (method !== 'split') return method !== 'card';
  const parts = request.refundParts ?? sale.payments.filter((p) => p.amount > p.refunded);
  return !parts.some((p) => p.method === 'card' && Number(p.amount) > 0);
}
