import { randomUUID } from 'node:crypto';
import {
  bahtToSatang,
  type CardCheckoutResponse,
  type CreateSaleResponse,
  type FlaggedCardSalesResponse,
  type Settings,
} from '@pos/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildProduct, stockOf } from './helpers/catalogue-factories';
import { stripeSignature, turnOnCardPayments, useFakeStripe } from './helpers/fake-stripe';
// A shop registered for VAT, 3 % on top: the figures below (617.23 baht) include it.
import {
  buildSaleCustomer,
  postSale,
  registerForVat,
  vatShopSalePayload as salePayload,
} from './helpers/sales-factories';
import { ENGINES, useTestApp, type TestApp } from './helpers/test-app';

type Answer = CreateSaleResponse & { code?: string; error?: string };

async function saleCount(t: TestApp): Promise<number> {
  return (await t.built.deps.db.kysely.selectFrom('sales').select('id').execute()).length;
}

describe.each(ENGINES)('card payment through Stripe Checkout on %s', (engine) => {
  const stripe = useFakeStripe();
  const t = useTestApp(engine, stripe.env);
  let token: string;

  beforeAll(async () => {
    const admin = await t.adminToken();
    await turnOnCardPayments(t, admin);
    await registerForVat(t);
    token = (await t.buildUser({ role: 'cashier' })).token;
    // The settings screen learns that both server secrets are set, never the secrets themselves.
    const shown = await t.request<{ settings: Settings }>('GET', '/api/settings', { token: admin });
    expect(shown.body.settings.payment).toMatchObject({ stripeSecretConfigured: true, stripeWebhookConfigured: true });
    expect(JSON.stringify(shown.body)).not.toContain(stripe.fake.secretKey);
    expect(JSON.stringify(shown.body)).not.toContain(stripe.fake.webhookSecret);
  });

  const checkout = (body: unknown, key: string = randomUUID()) =>
    t.request<CardCheckoutResponse & { code?: string }>('POST', '/api/payments/stripe/checkout', {
      token,
      body,
      headers: { 'idempotency-key': key },
    });
  const confirm = (sessionId: string) =>
    t.request<Answer>('POST', '/api/payments/stripe/confirm', { token, body: { sessionId } });
  const webhook = (payload: string, signature?: string) =>
    t.request<{ code?: string }>('POST', '/api/payments/stripe/webhook', {
      rawBody: payload,
      headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    });

  async function cardCart(price = 199.75, quantity = 3, stock = 10) {
    const product = await buildProduct(t, { price, stock });
    return { product, body: salePayload([{ product, quantity }], { paymentMethod: 'card' }) };
  }

  it('charges the server total in satang, records one card sale on the paid return, and answers it again', async () => {
    const customer = await buildSaleCustomer(t, 0);
    const product = await buildProduct(t, { price: 199.75, stock: 10 });
    const body = salePayload([{ product, quantity: 3 }], { paymentMethod: 'card', customerId: customer.id });
    const before = await saleCount(t);

    const started = await checkout(body);
    expect(started.status).toBe(201);
    const session = stripe.fake.sessions.get(started.body.sessionId)!;
    expect(started.body.url).toBe(session.url);
    // 3 × 199.75 = 599.25 + 3 % = 617.23 baht: exactly that in satang, one line, not a rounded baht count.
    expect(session.amount_total).toBe(bahtToSatang(body.total as number));
    expect(session.amount_total).toBe(61_723);
    expect(session.created_with).toMatchObject({
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'thb',
      'line_items[0][price_data][unit_amount]': '61723',
      mode: 'payment',
      cancel_url: `${t.url}/pos?stripe_session=cancel`,
      success_url: `${t.url}/pos?stripe_session=success&session_id={CHECKOUT_SESSION_ID}`,
    });
    expect(stripe.fake.calls.at(-1)?.authorization).toBe(`Bearer ${stripe.fake.secretKey}`);
    // Nothing is recorded and no stock moves before the money is taken.
    expect(await saleCount(t)).toBe(before);
    expect(await stockOf(t, product.id)).toBe(10);

    const unpaid = await confirm(session.id);
    expect(unpaid.status).toBe(409);
    expect(unpaid.body.code).toBe('PAYMENT_NOT_COMPLETED');
    expect(await saleCount(t)).toBe(before);

    stripe.fake.pay(session.id);
    const paid = await confirm(session.id);
    expect(paid.status).toBe(201);
    expect(paid.body.paymentMethod).toBe('card');
    expect(paid.body.total).toBe(617.23);
    expect(paid.body.sale.customer_id).toBe(customer.id);
    expect(await saleCount(t)).toBe(before + 1);
    expect(await stockOf(t, product.id)).toBe(7);
    const payment = await t.built.deps.db.kysely
      .selectFrom('payments')
      .select(['method', 'amount', 'provider_session_id'])
      .where('sale_id', '=', paid.body.sale.id)
      .executeTakeFirstOrThrow();
    expect(payment).toEqual({ method: 'card', amount: 61_723, provider_session_id: session.id });

    const again = await confirm(session.id);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(paid.body);
    expect(await saleCount(t)).toBe(before + 1);

    // The same Idempotency-Key on the checkout gives the same session back.
    expect(stripe.fake.sessions.size).toBeGreaterThan(0);
  });

  it('records one sale when the signed webhook comes first and the browser returns after', async () => {
    const { product, body } = await cardCart();
    const before = await saleCount(t);
    const started = await checkout(body);
    stripe.fake.pay(started.body.sessionId);
    const event = stripe.fake.completedEvent(started.body.sessionId);
    const hook = await webhook(event.payload, event.signature);
    expect(hook.status).toBe(200);
    expect(await saleCount(t)).toBe(before + 1);
    // Stripe retries and replays the same delivery: still one sale.
    expect((await webhook(event.payload, event.signature)).status).toBe(200);
    const back = await confirm(started.body.sessionId);
    expect(back.status).toBe(201);
    expect(back.body.paymentMethod).toBe('card');
    expect(await saleCount(t)).toBe(before + 1);
    expect(await stockOf(t, product.id)).toBe(7);
  });

  it('records nothing for a forged, tampered, unsigned or stale webhook, nor for an unpaid session', async () => {
    const { product, body } = await cardCart();
    const before = await saleCount(t);
    const started = await checkout(body);
    const sessionId = started.body.sessionId;
    stripe.fake.pay(sessionId);
    const real = stripe.fake.completedEvent(sessionId);
    const refusals = [
      await webhook(real.payload),
      await webhook(real.payload, stripeSignature(real.payload, 'whsec_not_the_secret')),
      await webhook(real.payload.replace('"paid"', '"paid" '), real.signature),
      await webhook(
        real.payload,
        stripeSignature(real.payload, stripe.fake.webhookSecret, Math.floor(Date.now() / 1000) - 3600),
      ),
      await webhook('not json', stripeSignature('other', stripe.fake.webhookSecret)),
    ];
    for (const res of refusals) {
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('WEBHOOK_SIGNATURE_INVALID');
    }
    expect(await saleCount(t)).toBe(before);
    expect(await stockOf(t, product.id)).toBe(10);

    // A signed event for a session Stripe has not been paid for records nothing either.
    const other = await checkout((await cardCart()).body);
    const unpaid = stripe.fake.completedEvent(other.body.sessionId);
    expect((await webhook(unpaid.payload, unpaid.signature)).status).toBe(200);
    expect(await saleCount(t)).toBe(before);
  });

  it('records nothing when the customer cancels, or for a session the server never started', async () => {
    const { product, body } = await cardCart();
    const before = await saleCount(t);
    const started = await checkout(body);
    expect(started.status).toBe(201);
    // Cancelled on Stripe's page: the session stays unpaid, and a return cannot record it.
    const res = await confirm(started.body.sessionId);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('PAYMENT_NOT_COMPLETED');
    const unknown = await confirm('cs_test_someone_elses');
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('CHECKOUT_NOT_FOUND');
    expect(await saleCount(t)).toBe(before);
    expect(await stockOf(t, product.id)).toBe(10);
  });

  it('records one sale when two returns confirm at once', async () => {
    const { product, body } = await cardCart();
    const before = await saleCount(t);
    const started = await checkout(body);
    stripe.fake.pay(started.body.sessionId);
    const event = stripe.fake.completedEvent(started.body.sessionId);
    const answers = await Promise.all([
      confirm(started.body.sessionId),
      confirm(started.body.sessionId),
      webhook(event.payload, event.signature),
      confirm(started.body.sessionId),
    ]);
    expect(answers.map((a) => a.status)).toEqual([201, 201, 200, 201]);
    const ids = new Set([answers[0], answers[1], answers[3]].map((a) => (a.body as Answer).sale.id));
    expect(ids.size).toBe(1);
    expect(await saleCount(t)).toBe(before + 1);
    expect(await stockOf(t, product.id)).toBe(7);
  });

  it('refuses what a sale refuses before asking Stripe, and gives the same session for the same key', async () => {
    const { body } = await cardCart();
    const calls = stripe.fake.calls.length;
    const wrongTotal = await checkout({ ...body, total: (body.total as number) + 1 });
    expect(wrongTotal.status).toBe(409);
    expect(wrongTotal.body.code).toBe('TOTALS_CHANGED');
    const short = await checkout(
      salePayload([{ product: (await cardCart(10, 1, 2)).product, quantity: 5 }], { paymentMethod: 'card' }),
    );
    expect(short.status).toBe(409);
    expect(short.body.code).toBe('INSUFFICIENT_STOCK');
    expect(stripe.fake.calls.length).toBe(calls);

    const key = randomUUID();
    const first = await checkout(body, key);
    const second = await checkout(body, key);
    expect(second.body).toEqual(first.body);
    const reused = await checkout({ ...body, notes: 'อื่น' }, key);
    expect(reused.status).toBe(409);
    expect(reused.body.code).toBe('IDEMPOTENCY_KEY_REUSED');

    // Card money is taken only through the checkout: POST /api/sales refuses a card sale.
    const direct = await postSale(t, token, body);
    expect(direct.status).toBe(400);
    expect(direct.body.code).toBe('PAYMENT_NEEDS_PROVIDER');
  });

  it('records a paid sale whose goods ran out meanwhile, below zero, and flags it for the manager', async () => {
    const { product, body } = await cardCart(50, 2, 2);
    const started = await checkout(body);
    // Another till sells the last units while the customer is on Stripe's page.
    const other = await postSale(t, token, salePayload([{ product, quantity: 2 }]));
    expect(other.status).toBe(201);
    stripe.fake.pay(started.body.sessionId);
    const paid = await confirm(started.body.sessionId);
    expect(paid.status).toBe(201);
    expect(await stockOf(t, product.id)).toBe(-2);
    const manager = (await t.buildUser({ role: 'manager' })).token;
    const flagged = await t.request<FlaggedCardSalesResponse>('GET', '/api/payments/stripe/flagged', {
      token: manager,
    });
    expect(flagged.status).toBe(200);
    expect(flagged.body.checkouts).toContainEqual(
      expect.objectContaining({
        sessionId: started.body.sessionId,
        saleId: paid.body.sale.id,
        shortfall: [{ productId: product.id, name: product.name, short: 2 }],
      }),
    );
  });

  it('says so when Stripe cannot be reached, recording nothing', async () => {
    const { body } = await cardCart();
    const before = await saleCount(t);
    stripe.fake.failWith = 500;
    try {
      const res = await checkout(body);
      expect(res.status).toBe(503);
      expect(res.body.code).toBe('PAYMENT_PROVIDER_FAILED');
    } finally {
      stripe.fake.failWith = null;
    }
    expect(await saleCount(t)).toBe(before);
  });
});
