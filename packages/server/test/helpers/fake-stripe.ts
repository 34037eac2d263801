import { createHmac } from 'node:crypto';
import Fastify from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { TestApp } from './test-app';

/** One Checkout Session as the fake keeps it (Stripe's own field names). */
export interface FakeSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  success_url: string;
  cancel_url: string;
  url: string;
  /** The PaymentIntent that took the money: set when the session is paid (refunds go against it). */
  payment_intent: string | null;
  /** The form fields the SDK sent, for tests to check (line_items[0][price_data][unit_amount], ...). */
  created_with: Record<string, string>;
}

export interface FakeStripe {
  /** What to put in STRIPE_API_BASE. */
  apiBase: string;
  secretKey: string;
  webhookSecret: string;
  sessions: Map<string, FakeSession>;
  /** Authorization headers and Idempotency-Keys of the calls, in order. */
  calls: { method: string; path: string; authorization: string | undefined; idempotencyKey: string | undefined }[];
  /** Where "pay" on the hosted page sends the signed checkout.session.completed (null: none is sent). */
  webhookUrl: string | null;
  /** While set, every API call answers this HTTP status with Stripe's error body. */
  failWith: number | null;
  /** Marks a session paid, as the hosted page's "pay" does (without a webhook). */
  pay(sessionId: string): FakeSession;
  /** The event Stripe sends when a session is paid, and its Stripe-Signature header for `secret`. */
  completedEvent(
    sessionId: string,
    options?: { secret?: string; timestamp?: number },
  ): {
    payload: string;
    signature: string;
  };
  /** Sends the signed checkout.session.completed of a session to `webhookUrl`; answers the status. */
  sendWebhook(sessionId: string): Promise<number>;
  /** Refunds made, by id (Stripe's field names). */
  refunds: Map<string, FakeRefund>;
  /** The paid sessions' PaymentIntents, by id: what was taken and what refunds gave back. */
  paymentIntents: Map<string, FakePaymentIntent>;
  /**
   * While set, `POST /v1/refunds` goes wrong this way (every other call answers as usual):
   * - `{ status, code }`: Stripe's error with that HTTP status; a 5xx is kept under the Idempotency-Key and
   *   answered again to a retry, as Stripe does. `refundFirst`: the refund is made before the error (the
   *   rare 5xx after Stripe did the work).
   * - `'lost-answer'`: the refund is made, then the connection is closed before the answer (every attempt).
   */
  refundFault: { status: number; code?: string; refundFirst?: boolean } | 'lost-answer' | null;
  /** While set, `POST /v1/refunds` answers only once it settles, after making the refund (holds it in flight). */
  holdRefunds: Promise<void> | null;
  /** Refund requests held by `holdRefunds` right now. */
  refundsHeld: number;
  /** The refunds made against one PaymentIntent, oldest first. */
  refundsOf(paymentIntentId: string): FakeRefund[];
  close(): Promise<void>;
}

/** One refund as the fake keeps it (Stripe's own field names). */
export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  status: 'succeeded';
  reason: string | null;
  metadata: Record<string, string>;
  created: number;
}

export interface FakePaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: 'succeeded';
}

const SECRET_KEY = 'sk_test_fake_stripe_key';
const WEBHOOK_SECRET = 'whsec_fake_stripe_webhook_secret';

