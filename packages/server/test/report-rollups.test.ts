import { randomUUID } from 'node:crypto';
import type { CardCheckoutResponse, CreateSaleResponse, Product, Sale } from '@pos/core';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { RollupChanges, rebuildReportRollups, syncReportRollups } from '../src/features/reports/rollups.service';
import { shopDayOf } from '../src/calendar/shop-day';
import { startServer } from '../src/server';
import { buildProduct } from './helpers/catalogue-factories';
import { expectRollupsEqualRecomputation } from './helpers/report-rollups';
import { useFakeStripe } from './helpers/fake-stripe';
import { buildSaleCustomer, postSale, salePayload, type PayloadLine } from './helpers/sales-factories';
import { ENGINES, useTestApp } from './helpers/test-app';

const HOUR = 3_600_000;

describe.each(ENGINES)('report rollups on %s', (engine) => {
  const stripe = useFakeStripe();
  const t = useTestApp(engine, stripe.env);

  const sell = async (token: string, lines: PayloadLine[], options: Parameters<typeof salePayload>[1] = {}) => {
    const res = await postSale(t, token, salePayload(lines, options));
    expect(res.status).toBe(201);
    return res.body.sale;
  };
  const refund = async (token: string, saleId: number, body: Record<string, unknown> = {}) => {
    const res = await t.request<{ sale: Sale }>('POST', `/api/sales/${saleId}/refund`, { token, body });
    expect(res.status).toBe(201);
    return res.body.sale;
  };

  it('equal a recomputation from scratch after sales, partial and whole refunds, card sales and an edit', async () => {
    const admin = await t.adminToken();
    expect(
      (
        await t.request('PUT', '/api/settings', {
          token: admin,
          body: { settings: { payment: { stripeEnabled: true, stripePublishableKey: 'pk_test_123' } } },
        })
      ).status,
    ).toBe(200);
    const shirt = await buildProduct(t, { name: 'เสื้อเชิ้ต', price: 450, stock: 100 });
    const jeans = await buildProduct(t, { name: 'กางเกงยีนส์', price: 890.5, stock: 100 });
    const socks = await buildProduct(t, { name: 'ถุงเท้า', price: 39, stock: 100 });
    const somsri = await buildSaleCustomer(t, 200, 'สมศรี');
    const wichai = await buildSaleCustomer(t, 0, 'วิชัย');

    const sales: Sale[] = [];
    // Three shop days apart by the clock, several sales a day, customers on some.
    for (let day = 0; day < 3; day++) {
      const { token } = await t.buildUser({ role: 'cashier' });
      sales.push(
        await sell(
          token,
          [
            { product: shirt, quantity: 2 },
            { product: socks, quantity: 3 },
          ],
          { customerId: somsri.id },
        ),
      );
      sales.push(await sell(token, [{ product: jeans, quantity: 1 }], { paymentMethod: 'transfer' }));
      // The same product on two lines of one sale.
      sales.push(
        await sell(
          token,
          [
            { product: socks, quantity: 1 },
            { product: socks, quantity: 2 },
          ],
          { customerId: wichai.id },
        ),
      );
      sales.push(await sell(token, [{ product: shirt, quantity: 1 }], { customerId: somsri.id, excludeVAT: true }));
      t.advanceClock(26 * HOUR);
    }
    const { token } = await t.buildUser({ role: 'cashier' });
    const manager = (await t.buildUser({ role: 'admin' })).token;

    // A card sale through Stripe Checkout, to a customer.
    const body = salePayload([{ product: jeans, quantity: 2 }], { paymentMethod: 'card', customerId: wichai.id });
    const started = await t.request<CardCheckoutResponse>('POST', '/api/payments/stripe/checkout', {
      token,
      body,
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(started.status).toBe(201);
    stripe.fake.pay(started.body.sessionId);
    const card = await t.request<CreateSaleResponse>('POST', '/api/payments/stripe/confirm', {
      token,
      body: { sessionId: started.body.sessionId },
    });
    expect(card.status).toBe(201);
    sales.push(card.body.sale);

    // A partial refund; two partial refunds that end up taking back the whole sale; a whole refund.
    await refund(manager, sales[0]!.id, { lines: [{ saleItemId: sales[0]!.items[1]!.id, quantity: 1 }] });
    await refund(manager, sales[2]!.id, { lines: [{ saleItemId: sales[2]!.items[0]!.id, quantity: 1 }] });
    const emptied = await refund(manager, sales[2]!.id, {
      lines: [{ saleItemId: sales[2]!.items[1]!.id, quantity: 2 }],
    });
    expect(emptied.status).toBe('refunded');
    await refund(manager, sales[4]!.id);
    await refund(manager, card.body.sale.id, { lines: [{ saleItemId: card.body.sale.items[0]!.id, quantity: 1 }] });
    // An edit: the sale refunded whole for editing, a new sale replacing it.
    await refund(manager, sales[5]!.id, { reason: 'edit_sale', edit_reason: 'wrong_quantity' });
    await sell(manager, [{ product: jeans, quantity: 2 }], { replacesSaleId: sales[5]!.id });

    const kept = await expectRollupsEqualRecomputation(t);
    // Not empty and not trivially equal: several days, methods, products and customers.
    expect(new Set(kept.days.map((d) => d.day)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(kept.days.map((d) => d.payment_method))).toEqual(new Set(['cash', 'transfer', 'card']));
    expect(kept.products.length).toBeGreaterThanOrEqual(6);
    expect(kept.customers.length).toBeGreaterThanOrEqual(3);
    // The wholly refunded sale of wichai on the first day leaves him out of that day's customers.
    const firstDay = shopDayOf(sales[0]!.created_at, t.config.shopTimezone);
    expect(kept.customers.filter((c) => c.day === firstDay).map((c) => c.customer_id)).toEqual([somsri.id]);
  });

  it('add up many sales of one day and method written at once', async () => {
    const products: Product[] = [];
    for (let i = 0; i < 12; i++) products.push(await buildProduct(t, { price: 100 + i, stock: 10 }));
    const { token } = await t.buildUser({ role: 'cashier' });
    const today = shopDayOf(t.now(), t.config.shopTimezone);
    const cashToday = async () =>
      t.built.deps.db.kysely
        .selectFrom('report_days')
        .select(['orders', 'gross', 'units'])
        .where('day', '=', today)
        .where('payment_method', '=', 'cash')
        .executeTakeFirst();
    const before = (await cashToday()) ?? { orders: 0, gross: 0, units: 0 };

    const answers = await Promise.all(
      products.map((product) => postSale(t, token, salePayload([{ product, quantity: 1 }]))),
    );
    expect(answers.map((a) => a.status)).toEqual(products.map(() => 201));
    const after = await cashToday();
    // The till's clock may cross the shop's midnight between the reading and the sales: then skip.
    if (answers.every((a) => shopDayOf(a.body.sale.created_at, t.config.shopTimezone) === today)) {
      expect(after).toEqual({
        orders: before.orders + products.length,
        gross: before.gross + answers.reduce((sum, a) => sum + Math.round(a.body.sale.total * 100), 0),
        units: before.units + products.length,
      });
    }
    await expectRollupsEqualRecomputation(t);
  });

  it('add up every change of concurrent transactions on one row (an upsert adds under the row lock)', async () => {
    // Sales through the API also queue on their document counter; this writes the rollups alone, so
    // the transactions overlap on the rollup rows themselves.
    const db = t.built.deps.db.kysely;
    const tz = t.config.shopTimezone;
    const sale = { created_at: '2031-01-15T05:00:00.000Z', payment_method: 'transfer', total: 1_000, customer_id: 1 };
    const line = { product_name: 'ผ้าพันคอ', product_id: null, price: 1_000, quantity: 1 };
    const write = () => db.transaction().execute((trx) => new RollupChanges(tz).sale(sale, [line]).writeTo(trx));
    await write(); // the rows exist: the writers below all add to them
    const writers = 8;
    await Promise.all(Array.from({ length: writers }, write));
    const day = shopDayOf(sale.created_at, tz);
    expect(
      await db
        .selectFrom('report_days')
        .select(['gross', 'orders', 'units'])
        .where('day', '=', day)
        .where('payment_method', '=', 'transfer')
        .executeTakeFirst(),
    ).toEqual({ gross: (writers + 1) * 1_000, orders: writers + 1, units: writers + 1 });
    expect(
      await db
        .selectFrom('report_product_days')
        .select(['quantity', 'revenue'])
        .where('day', '=', day)
        .where('product_name', '=', line.product_name)
        .executeTakeFirst(),
    ).toEqual({ quantity: writers + 1, revenue: (writers + 1) * 1_000 });
    expect(
      await db
        .selectFrom('report_customer_days')
        .select('orders')
        .where('day', '=', day)
        .where('customer_id', '=', sale.customer_id)
        .executeTakeFirst(),
    ).toEqual({ orders: writers + 1 });
    // Rows written behind the sales' back: put the rollups back as the sales say.
    await db.transaction().execute((trx) => rebuildReportRollups(trx, tz));
  });

  it('are keyed again when SHOP_TIMEZONE changes, at the next start', async () => {
    const db = t.built.deps.db;
    // Unchanged zone: nothing to do.
    expect(await syncReportRollups(db, t.config.shopTimezone)).toBe(false);

    const zone = 'America/Los_Angeles';
    const moved = await startServer(
      loadConfig({
        LOG_LEVEL: 'silent',
        DATA_DIR: t.config.dataDir,
        ...(t.config.databaseUrl ? { DATABASE_URL: t.config.databaseUrl } : {}),
        SHOP_TIMEZONE: zone,
      }),
      { listen: { port: 0, host: '127.0.0.1' }, notificationWorker: 'manual' },
    );
    try {
      const state = await db.kysely.selectFrom('report_rollup_state').select('time_zone').executeTakeFirst();
      expect(state?.time_zone).toBe(zone);
      // Each day's gross is that of the sales made in that Los Angeles day, worked out here.
      const expected = new Map<string, number>();
      for (const s of await db.kysely.selectFrom('sales').select(['created_at', 'total']).execute()) {
        const day = shopDayOf(s.created_at, zone);
        expected.set(day, (expected.get(day) ?? 0) + s.total);
      }
      const rows = await db.kysely
        .selectFrom('report_days')
        .select(['day', (eb) => eb.fn.sum<number>('gross').as('gross')])
        .groupBy('day')
        .execute();
      expect(new Map(rows.map((r) => [r.day, Number(r.gross)]))).toEqual(expected);
      expect(expected.size).toBeGreaterThanOrEqual(3);
    } finally {
      await moved.stop();
    }
    // This file's app is still in Bangkok: key them back, as its next start would.
    expect(await syncReportRollups(db, t.config.shopTimezone)).toBe(true);
    await expectRollupsEqualRecomputation(t);
  });
});
