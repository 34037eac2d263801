import { randomUUID } from 'node:crypto';
import { type CardCheckoutResponse, type CreateSaleResponse, type FlaggedCardSalesResponse } from '@pos/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildProduct, stockOf } from './helpers/catalogue-factories';
import { turnOnCardPayments, useFakeStripe } from './helpers/fake-stripe';
import { postSale, salePayload } from './helpers/sales-factories';
import { ENGINES, useTestApp } from './helpers/test-app';

type Answer = CreateSaleResponse & { code?: string };

/**
 * A card checkout and a sale at the counter sent with the same Idempotency-Key (the web till never
 * does; another client can): the paid checkout is still recorded, and the counter sale keeps its key.
 */
describe.each(ENGINES)('a card checkout sharing its Idempotency-Key with a sale, on %s', (engine) => {
  const stripe = useFakeStripe();
  const t = useTestApp(engine, stripe.env);
  let token: string;
  let admin: string;

  beforeAll(async () => {
    admin = await t.adminToken();
    await turnOnCardPayments(t, admin);
    token = (await t.buildUser({ role: 'cashier' })).token;
  });

  const checkout = (body: unknown, key: string) =>
    t.request<CardCheckoutResponse & { code?: string }>('POST', '/api/payments/stripe/checkout', {
      token,
      body,
      headers: { 'idempotency-key': key },
    });

  async function recordPaid(sessionId: string, via: 'confirm' | 'webhook'): Promise<Answer> {
    stripe.fake.pay(sessionId);
    if (via === 'webhook') {
      const event = stripe.fake.completedEvent(sessionId);
      const hook = await t.request<{ code?: string }>('POST', '/api/payments/stripe/webhook', {
        rawBody: event.payload,
        headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
      });
      expect(hook.body.code).toBeUndefined();
      expect(hook.status).toBe(200);
      // Answered 2xx: the sale is there already, before the till comes back.
      const row = await t.built.deps.db.kysely
        .selectFrom('card_checkouts')
        .select('sale_id')
        .where('session_id', '=', sessionId)
        .executeTakeFirstOrThrow();
      expect(row.sale_id).not.toBeNull();
    }
    const res = await t.request<Answer>('POST', '/api/payments/stripe/confirm', { token, body: { sessionId } });
    expect(res.body.code).toBeUndefined();
    expect(res.status).toBe(201);
    return res.body;
  }

  for (const order of ['sale first', 'checkout first'] as const) {
    for (const via of ['confirm', 'webhook'] as const) {
      it(`records the paid checkout (${order}, recorded by the ${via})`, async () => {
        const key = randomUUID();
        const shirt = await buildProduct(t, { price: 120, stock: 10 });
        const socks = await buildProduct(t, { price: 45, stock: 10 });
        const cash = salePayload([{ product: shirt, quantity: 1 }]);
        const card = salePayload([{ product: socks, quantity: 2 }], { paymentMethod: 'card' });

        let sale;
        let started;
        if (order === 'sale first') {
          sale = await postSale(t, token, cash, key);
          started = await checkout(card, key);
        } else {
          started = await checkout(card, key);
          sale = await postSale(t, token, cash, key);
        }
        expect(sale.status).toBe(201);
        expect(started.status).toBe(201);

        const paid = await recordPaid(started.body.sessionId, via);
        expect(paid.paymentMethod).toBe('card');
        expect(paid.sale.id).not.toBe(sale.body.sale.id);
        expect(paid.sale.items.map((i) => i.product_id)).toEqual([socks.id]);
        expect(await stockOf(t, socks.id)).toBe(8);
        expect(await stockOf(t, shirt.id)).toBe(9);

        // Each request keeps its own answer under the key: the sale's retry and the checkout's retry.
        const saleAgain = await postSale(t, token, cash, key);
        expect(saleAgain.status).toBe(201);
        expect(saleAgain.body.sale.id).toBe(sale.body.sale.id);
        expect((await checkout(card, key)).body).toEqual(started.body);
        // Recorded as a card sale without anything to flag.
        const flagged = await t.request<FlaggedCardSalesResponse>('GET', '/api/payments/stripe/flagged?handled=all', {
          token: admin,
        });
        expect(flagged.body.checkouts.map((c) => c.sessionId)).not.toContain(started.body.sessionId);
        // The paid checkout's own key is not one a client can send.
        const own = await postSale(t, token, cash, `card/${started.body.sessionId}`);
        expect(own.status).toBe(400);
      });
    }
  }
});
