import { randomUUID } from 'node:crypto';
import type {
  CardCheckoutResponse,
  ConfirmCardPaymentResponse,
  CreateSaleRequest,
  Customer,
  FlaggedCardSalesResponse,
  Product,
  RefundSaleResponse,
  Sale,
} from '@pos/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildProduct, stockOf } from './helpers/catalogue-factories';
import { turnOnCardPayments, useFakeStripe } from './helpers/fake-stripe';
// A shop registered for VAT, 3 % on top: 3 × 199.75 = 617.23 baht below.
import {
  buildSaleCustomer,
  postSale,
  registerForVat,
  vatShopSalePayload as salePayload,
} from './helpers/sales-factories';
import { ENGINES, useTestApp, type TestApp } from './helpers/test-app';

type Answer = ConfirmCardPaymentResponse & { code?: string; error?: string };
type RefundAnswer = RefundSaleResponse & { code?: string; details?: Record<string, unknown> };
type Part = NonNullable<CreateSaleRequest['payments']>[number];

async function count(t: TestApp, table: 'sales' | 'card_checkouts' | 'refunds'): Promise<number> {
  return (await t.built.deps.db.kysely.selectFrom(table).select('id').execute()).length;
}

/**
 * A split bill with a card part (issue 31 item 6): the card part is taken by Stripe's checkout, which
 * charges only that part; the sale, with all its parts, is recorded once Stripe says it is paid; its
 * refunds give the card part back through Stripe and the other parts at the till.
 */
