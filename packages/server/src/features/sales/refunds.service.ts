import { randomUUID } from 'node:crypto';
import {
  defaultRefundMethod,
  PAYMENT_METHOD_RULES,
  satangToBaht,
  SPLIT_PAYMENT,
  type PaymentMethod,
  type RefundSaleResponse,
} from '@pos/core';
import type { DbExecutor } from '../../db/executor';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../http/app-error';
import type { SessionUser } from '../../http/request-user';
import { answerText } from '../../http/utf8-answer';
import { answeredBefore, claimOrReplay, requestHash } from '../idempotency/idempotency.service';
import { refundToCard } from '../../integrations/stripe/card-refunds';
import { gatewayOf } from '../../integrations/stripe/stripe-of-config';
import { planRefund, writeRefund } from './refund-pipeline';
import type { RefundInput, RefundPlan, SaleForRefund } from './refund-steps/refund-context';
import {
  deleteCardRefundClaim,
  findCardRefundClaim,
  findCardSession,
  findRefundByStripeId,
  findSaleForRefund,
  insertCardRefundClaim,
} from './refunds.queries';
import { loadSale } from './sales.service';

/** What a refund needs; `log` tells the owner of Stripe's failures and of a card refund it could not record. */
export type RefundDeps = Pick<Deps, 'db' | 'now' | 'config' | 'log' | 'printJobs'>;

/** The sale, its row held for the transaction so refunds of one sale queue up. */
async function lockSale(trx: DbExecutor, saleId: number): Promise<SaleForRefund> {
  const sale = await findSaleForRefund(trx, saleId);
  if (!sale) throw notFound('SALE_NOT_FOUND');
  return sale;
}

/** Satang a refund gives back to the card: a card sale's whole refund, or a split sale's card part. */
function cardShareOf(plan: RefundPlan): number {
  if (plan.parts) return plan.parts.find((p) => p.method === 'card')?.amount ?? 0;
  return plan.method === 'card' ? plan.amount : 0;
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
  try {
    return await recordRefund(deps, user, saleId, input, idempotencyKey);
  } finally {
    // The refund's note may wait for the till's network printer: sent now, not at the worker's next look.
    deps.printJobs.wake();
  }
}

async function recordRefund(
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
