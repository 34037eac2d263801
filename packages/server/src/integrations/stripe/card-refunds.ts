import type { Config } from '../../config';
import { stripeFailureOf, type RefundView, type StripeGateway } from './stripe-gateway';
import { gatewayOf } from './stripe-of-config';

/** Stripe's failures are logged for the owner (the request's logger; any console-like one will do). */
export interface WarningLog {
  warn(details: object, message: string): void;
}

type Deps = { config: Config; log: WarningLog };

/**
 * What became of asking Stripe to give money back to the card:
 * - `refunded`: Stripe made the refund (the one under this key, made now or by an earlier attempt);
 * - `nothing`: Stripe certainly holds no refund under this key; `code` says why, for the till;
 * - `unknown`: Stripe could not be asked or did not answer: a refund under this key may exist;
 * - `busy`: another request is using this key at Stripe right now.
 */
export type CardRefundOutcome =
  | { kind: 'refunded'; refund: RefundView }
  | { kind: 'nothing'; code: 'CARD_PAYMENT_NOT_FOUND' | 'CARD_REFUND_FAILED' | 'PAYMENT_PROVIDER_FAILED' }
  | { kind: 'unknown' }
  | { kind: 'busy' };

/** Stripe refunds that did not (or will not) give the money back. */
const FAILED_REFUNDS = new Set(['failed', 'canceled']);

/**
 * Gives `amountSatang` of a card sale's payment back to the card: the Checkout Session's PaymentIntent,
 * refunded through Stripe's Refund API under `key` (Stripe's Idempotency-Key, and `pos_refund_key` in
 * the refund's metadata). The same key with the same amount always gets Stripe's first refund back, so
 * asking again never refunds twice. `keyMaySeeStripe`: an earlier attempt may already have sent this key
 * (a failure before the refund call then says `unknown`, not `nothing`).
 */
export async function refundToCard(
  deps: Deps,
  input: {
    sessionId: string;
    amountSatang: number;
    key: string;
    metadata: Record<string, string>;
    keyMaySeeStripe: boolean;
  },
): Promise<CardRefundOutcome> {
  const gateway = gatewayOf(deps);
  const warn = (err: unknown, what: string) =>
    deps.log.warn({ err: { message: (err as Error).message }, sessionId: input.sessionId }, `stripe ${what} failed`);

  let paymentIntentId: string | null;
  try {
    paymentIntentId = await gateway.paymentIntentOfSession(input.sessionId);
  } catch (err) {
    warn(err, 'checkout.sessions.retrieve');
    if (input.keyMaySeeStripe) return { kind: 'unknown' };
    const failure = stripeFailureOf(err);
    return { kind: 'nothing', code: failure === 'refused' ? 'CARD_PAYMENT_NOT_FOUND' : 'PAYMENT_PROVIDER_FAILED' };
  }
  if (paymentIntentId === null) return { kind: 'nothing', code: 'CARD_PAYMENT_NOT_FOUND' };

  try {
    const refund = await gateway.createRefund({
      paymentIntentId,
      amountSatang: input.amountSatang,
      metadata: { ...input.metadata, pos_refund_key: input.key },
      idempotencyKey: input.key,
    });
    return made(deps, refund);
  } catch (err) {
    warn(err, 'refunds.create');
    switch (stripeFailureOf(err)) {
      case 'refused':
        return { kind: 'nothing', code: 'CARD_REFUND_FAILED' };
      case 'busy':
        return { kind: 'busy' };
      case 'unanswered':
        // Stripe may still be at work on it: only the same key asked again tells.
        return { kind: 'unknown' };
      case 'failed':
        // Stripe keeps a 5xx under the key and answers it to every retry: whether it refunded anyway
        // (rare) is read from the PaymentIntent's refunds.
        return lookUp(deps, gateway, paymentIntentId, input.key);
    }
  }
}

function made(deps: Deps, refund: RefundView): CardRefundOutcome {
  if (refund.status !== null && FAILED_REFUNDS.has(refund.status)) {
    deps.log.warn({ refundId: refund.id, status: refund.status }, 'stripe refund did not go through');
    return { kind: 'nothing', code: 'CARD_REFUND_FAILED' };
  }
  return { kind: 'refunded', refund };
}

async function lookUp(deps: Deps, gateway: StripeGateway, paymentIntentId: string, key: string) {
  try {
    const found = await gateway.findRefund(paymentIntentId, key);
    return found ? made(deps, found) : ({ kind: 'nothing', code: 'CARD_REFUND_FAILED' } as const);
  } catch (err) {
    deps.log.warn({ err: { message: (err as Error).message } }, 'stripe refunds.list failed');
    return { kind: 'unknown' } as const;
  }
}
