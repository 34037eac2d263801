import { pricingSettingsOf, type Product, type SalesSummaryResponse } from '@pos/core';
import { describe, expect, it } from 'vitest';
import { addDays, shopToday } from '../src/features/reports/calendar';
import { runDemo } from '../src/demo/demo-run';
import { readStoredSettings } from '../src/features/settings/settings.service';
import { expectRollupsEqualRecomputation } from './helpers/report-rollups';
import { postSale, salePayload } from './helpers/sales-factories';
import { ENGINES, useTestApp } from './helpers/test-app';

describe.each(ENGINES)('the demo shop on %s', (engine) => {
  const t = useTestApp(engine);

  it('sells through the services (stock and totals hold), refuses a second run, and adds bulk sales a till can follow', async () => {
    const { db, config, imageStore, notifications } = t.built.deps;
    const today = shopToday(new Date(), config.shopTimezone);
    const options = { days: 3, products: 12, customers: 6, seed: 1, force: false, today };
    const first = await runDemo({ db, config, imageStore, notifications }, options);
    expect(first).toMatchObject({ refused: false, products: 12, customers: 6 });
    if (first.refused) return;
    expect(first.sales).toBeGreaterThan(20);

    // Stock: what each product started with, less units sold, plus units refunded.
    const k = db.kysely;
    const moves = await k
      .selectFrom('stock_movements')
      .select(['product_id', 'kind', 'old_quantity', 'new_quantity'])
      .execute();
    const products = await k.selectFrom('products').select(['id', 'stock']).execute();
    for (const p of products) {
      const mine = moves.filter((m) => m.product_id === p.id);
      const initial = mine.filter((m) => m.kind === 'initial').reduce((n, m) => n + m.new_quantity, 0);
      const sold = await k
        .selectFrom('sale_items')
        .select((eb) => eb.fn.sum<number>('quantity').as('n'))
        .where('product_id', '=', p.id)
        .executeTakeFirst();
      const back = await k
        .selectFrom('refund_items')
        .innerJoin('sale_items', 'sale_items.id', 'refund_items.sale_item_id')
        .select((eb) => eb.fn.sum<number>('refund_items.quantity').as('n'))
        .where('sale_items.product_id', '=', p.id)
        .executeTakeFirst();
      expect(p.stock).toBe(initial - Number(sold?.n ?? 0) + Number(back?.n ?? 0));
    }
    const viewer = (await t.buildUser({ role: 'viewer' })).token;
    const range = `startDate=${addDays(today, -3)}&endDate=${addDays(today, -1)}`;
    const summary = await t.request<SalesSummaryResponse>('GET', `/api/sales/stats/summary?${range}`, {
      token: viewer,
    });
    const sales = await k.selectFrom('sales').select(['id', 'total']).execute();
    const refunds = await k.selectFrom('refunds').select('amount').execute();
    const net = sales.reduce((n, s) => n + s.total, 0) - refunds.reduce((n, r) => n + r.amount, 0);
    expect(summary.body.summary.totalSales).toBe(net / 100);
    expect(summary.body.dailySales.filter((d) => d.count > 0)).toHaveLength(3);

    expect(await runDemo({ db, config, imageStore, notifications }, options)).toEqual({
      refused: true,
      existingSales: sales.length,
    });

    // Bulk sales beside them (another seed), then a till's sale: ids and document numbers carry on.
    const bulk = await runDemo(
      { db, config, imageStore, notifications },
      { ...options, seed: 2, force: true, bulkSales: 450, days: 30 },
    );
    expect(bulk).toMatchObject({ refused: false, sales: 450 });
    const numbers = await k.selectFrom('sales').select('document_number').execute();
    expect(new Set(numbers.map((n) => n.document_number)).size).toBe(sales.length + 450);
    const { token } = await t.buildUser({ role: 'cashier' });
    const product = (await t.request<{ product: Product }>('GET', `/api/products/${products[0]!.id}`, { token })).body
      .product;
    const sold = await postSale(
      t,
      token,
      salePayload([{ product, quantity: 1, size: product.sizes[0] ?? null, color: product.colors[0] ?? null }], {
        settings: pricingSettingsOf(await readStoredSettings(k)),
      }),
    );
    expect(sold.status).toBe(201);
    // The bulk writer kept the report rollups as the sale and refund transactions do.
    await expectRollupsEqualRecomputation(t);
  }, 120_000); // a few hundred sales through the services: about 25 s on PostgreSQL on a busy machine
});
