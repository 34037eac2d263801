import { randomUUID } from 'node:crypto';
import type {
  CardCheckoutResponse,
  ConfirmCardPaymentResponse,
  FlaggedCardSalesResponse,
  Shift,
  ShiftDetailResponse,
  Till,
} from '@pos/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildProduct } from './helpers/catalogue-factories';
import { useFakeStripe } from './helpers/fake-stripe';
import { salePayload } from './helpers/sales-factories';
import { ENGINES, useTestApp } from './helpers/test-app';

// Card sales and the till's shift (issue 35): a checkout is refused before any money is asked for when the till
// has no open shift; a card payment that comes after the shift closed is recorded (the money was taken), in no
// shift, and flagged for the manager.
describe.each(ENGINES)('card sales and shifts on %s', (engine) => {
  const stripe = useFakeStripe();
  const t = useTestApp(engine, stripe.env);
  let admin: string;
  let cashier: string;
  let till: Till;

  beforeAll(async () => {
    admin = await t.adminToken();
    cashier = (await t.buildUser({ role: 'cashier' })).token;
    const on = await t.request('PUT', '/api/settings', {
      token: admin,
      body: { settings: { payment: { stripeEnabled: true, stripePublishableKey: 'pk_test_123' } } },
    });
    expect(on.status).toBe(200);
    till = (await t.request<{ till: Till }>('POST', '/api/tills', { token: admin, body: { name: 'บัตร 1' } })).body.till;
  });

  const checkout = async (tillId: number) => {
    const product = await buildProduct(t, { price: 250, stock: 5 });
    return t.request<CardCheckoutResponse & { code?: string }>('POST', '/api/payments/stripe/checkout', {
      token: cashier,
      body: { ...salePayload([{ product, quantity: 1 }], { tillId }), paymentMethod: 'card' },
      headers: { 'idempotency-key': randomUUID() },
    });
  };

  it('refuses a checkout at a till with no open shift before asking Stripe for anything', async () => {
    const sessions = stripe.fake.sessions.size;
    const res = await checkout(till.id);
    expect(res).toMatchObject({ status: 409, body: { code: 'SHIFT_REQUIRED' } });
    expect(stripe.fake.sessions.size).toBe(sessions);
  });

  it('puts a card sale paid while the shift is open in it, and one paid after the close in none, flagged', async () => {
    const opened = await t.request<{ shift: Shift }>('POST', '/api/shifts', {
      token: cashier,
      body: { tillId: till.id, openingFloat: 0 },
    });
    const shift = opened.body.shift;
    const inTime = await checkout(till.id);
    const late = await checkout(till.id);
    expect([inTime.status, late.status]).toEqual([201, 201]);

    stripe.fake.pay(inTime.body.sessionId);
    const paid = await t.request<ConfirmCardPaymentResponse>('POST', '/api/payments/stripe/confirm', {
      token: cashier,
      body: { sessionId: inTime.body.sessionId },
    });
    expect(paid.status).toBe(201);
    expect(paid.body.sale).toMatchObject({ till_id: till.id, shift_id: shift.id });
    expect(paid.body.flags).toEqual([]);

    const closed = await t.request<ShiftDetailResponse>('POST', `/api/shifts/${shift.id}/close`, {
      token: cashier,
      body: { countedCash: 0 },
    });
    expect(closed.status).toBe(200);
    expect(closed.body.report.sales.byMethod).toContainEqual({ method: 'card', count: 1, amount: 250 });

    stripe.fake.pay(late.body.sessionId);
    const afterClose = await t.request<ConfirmCardPaymentResponse>('POST', '/api/payments/stripe/confirm', {
      token: cashier,
      body: { sessionId: late.body.sessionId },
    });
    expect(afterClose.status).toBe(201);
    expect(afterClose.body.sale).toMatchObject({ till_id: till.id, till_name: 'บัตร 1', shift_id: null });
    expect(afterClose.body.flags.map((f) => f.reason)).toEqual(['no_open_shift']);
    const flagged = await t.request<FlaggedCardSalesResponse>('GET', '/api/payments/stripe/flagged', { token: admin });
    expect(flagged.body.checkouts.map((c) => c.sessionId)).toContain(late.body.sessionId);
    // The closed shift's Z report stays as it was.
    const kept = await t.request<ShiftDetailResponse>('GET', `/api/shifts/${shift.id}`, { token: admin });
    expect(kept.body.report).toEqual(closed.body.report);
  });
});