/** Stripe's signature scheme: `t=<unix seconds>,v1=<HMAC-SHA256 of "t.payload" under the webhook secret>`. */
export function stripeSignature(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">` +
  `<title>${title}</title></head><body><main>${body}</main></body></html>`;

/**
 * A small Stripe on 127.0.0.1: the Checkout Session create and retrieve calls the official SDK makes
 * (form-encoded, bearer secret key), a minimal hosted page with a "pay" button that marks the session
 * paid, sends the signed webhook and redirects to the success URL, and a cancel link.
 */
export async function startFakeStripe(): Promise<FakeStripe> {
  const app = Fastify({ logger: false });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  let counter = 0;
  let origin = '';

  const fake: FakeStripe = {
    apiBase: '',
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    sessions: new Map(),
    calls: [],
    webhookUrl: null,
    failWith: null,
    refunds: new Map(),
    paymentIntents: new Map(),
    refundFault: null,
    holdRefunds: null,
    refundsHeld: 0,
    refundsOf(paymentIntentId) {
      return [...fake.refunds.values()].filter((refund) => refund.payment_intent === paymentIntentId);
    },
    pay(sessionId) {
      const session = fake.sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      session.payment_status = 'paid';
      session.status = 'complete';
      session.payment_intent ??= newPaymentIntent(session);
      return session;
    },
    completedEvent(sessionId, options = {}) {
      const session = fake.sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      const payload = JSON.stringify({
        id: `evt_${sessionId}`,
        object: 'event',
        type: 'checkout.session.completed',
        api_version: '2025-01-01',
        created: Math.floor(Date.now() / 1000),
        data: { object: session },
      });
      return { payload, signature: stripeSignature(payload, options.secret ?? WEBHOOK_SECRET, options.timestamp) };
    },
    async sendWebhook(sessionId) {
      if (!fake.webhookUrl) throw new Error('webhookUrl is not set');
      const { payload, signature } = fake.completedEvent(sessionId);
      const res = await fetch(fake.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
        body: payload,
      });
      return res.status;
    },
    async close() {
      await app.close();
    },
  };

  const stripeError = (status: number, message: string) => ({
    error: { type: status === 404 ? 'invalid_request_error' : 'api_error', message },
  });

  app.addHook('onRequest', async (req, reply) => {
    if (!req.url.startsWith('/v1/')) return;
    fake.calls.push({
      method: req.method,
      path: req.url,
      authorization: req.headers.authorization,
      idempotencyKey: req.headers['idempotency-key'] as string | undefined,
    });
    if (req.headers.authorization !== `Bearer ${SECRET_KEY}`) {
      return reply.code(401).send(stripeError(401, 'Invalid API Key provided'));
    }
    if (fake.failWith !== null) return reply.code(fake.failWith).send(stripeError(fake.failWith, 'fake failure'));
  });

  const byIdempotencyKey = new Map<string, string>();
  app.post('/v1/checkout/sessions', async (req, reply) => {
    const fields = req.body as Record<string, string>;
    const key = req.headers['idempotency-key'] as string | undefined;
    const earlier = key ? byIdempotencyKey.get(key) : undefined;
    if (earlier) return fake.sessions.get(earlier);
    const quantity = Number(fields['line_items[0][quantity]'] ?? '1');
    const unit = Number(fields['line_items[0][price_data][unit_amount]']);
    if (!Number.isInteger(unit) || !fields.success_url || !fields.cancel_url) {
      return reply.code(400).send(stripeError(400, 'Missing required param'));
    }
    counter += 1;
    const id = `cs_test_fake${counter}${Math.random().toString(36).slice(2, 10)}`;
    const session: FakeSession = {
      id,
      object: 'checkout.session',
      mode: fields.mode ?? 'payment',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: unit * quantity,
      currency: fields['line_items[0][price_data][currency]'] ?? '',
      client_reference_id: fields.client_reference_id ?? null,
      success_url: fields.success_url,
      cancel_url: fields.cancel_url,
      url: `${origin}/pay/${id}`,
      payment_intent: null,
      created_with: fields,
    };
    fake.sessions.set(id, session);
    if (key) byIdempotencyKey.set(key, id);
    return session;
  });

  app.get<{ Params: { id: string } }>('/v1/checkout/sessions/:id', async (req, reply) => {
    const session = fake.sessions.get(req.params.id);
    if (!session) return reply.code(404).send(stripeError(404, `No such checkout.session: '${req.params.id}'`));
    return session;
  });

  /** The PaymentIntent a paid session took the money with. */
  function newPaymentIntent(session: FakeSession): string {
    counter += 1;
    const id = `pi_fake${counter}${Math.random().toString(36).slice(2, 10)}`;
    fake.paymentIntents.set(id, {
      id,
      object: 'payment_intent',
      amount: session.amount_total,
      amount_received: session.amount_total,
      currency: session.currency,
      status: 'succeeded',
    });
    return id;
  }

  // Refunds: Stripe keeps the answer of a request under its Idempotency-Key (a 2xx, or a 5xx once the
  // work began) and gives it to every retry with the same parameters; a retry with other parameters is
  // an idempotency_error, and one while the first is still running a 409.
  const refundAnswers = new Map<string, { fields: string; status: number; body: unknown }>();
  const refundsInFlight = new Set<string>();
  const refundsRefused = (status: number, message: string, code?: string, type?: string) => ({
    error: { type: type ?? (status >= 500 ? 'api_error' : 'invalid_request_error'), message, ...(code && { code }) },
  });

  app.post('/v1/refunds', async (req, reply) => {
    const fields = req.body as Record<string, string>;
    const key = req.headers['idempotency-key'] as string | undefined;
    const sameFields = JSON.stringify(Object.entries(fields).sort());
    const kept = key ? refundAnswers.get(key) : undefined;
    const loseAnswer = () => {
      reply.hijack();
      req.raw.socket.destroy();
      return reply;
    };
    if (kept && fake.refundFault === 'lost-answer') return loseAnswer();
    if (kept) {
      if (kept.fields !== sameFields) {
        return reply
          .code(400)
          .send(
            refundsRefused(
              400,
              'Keys for idempotent requests can only be used with the same parameters',
              undefined,
              'idempotency_error',
            ),
          );
      }
      return reply.code(kept.status).header('stripe-should-retry', 'false').send(kept.body);
    }
    if (key && refundsInFlight.has(key)) {
      return reply
        .code(409)
        .send(
          refundsRefused(
            409,
            'There is currently another in-progress request using this Idempotent Key',
            undefined,
            'idempotency_error',
          ),
        );
    }
    const fault = fake.refundFault;
    if (fault !== null && fault !== 'lost-answer' && !fault.refundFirst) {
      const body = refundsRefused(fault.status, 'fake refund failure', fault.code);
      if (key && fault.status >= 500) refundAnswers.set(key, { fields: sameFields, status: fault.status, body });
      return reply.code(fault.status).header('stripe-should-retry', 'false').send(body);
    }
    const intent = fake.paymentIntents.get(fields.payment_intent ?? '');
    if (!intent) {
      return reply
        .code(400)
        .send(refundsRefused(400, `No such payment_intent: '${fields.payment_intent}'`, 'resource_missing'));
    }
    const refunded = fake.refundsOf(intent.id).reduce((sum, r) => sum + r.amount, 0);
    const amount = fields.amount === undefined ? intent.amount - refunded : Number(fields.amount);
    if (!Number.isInteger(amount) || amount <= 0) {
      return reply.code(400).send(refundsRefused(400, 'Invalid positive integer', 'parameter_invalid_integer'));
    }
    if (refunded + amount > intent.amount) {
      const code = refunded >= intent.amount ? 'charge_already_refunded' : 'amount_too_large';
      return reply.code(400).send(refundsRefused(400, 'Refund amount is greater than unrefunded amount', code));
    }
    if (key) refundsInFlight.add(key);
    counter += 1;
    const metadata: Record<string, string> = {};
    for (const [name, value] of Object.entries(fields)) {
      const match = /^metadata\[(.+)\]$/.exec(name);
      if (match) metadata[match[1]!] = value;
    }
    const refund: FakeRefund = {
      id: `re_fake${counter}${Math.random().toString(36).slice(2, 10)}`,
      object: 'refund',
      amount,
      currency: intent.currency,
      payment_intent: intent.id,
      status: 'succeeded',
      reason: fields.reason ?? null,
      metadata,
      created: Math.floor(Date.now() / 1000),
    };
    fake.refunds.set(refund.id, refund);
    if (fake.holdRefunds) {
      fake.refundsHeld += 1;
      await fake.holdRefunds.finally(() => (fake.refundsHeld -= 1));
    }
    if (key) refundsInFlight.delete(key);
    if (fault !== null && fault !== 'lost-answer') {
      const body = refundsRefused(fault.status, 'fake failure after the refund was made', fault.code);
      if (key) refundAnswers.set(key, { fields: sameFields, status: fault.status, body });
      return reply.code(fault.status).header('stripe-should-retry', 'false').send(body);
    }
    if (key) refundAnswers.set(key, { fields: sameFields, status: 200, body: refund });
    if (fault === 'lost-answer') return loseAnswer();
    return refund;
  });

  app.get<{ Querystring: { payment_intent?: string } }>('/v1/refunds', async (req) => {
    const data = [...fake.refunds.values()]
      .filter((refund) => !req.query.payment_intent || refund.payment_intent === req.query.payment_intent)
      .reverse();
    return { object: 'list', data, has_more: false, url: '/v1/refunds' };
  });

  // The hosted checkout page: the amount, a "pay" button and a cancel link.
  app.get<{ Params: { id: string } }>('/pay/:id', async (req, reply) => {
    const session = fake.sessions.get(req.params.id);
    if (!session) return reply.code(404).type('text/html').send(page('Not found', '<h1>Not found</h1>'));
    const amount = (session.amount_total / 100).toFixed(2);
    return reply
      .type('text/html')
      .send(
        page(
          'Fake Stripe Checkout',
          `<h1>Fake Stripe Checkout</h1><p>Amount: <span id="amount">${amount}</span> ${session.currency.toUpperCase()}</p>` +
            `<form method="post" action="/pay/${session.id}"><button type="submit">Pay</button></form>` +
            `<p><a href="${session.cancel_url}">Cancel</a></p>`,
        ),
      );
  });

  app.post<{ Params: { id: string } }>('/pay/:id', async (req, reply) => {
    const session = fake.sessions.get(req.params.id);
    if (!session) return reply.code(404).send('not found');
    fake.pay(session.id);
    if (fake.webhookUrl) await fake.sendWebhook(session.id);
    return reply.redirect(session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id), 303);
  });

  origin = await app.listen({ port: 0, host: '127.0.0.1' });
  fake.apiBase = origin;
  return fake;
}

