import { randomUUID } from 'node:crypto';
import {
  bahtToSatang,
  defaultRefundMethod,
  defaultRefundParts,
  EDIT_SALE_REASON,
  ERROR_MESSAGES,
  needsOffCardReason,
  PAYMENT_METHOD_RULES,
  refundAmountOf,
  refundPartOverLimit,
  refundVat,
  satangToBaht,
  shareOf as share,
  SPLIT_PAYMENT,
  type PaymentMethod,
  type SalePaymentMethod,
  type RefundSaleRequest,
  type RefundSaleResponse,
  type SaleStatus,
} from '@pos/core';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { BeforeCommit } from '../../db/before-commit';
import type { DbExecutor } from '../../db/executor';
import type { DB } from '../../db/schema';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../http/app-error';
import type { SessionUser } from '../auth/sessions.queries';
import { RollupChanges } from '../reports/rollups.service';
import { answerText } from '../../http/utf8-answer';
import { answeredBefore, claimOrReplay, requestHash } from '../idempotency/idempotency.service';
import { refundToCard, type WarningLog } from '../payments/card-refunds.service';
import { gatewayOf } from '../payments/payments.service';
import { insertStockMovements } from '../products/products.queries';
import { documentSeries, formatDocumentNumber } from './document-number';
import {
  deleteCardRefundClaim,
  findCardRefundClaim,
  findCardSession,
  findCustomerForRefund,
  findLinesForRefund,
  findRefundableParts,
  findRefundByStripeId,
  findSaleForRefund,
  insertCardRefundClaim,
  insertRefund,
  insertRefundItems,
  insertRefundPayments,
  refundedSoFar,
  returnStock,
  setCustomerFigures,
  setSaleStatus,
} from './refunds.queries';
import { nextInSeries } from './sales.queries';
import { loadSale } from './sales.service';

type RefundInput = z.output<typeof RefundSaleRequest>;

/** What a refund needs; `log` tells the owner of Stripe's failures and of a card refund it could not record. */
export type RefundDeps = Pick<Deps, 'db' | 'now' | 'config'> & {
  log: WarningLog & { error(details: object, message: string): void };
};

type SaleForRefund = NonNullable<Awaited<ReturnType<typeof findSaleForRefund>>>;

/** floor(value × part / whole): points are whole, and a partial refund never takes back more than its share. */
function floorShare(value: number, part: number, whole: number): number {
  if (whole === 0) return 0;
  return Number((BigInt(value) * BigInt(part)) / BigInt(whole));
}

/** Credit notes: CN<Buddhist-era year>-<6 digits>, their own gapless series per year. */
function creditNoteSeries(now: Date, timeZone: string): string {
  return `CN${documentSeries(now, timeZone).slice(1)}`;
}

/** The sale, its row held for the transaction so refunds of one sale queue up. */
async function lockSale(trx: DbExecutor, saleId: number): Promise<SaleForRefund> {
  const sale = await findSaleForRefund(trx, saleId);
  if (!sale) throw notFound('SALE_NOT_FOUND');
  return sale;
}

type RefundParts = { method: PaymentMethod; amount: number }[];

/**
 * How a split sale's refund of `amount` satang goes back: the parts asked for (adding up to the refund),
 * all of it by one method (`refundMethod`), or by default in proportion to what each part has left; never
 * more through a part than it has left (checked with the sale's row held, so concurrent refunds queue).
 */
