import Stripe from 'stripe';
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
  verifyWebhook(rawBody: Buffer, signature: string): Stripe.Event;
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
  const stripe = new Stripe(config.stripeSecretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(base && {
      host: base.hostname,
      port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)),
      protocol: base.protocol === 'https:' ? 'https' : 'http',
    }),
  });
  const webhookSecret = config.stripeWebhookSecret;
  return {
    webhookSecret,
    gateway: {
      async createCheckoutSession(input) {
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
        return view(await stripe.checkout.sessions.retrieve(sessionId));
      },
      verifyWebhook(rawBody, signature) {
        if (webhookSecret === null) throw new Error('STRIPE_WEBHOOK_SECRET is not set');
        return stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
      },
    },
  };
}
