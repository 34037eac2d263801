import { randomUUID } from 'node:crypto';
import {
  bahtToSatang,
  type CardCheckoutResponse,
  type CreateSaleResponse,
  type Customer,
  type Product,
  type RefundSaleResponse,
  type Sale,
} from '@pos/core';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { buildProduct, stockOf } from './helpers/catalogue-factories';
import { turnOnCardPayments, useFakeStripe } from './helpers/fake-stripe';
// A shop registered for VAT, 3 % on top: the figures below (617.23 baht) include it.
import {
  buildSaleCustomer,
  postSale,
  registerForVat,
  vatShopSalePayload as salePayload,
} from './helpers/sales-factories';
import { ENGINES, useTestApp, type HttpResult } from './helpers/test-app';

type RefundAnswer = RefundSaleResponse & {
  code?: string;
  error?: string;
  details?: Record<string, unknown>;
  fields?: Record<string, string>;
};

/**
 * A card sale's refund moves the money back to the card through Stripe's Refund API, and is recorded
 * only once Stripe made it; paying a card sale's refund otherwise is a deliberate, reasoned choice.
 */
describe.each(ENGINES)('refunding a card sale on %s', (engine) => {
  const stripe = useFakeStripe();
  const t = useTestApp(engine, stripe.env);
  let admin: string;
  let cashier: string;

  beforeAll(async () => {
    admin = await t.adminToken();
    await turnOnCardPayments(t, admin);
    await registerForVat(t);
    cashier = (await t.buildUser({ role: 'cashier' })).token;
  });

  /** A card sale to a new customer, paid on the fake Stripe: the sale, its session and PaymentIntent, the customer. */
  async function cardSale(lines: { product: Product; quantity: number }[], points = 0) {
    const customer = await buildSaleCustomer(t, points);
    const body = salePayload(lines, { paymentMethod: 'card', customerId: customer.id });
    const started = await t.request<CardCheckoutResponse>('POST', '/api/payments/stripe/checkout', {
      token: cashier,
      body,
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(started.status).toBe(201);
    const session = stripe.fake.pay(started.body.sessionId);
    const paid = await t.request<CreateSaleResponse>('POST', '/api/payments/stripe/confirm', {
      token: cashier,
      body: { sessionId: session.id },
    });
    expect(paid.status).toBe(201);
    return {
      sale: paid.body.sale,
      sessionId: session.id,
      paymentIntent: session.payment_intent!,
      customerId: customer.id,
    };
  }

  function refund(
    saleId: number,
    body: Record<string, unknown> = {},
    key?: string,
    token = admin,
  ): Promise<HttpResult<RefundAnswer>> {
    return t.request('POST', `/api/sales/${saleId}/refund`, {
      token,
      body,
      ...(key ? { headers: { 'idempotency-key': key } } : {}),
    });
  }

  async function saleOf(id: number): Promise<Sale> {
    return (await t.request<{ sale: Sale }>('GET', `/api/sales/${id}`, { token: admin })).body.sale;
  }

  async function customerOf(id: number): Promise<Customer> {
    return (await t.request<{ customer: Customer }>('GET', `/api/customers/${id}`, { token: admin })).body.customer;
  }

  async function refundCount(saleId: number): Promise<number> {
    return (await t.built.deps.db.kysely.selectFrom('refunds').select('id').where('sale_id', '=', saleId).execute())
      .length;
  }

  const refundCalls = () => stripe.fake.calls.filter((c) => c.method === 'POST' && c.path === '/v1/refunds');

  /** Nothing of a refund happened: no refund row, the sale as sold, stock and points as before. */
  async function expectUntouched(
    sale: Sale,
    product: Product,
    stock: number,
    customer: Pick<Customer, 'id' | 'loyalty_points'>,
  ) {
    expect(await refundCount(sale.id)).toBe(0);
    expect((await saleOf(sale.id)).status).toBe('completed');
    expect(await stockOf(t, product.id)).toBe(stock);
    expect((await customerOf(customer.id)).loyalty_points).toBe(customer.loyalty_points);
  }

  it('refunds a whole card sale to the card: the total in satang, an idempotency key, the Stripe refund id kept', async () => {
    const product = await buildProduct(t, { price: 199.75, stock: 10 });
    const { sale, paymentIntent } = await cardSale([{ product, quantity: 3 }]);
    const calls = refundCalls().length;

    // No method given: a card sale's money goes back to the card.
    const res = await refund(sale.id, { reason: 'customer_request', refundAmount: sale.total });
    expect(res.status).toBe(201);
    const made = stripe.fake.refundsOf(paymentIntent);
    expect(made).toHaveLength(1);
    // 3 × 199.75 + 3 % = 617.23 baht: exactly that in satang.
    expect(made[0]!.amount).toBe(61_723);
    expect(made[0]!.amount).toBe(bahtToSatang(sale.total));
    expect(made[0]!.metadata).toMatchObject({ pos_sale_id: String(sale.id), pos_document: sale.document_number });
    const call = refundCalls()[calls]!;
    expect(call.idempotencyKey).toMatch(/^pos-refund-/);
    expect(call.authorization).toBe(`Bearer ${stripe.fake.secretKey}`);

    expect(res.body.refund).toMatchObject({
      refund_method: 'card',
      amount: sale.total,
      stripe_refund_id: made[0]!.id,
      off_card_reason: null,
    });
    expect(res.body.sale.status).toBe('refunded');
    expect((await saleOf(sale.id)).refunds[0]!.stripe_refund_id).toBe(made[0]!.id);
    const stored = await t.built.deps.db.kysely
      .selectFrom('refunds')
      .select(['refund_method', 'stripe_refund_id'])
      .where('sale_id', '=', sale.id)
      .execute();
    expect(stored).toEqual([{ refund_method: 'card', stripe_refund_id: made[0]!.id }]);

    // A second refund finds nothing left and asks Stripe for nothing.
    const again = await refund(sale.id, {});
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('SALE_ALREADY_REFUNDED');
    expect(refundCalls()).toHaveLength(calls + 1);
  });

  it('gives partial refunds back for their own amount in satang, adding up to what was charged', async () => {
    const shirt = await buildProduct(t, { price: 333.33, stock: 5 });
    const bag = await buildProduct(t, { price: 1290, stock: 5 });
    const { sale, paymentIntent } = await cardSale([
      { product: shirt, quantity: 3 },
      { product: bag, quantity: 1 },
    ]);
    const shirtLine = sale.items.find((i) => i.product_id === shirt.id)!;

    const first = await refund(sale.id, {
      refundMethod: 'card',
      lines: [{ saleItemId: shirtLine.id, quantity: 1 }],
    });
    expect(first.status).toBe(201);
    expect(first.body.sale.status).toBe('partially_refunded');
    const rest = await refund(sale.id, { refundMethod: 'card' });
    expect(rest.status).toBe(201);

    const made = stripe.fake.refundsOf(paymentIntent);
    expect(made.map((r) => r.amount)).toEqual([
      bahtToSatang(first.body.refund.amount),
      bahtToSatang(rest.body.refund.amount),
    ]);
    expect(made.map((r) => r.id)).toEqual([first.body.refund.stripe_refund_id, rest.body.refund.stripe_refund_id]);
    expect(made.reduce((sum, r) => sum + r.amount, 0)).toBe(stripe.fake.paymentIntents.get(paymentIntent)!.amount);
    expect(new Set(refundCalls().map((c) => c.idempotencyKey)).size).toBe(refundCalls().length);
  });

  it('refuses another method for a card sale unless a reason is given; with one it is paid out without Stripe', async () => {
    const product = await buildProduct(t, { price: 100, stock: 10 });
    const { sale, paymentIntent, customerId } = await cardSale([{ product, quantity: 2 }]);
    const customer = await customerOf(customerId);
    const calls = refundCalls().length;

    for (const method of ['cash', 'transfer', 'promptpay']) {
      const refused = await refund(sale.id, { refundMethod: method });
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('OFF_CARD_REASON_REQUIRED');
      expect(refused.body.fields).toHaveProperty('offCardReason');
    }
    const blank = await refund(sale.id, { refundMethod: 'cash', offCardReason: '   ' });
    expect(blank.status).toBe(400);
    await expectUntouched(sale, product, 8, customer);

    // Refunds need pos_refund, the cash choice included.
    const denied = await refund(sale.id, { refundMethod: 'cash', offCardReason: 'บัตรหมดอายุ' }, undefined, cashier);
    expect(denied.status).toBe(403);

    const cash = await refund(sale.id, { refundMethod: 'cash', offCardReason: '  บัตรของลูกค้าถูกยกเลิกแล้ว ' });
    expect(cash.status).toBe(201);
    expect(cash.body.refund).toMatchObject({
      refund_method: 'cash',
      off_card_reason: 'บัตรของลูกค้าถูกยกเลิกแล้ว',
      stripe_refund_id: null,
    });
    expect((await saleOf(sale.id)).refunds[0]!.off_card_reason).toBe('บัตรของลูกค้าถูกยกเลิกแล้ว');
    expect(stripe.fake.refundsOf(paymentIntent)).toHaveLength(0);
    expect(refundCalls()).toHaveLength(calls);
  });

  it('refuses card as the way back for a sale that was not paid by card', async () => {
    const product = await buildProduct(t, { price: 50, stock: 5 });
    const { token } = await t.buildUser({ role: 'cashier' });
    const cash = await postSale(t, token, salePayload([{ product, quantity: 1 }]));
    expect(cash.status).toBe(201);
    const res = await refund(cash.body.sale.id, { refundMethod: 'card' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('CARD_REFUND_NOT_CARD_SALE');
    expect(await refundCount(cash.body.sale.id)).toBe(0);
  });

  it('records nothing when Stripe refuses (502), stock and points unchanged; the sale can be refunded after', async () => {
    const product = await buildProduct(t, { price: 500, stock: 10 });
    const { sale, paymentIntent, customerId } = await cardSale([{ product, quantity: 1 }], 40);
    const customer = await customerOf(customerId);
    expect(customer.loyalty_points).toBeGreaterThan(40);
    stripe.fake.refundFault = { status: 400, code: 'charge_disputed' };
    try {
      const res = await refund(sale.id, {}, randomUUID());
      expect(res.status).toBe(502);
      expect(res.body.code).toBe('CARD_REFUND_FAILED');
      expect(res.body.error).toMatch(/คืนเงินเข้าบัตรไม่สำเร็จ/);
    } finally {
      stripe.fake.refundFault = null;
    }
    await expectUntouched(sale, product, 9, customer);
    expect(stripe.fake.refundsOf(paymentIntent)).toHaveLength(0);

    const later = await refund(sale.id, {}, randomUUID());
    expect(later.status).toBe(201);
    expect(stripe.fake.refundsOf(paymentIntent)).toHaveLength(1);
    expect(await stockOf(t, product.id)).toBe(10);
  });

  it('records nothing when Stripe fails (5xx) without refunding, and frees the sale for a new attempt', async () => {
    const product = await buildProduct(t, { price: 120, stock: 10 });
    const { sale, paymentIntent, customerId } = await cardSale([{ product, quantity: 2 }]);
    const customer = await customerOf(customerId);
    stripe.fake.refundFault = { status: 500 };
    try {
      const res = await refund(sale.id, {});
      expect(res.status).toBe(502);
      expect(res.body.code).toBe('CARD_REFUND_FAILED');
    } finally {
      stripe.fake.refundFault = null;
    }
    await expectUntouched(sale, product, 8, customer);
    // A 500 is kept under its key by Stripe: the next attempt uses a new key, and succeeds.
    const keys = refundCalls().map((c) => c.idempotencyKey);
    const later = await refund(sale.id, {});
    expect(later.status).toBe(201);
    expect(keys).not.toContain(refundCalls().at(-1)!.idempotencyKey);
    expect(stripe.fake.refundsOf(paymentIntent)).toHaveLength(1);
  });

  it('records the refund when Stripe answers a 5xx although it did refund (found by its key)', async () => {
    const product = await buildProduct(t, { price: 80, stock: 10 });
    const { sale, paymentIntent } = await cardSale([{ product, quantity: 1 }]);
    stripe.fake.refundFault = { status: 500, refundFirst: true };
    let res: HttpResult<RefundAnswer>;
    try {
      res = await refund(sale.id, {});
    } finally {
      stripe.fake.refundFault = null;
    }
    expect(res.status).toBe(201);
    const made = stripe.fake.refundsOf(paymentIntent);
    expect(made).toHaveLength(1);
    expect(res.body.refund.stripe_refund_id).toBe(made[0]!.id);
    expect(await stockOf(t, product.id)).toBe(10);
  });

  it('when Stripe cannot be reached: 503, nothing recorded, and retrying the same refund moves the money once', async () => {
    const shirt = await buildProduct(t, { price: 250, stock: 10 });
    const cap = await buildProduct(t, { price: 90, stock: 10 });
    const { sale, paymentIntent, customerId } = await cardSale([
      { product: shirt, quantity: 2 },
      { product: cap, quantity: 1 },
    ]);
    const shirtLine = sale.items.find((i) => i.product_id === shirt.id)!;
    const capLine = sale.items.find((i) => i.product_id === cap.id)!;
    const customer = await customerOf(customerId);
    const body = { lines: [{ saleItemId: shirtLine.id, quantity: 1 }] };
    // Stripe makes the refund but the answer never arrives (every attempt of the SDK).
    stripe.fake.refundFault = 'lost-answer';
    try {
      const res = await refund(sale.id, body, randomUUID());
      expect(res.status).toBe(503);
      expect(res.body.code).toBe('CARD_REFUND_UNCONFIRMED');
    } finally {
      stripe.fake.refundFault = null;
    }
    await expectUntouched(sale, shirt, 8, customer);
    expect(stripe.fake.refundsOf(paymentIntent)).toHaveLength(1);

    // Until that refund is settled, no other refund of the sale goes ahead.
    const other = await refund(sale.id, { lines: [{ saleItemId: capLine.id, quantity: 1 }] });
    expect(other.status).toBe(409);
    expect(other.body.code).toBe('CARD_REFUND_PENDING');
    const cash = await refund(sale.id, { refundMethod: 'cash', offCardReason: 'ลูกค้าขอเงินสด' });
    expect(cash.status).toBe(409);
    expect(cash.body.code).toBe('CARD_REFUND_PENDING');

    // The same refund again (a new key, as the dialog makes one after an answer): Stripe's answer to the
    // first key is the refund it made, recorded now; no second refund.
    const firstKey = refundCalls().at(-1)!.idempotencyKey;
    const retry = await refund(sale.id, body, randomUUID());
    expect(retry.status).toBe(201);
    expect(refundCalls().at(-1)!.idempotencyKey).toBe(firstKey);
    const made = stripe.fake.refundsOf(paymentIntent);
    expect(made).toHaveLength(1);
    expect(retry.body.refund.stripe_refund_id).toBe(made[0]!.id);
    expect(await stockOf(t, shirt.id)).toBe(9);

    const capBack = await refund(sale.id, { lines: [{ saleItemId: capLine.id, quantity: 1 }] });
    expect(capBack.status).toBe(201);
    expect(stripe.fake.refundsOf(paymentIntent)).toHaveLength(2);
  });

  it('when recording fails after Stripe refunded, a retry with the same key records that refund, once', async () => {
    const product = await buildProduct(t, { price: 150, stock: 10 });
    const { sale, paymentIntent } = await cardSale([{ product, quantity: 2 }]);
    const db = t.built.deps.db.kysely;
    // The database refuses refund rows for a moment (a disk or connection failure would do the same).
    if (engine === 'postgres') {
      await sql`create function refuse_refunds() returns trigger language plpgsql as $$
        begin raise exception 'refunds are refused for this test'; end $$`.execute(db);
      await sql`create trigger refuse_refunds before insert on refunds
        for each row execute function refuse_refunds()`.execute(db);
    } else {
      await sql`create trigger refuse_refunds before insert on refunds
        begin select raise(abort, 'refunds are refused for this test'); end`.execute(db);
    }
    const key = randomUUID();
    try {
      const failed = await refund(sale.id, { reason: 'defective' }, key);
      expect(failed.status).toBe(500);
    } finally {
      await sql`drop trigger refuse_refunds${engine === 'postgres' ? sql` on refunds` : sql``}`.execute(db);
      if (engine === 'postgres') await sql`drop function refuse_refunds()`.execute(db);
    }
    expect(stripe.fake.refundsOf(paymentIntent)).toHaveLength(1);
    expect(await refundCount(sale.id)).toBe(0);
    expect(await stockOf(t, product.id)).toBe(8);

    const retry = await refund(sale.id, { reason: 'defective' }, key);
    expect(retry.status).toBe(201);
    const made = stripe.fake.refundsOf(paymentIntent);
    expect(made).toHaveLength(1);
    expect(retry.body.refund.stripe_refund_id).toBe(made[0]!.id);
    expect(await refundCount(sale.id)).toBe(1);
    expect(await stockOf(t, product.id)).toBe(10);
    const calls = refundCalls().slice(-2);
    expect(calls[0]!.idempotencyKey).toBe(calls[1]!.idempotencyKey);

    // And a retry after that gets the recorded answer, without asking Stripe again.
    const before = refundCalls().length;
    const replay = await refund(sale.id, { reason: 'defective' }, key);
    expect(replay.status).toBe(201);
    expect(replay.body.refund.id).toBe(retry.body.refund.id);
    expect(refundCalls()).toHaveLength(before);
  });

  it('moves the money once when two server processes refund the same units at the same time', async () => {
    const other = await buildApp(t.config, { logger: false, now: t.now });
    await other.app.listen({ port: 0, host: '127.0.0.1' });
    const otherUrl = `http://127.0.0.1:${(other.app.server.address() as { port: number }).port}`;
    try {
      const product = await buildProduct(t, { price: 99, stock: 10 });
      const { sale, paymentIntent } = await cardSale([{ product, quantity: 2 }]);
      const line = sale.items[0]!;
      // Stripe answers no refund until every request has either been answered or made its refund there.
      let release = () => {};
      stripe.fake.holdRefunds = new Promise<void>((resolve) => (release = resolve));
      let answered = 0;
      const send = (url: string, body: unknown) =>
        fetch(`${url}/api/sales/${sale.id}/refund`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${admin}`,
            'content-type': 'application/json',
            'idempotency-key': randomUUID(),
          },
          body: JSON.stringify(body),
        }).then(async (res) => {
          const answer = { status: res.status, body: (await res.json()) as RefundAnswer };
          answered += 1;
          return answer;
        });
      let answers: { status: number; body: RefundAnswer }[];
      try {
        const all = Promise.all([
          send(t.url, {}),
          send(otherUrl, {}),
          send(t.url, { lines: [{ saleItemId: line.id, quantity: 2 }] }),
          send(otherUrl, { lines: [{ saleItemId: line.id, quantity: 1 }] }),
        ]);
        // All four overlapped: each was answered while the refund(s) at Stripe were still in flight.
        await vi.waitFor(() => expect(answered + stripe.fake.refundsHeld).toBe(4), { timeout: 10_000 });
        release();
        answers = await all;
      } finally {
        stripe.fake.holdRefunds = null;
        release();
      }
      const made = stripe.fake.refundsOf(paymentIntent);
      expect(made).toHaveLength(1);
      expect(made[0]!.amount).toBe(bahtToSatang(sale.total));
      expect(await refundCount(sale.id)).toBe(1);
      expect(await stockOf(t, product.id)).toBe(10);
      // Every success is that one refund; every other answer a clear 409.
      const won = answers.filter((a) => a.status === 201);
      expect(won.length).toBeGreaterThanOrEqual(1);
      for (const a of won) expect(a.body.refund.stripe_refund_id).toBe(made[0]!.id);
      for (const a of answers.filter((x) => x.status !== 201)) {
        expect(a.status).toBe(409);
        expect(['SALE_ALREADY_REFUNDED', 'CARD_REFUND_PENDING']).toContain(a.body.code);
      }
    } finally {
      await other.app.close();
    }
  });

  it('refunds a card sale being edited to the card, or in cash with a reason', async () => {
    const product = await buildProduct(t, { price: 75, stock: 10 });
    const toCard = await cardSale([{ product, quantity: 1 }]);
    const edited = await refund(toCard.sale.id, { reason: 'edit_sale', edit_reason: 'เลือกสินค้าผิด' });
    expect(edited.status).toBe(201);
    expect(edited.body.refund).toMatchObject({ refund_method: 'card', reason: 'edit_sale' });
    expect(stripe.fake.refundsOf(toCard.paymentIntent)).toHaveLength(1);

    const inCash = await cardSale([{ product, quantity: 1 }]);
    const refused = await refund(inCash.sale.id, {
      reason: 'edit_sale',
      edit_reason: 'เลือกสินค้าผิด',
      refundMethod: 'cash',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('OFF_CARD_REASON_REQUIRED');
    const cash = await refund(inCash.sale.id, {
      reason: 'edit_sale',
      edit_reason: 'เลือกสินค้าผิด',
      refundMethod: 'cash',
      offCardReason: 'ลูกค้าจ่ายส่วนต่างเป็นเงินสด',
    });
    expect(cash.status).toBe(201);
    expect(cash.body.refund).toMatchObject({ refund_method: 'cash', off_card_reason: 'ลูกค้าจ่ายส่วนต่างเป็นเงินสด' });
    expect(stripe.fake.refundsOf(inCash.paymentIntent)).toHaveLength(0);
  });
});