async function splitRefundParts(
  trx: DbExecutor,
  sale: SaleForRefund,
  input: RefundInput,
  amount: number,
): Promise<{ parts: RefundParts; saleMethods: string[] }> {
  const paid = await findRefundableParts(trx, sale.id);
  const refundable = paid.map((p) => ({ ...p, method: p.method as PaymentMethod }));
  let parts: RefundParts;
  if (input.refundParts) {
    parts = input.refundParts.map((p) => ({ method: p.method, amount: bahtToSatang(p.amount) }));
    if (parts.reduce((sum, p) => sum + p.amount, 0) !== amount) {
      throw new AppError({ status: 400, code: 'REFUND_PARTS_MISMATCH', details: { amount: satangToBaht(amount) } });
    }
  } else if (input.refundMethod !== undefined && input.refundMethod !== SPLIT_PAYMENT) {
    parts = [{ method: input.refundMethod, amount }];
  } else {
    parts = defaultRefundParts(amount, refundable);
  }
  const over = refundPartOverLimit(parts, refundable);
  if (over) {
    throw new AppError({
      status: 400,
      code: 'REFUND_PART_EXCEEDS_PAYMENT',
      details: { method: over.method, refundable: satangToBaht(over.refundable) },
    });
  }
  return { parts: parts.filter((p) => p.amount > 0), saleMethods: paid.map((p) => p.method) };
}

/** How the money goes back: the body's way or the sale's default, checked against how the sale was paid. */
function refundMethodOf(
  sale: SaleForRefund,
  input: RefundInput,
): { method: PaymentMethod; offCardReason: string | null } {
  const paid = sale.payment_method as PaymentMethod;
  if (input.refundMethod === SPLIT_PAYMENT || input.refundParts !== undefined) {
    throw new AppError({ status: 400, code: 'REFUND_NOT_SPLIT_SALE' });
  }
  const method: PaymentMethod = input.refundMethod ?? defaultRefundMethod(paid);
  // A provider gives money back only against the payment it took.
  if (PAYMENT_METHOD_RULES[method].provider !== null && method !== paid) {
    throw new AppError({ status: 400, code: 'CARD_REFUND_NOT_CARD_SALE' });
  }
  if (!needsOffCardReason(paid, method)) return { method, offCardReason: null };
  const reason = input.offCardReason?.trim();
  if (!reason) {
    throw new AppError({
      status: 400,
      code: 'OFF_CARD_REASON_REQUIRED',
      fields: { offCardReason: ERROR_MESSAGES.OFF_CARD_REASON_REQUIRED },
    });
  }
  return { method, offCardReason: reason };
}

/** A refund checked against the sale as it stands: the units, the amount and how it goes back. */
interface RefundPlan {
  sale: SaleForRefund;
  lines: Awaited<ReturnType<typeof findLinesForRefund>>;
  /** Sale item id → units refunded now. */
  wanted: Map<number, number>;
  /** Whether this refund leaves nothing of the sale unrefunded. */
  fully: boolean;
  editing: boolean;
  /** "split" when the money goes back through several of a split sale's parts. */
  method: SalePaymentMethod;
  /** A split sale's refund per part (recorded in refund_payments); null for a one-method sale. */
  parts: RefundParts | null;
  /** A split sale's methods, for the rollups. */
  saleMethods: string[];
  offCardReason: string | null;
  before: Awaited<ReturnType<typeof refundedSoFar>>;
  valueAfter: number;
  subtotal: number;
  /** Satang given back. */
  amount: number;
}

/** Satang a refund gives back to the card: a card sale's whole refund, or a split sale's card part. */
function cardShareOf(plan: RefundPlan): number {
  if (plan.parts) return plan.parts.find((p) => p.method === 'card')?.amount ?? 0;
  return plan.method === 'card' ? plan.amount : 0;
}

