import {
  bahtToSatang,
  CardSaleFlag,
  CreateSaleRequest,
  type ConfirmCardPaymentResponse,
  satangToBaht,
  type CardCheckoutResponse,
  type CreateSaleResponse,
  type FlaggedCardSale,
  type FlaggedCardSalesResponse,
  SPLIT_PAYMENT,
} from '@pos/core';
import { z } from 'zod';
import type Stripe from 'stripe';
import type { Deps } from '../../deps';
import { BeforeCommit } from '../../db/before-commit';
import { AppError } from '../../http/app-error';
import { stripeAmountToUnits } from '../../integrations/stripe/stripe-amounts';
import type { CheckoutSessionView } from '../../integrations/stripe/stripe-gateway';
import { gatewayOf, stripeOf } from '../../integrations/stripe/stripe-of-config';
import type { SessionUser } from '../../http/request-user';
import { requestHash } from '../idempotency/idempotency.service';
import { readStoredSettings } from '../settings/settings.service';
import { addFlag, type CheckoutTerms, type PaidSale } from '../sales/paid-sale';
import { createSale, loadSale } from '../sales/sales.service';
import type { SaleInput } from '../sales/sale-steps/sale-context';
import { writeSale } from '../sales/write-sale';
import {
  completeCheckout,
  findCheckoutByKey,
  findCheckoutBySession,
  findFlaggedCheckout,
  findSeller,
  insertCheckout,
  listFlaggedCheckouts,
  markCheckoutHandled,
  type CardCheckoutRow,
  type FlaggedCheckoutRow,
} from './payments.queries';
import { checkoutReturnOrigin, type RequestAddress } from './return-address';

/** Where Stripe sends the browser back (spec 000 card return; Stripe fills in the session id). */
export const SUCCESS_PATH = '/pos?stripe_session=success&session_id={CHECKOUT_SESSION_ID}';
export const CANCEL_PATH = '/pos?stripe_session=cancel';

/** Stripe could not be reached or refused: logged for the owner, a 503 for the till (nothing recorded). */
async function callStripe<T>(deps: Pick<Deps, 'db' | 'log'>, what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    deps.log.warn({ err: { message: (err as Error).message } }, `stripe ${what} failed`);
    throw new AppError({ status: 503, code: 'PAYMENT_PROVIDER_FAILED' });
  }
}

/** Thrown to roll back the trial sale of a checkout, carrying its answer out. */
class TrialSale {
  constructor(
    readonly answer: CreateSaleResponse,
    readonly terms: CheckoutTerms,
  ) {}
}

/**
 * Checks the sale exactly as `POST /api/sales` would (same refusals) without keeping it: it is
 * written in a transaction that is then rolled back. Answers the total the server decided and the
 * terms it was checked at (kept with the checkout: the paid sale is recorded on them).
 */
async function trySale(
  deps: Pick<Deps, 'db' | 'config' | 'now'>,
  seller: SessionUser,
  input: SaleInput,
): Promise<TrialSale> {
  try {
    await deps.db.kysely.transaction().execute(async (trx) => {
      // Rolled back below: what it leaves for the commit is never written.
      const written = await writeSale(trx, new BeforeCommit(), deps, seller, input, { via: 'provider' });
      throw new TrialSale(written.body, written.terms);
    });
  } catch (err) {
    if (err instanceof TrialSale) return err;
    throw err;
  }
  throw new Error('unreachable: the trial sale always rolls back');
}

/**
 * The sale a checkout takes: a card sale, or a split bill with exactly one card part (the checkout
 * charges that part; the other parts were taken at the till and are recorded with it once paid).
 */
function checkoutSaleOf(body: SaleInput): SaleInput {
  if (body.paymentMethod !== SPLIT_PAYMENT) {
    if (body.payments !== undefined) throw new AppError({ status: 400, code: 'SPLIT_PAYMENT_NOT_SPLIT' });
    return { ...body, paymentMethod: 'card' };
  }
  // Two card parts are the split's DUPLICATE_METHOD refusal (the trial sale answers it).
  if (!(body.payments ?? []).some((p) => p.method === 'card')) {
    throw new AppError({ status: 400, code: 'SPLIT_PAYMENT_NO_CARD_PART' });
  }
  return body;
}

/** Satang the checkout charges: a card sale's total, or a split bill's card part as the server planned it. */
function cardAmountOf(answer: CreateSaleResponse): number {
  const card = answer.sale.payments.find((p) => p.method === 'card');
  return bahtToSatang(card?.amount ?? answer.total);
}