/** The server's environment that sends its Stripe calls and webhook checks to `fake`. */
export function stripeEnvOf(fake: FakeStripe): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: fake.secretKey,
    STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
    STRIPE_API_BASE: fake.apiBase,
  };
}

/**
 * A fake Stripe for the test file's describe block, started before the app (register this before
 * `useTestApp(engine, stripe.env)`, whose own beforeAll reads `env`), closed after it.
 */
export function useFakeStripe(): { env: Record<string, string>; readonly fake: FakeStripe } {
  let fake: FakeStripe | undefined;
  const env: Record<string, string> = {};
  beforeAll(async () => {
    fake = await startFakeStripe();
    Object.assign(env, stripeEnvOf(fake));
  });
  afterAll(async () => fake?.close());
  return {
    env,
    get fake() {
      if (!fake) throw new Error('the fake Stripe starts in beforeAll');
      return fake;
    },
  };
}

/** Switches card payments on in the shop's settings, as an admin does (the till then offers card). */
export async function turnOnCardPayments(t: Pick<TestApp, 'request'>, adminToken: string): Promise<void> {
  const res = await t.request('PUT', '/api/settings', {
    token: adminToken,
    body: { settings: { payment: { stripeEnabled: true, stripePublishableKey: 'pk_test_123' } } },
  });
  if (res.status !== 200) throw new Error(`turning card payments on answered ${res.status}`);
}
