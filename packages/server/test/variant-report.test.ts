import type { ProductWithVariants, Sale, SalesSummaryResponse, VariantReportResponse } from '@pos/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, shopToday } from '../src/calendar/calendar';
import { rebuildReportRollups } from '../src/features/reports/rollups.service';
import { buildProduct } from './helpers/catalogue-factories';
import { postSale, salePayload } from './helpers/sales-factories';
import { ENGINES, useTestApp } from './helpers/test-app';

// A style's report by size, colour and variant (issue 34), checked against the sales as the API shows them.

type ReportBody = VariantReportResponse & { code?: string };

function variantOf(product: ProductWithVariants, size: string | null, color: string | null) {
  const found = product.variants.find((v) => v.size === size && v.color === color);
  if (!found) throw new Error(`no variant ${size}/${color}`);
  return found;
}

/** 10 March 2026 in Bangkok (UTC+7), and 28 February: outside a March report. */
const IN_MARCH = '2026-03-10T05:00:00.000Z';
const IN_FEBRUARY = '2026-02-28T05:00:00.000Z';
const MARCH = 'startDate=2026-03-01&endDate=2026-03-31';

describe.each(ENGINES)('variant report on %s', (engine) => {
  const t = useTestApp(engine);
  let admin: string;
  let viewer: string;
  let polo: ProductWithVariants;
  let sales: Sale[];

  async function sellAt(at: string, lines: { size: string; color: string; quantity: number }[]): Promise<Sale> {
    const res = await postSale(
      t,
      admin,
      salePayload(
        lines.map((l) => {
          const v = variantOf(polo, l.size, l.color);
          return { product: polo, quantity: l.quantity, variantId: v.id, price: v.price ?? polo.price };
        }),
      ),
    );
    expect(res.status).toBe(201);
    await t.built.deps.db.kysely
      .updateTable('sales')
      .set({ created_at: at })
      .where('id', '=', res.body.sale.id)
      .execute();
    return res.body.sale;
  }

  beforeAll(async () => {
    admin = await t.adminToken();
    viewer = (await t.buildUser({ role: 'viewer' })).token;
    // S/M/L × ดำ/ขาว, five of the six carried; L ขาว sells at its own ฿390; S ขาว never sells.
    polo = await buildProduct(t, {
      name: 'โปโลรายงาน',
      price: 350,
      sizes: ['S', 'M', 'L'],
      colors: ['ดำ', 'ขาว'],
      variants: [
        { size: 'S', color: 'ดำ', stock: 6 },
        { size: 'S', color: 'ขาว', stock: 4 },
        { size: 'M', color: 'ดำ', stock: 5 },
        { size: 'M', color: 'ขาว', stock: 0 },
        { size: 'L', color: 'ขาว', stock: 3, price: 39_000 },
      ],
      stock: 18 + 2,
    });
    sales = [
      await sellAt(IN_MARCH, [
        { size: 'S', color: 'ดำ', quantity: 3 },
        { size: 'M', color: 'ดำ', quantity: 1 },
      ]),
      await sellAt(IN_MARCH, [{ size: 'L', color: 'ขาว', quantity: 2 }]),
      await sellAt(IN_FEBRUARY, [{ size: 'M', color: 'ดำ', quantity: 2 }]),
    ];
    // The sales were moved in time behind the app's back: rebuild the best sellers' rollups from them.
    await t.built.deps.db.kysely.transaction().execute((trx) => rebuildReportRollups(trx, t.config.shopTimezone));
    // One S ดำ back from the first sale (in April: a refund counts on its sale, whenever given); the L ขาว
    // sale wholly refunded.
    const first = sales[0]!;
    const sDam = first.items.find((i) => i.size === 'S')!;
    expect(
      await t.request('POST', `/api/sales/${first.id}/refund`, {
        token: admin,
        body: { lines: [{ saleItemId: sDam.id, quantity: 1 }] },
      }),
    ).toMatchObject({ status: 201 });
    expect(await t.request('POST', `/api/sales/${sales[1]!.id}/refund`, { token: admin, body: {} })).toMatchObject({
      status: 201,
    });
    const now = await t.request<{ product: ProductWithVariants }>('GET', `/api/products/${polo.id}`, { token: admin });
    polo = now.body.product;
  });

  it('sums a period by size and colour, net of refunds, and sell-through per variant against stock now', async () => {
    const res = await t.request<ReportBody>('GET', `/api/reports/products/${polo.id}/variants?${MARCH}`, {
      token: viewer,
    });
    expect(res.status).toBe(200);
    // March: S ดำ 3 − 1 back = 2 at ฿350, M ดำ 1 at ฿350, L ขาว 2 − 2 back = 0 (February's M ดำ left out).
    expect(res.body.bySize).toEqual([
      { value: 'S', quantity: 2, revenue: 700 },
      { value: 'M', quantity: 1, revenue: 350 },
    ]);
    expect(res.body.byColor).toEqual([{ value: 'ดำ', quantity: 3, revenue: 1050 }]);
    expect(res.body.total).toEqual({ quantity: 3, revenue: 1050 });
    expect(res.body.product).toEqual({ id: polo.id, name: 'โปโลรายงาน' });

    // Stock now: S ดำ 6 − 3 + 1 = 4; M ดำ 5 − 1 − 2 = 2; L ขาว 3 − 2 + 2 = 3; S ขาว untouched 4; M ขาว 0.
    const stock = (size: string, color: string) => variantOf(polo, size, color).stock;
    expect(stock('S', 'ดำ')).toBe(4);
    expect(stock('M', 'ดำ')).toBe(2);
    expect(stock('L', 'ขาว')).toBe(3);
    expect(res.body.variants).toEqual([
      { ...row('S', 'ดำ'), sold: 2, revenue: 700, stock: 4, sell_through: 33.3 },
      { ...row('S', 'ขาว'), sold: 0, revenue: 0, stock: 4, sell_through: 0 },
      { ...row('M', 'ดำ'), sold: 1, revenue: 350, stock: 2, sell_through: 33.3 },
      { ...row('M', 'ขาว'), sold: 0, revenue: 0, stock: 0, sell_through: null },
      { ...row('L', 'ขาว'), sold: 0, revenue: 0, stock: 3, sell_through: 0 },
    ]);
    expect(res.body.unassigned).toEqual({ sold: 0, revenue: 0, stock: 2 });
  });

  it('counts units as the best sellers do', async () => {
    const summary = await t.request<SalesSummaryResponse>('GET', `/api/sales/stats/summary?${MARCH}`, {
      token: admin,
    });
    const top = summary.body.topProducts.find((p) => p.product_id === polo.id);
    const report = await t.request<ReportBody>('GET', `/api/reports/products/${polo.id}/variants?${MARCH}`, {
      token: admin,
    });
    expect(top).toMatchObject({ total_quantity: report.body.total.quantity, total_revenue: report.body.total.revenue });
  });

  it('answers February alone, and an empty period with every carried variant at nothing sold', async () => {
    const feb = await t.request<ReportBody>(
      'GET',
      `/api/reports/products/${polo.id}/variants?startDate=2026-02-01&endDate=2026-02-28`,
      { token: admin },
    );
    expect(feb.body.bySize).toEqual([{ value: 'M', quantity: 2, revenue: 700 }]);
    expect(feb.body.variants.find((v) => v.size === 'M' && v.color === 'ดำ')).toMatchObject({
      sold: 2,
      stock: 2,
      sell_through: 50,
    });
    const empty = await t.request<ReportBody>(
      'GET',
      `/api/reports/products/${polo.id}/variants?startDate=2025-01-01&endDate=2025-01-31`,
      { token: admin },
    );
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ bySize: [], byColor: [], total: { quantity: 0, revenue: 0 } });
    expect(empty.body.variants.map((v) => v.sold)).toEqual([0, 0, 0, 0, 0]);
  });

  it('names a plain product by its name alone, and refuses an unknown product or a bad range', async () => {
    const bag = await buildProduct(t, { name: 'กระเป๋าผ้า', stock: 7 });
    const plain = await t.request<ReportBody>('GET', `/api/reports/products/${bag.id}/variants?${MARCH}`, {
      token: admin,
    });
    expect(plain.body.variants).toEqual([
      {
        variant_id: expect.any(Number),
        size: null,
        color: null,
        name: 'กระเป๋าผ้า',
        active: true,
        sold: 0,
        revenue: 0,
        stock: 7,
        sell_through: 0,
      },
    ]);
    const missing = await t.request<ReportBody>('GET', `/api/reports/products/999999/variants?${MARCH}`, {
      token: admin,
    });
    expect(missing).toMatchObject({ status: 404, body: { code: 'PRODUCT_NOT_FOUND' } });
    const backwards = await t.request(
      'GET',
      `/api/reports/products/${bag.id}/variants?startDate=2026-03-31&endDate=2026-03-01`,
      {
        token: admin,
      },
    );
    expect(backwards.status).toBe(400);
    const halfRange = await t.request('GET', `/api/reports/products/${bag.id}/variants?startDate=2026-03-01`, {
      token: admin,
    });
    expect(halfRange.status).toBe(400);
    // No range: the last 30 shop days up to today.
    const today = shopToday(t.now(), t.config.shopTimezone);
    const recent = await t.request<ReportBody>('GET', `/api/reports/products/${bag.id}/variants`, { token: admin });
    expect(recent.status).toBe(200);
    expect(recent.body).toMatchObject({ startDate: addDays(today, -29), endDate: today });
    expect((await t.request('GET', `/api/reports/products/${bag.id}/variants?${MARCH}`)).status).toBe(401);
  });

  function row(size: string, color: string) {
    return {
      variant_id: variantOf(polo, size, color).id,
      size,
      color,
      name: `โปโลรายงาน ${color} / ${size}`,
      active: true,
    };
  }
});