/**
 * `POST /api/payments/stripe/checkout`: checks the sale, asks Stripe for a Checkout Session charging
 * exactly the server's figure in satang (the total, or a split bill's card part), and keeps the sale
 * with the session until Stripe says it is paid. The same Idempotency-Key gives the same session back.
 * The customer comes back to PUBLIC_URL, or to the address the till used when it is one of the server's
 * own (`checkoutReturnOrigin`).
 */
export async function startCardCheckout(
  deps: Pick<Deps, 'db' | 'config' | 'now' | 'log'>,
  seller: SessionUser,
  body: SaleInput,
  idempotencyKey: string,
  at: RequestAddress,
): Promise<CardCheckoutResponse> {
  const input = checkoutSaleOf(body);
  const hash = requestHash(input);
  const existing = await findCheckoutByKey(deps.db.kysely, idempotencyKey);
  if (existing) return sameCheckout(existing, seller, hash);
  const gateway = gatewayOf(deps);
  const origin = checkoutReturnOrigin(deps.config, at);

  const trial = await trySale(deps, seller, input);
  const amount = cardAmountOf(trial.answer);
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
    terms: JSON.stringify(trial.terms),
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

type PaymentView = Pick<CheckoutSessionView, 'paymentStatus' | 'amountTotal' | 'currency'>;

/**
 * What the provider took when it is not what the checkout asked (another amount or currency; for a split
 * bill the checkout asked its card part): the money
 * was taken all the same, so the sale is recorded at the checkout's figures and this flag tells the
 * manager both amounts. Undefined when it paid exactly the amount asked, in THB.
 */
function amountMismatch(session: PaymentView, row: CardCheckoutRow): CardSaleFlag | undefined {
  if (session.amountTotal === row.amount && session.currency === 'thb') return undefined;
  const currency = session.currency ?? '';
  return {
    reason: 'amount_mismatch',
    amountAsked: satangToBaht(row.amount),
    amountPaid: session.amountTotal === null ? null : stripeAmountToUnits(session.amountTotal, currency),
    currency: currency.toUpperCase(),
  };
}

/** The answer of an already recorded checkout: its sale as `POST /api/sales` answered it. */
async function recordedAnswer(deps: Pick<Deps, 'db'>, saleId: number): Promise<CreateSaleResponse> {
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
 * The key a paid checkout's sale is recorded under, in a space of its own: a client's Idempotency-Key
 * never holds a '/' (IdempotencyKey's pattern), so a sale sent to `POST /api/sales` with the checkout's
 * key, before or after it, can never answer for the paid checkout and keep it from being recorded.
 */
function cardSaleKey(sessionId: string): string {
  return `card/${sessionId}`;
}

/**
 * Records the paid checkout's sale, once: under its own key (`cardSaleKey`; concurrent callers wait on
 * it and get the first answer) and only while the checkout has no sale yet. The money was taken, so
 * nothing that changed since the checkout refuses it: it is recorded on the checkout's terms and
 * flagged with what changed.
 */
async function recordPaidCheckout(
  deps: Pick<Deps, 'db' | 'config' | 'now' | 'notifications' | 'printJobs' | 'log'>,
  row: CardCheckoutRow,
  session: PaymentView,
): Promise<CreateSaleResponse> {
  if (row.sale_id !== null) return recordedAnswer(deps, row.sale_id);
  // The checkout's user row is kept (a user with a checkout is only ever soft-deleted).
  const seller = await findSeller(deps.db.kysely, row.user_id);
  if (!seller) throw new Error(`card checkout ${row.id}: seller ${row.user_id} is missing`);
  const input = CreateSaleRequest.parse(JSON.parse(row.request));
  const paid: PaidSale = { terms: row.terms ? (JSON.parse(row.terms) as CheckoutTerms) : null, flags: [] };
  if (!seller.is_active) addFlag(paid, { reason: 'seller_inactive' });
  const mismatch = amountMismatch(session, row);
  if (mismatch) addFlag(paid, mismatch);
  try {
    return await createSale(deps, seller, input, cardSaleKey(row.session_id), {
      via: 'provider',
      providerSessionId: row.session_id,
      paid,
      onRecorded: async (trx, answer) => {
        const flagged = paid.flags.length > 0;
        const linked = await completeCheckout(trx, row.id, {
          saleId: answer.sale.id,
          flags: flagged ? JSON.stringify(paid.flags) : null,
          now: deps.now().toISOString(),
        });
        if (!linked) throw new AlreadyRecorded();
        if (flagged) {
          deps.log.warn(
            { sessionId: row.session_id, saleId: answer.sale.id, flags: paid.flags },
            'card sale recorded although something changed while the customer paid',
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

/**
 * `POST /api/payments/stripe/confirm`: the browser is back; Stripe is asked whether it is paid. The
 * answer carries the checkout's flags as recorded (by this return or the webhook before it), so the
 * cashier learns at once what the manager will be asked to look at.
 */
export async function confirmCardPayment(
  deps: Pick<Deps, 'db' | 'config' | 'now' | 'notifications' | 'printJobs' | 'log'>,
  sessionId: string,
): Promise<ConfirmCardPaymentResponse> {
  const row = await findCheckoutBySession(deps.db.kysely, sessionId);
  if (!row) throw new AppError({ status: 404, code: 'CHECKOUT_NOT_FOUND' });
  if (row.sale_id !== null) return withFlags(row, await recordedAnswer(deps, row.sale_id));
  const gateway = gatewayOf(deps);
  const session = await callStripe(deps, 'checkout.sessions.retrieve', () =>
    gateway.retrieveCheckoutSession(sessionId),
  );
  if (session.paymentStatus !== 'paid') throw new AppError({ status: 409, code: 'PAYMENT_NOT_COMPLETED' });
  const answer = await recordPaidCheckout(deps, row, session);
  const recorded = await findCheckoutBySession(deps.db.kysely, sessionId);
  return withFlags(recorded ?? row, answer);
}

function withFlags(row: CardCheckoutRow, answer: CreateSaleResponse): ConfirmCardPaymentResponse {
  return { ...answer, flags: row.flags ? Flags.parse(JSON.parse(row.flags)) : [] };
}

const PAID_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);

/**
 * `POST /api/payments/stripe/webhook`: only an event Stripe signed (STRIPE_WEBHOOK_SECRET, within the
 * SDK's tolerance) is believed; a paid checkout of ours is recorded if the return has not done it.
 */
export async function handleStripeWebhook(
  deps: Pick<Deps, 'db' | 'config' | 'now' | 'notifications' | 'printJobs' | 'log'>,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<void> {
  const { gateway, webhookSecret } = stripeOf(deps.config);
  let event: Stripe.Event;
  try {
    if (!gateway || !webhookSecret || !signature) throw new Error('no signature or secret');
    event = await gateway.verifyWebhook(rawBody, signature);
  } catch {
    throw new AppError({ status: 400, code: 'WEBHOOK_SIGNATURE_INVALID' });
  }
  if (!PAID_EVENTS.has(event.type)) return;
  const session = event.data.object as Stripe.Checkout.Session;
  const row = await findCheckoutBySession(deps.db.kysely, session.id);
  if (!row) return; // another system's checkout on the same Stripe account
  if (session.payment_status !== 'paid') return; // paid later: checkout.session.async_payment_succeeded
  // Answered only once recorded (flagged where something differs); a failure makes Stripe send it again.
  await recordPaidCheckout(deps, row, {
    paymentStatus: session.payment_status,
    amountTotal: session.amount_total,
    currency: session.currency,
  });
}

const Flags = z.array(CardSaleFlag);

function toFlaggedSale(row: FlaggedCheckoutRow): FlaggedCardSale {
  const reasons = Flags.parse(JSON.parse(row.flags));
  const stock = reasons.find((r) => r.reason === 'stock_shortfall')?.products ?? [];
  return {
    sessionId: row.session_id,
    saleId: row.sale_id,
    documentNumber: row.document_number,
    total: satangToBaht(row.total),
    sellerName: row.seller_name,
    customerName: row.customer_name,
    completedAt: row.completed_at,
    reasons,
    shortfall: stock.map((p) => ({ productId: p.productId, name: p.name, short: p.short ?? 0 })),
    handledAt: row.handled_at,
    handledBy: row.handled_by_name,
  };
}

/** `GET /api/payments/stripe/flagged`: card sales recorded although something had changed. */
export async function listFlaggedCardSales(
  deps: Pick<Deps, 'db'>,
  handled: 'open' | 'all',
): Promise<FlaggedCardSalesResponse> {
  const rows = await listFlaggedCheckouts(deps.db.kysely, { open: handled === 'open', limit: 200 });
  return { checkouts: rows.map(toFlaggedSale) };
}

/** `POST /api/payments/stripe/flagged/:id/handled`: the manager dealt with it (who and when kept, once). */
export async function markFlaggedSaleHandled(
  deps: Pick<Deps, 'db' | 'now'>,
  user: SessionUser,
  saleId: number,
): Promise<FlaggedCardSale> {
  return deps.db.kysely.transaction().execute(async (trx) => {
    await markCheckoutHandled(trx, saleId, { userId: user.id, now: deps.now().toISOString() });
    const row = await findFlaggedCheckout(trx, saleId);
    if (!row) throw new AppError({ status: 404, code: 'FLAGGED_SALE_NOT_FOUND' });
    return toFlaggedSale(row);
  });
}
