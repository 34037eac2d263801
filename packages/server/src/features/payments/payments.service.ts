import {
  bahtToSatang,
  CreateSaleRequest,
  type CardCheckoutResponse,
  type CreateSaleResponse,
  type FlaggedCardSalesResponse,
} from '@pos/core';
import type Stripe from 'stripe';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { FastifyBaseLogger } from 'fastify';
import type { Deps as AppDeps } from '../../deps';
import { AppError } from '../../http/app-error';
import { stripeGateway, type CheckoutSessionView, type StripeGateway } from '../../integrations/stripe/stripe-gateway';
import type { SessionUser } from '../auth/sessions.queries';
import { requestHash } from '../idempotency/idempotency.service';
import { readStoredSettings } from '../settings/settings.service';
import { createSale, loadSale, writeSale, type StockShortfall } from '../sales/sales.service';
import {
  completeCheckout,
  findCheckoutByKey,
  findCheckoutBySession,
  findSeller,
  insertCheckout,
  listFlaggedCheckouts,
  type CardCheckoutRow,
} from './payments.queries';

type SaleInput = z.output<typeof CreateSaleRequest>;

/** The app's deps plus the request's logger (provider failures and flagged sales are logged). */
export type Deps = AppDeps & { log: Pick<FastifyBaseLogger, 'warn'> };

/** Where Stripe sends the browser back (spec 000 card return; Stripe fills in the session id). */
export const SUCCESS_PATH = '/pos?stripe_session=success&session_id={CHECKOUT_SESSION_ID}';
export const CANCEL_PATH = '/pos?stripe_session=cancel';

const gateways = new WeakMap<Config, ReturnType<typeof stripeGateway>>();
function stripeOf(config: Config): ReturnType<typeof stripeGateway> {
  let entry = gateways.get(config);
  if (!entry) {
    entry = stripeGateway(config);
    gateways.set(config, entry);
  }
  return entry;
}

function gatewayOf(deps: Deps): StripeGateway {
  const { gateway } = stripeOf(deps.config);
  if (!gateway) throw new AppError({ status: 400, code: 'CARD_NOT_CONFIGURED' });
  return gateway;
}

/** Stripe could not be reached or refused: logged for the owner, a 503 for the till (nothing recorded). */
async function callStripe<T>(deps: Deps, what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    deps.log.warn({ err: { message: (err as Error).message } }, `stripe ${what} failed`);
    throw new AppError({ status: 503, code: 'PAYMENT_PROVIDER_FAILED' });
  }
}

/** Thrown to roll back the trial sale of a checkout, carrying its answer out. */
class TrialSale {
  constructor(readonly answer: CreateSaleResponse) {}
}

/**
 * Checks the sale exactly as `POST /api/sales` would (same refusals) without keeping it: it is
 * written in a transaction that is then rolled back. Answers the total the server decided.
 */
async function trySale(deps: Deps, seller: SessionUser, input: SaleInput): Promise<CreateSaleResponse> {
  try {
    await deps.db.kysely.transaction().execute(async (trx) => {
      throw new TrialSale((await writeSale(trx, deps, seller, input, { via: 'provider' })).body);
    });
  } catch (err) {
    if (err instanceof TrialSale) return err.answer;
    throw err;
  }
  throw new Error('unreachable: the trial sale always rolls back');
}

/**
 * `POST /api/payments/stripe/checkout`: checks the sale, asks Stripe for a Checkout Session charging
 * exactly the server's total in satang, and keeps the sale with the session until Stripe says it is
 * paid. The same Idempotency-Key gives the same session back.
 */
export async function startCardCheckout(
  deps: Deps,
  seller: SessionUser,
  body: SaleInput,
  idempotencyKey: string,
  origin: string,
): Promise<CardCheckoutResponse> {
  const input: SaleInput = { ...body, paymentMethod: 'card' };
  const hash = requestHash(input);
  const existing = await findCheckoutByKey(deps.db.kysely, idempotencyKey);
  if (existing) return sameCheckout(existing, seller, hash);
  const gateway = gatewayOf(deps);

  const trial = await trySale(deps, seller, input);
  const amount = bahtToSatang(trial.total);
  const settings = await readStoredSettings(deps.db.kysely);
  const session = await callStripe(deps, 'checkout.sessions.create', () =>
    gateway.createCheckoutSession({
      amountSatang: amount,
      description: settings.system.storeName,
      successUrl: `${origin}${SUCCESS_PATH}`,
      cancelUrl: `${origin}${CANCEL_PATH}`,
      reference: idempotencyKey,
      // A retry after a lost answer gets the same session from Stripe, not a second one.
      idempotencyKey: `pos-checkout-${idempotencyKey}`,
    }),
  );
  if (!session.url) throw new AppError({ status: 503, code: 'PAYMENT_PROVIDER_FAILED' });
  const inserted = await insertCheckout(deps.db.kysely, {
    provider: 'stripe',
    session_id: session.id,
    idempotency_key: idempotencyKey,
    request_hash: hash,
    user_id: seller.id,
    request: JSON.stringify(input),
    amount,
    url: session.url,
    created_at: deps.now().toISOString(),
  });
  if (!inserted) {
    const winner = await findCheckoutByKey(deps.db.kysely, idempotencyKey);
    if (winner) return sameCheckout(winner, seller, hash);
    throw new AppError({ status: 409, code: 'IDEMPOTENCY_KEY_REUSED' });
  }
  return { sessionId: session.id, url: session.url };
}

