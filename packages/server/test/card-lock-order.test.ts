import { randomUUID } from 'node:crypto';
import type { CardCheckoutResponse, CreateSaleResponse } from '@pos/core';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildProduct } from './helpers/catalogue-factories';
import { turnOnCardPayments, useFakeStripe } from './helpers/fake-stripe';
import { buildSaleCustomer, salePayload } from './helpers/sales-factories';
import { untilSomeoneWaitsOnALock } from './helpers/pg-locks';
import { useTestApp, type TestApp } from './helpers/test-app';

/**
 * A paid card sale locks rows in the order every other writer does (its products, then its customer,
 * as a refund or a counter sale), so it never waits on a refund in a circle: PostgreSQL would end one
 * of the two with a deadlock, a 500 for the card money Stripe already took. SQLite has one writer.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('a paid card sale and a refund on postgres', () => {
  const stripe = useFakeStripe();
  const t: TestApp = useTestApp('postgres', stripe.env);
  let admin: string;

  beforeAll(async () => {
    admin = await t.adminToken();
    await turnOnCardPayments(t, admin);
  });

  it('locks the products before the customer, as a refund does', async () => {
    const product = await buildProduct(t, { price: 200, stock: 5 });
    const customer = await buildSaleCustomer(t, 50);
    const body = { ...salePayload([{ product, quantity: 1 }], { customerId: customer.id }), paymentMethod: 'card' };
    const checkout = await t.request<CardCheckoutResponse>('POST', '/api/payments/stripe/checkout', {
      token: admin,
      body,
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(checkout.status).toBe(201);
    stripe.fake.pay(checkout.body.sessionId);

    // Stands in for a refund: it holds the product's row, then asks for the customer's.
    const refund = new pg.Client({ connectionString: t.config.databaseUrl! });
    await refund.connect();
    try {
      await refund.query('BEGIN');
      await refund.query('SELECT id FROM products WHERE id = $1 FOR UPDATE', [product.id]);
      const confirming = t.request<CreateSaleResponse & { code?: string }>('POST', '/api/payments/stripe/confirm', {
        token: admin,
        body: { sessionId: checkout.body.sessionId },
      });
      await untilSomeoneWaitsOnALock(refund);
      // A paid sale that held the customer here would make this a deadlock (PostgreSQL ends one side).
      await refund.query("SET LOCAL lock_timeout = '5s'");
      await refund.query('SELECT id FROM customers WHERE id = $1 FOR UPDATE', [customer.id]);
      await refund.query('COMMIT');

      const paid = await confirming;
      expect(paid.body.code).toBeUndefined();
      expect(paid.status).toBe(201);
      expect(paid.body.sale.customer_id).toBe(customer.id);
    } finally {
      await refund.end();
    }
  });
});