describe.each(ENGINES)('a split bill with a card part on %s', (engine) => {
  const stripe = useFakeStripe();
  const t = useTestApp(engine, stripe.env);
  let cashier: string;
  let admin: string;

  beforeAll(async () => {
    admin = await t.adminToken();
    await turnOnCardPayments(t, admin);
    await registerForVat(t);
    const res = await t.request('PUT', '/api/settings', {
      token: admin,
      body: { settings: { payment: { allowMultiplePaymentMethods: true, cashEnabled: true, transferEnabled: true } } },
    });
    expect(res.status).toBe(200);
    cashier = (await t.buildUser({ role: 'cashier' })).token;
  });

  const checkout = (body: unknown, key: string = randomUUID()) =>
    t.request<CardCheckoutResponse & { code?: string; error?: string }>('POST', '/api/payments/stripe/checkout', {
      token: cashier,
      body,
      headers: { 'idempotency-key': key },
    });
  const confirm = (sessionId: string) =>
    t.request<Answer>('POST', '/api/payments/stripe/confirm', { token: cashier, body: { sessionId } });
  const webhook = (sessionId: string) => {
    const event = stripe.fake.completedEvent(sessionId);
    return t.request('POST', '/api/payments/stripe/webhook', {
      rawBody: event.payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
    });
  };
  const refund = (saleId: number, body: Record<string, unknown>, key: string = randomUUID()) =>
    t.request<RefundAnswer>('POST', `/api/sales/${saleId}/refund`, {
      token: admin,
      body,
      headers: { 'idempotency-key': key },
    });
  const refundCalls = () => stripe.fake.calls.filter((c) => c.method === 'POST' && c.path === '/v1/refunds');

  /** 3 × 199.75 + 3 % = 617.23 baht, paid as `parts`. */
  function splitBill(product: Product, parts: Part[], customerId: number | null = null) {
    return {
      ...salePayload([{ product, quantity: 3 }], { customerId }),
      paymentMethod: 'split' as const,
      payments: parts,
    };
  }

  /** Transfer 100 (TX-9), cash 120 handed over (117.23 paid, 2.77 change), card 400. */
  const MIX: Part[] = [
    { method: 'transfer', amount: 100, reference: 'TX-9' },
    { method: 'cash', amount: 120 },
    { method: 'card', amount: 400 },
  ];

  async function paidSplitSale(customer?: Customer) {
    const product = await buildProduct(t, { price: 199.75, stock: 10 });
    const started = await checkout(splitBill(product, MIX, customer?.id ?? null));
    expect(started.status).toBe(201);
    const session = stripe.fake.pay(started.body.sessionId);
    const paid = await confirm(session.id);
    expect(paid.status).toBe(201);
    return { product, sale: paid.body.sale, sessionId: session.id, paymentIntent: session.payment_intent! };
  }

  it('charges only the card part, records the sale with all its parts once paid, and only once', async () => {
    const customer = await buildSaleCustomer(t, 0);
    const product = await buildProduct(t, { price: 199.75, stock: 10 });
    const sales = await count(t, 'sales');

    const started = await checkout(splitBill(product, MIX, customer.id));
    expect(started.status).toBe(201);
    const session = stripe.fake.sessions.get(started.body.sessionId)!;
    // The card part in satang, not the bill's 617.23.
    expect(session.amount_total).toBe(40_000);
    expect(session.created_with).toMatchObject({ 'line_items[0][price_data][unit_amount]': '40000' });
    // Nothing recorded before the card is paid, no stock taken.
    expect(await count(t, 'sales')).toBe(sales);
    expect(await stockOf(t, product.id)).toBe(10);

    stripe.fake.pay(session.id);
    const paid = await confirm(session.id);
    expect(paid.status).toBe(201);
    expect(paid.body.flags).toEqual([]);
    expect(paid.body.paymentMethod).toBe('split');
    expect(paid.body.total).toBe(617.23);
    expect(paid.body.sale.payments).toEqual([
      expect.objectContaining({ method: 'transfer', amount: 100, reference: 'TX-9' }),
      expect.objectContaining({ method: 'cash', amount: 117.23, cash_received: 120, change: 2.77 }),
      expect.objectContaining({ method: 'card', amount: 400 }),
    ]);
    const rows = await t.built.deps.db.kysely
      .selectFrom('payments')
      .select(['method', 'amount', 'cash_received', 'change_given', 'reference', 'provider_session_id'])
      .where('sale_id', '=', paid.body.sale.id)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      {
        method: 'transfer',
        amount: 10_000,
        cash_received: null,
        change_given: null,
        reference: 'TX-9',
        provider_session_id: null,
      },
      {
        method: 'cash',
        amount: 11_723,
        cash_received: 12_000,
        change_given: 277,
        reference: null,
        provider_session_id: null,
      },
      // Stripe's session belongs to the part it took.
      {
        method: 'card',
        amount: 40_000,
        cash_received: null,
        change_given: null,
        reference: null,
        provider_session_id: session.id,
      },
    ]);
    expect(await stockOf(t, product.id)).toBe(7);
    const points = (await t.request<{ customer: Customer }>('GET', `/api/customers/${customer.id}`, { token: admin }))
      .body.customer.loyalty_points;
    expect(points).toBe(paid.body.sale.points_earned);
    expect(points).toBeGreaterThan(0);

    // The webhook, the return again, and both at once: still one sale, stock and points taken once.
    expect((await webhook(session.id)).status).toBe(200);
    const again = await Promise.all([confirm(session.id), confirm(session.id), webhook(session.id)]);
    expect(again.map((a) => a.status)).toEqual([201, 201, 200]);
    expect((again[0].body as Answer).sale.id).toBe(paid.body.sale.id);
    expect(await count(t, 'sales')).toBe(sales + 1);
    expect(await stockOf(t, product.id)).toBe(7);
    const after = (await t.request<{ customer: Customer }>('GET', `/api/customers/${customer.id}`, { token: admin }))
      .body.customer;
    expect(after.loyalty_points).toBe(points);
  });

  it('records the sale when the webhook comes first', async () => {
    const product = await buildProduct(t, { price: 199.75, stock: 10 });
    const sales = await count(t, 'sales');
    const started = await checkout(splitBill(product, MIX));
    stripe.fake.pay(started.body.sessionId);
    expect((await webhook(started.body.sessionId)).status).toBe(200);
    expect(await count(t, 'sales')).toBe(sales + 1);
    const back = await confirm(started.body.sessionId);
    expect(back.status).toBe(201);
    expect(back.body.sale.payments.map((p) => p.method)).toEqual(['transfer', 'cash', 'card']);
    expect(await count(t, 'sales')).toBe(sales + 1);
    expect(await stockOf(t, product.id)).toBe(7);
  });

  it('flags a card part paid for another amount, comparing with the card part', async () => {
    const product = await buildProduct(t, { price: 199.75, stock: 10 });
    const started = await checkout(splitBill(product, MIX));
    const session = stripe.fake.sessions.get(started.body.sessionId)!;
    session.amount_total = 39_000;
    stripe.fake.pay(session.id);
    const paid = await confirm(session.id);
    expect(paid.status).toBe(201);
    expect(paid.body.flags).toEqual([
      { reason: 'amount_mismatch', amountAsked: 400, amountPaid: 390, currency: 'THB' },
    ]);
    const manager = (await t.buildUser({ role: 'manager' })).token;
    const flagged = await t.request<FlaggedCardSalesResponse>('GET', '/api/payments/stripe/flagged', {
      token: manager,
    });
    expect(flagged.body.checkouts.map((c) => c.saleId)).toContain(paid.body.sale.id);
  });

  it('refuses bad mixes with 400 before asking Stripe, and a card part at the counter, writing nothing', async () => {
    const product = await buildProduct(t, { price: 199.75, stock: 10 });
    const sales = await count(t, 'sales');
    const checkouts = await count(t, 'card_checkouts');
    const calls = stripe.fake.calls.length;
    const cases: [Part[], string][] = [
      [
        [
          { method: 'card', amount: 300 },
          { method: 'card', amount: 317.23 },
        ],
        'SPLIT_PAYMENT_DUPLICATE_METHOD',
      ],
      [
        [
          { method: 'cash', amount: 617.23 },
          { method: 'card', amount: 0 },
        ],
        'VALIDATION_FAILED',
      ],
      // Above the total: the excess would be change out of the card.
      [
        [
          { method: 'cash', amount: 10 },
          { method: 'card', amount: 700 },
        ],
        'SPLIT_PAYMENT_CHANGE_NOT_CASH',
      ],
      [
        [
          { method: 'cash', amount: 17.23 },
          { method: 'card', amount: 500 },
        ],
        'SPLIT_PAYMENT_SUM_MISMATCH',
      ],
      [
        [
          { method: 'cash', amount: 117.23 },
          { method: 'transfer', amount: 500 },
        ],
        'SPLIT_PAYMENT_NO_CARD_PART',
      ],
    ];
    for (const [parts, code] of cases) {
      const res = await checkout(splitBill(product, parts));
      expect({ parts, status: res.status, code: res.body.code }).toEqual({ parts, status: 400, code });
      expect(res.body.error).toMatch(/[\u0E00-\u0E7F]/);
    }
    // Parts without the split method are not a card sale either.
    const stray = await checkout({ ...splitBill(product, MIX), paymentMethod: 'card' });
    expect(stray).toMatchObject({ status: 400, body: { code: 'SPLIT_PAYMENT_NOT_SPLIT' } });
    expect(stripe.fake.calls.length).toBe(calls);

    // The card part is taken only by the checkout: POST /api/sales refuses it, saying where to pay it.
    const direct = await postSale(t, cashier, splitBill(product, MIX));
    expect(direct.status).toBe(400);
    expect(direct.body.code).toBe('SPLIT_PAYMENT_CARD');
    expect(direct.body.error).toContain('หน้าชำระเงินด้วยบัตร');

    expect(await count(t, 'sales')).toBe(sales);
    expect(await count(t, 'card_checkouts')).toBe(checkouts);
    expect(await stockOf(t, product.id)).toBe(10);
  });

  it('refunds in proportion by default: the card part through Stripe, exactly its share, the rest at the till', async () => {
    const { sale, paymentIntent } = await paidSplitSale();
    const calls = refundCalls().length;
    const line = sale.items[0]!;
    // One unit of three: 617.23 / 3 = 205.74; in proportion to 100 / 117.23 / 400.
    const res = await refund(sale.id, { reason: 'customer_request', lines: [{ saleItemId: line.id, quantity: 1 }] });
    expect(res.status).toBe(201);
    const parts = res.body.refund.parts;
    expect(parts.reduce((sum, p) => sum + Math.round(p.amount * 100), 0)).toBe(
      Math.round(res.body.refund.amount * 100),
    );
    const card = parts.find((p) => p.method === 'card')!;
    expect(card.amount).toBeGreaterThan(0);
    const made = stripe.fake.refundsOf(paymentIntent);
    expect(made).toHaveLength(1);
    expect(made[0]!.amount).toBe(Math.round(card.amount * 100));
    expect(refundCalls()).toHaveLength(calls + 1);
    expect(res.body.refund.stripe_refund_id).toBe(made[0]!.id);
    const rows = await t.built.deps.db.kysely
      .selectFrom('refund_payments')
      .select(['method', 'amount'])
      .where('refund_id', '=', res.body.refund.id)
      .orderBy('method')
      .execute();
    expect(rows.map((r) => r.method)).toEqual(['card', 'cash', 'transfer']);
    expect(rows.find((r) => r.method === 'card')!.amount).toBe(made[0]!.amount);
  });

  it('refunds the amounts picked per part, the card part to the card once, a retry answered again', async () => {
    const { sale, paymentIntent, product } = await paidSplitSale();
    const calls = refundCalls().length;
    const refunds = await count(t, 'refunds');
    // The whole bill: 617.23 back as card 400, cash 117.23, transfer 100 chosen by hand.
    const body = {
      reason: 'customer_request',
      refundParts: [
        { method: 'card', amount: 300 },
        { method: 'cash', amount: 117.23 },
        { method: 'transfer', amount: 200 },
      ],
    };
    // Over what the transfer part paid: refused before Stripe is asked.
    const over = await refund(sale.id, body);
    expect(over).toMatchObject({ status: 400, body: { code: 'REFUND_PART_EXCEEDS_PAYMENT' } });
    expect(refundCalls()).toHaveLength(calls);

    const key = randomUUID();
    const picked = {
      ...body,
      refundParts: [
        { method: 'card', amount: 400 },
        { method: 'cash', amount: 117.23 },
        { method: 'transfer', amount: 100 },
      ],
    };
    const first = await refund(sale.id, picked, key);
    expect(first.status).toBe(201);
    expect(first.body.refund.refund_method).toBe('split');
    expect(first.body.sale.status).toBe('refunded');
    const made = stripe.fake.refundsOf(paymentIntent);
    expect(made.map((r) => r.amount)).toEqual([40_000]);
    expect(await stockOf(t, product.id)).toBe(10);

    const again = await refund(sale.id, picked, key);
    expect(again.status).toBe(201);
    expect(again.body.refund.id).toBe(first.body.refund.id);
    expect(refundCalls()).toHaveLength(calls + 1);
    expect(await count(t, 'refunds')).toBe(refunds + 1);
    expect(await stockOf(t, product.id)).toBe(10);
  });

  it('asks nothing of Stripe when no part goes back to the card', async () => {
    const { sale, paymentIntent } = await paidSplitSale();
    const line = sale.items[0]!;
    const res = await refund(sale.id, {
      reason: 'customer_request',
      lines: [{ saleItemId: line.id, quantity: 1 }],
      // One unit of three: 617.23 / 3 = 205.74, all at the till.
      refundParts: [
        { method: 'cash', amount: 105.74 },
        { method: 'transfer', amount: 100 },
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body.refund.refund_method).toBe('split');
    expect(res.body.refund.stripe_refund_id).toBeNull();
    expect(stripe.fake.refundsOf(paymentIntent)).toHaveLength(0);
    const refreshed = (await t.request<{ sale: Sale }>('GET', `/api/sales/${sale.id}`, { token: admin })).body.sale;
    expect(refreshed.status).toBe('partially_refunded');
  });
});
