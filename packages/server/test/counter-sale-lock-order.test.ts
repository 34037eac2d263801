import { randomUUID } from 'node:crypto';
import type { CreateSaleResponse } from '@pos/core';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildProduct } from './helpers/catalogue-factories';
import { buildSaleCustomer, salePayload } from './helpers/sales-factories';
import { untilSomeoneWaitsOnALock } from './helpers/pg-locks';
import { useTestApp, type TestApp } from './helpers/test-app';

/** Whether `client` can lock the row now (false: another transaction holds it). */
async function free(client: pg.Client, table: string, column: string, value: number | string): Promise<boolean> {
  await client.query('SAVEPOINT probe');
  try {
    await client.query(`SELECT 1 FROM ${table} WHERE ${column} = $1 FOR UPDATE NOWAIT`, [value]);
    await client.query('RELEASE SAVEPOINT probe');
    return true;
  } catch (error) {
    await client.query('ROLLBACK TO SAVEPOINT probe');
    if ((error as { code?: string }).code === '55P03') return false;
    throw error;
  }
}

/**
 * On PostgreSQL a counter sale takes its stock, its customer's points and its document number in one
 * statement (sale-writes.queries.ts). PostgreSQL does not document the order in which the parts of one
 * statement run; the sale relies on it being the order every other writer takes them in (products, then
 * the customer, then the counter: refunds and paid card sales too), or two of them could wait on each
 * other in a circle and PostgreSQL would end one with a deadlock. This holds the server to that order:
 * another transaction holds one of the rows, and while the sale waits on it, the rows before it are
 * the sale's and those after it are still free.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('a counter sale on postgres', () => {
  const t: TestApp = useTestApp('postgres');
  let admin: string;
  let series: string;

  beforeAll(async () => {
    admin = await t.adminToken();
    // A first sale creates this year's counter row.
    const product = await buildProduct(t, { price: 10, stock: 5 });
    series = (await sell([{ product, quantity: 1 }])).body.sale.document_number.split('-')[0]!;
  });

  function sell(lines: Parameters<typeof salePayload>[0], options: Parameters<typeof salePayload>[1] = {}) {
    return t.request<CreateSaleResponse>('POST', '/api/sales', {
      token: admin,
      body: salePayload(lines, options),
      headers: { 'idempotency-key': randomUUID() },
    });
  }

  type Held = 'product' | 'customer' | 'counter';
  type Rows = { productId: number; customerId: number };

  /** Sells while `other` holds the `held` row of the sale, and runs `check` while the sale waits on it. */
  async function whileHeld(held: Held, check: (other: pg.Client, rows: Rows) => Promise<void>): Promise<void> {
    const product = await buildProduct(t, { price: 100, stock: 5 });
    const customer = await buildSaleCustomer(t, 50);
    const rows = { productId: product.id, customerId: customer.id };
    const other = new pg.Client({ connectionString: t.config.databaseUrl! });
    await other.connect();
    try {
      await other.query('BEGIN');
      if (held === 'product') await other.query('SELECT 1 FROM products WHERE id = $1 FOR UPDATE', [product.id]);
      if (held === 'customer') await other.query('SELECT 1 FROM customers WHERE id = $1 FOR UPDATE', [customer.id]);
      if (held === 'counter') await other.query('SELECT 1 FROM document_counters WHERE name = $1 FOR UPDATE', [series]);
      const selling = sell([{ product, quantity: 1 }], { customerId: customer.id, pointsUsed: 10 });
      await untilSomeoneWaitsOnALock(other);
      await check(other, rows);
      await other.query('COMMIT');
      const sold = await selling;
      expect(sold.status).toBe(201);
      expect(sold.body.sale.final_loyalty_points).toBe(50 - 10 + sold.body.pointsEarned);
    } finally {
      await other.end();
    }
  }

  it('waits on a product holding nothing else', async () => {
    await whileHeld('product', async (other, rows) => {
      expect(await free(other, 'customers', 'id', rows.customerId)).toBe(true);
      expect(await free(other, 'document_counters', 'name', series)).toBe(true);
    });
  });

  it('waits on its customer holding its products, not yet the counter', async () => {
    await whileHeld('customer', async (other, rows) => {
      expect(await free(other, 'products', 'id', rows.productId)).toBe(false);
      expect(await free(other, 'document_counters', 'name', series)).toBe(true);
    });
  });

  it('waits on the counter holding its products and customer', async () => {
    await whileHeld('counter', async (other, rows) => {
      expect(await free(other, 'products', 'id', rows.productId)).toBe(false);
      expect(await free(other, 'customers', 'id', rows.customerId)).toBe(false);
    });
  });
});
