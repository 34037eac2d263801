import { randomUUID } from 'node:crypto';
import type { CardCheckoutResponse, CreateSaleResponse, FlaggedCardSale, FlaggedCardSalesResponse } from '@pos/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildProduct, stockOf } from './helpers/catalogue-factories';
import { turnOnCardPayments, useFakeStripe } from './helpers/fake-stripe';
// A shop registered for VAT, 3 % on top: the figures below (617.23 baht) include it.
import { registerForVat, vatShopSalePayload as salePayload } from './helpers/sales-factories';
import { ENGINES, useTestApp, type TestApp } from './helpers/test-app';

type Answer = CreateSaleResponse & { code?: string };

async function saleCount(t: TestApp): Promise<number> {
  return (await t.built.deps.db.kysely.selectFrom('sales').select('id').execute()).length;
}

/**
 * Stripe says a checkout was paid, but not the amount or currency it asked: the money was taken, so the
 * sale is recorded at the checkout's figures and flagged for the manager with both amounts.
 */
describe.each(ENGINES)('a card checkout paid for another amount or currency, on %s', (engine) => {
  const stripe = useFakeStripe();
  const t = useTestApp(engine, stripe.env);
  let cashier: string;
  let manager: string;

  beforeAll(async () => {
    const admin = await t.adminToken();
    await turnOnCardPayments(t, admin);
    await registerForVat(t);
    cashier = (await t.buildUser({ role: 'cashier' })).token;
    manager = (await t.buildUser({ role: 'manager' })).token;
  });

  /** A checkout of 3 × 199.75 baht + 3 % = 617.23 baht (61,723 satang asked of Stripe). */
  async function checkout(): Promise<{ sessionId: string; productId: number }> {
    const product = await buildProduct(t, { price: 199.75, stock: 10 });
    const res = await t.request<CardCheckoutResponse>('POST', '/api/payments/stripe/checkout', {
      token: cashier,
      body: salePayload([{ product, quantity: 3 }], { paymentMethod: 'card' }),
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(res.status).toBe(201);
    expect(stripe.fake.sessions.get(res.body.sessionId)!.amount_total).toBe(61_723);
    return { sessionId: res.body.sessionId, productId: product.id };
  }

  /** Stripe's session paid with these figures instead of the ones asked. */
  function paidAs(sessionId: string, amount: number, currency: string): void {
    const session = stripe.fake.sessions.get(sessionId)!;
    session.amount_total = amount;
    session.currency = currency;
    stripe.fake.pay(sessionId);
  }

  async function flagOf(sessionId: string): Promise<FlaggedCardSale | undefined> {
    const res = await t.request<FlaggedCardSalesResponse>('GET', '/api/payments/stripe/flagged', { token: manager });
    expect(res.status).toBe(200);
    return res.body.checkouts.find((c) => c.sessionId === sessionId);
  }

  const confirm = (sessionId: string) =>
    t.request<Answer>('POST', '/api/payments/stripe/confirm', { token: cashier, body: { sessionId } });

  it('records a sale paid for less, at the checkout figures, and flags both amounts', async () => {
    const { sessionId, productId } = await checkout();
    const before = await saleCount(t);
    paidAs(sessionId, 50_000, 'thb');
    const paid = await confirm(sessionId);
    expect(paid.body.code).toBeUndefined();
    expect(paid.status).toBe(201);
    expect(paid.body.total).toBe(617.23);
    expect(paid.body.paymentMethod).toBe('card');
    expect(await saleCount(t)).toBe(before + 1);
    expect(await stockOf(t, productId)).toBe(7);
    expect((await confirm(sessionId)).body.sale.id).toBe(paid.body.sale.id);
    const flag = await flagOf(sessionId);
    expect(flag).toMatchObject({ saleId: paid.body.sale.id, total: 617.23 });
    expect(flag?.reasons).toEqual([
      { reason: 'amount_mismatch', amountAsked: 617.23, amountPaid: 500, currency: 'THB' },
    ]);
  });

  it('records and flags one paid in another currency, from the signed webhook, before answering it', async () => {
    const { sessionId } = await checkout();
    const before = await saleCount(t);
    paidAs(sessionId, 61_723, 'usd');
    const event = stripe.fake.completedEvent(sessionId);
    const hook = await t.request<{ code?: string }>('POST', '/api/payments/stripe/webhook', {
      rawBody: event.payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
    });
    expect(hook.status).toBe(200);
    expect(await saleCount(t)).toBe(before + 1);
    const flag = await flagOf(sessionId);
    expect(flag?.reasons).toEqual([
      { reason: 'amount_mismatch', amountAsked: 617.23, amountPaid: 617.23, currency: 'USD' },
    ]);
    expect((await confirm(sessionId)).body.sale.id).toBe(flag?.saleId);
  });

  it('gives a zero-decimal currency its whole units', async () => {
    const { sessionId } = await checkout();
    paidAs(sessionId, 2_600, 'jpy');
    expect((await confirm(sessionId)).status).toBe(201);
    expect((await flagOf(sessionId))?.reasons).toEqual([
      { reason: 'amount_mismatch', amountAsked: 617.23, amountPaid: 2_600, currency: 'JPY' },
    ]);
  });

  it('records nothing for an unpaid session, whatever its amount', async () => {
    const { sessionId } = await checkout();
    const before = await saleCount(t);
    stripe.fake.sessions.get(sessionId)!.amount_total = 1;
    const res = await confirm(sessionId);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('PAYMENT_NOT_COMPLETED');
    expect(await saleCount(t)).toBe(before);
    expect(await flagOf(sessionId)).toBeUndefined();
  });
});