/** Checks a refund of `sale` (held) without writing anything; throws its refusal. */
async function planRefund(trx: DbExecutor, sale: SaleForRefund, input: RefundInput): Promise<RefundPlan> {
  const lines = await findLinesForRefund(trx, sale.id);
  const remaining = (line: (typeof lines)[number]) => line.quantity - line.refunded;
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
        details: {
          saleItemId: itemId,
          sold: line.quantity,
        },
      });
    }
    if (quantity > remaining(line)) {
      throw new AppError({
        status: 409,
        code: 'SALE_ALREADY_REFUNDED',
        details: {
          saleItemId: itemId,
          refundable: remaining(line),
        },
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

  const before = await refundedSoFar(trx, sale.id);
  const valueAfter = lines.reduce((sum, l) => sum + l.price * (l.refunded + (wanted.get(l.id) ?? 0)), 0);
  const subtotal = lines.reduce((sum, l) => sum + l.line_total, 0);
  // Core's rule, the one the refund dialog shows the amount (and its split parts) with.
  const amount = refundAmountOf(
    { total: sale.total, refundedBefore: before.amount },
    lines.map((l) => ({ price: l.price, quantity: l.quantity, refunded: l.refunded, wanted: wanted.get(l.id) ?? 0 })),
  );
  if (input.refundAmount !== undefined) {
    const asked = bahtToSatang(input.refundAmount);
    if (asked > sale.total - before.amount) {
      throw new AppError({
        status: 400,
        code: 'REFUND_EXCEEDS_SALE',
        details: {
          refundable: (sale.total - before.amount) / 100,
        },
      });
    }
    if (asked !== amount) {
      throw new AppError({ status: 400, code: 'REFUND_AMOUNT_MISMATCH', details: { amount: amount / 100 } });
    }
  }
  if (sale.payment_method === SPLIT_PAYMENT) {
    const { parts, saleMethods } = await splitRefundParts(trx, sale, input, amount);
    const method = parts.length === 1 ? parts[0]!.method : SPLIT_PAYMENT;
    const rest = { before, valueAfter, subtotal, amount, offCardReason: null };
    return { sale, lines, wanted, fully, editing, method, parts, saleMethods, ...rest };
  }
  const { method, offCardReason } = refundMethodOf(sale, input);
  const rest = { before, valueAfter, subtotal, amount, parts: null, saleMethods: [] };
  return { sale, lines, wanted, fully, editing, method, offCardReason, ...rest };
}

/**
 * Writes a checked refund: stock back on the shelf (movements of kind refund), the customer's points and
 * totals adjusted in proportion, the refund record with its lines and, for a sale that had a tax invoice,
 * a credit note number. Amounts and points are worked out on the cumulative share refunded, so refunding
 * a sale in parts gives back exactly its total and points. The customer may already have spent points
 * this refund takes back: the balance never goes below 0, and what could not be taken back is recorded
 * on the refund as `points_shortfall`. Answers the refund's id.
 */
async function writeRefund(
  trx: Transaction<DB>,
  beforeCommit: BeforeCommit<DB>,
  deps: Pick<Deps, 'now' | 'config'>,
  user: SessionUser,
  plan: RefundPlan,
  input: RefundInput,
  stripeRefundId: string | null,
): Promise<number> {
  const { sale, lines, wanted, fully, editing, before, valueAfter, subtotal, amount } = plan;
  const saleId = sale.id;
  const now = deps.now();
  const nowIso = now.toISOString();

  // Stock back first, in product-id order: a sale locks its products before its customer, its document
  // counter and the report rollups, and a refund takes them in that same order, so the two never wait
  // on each other in a circle (PostgreSQL answered such a circle with a deadlock, a 500).
  const back = new Map<number, number>();
  for (const line of lines) {
    const quantity = wanted.get(line.id);
    if (quantity && line.product_id !== null) back.set(line.product_id, (back.get(line.product_id) ?? 0) + quantity);
  }
  const returned: { productId: number; quantity: number; stock: number }[] = [];
  for (const productId of [...back.keys()].sort((a, b) => a - b)) {
    const quantity = back.get(productId)!;
    const stock = await returnStock(trx, productId, quantity, nowIso);
    if (stock !== undefined) returned.push({ productId, quantity, stock });
  }

  // Points: earned ones taken back, used ones given back, each in proportion to what is refunded.
  let pointsTaken = 0;
  let pointsShortfall = 0;
  let pointsReturned = 0;
  let buyerAddress: string | null = null;
  if (sale.customer_id !== null) {
    const dueAfter = fully ? sale.points_earned : floorShare(sale.points_earned, valueAfter, subtotal);
    const returnedAfter = fully ? sale.points_used : floorShare(sale.points_used, valueAfter, subtotal);
    const due = dueAfter - before.pointsDue;
    pointsReturned = returnedAfter - before.pointsReturned;
    const customer = await findCustomerForRefund(trx, sale.customer_id);
    if (customer) {
      buyerAddress = customer.address?.trim() ? customer.address : null;
      const balance = customer.loyalty_points + pointsReturned - due;
      pointsShortfall = balance < 0 ? -balance : 0;
      pointsTaken = due - pointsShortfall;
      await setCustomerFigures(trx, customer.id, {
        loyalty_points: Math.max(0, balance),
        total_purchases: Math.max(0, customer.total_purchases - (fully ? 1 : 0)),
        total_spent: Math.max(0, customer.total_spent - amount),
        updated_at: nowIso,
      });
    }
  }

  // A credit note corrects a tax invoice: a sale without VAT (excluded, or a shop that charged none) had none.
  const creditNote =
    sale.exclude_vat === 1 || sale.tax_rate_bp === 0
      ? null
      : formatDocumentNumber(
          creditNoteSeries(now, deps.config.shopTimezone),
          await nextInSeries(trx, creditNoteSeries(now, deps.config.shopTimezone)),
        );
  // Whatever earlier refunds kept, the refunds of a sale never give back more VAT than it charged.
  const vatLeft = sale.tax - before.vat;
  const vat = fully ? vatLeft : Math.min(refundVat(sale, before.amount, amount), vatLeft);
  const refundId = await insertRefund(trx, {
    sale_id: saleId,
    reason: input.reason,
    amount,
    refund_method: plan.method,
    edit_reason: editing ? (input.edit_reason ?? null) : null,
    edit_details: editing ? (input.edit_details ?? null) : null,
    // Who edited and when are the signed-in user and the server's clock, whatever the client sent.
    edited_by: editing ? user.id : null,
    edited_at: editing ? nowIso : null,
    refunded_by: user.id,
    created_at: nowIso,
    credit_note_number: creditNote,
    points_taken_back: pointsTaken,
    points_returned: pointsReturned,
    points_shortfall: pointsShortfall,
    vat: Math.max(0, vat),
    buyer_address: buyerAddress,
    stripe_refund_id: stripeRefundId,
    off_card_reason: plan.offCardReason,
  });
  // Each line's amount is its share of the cumulative figure, so the lines add up to the refund.
  let runningValue = lines.reduce((sum, l) => sum + l.price * l.refunded, 0);
  let runningAmount = before.amount;
  const refundLines = lines
    .filter((l) => wanted.has(l.id))
    .map((l, index, all) => {
      runningValue += l.price * wanted.get(l.id)!;
      const cumulative = fully && index === all.length - 1 ? sale.total : share(sale.total, runningValue, subtotal);
      const lineAmount = cumulative - runningAmount;
      runningAmount = cumulative;
      return { refund_id: refundId, sale_item_id: l.id, quantity: wanted.get(l.id)!, amount: lineAmount };
    });
  await insertRefundItems(trx, refundLines);
  if (plan.parts)
    await insertRefundPayments(
      trx,
      plan.parts.map((p) => ({ refund_id: refundId, ...p })),
    );
  beforeCommit.add(
    new RollupChanges(deps.config.shopTimezone).refund(sale, {
      amount,
      whole: fully,
      lines: lines.filter((l) => wanted.has(l.id)).map((l) => ({ ...l, quantity: wanted.get(l.id)! })),
      parts: plan.parts ?? [],
      saleMethods: plan.saleMethods,
    }),
  );

  const movements = returned.map(({ productId, quantity, stock }) => ({
    product_id: productId,
    user_id: user.id,
    kind: 'refund' as const,
    old_quantity: stock - quantity,
    new_quantity: stock,
    reason: creditNote ?? sale.document_number,
    sale_id: saleId,
    created_at: nowIso,
  }));
  await insertStockMovements(trx, movements);

  const status: SaleStatus = fully ? 'refunded' : 'partially_refunded';
  await setSaleStatus(trx, saleId, status);
  return refundId;
}

async function answerOf(trx: DbExecutor, saleId: number, refundId: number): Promise<RefundSaleResponse> {
  const sale = await loadSale(trx, saleId);
  return { refund: sale.refunds.find((r) => r.id === refundId)!, sale };
}

const replayed = (json: string | Buffer) => JSON.parse(answerText(json)) as RefundSaleResponse;

function pendingCardRefund(amount: number): AppError {
  return new AppError({ status: 409, code: 'CARD_REFUND_PENDING', details: { amount: satangToBaht(amount) } });
}

/** A card refund checked and claimed, to be asked of Stripe. */
interface CardRefundClaim {
  sessionId: string;
  documentNumber: string;
  amount: number;
  stripeKey: string;
  /** Whether an earlier attempt may already have asked Stripe under this key. */
  reused: boolean;
}

/**
 * `POST /api/sales/:id/refund`. Money handed over at the till (cash, transfer, PromptPay) is checked and
 * recorded in one transaction. A card sale's money (or a split sale's card part; its other parts are
 * recorded with it) goes back to the card, in three steps:
 *
 * 1. In a transaction holding the sale's row: the refund is checked (units, amount, method) and claimed
 *    (`card_refund_claims`, one per sale) with a new key for Stripe. A request for the same units and amount
 *    as an unfinished claim takes that claim and its key over (a retry); anything else waits: 409
 *    CARD_REFUND_PENDING. So two refunds of the same units never both reach Stripe with different keys.
 * 2. Stripe refunds the amount in satang against the sale's PaymentIntent, under the claim's key: asked
 *    again with that key, Stripe answers its first refund and never makes a second.
 * 3. In a second transaction the refund is recorded with the Stripe refund's id (unique: recorded once)
 *    and the claim deleted. Should this fail after Stripe refunded, the claim stays, and the same refund
 *    asked again (any Idempotency-Key) gets Stripe's refund back under the claim's key and records it.
 *
 * When Stripe certainly refunded nothing (it refused, or answered a 5xx and holds no refund under the key)
 * the claim is deleted and nothing is recorded (502 CARD_REFUND_FAILED); when its answer is unknown the
 * claim stays (503 CARD_REFUND_UNCONFIRMED) until the same refund is asked again.
 */
export async function refundSale(
  deps: RefundDeps,
  user: SessionUser,
  saleId: number,
  input: RefundInput,
  idempotencyKey: string | undefined,
): Promise<RefundSaleResponse> {
  const hash = requestHash({ saleId, input });
  const key = idempotencyKey ? { key: idempotencyKey, userId: user.id, requestHash: hash } : undefined;
  const first = await deps.db.writeTransaction(
    async (trx, beforeCommit): Promise<{ answer: RefundSaleResponse } | { card: CardRefundClaim }> => {
      const now = deps.now();
      const sale = await lockSale(trx, saleId);
      // A split sale's refund goes to the card when its parts (planned first) give some back through a
      // card part; a retry of a recorded one is answered before planning (its units are refunded now).
      let plan: RefundPlan | undefined;
      if (sale.payment_method === SPLIT_PAYMENT) {
        const replay = key ? await answeredBefore(trx, deps, key, now) : undefined;
        if (replay !== undefined) return { answer: replayed(replay) };
        plan = await planRefund(trx, sale, input);
      }
      const asked = input.refundMethod === SPLIT_PAYMENT ? null : input.refundMethod;
      const method =
        sale.payment_method === SPLIT_PAYMENT || asked === null
          ? null
          : (asked ?? defaultRefundMethod(sale.payment_method as PaymentMethod));
      const toCard = plan ? cardShareOf(plan) > 0 : method !== null && PAYMENT_METHOD_RULES[method].provider !== null;
      if (!toCard) {
        const claim = key ? await claimOrReplay(trx, deps, key, now) : undefined;
        if (claim?.replay !== undefined) return { answer: replayed(claim.replay) };
        plan ??= await planRefund(trx, sale, input);
        const pending = await findCardRefundClaim(trx, saleId);
        if (pending) throw pendingCardRefund(pending.amount);
        const body = await answerOf(trx, saleId, await writeRefund(trx, beforeCommit, deps, user, plan, input, null));
        await claim?.remember(trx, beforeCommit, 201, JSON.stringify(body));
        return { answer: body };
      }
      // To the card: a retry of a recorded refund gets its answer; the first transaction claims nothing
      // under the Idempotency-Key (the record, in step 3, does).
      if (!plan) {
        const replay = key ? await answeredBefore(trx, deps, key, now) : undefined;
        if (replay !== undefined) return { answer: replayed(replay) };
        plan = await planRefund(trx, sale, input);
      }
      const cardAmount = cardShareOf(plan);
      gatewayOf(deps); // without the server's Stripe key: 400 CARD_NOT_CONFIGURED, nothing claimed
      const sessionId = await findCardSession(trx, saleId);
      if (!sessionId) throw new AppError({ status: 409, code: 'CARD_PAYMENT_NOT_FOUND' });
      const units = requestHash({
        saleId,
        units: [...plan.wanted].sort(([a], [b]) => a - b),
        amount: plan.amount,
        parts: plan.parts,
      });
      const claimed = { sessionId, documentNumber: sale.document_number, amount: cardAmount };
      const pending = await findCardRefundClaim(trx, saleId);
      if (pending) {
        if (pending.request_hash !== units) throw pendingCardRefund(pending.amount);
        return { card: { ...claimed, stripeKey: pending.stripe_key, reused: true } };
      }
      const stripeKey = `pos-refund-${randomUUID()}`;
      await insertCardRefundClaim(trx, {
        sale_id: saleId,
        stripe_key: stripeKey,
        request_hash: units,
        amount: cardAmount,
        user_id: user.id,
        created_at: now.toISOString(),
      });
      return { card: { ...claimed, stripeKey, reused: false } };
    },
  );
  if ('answer' in first) return first.answer;
  const claim = first.card;

  const outcome = await refundToCard(deps, {
    sessionId: claim.sessionId,
    amountSatang: claim.amount,
    key: claim.stripeKey,
    metadata: { pos_sale_id: String(saleId), pos_document: claim.documentNumber },
    keyMaySeeStripe: claim.reused,
  });
  if (outcome.kind === 'nothing') {
    await deps.db.writeTransaction((trx) => deleteCardRefundClaim(trx, saleId, claim.stripeKey));
    const status = { CARD_PAYMENT_NOT_FOUND: 409, CARD_REFUND_FAILED: 502, PAYMENT_PROVIDER_FAILED: 503 }[outcome.code];
    throw new AppError({ status, code: outcome.code });
  }
  if (outcome.kind === 'unknown') throw new AppError({ status: 503, code: 'CARD_REFUND_UNCONFIRMED' });
  if (outcome.kind === 'busy') throw pendingCardRefund(claim.amount);

  const stripeRefund = outcome.refund;
  return deps.db.writeTransaction(async (trx, beforeCommit) => {
    const sale = await lockSale(trx, saleId);
    const kept = key ? await claimOrReplay(trx, deps, key, deps.now()) : undefined;
    if (kept?.replay !== undefined) return replayed(kept.replay);
    // Another request of the same claim may have recorded this Stripe refund already.
    let refundId = await findRefundByStripeId(trx, stripeRefund.id);
    if (refundId === undefined) {
      try {
        const plan = await planRefund(trx, sale, input);
        if (cardShareOf(plan) !== stripeRefund.amount) {
          throw new Error(
            `the refund now gives ${cardShareOf(plan)} satang back to the card, Stripe refunded ${stripeRefund.amount}`,
          );
        }
        refundId = await writeRefund(trx, beforeCommit, deps, user, plan, input, stripeRefund.id);
      } catch (err) {
        deps.log.error(
          { err: { message: (err as Error).message }, saleId, stripeRefundId: stripeRefund.id },
          'stripe refunded a card sale but the refund could not be recorded',
        );
        throw err;
      }
    }
    await deleteCardRefundClaim(trx, saleId, claim.stripeKey);
    const body = await answerOf(trx, saleId, refundId);
    await kept?.remember(trx, beforeCommit, 201, JSON.stringify(body));
    return body;
  });
}
