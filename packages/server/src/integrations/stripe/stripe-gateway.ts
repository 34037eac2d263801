import type Stripe from 'stripe';
import type { Config } from '../../config';

/** What the card checkout needs of Stripe. */
export interface CheckoutSessionView {
  id: string;
  url: string | null;
  paymentStatus: string;
  amountTotal: number | null;
  currency: string | null;
  clientReferenceId: string | null;
}

export interface StripeGateway {
  createCheckoutSession(input: {
    amountSatang: number;
    description: string;
    successUrl: string;
    cancelUrl: string;
    /** Our checkout's key, echoed back by Stripe as `client_reference_id`. */
    reference: string;
    idempotencyKey: string;
  }): Promise<CheckoutSessionView>;
  retrieveCheckoutSession(sessionId: string): Promise<CheckoutSessionView>;
  /** The event, when `signature` is Stripe's for this exact body within the SDK's tolerance; else throws. */
  verifyWebhook(rawBody: Buffer, signature: string): Promise<Stripe.Event>;
  /** The PaymentIntent that took a Checkout Session's money; null while it has none (unpaid). */
  paymentIntentOfSession(sessionId: string): Promise<string | null>;
  /** Gives `amountSatang` of the PaymentIntent back to the card (Stripe's Refund API). */
  createRefund(input: {
    paymentIntentId: string;
    amountSatang: number;
    /** Kept on the refund at Stripe; `findRefund` looks a refund up by its `pos_refund_key`. */
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<RefundView>;
  /** The PaymentIntent's refund whose metadata `pos_refund_key` is `key`, or null when Stripe made none. */
  findRefund(paymentIntentId: string, key: string): Promise<RefundView | null>;
}

/** What a card refund needs of Stripe's refund. */
export interface RefundView {
  id: string;
  amount: number;
  /** pending, requires_action, succeeded, failed or canceled. */
  status: string | null;
}

/**
 * What a failed Stripe call says about whether it did its work:
 * - `refused`: Stripe answered with a 4xx: it did nothing;
 * - `busy`: the same Idempotency-Key is being used by another request right now (or with other parameters);
 * - `failed`: Stripe answered with a 5xx: it kept that answer under the key and, rarely, did the work;
 * - `unanswered`: no answer (connection lost, timeout): it may have done the work or not.
 */
export type StripeFailure = 'refused' | 'busy' | 'failed' | 'unanswered';

// The SDK, loaded by the first call to Stripe (~150-300 ms of start-up a shop without card payments never needs).
let sdk: typeof Stripe | undefined;

async function loadSdk(): Promise<typeof Stripe> {
  sdk ??= (await import('stripe')).default;
  return sdk;
}

export function stripeFailureOf(err: unknown): StripeFailure {
  // Without the SDK loaded, no call to Stripe was made: nothing can be one of its errors.
  if (!sdk || !(err instanceof sdk.errors.StripeError)) return 'unanswered';
  if (err instanceof sdk.errors.StripeConnectionError || err.statusCode === undefined) return 'unanswered';
  if (err.statusCode === 409 || err.rawType === 'idempotency_error') return 'busy';
  if (err.statusCode >= 500) return 'failed';
  return 'refused';
}

function refundView(refund: Stripe.Refund): RefundView {
  return { id: refund.id, amount: refund.amount, status: refund.status };
}

function view(session: Stripe.Checkout.Session): CheckoutSessionView {
  return {
    id: session.id,
    url: session.url,
    paymentStatus: session.payment_status,
    amountTotal: session.amount_total,
    currency: session.currency,
    clientReferenceId: session.client_reference_id,
  };
}

/** The official SDK, pointed at STRIPE_API_BASE when set (tests use a fake on 127.0.0.1). */
export function stripeGateway(config: Pick<Config, 'stripeSecretKey' | 'stripeWebhookSecret' | 'stripeApiBase'>): {
  gateway: StripeGateway | null;
  webhookSecret: string | null;
} {
  if (config.stripeSecretKey === null) return { gateway: null, webhookSecret: config.stripeWebhookSecret };
  const base = config.stripeApiBase;
  const secretKey = config.stripeSecretKey;
  let client: Stripe | undefined;
  const stripeClient = async (): Promise<Stripe> => {
    const Sdk = await loadSdk();
    client ??= new Sdk(secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      ...(base && {
        host: base.hostname,
        port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)),
        protocol: base.protocol === 'https:' ? 'https' : 'http',
      }),
    });
    return client;
  };
  const webhookSecret = config.stripeWebhookSecret;
  return {
    webhookSecret,
    gateway: {
      async createCheckoutSession(input) {
        const stripe = await stripeClient();
        const session = await stripe.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: 'thb',
                  unit_amount: input.amountSatang,
                  product_data: { name: input.description },
                },
              },
            ],
            client_reference_id: input.reference,
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return view(session);
      },
      async retrieveCheckoutSession(sessionId) {
        const stripe = await stripeClient();
        return view(await stripe.checkout.sessions.retrieve(sessionId));
      },
      async verifyWebhook(rawBody, signature) {
        if (webhookSecret === null) throw new Error('STRIPE_WEBHOOK_SECRET is not set');
        const stripe = await stripeClient();
        return stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
      },
      async paymentIntentOfSession(sessionId) {
        const stripe = await stripeClient();
        const intent = (await stripe.checkout.sessions.retrieve(sessionId)).payment_intent;
        return typeof intent === 'string' ? intent : (intent?.id ?? null);
      },
      async createRefund(input) {
        const stripe = await stripeClient();
        const refund = await stripe.refunds.create(
          {
            payment_intent: input.paymentIntentId,
            amount: input.amountSatang,
            reason: 'requested_by_customer',
            metadata: input.metadata,
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return refundView(refund);
      },
      async findRefund(paymentIntentId, key) {
        const stripe = await stripeClient();
        for await (const refund of stripe.refunds.list({ payment_intent: paymentIntentId, limit: 100 })) {
          if (refund.metadata?.pos_refund_key === key) return refundView(refund);
        }
        return null;
      },
    },
  };
}