function sameCheckout(row: CardCheckoutRow, seller: SessionUser, hash: string): CardCheckoutResponse {
  if (row.user_id !== seller.id || row.request_hash !== hash) {
    throw new AppError({ status: 409, code: 'IDEMPOTENCY_KEY_REUSED' });
  }
  return { sessionId: row.session_id, url: row.url };
}

/** Paid, for the amount and currency this checkout asked (anything else is not our payment). */
function isPaid(
  session: Pick<CheckoutSessionView, 'paymentStatus' | 'amountTotal' | 'currency'>,
  row: CardCheckoutRow,
) {
  return session.paymentStatus === 'paid' && session.amountTotal === row.amount && session.currency === 'thb';
}

/** The answer of an already recorded checkout: its sale as `POST /api/sales` answered it. */
async function recordedAnswer(deps: Deps, saleId: number): Promise<CreateSaleResponse> {
  const sale = await loadSale(deps.db.kysely, saleId);
  return {
    sale,
    pointsEarned: sale.points_earned,
    total: sale.total,
    items: sale.items,
    paymentMethod: sale.payment_method,
  };
}

/**
 * Records the paid checkout's sale, once: under the till's Idempotency-Key (concurrent callers wait
 * on it and get the first answer) and only while the checkout has no sale yet.
 */
async function recordPaidCheckout(deps: Deps, row: CardCheckoutRow): Promise<CreateSaleResponse> {
  if (row.sale_id !== null) return recordedAnswer(deps, row.sale_id);
  const seller = await findSeller(deps.db.kysely, row.user_id);
  if (!seller) throw new AppError({ status: 404, code: 'CHECKOUT_NOT_FOUND' });
  const input = CreateSaleRequest.parse(JSON.parse(row.request));
  const shortfall: StockShortfall[] = [];
  try {
    return await createSale(deps, seller, input, row.idempotency_key, {
      via: 'provider',
      providerSessionId: row.session_id,
      paid: { shortfall },
      onRecorded: async (trx, answer) => {
        const linked = await completeCheckout(trx, row.id, {
          saleId: answer.sale.id,
          stockShortfall: shortfall.length > 0 ? JSON.stringify(shortfall) : null,
          now: deps.now().toISOString(),
        });
        if (!linked) throw new AlreadyRecorded();
        if (shortfall.length > 0) {
          deps.log.warn(
            { sessionId: row.session_id, saleId: answer.sale.id, shortfall },
            'card sale recorded although stock had run out',
          );
        }
      },
    });
  } catch (err) {
    if (!(err instanceof AlreadyRecorded)) throw err;
    const again = await findCheckoutBySession(deps.db.kysely, row.session_id);
    return recordedAnswer(deps, again!.sale_id!);
  }
}

class AlreadyRecorded extends Error {}

/** `POST /api/payments/stripe/confirm`: the browser is back; Stripe is asked whether it is paid. */
export async function confirmCardPayment(deps: Deps, sessionId: string): Promise<CreateSaleResponse> {
  const row = await findCheckoutBySession(deps.db.kysely, sessionId);
  if (!row) throw new AppError({ status: 404, code: 'CHECKOUT_NOT_FOUND' });
  if (row.sale_id !== null) return recordedAnswer(deps, row.sale_id);
  const gateway = gatewayOf(deps);
  const session = await callStripe(deps, 'checkout.sessions.retrieve', () =>
    gateway.retrieveCheckoutSession(sessionId),
  );
  if (!isPaid(session, row)) throw new AppError({ status: 409, code: 'PAYMENT_NOT_COMPLETED' });
  return recordPaidCheckout(deps, row);
}

const PAID_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);

/**
 * `POST /api/payments/stripe/webhook`: only an event Stripe signed (STRIPE_WEBHOOK_SECRET, within the
 * SDK's tolerance) is believed; a paid checkout of ours is recorded if the return has not done it.
 */
export async function handleStripeWebhook(deps: Deps, rawBody: Buffer, signature: string | undefined): Promise<void> {
  const { gateway, webhookSecret } = stripeOf(deps.config);
  let event: Stripe.Event;
  try {
    if (!gateway || !webhookSecret || !signature) throw new Error('no signature or secret');
    event = gateway.verifyWebhook(rawBody, signature);
  } catch {
    throw new AppError({ status: 400, code: 'WEBHOOK_SIGNATURE_INVALID' });
  }
  if (!PAID_EVENTS.has(event.type)) return;
  const session = event.data.object as Stripe.Checkout.Session;
  const row = await findCheckoutBySession(deps.db.kysely, session.id);
  if (!row) return; // another system's checkout on the same Stripe account
  const paid = isPaid(
    { paymentStatus: session.payment_status, amountTotal: session.amount_total, currency: session.currency },
    row,
  );
  if (paid) await recordPaidCheckout(deps, row);
}

/** `GET /api/payments/stripe/flagged`: card sales recorded while the goods had run out. */
export async function listFlaggedCardSales(deps: Deps): Promise<FlaggedCardSalesResponse> {
  const rows = await listFlaggedCheckouts(deps.db.kysely, 200);
  return {
    checkouts: rows.map((row) => ({
      sessionId: row.session_id,
      saleId: row.sale_id!,
      completedAt: row.completed_at!,
      shortfall: JSON.parse(row.stock_shortfall!) as StockShortfall[],
    })),
  };
}
