import { randomUUID } from 'node:crypto';
import type { DashboardResponse, Product, SalesSummaryResponse, Shift, Till } from '@pos/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildProduct } from './helpers/catalogue-factories';
import { buildSaleCustomer, postSale, salePayload } from './helpers/sales-factories';
import { ENGINES, useTestApp } from './helpers/test-app';

// Reports and the dashboard of one till (issue 35): a till's figures are read from its own sales by the
// rollups' definitions, so the tills' figures add up to the shop's when every sale was made at a till.

type Summary = SalesSummaryResponse & { code?: string };
type Dashboard = DashboardResponse & { code?: string };

describe.each(ENGINES)('reports by till on %s', (engine) => {
  const t = useTestApp(engine);
  let admin: string;
  let tills: Till[];
  let today: string;

  const sell = async (till: Till, product: Product, extra: Record<string, unknown> = {}) => {
    const res = await postSale(t, admin, salePayload([{ product, quantity: 2 }], { tillId: till.id, ...extra }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.sale;
  };

  beforeAll(async () => {
    admin = await t.adminToken();
    const split = await t.request('PUT', '/api/settings', {
      token: admin,
      body: { settings: { payment: { allowMultiplePaymentMethods: true } } },
    });
    expect(split.status).toBe(200);
    tills = [];
    for (const name of ['หน้าร้าน', 'ชั้นสอง']) {
      const till = (await t.request<{ till: Till }>('POST', '/api/tills', { token: admin, body: { name } })).body.till;
      const opened = await t.request<{ shift: Shift }>('POST', '/api/shifts', {
        token: admin,
        body: { tillId: till.id, openingFloat: 500 },
      });
      expect(opened.status).toBe(201);
      tills.push(till);
    }
    const [front, upstairs] = tills as [Till, Till];
    const shirt = await buildProduct(t, { name: `เสื้อ ${randomUUID().slice(0, 4)}`, price: 300, stock: 100 });
    const bag = await buildProduct(t, { name: `กระเป๋า ${randomUUID().slice(0, 4)}`, price: 450, stock: 100 });
    const customer = await buildSaleCustomer(t);

    await sell(front, shirt);
    await sell(front, bag, { paymentMethod: 'transfer', customerId: customer.id });
    const refunded = await sell(front, shirt);
    await sell(upstairs, bag);
    await sell(upstairs, shirt, {
      paymentMethod: 'split',
      payments: [
        { method: 'cash', amount: 100 },
        { method: 'transfer', amount: 500 },
      ],
    });
    const partly = await sell(upstairs, bag, { paymentMethod: 'transfer' });
    // A whole refund at the front, a part refund upstairs.
    const whole = await t.request('POST', `/api/sales/${refunded.id}/refund`, {
      token: admin,
      body: { tillId: front.id },
    });
    expect(whole.status).toBe(201);
    const part = await t.request('POST', `/api/sales/${partly.id}/refund`, {
      token: admin,
      body: {
        tillId: upstairs.id,
        refundMethod: 'transfer',
        lines: [{ saleItemId: partly.items[0]!.id, quantity: 1 }],
      },
    });
    expect(part.status, JSON.stringify(part.body)).toBe(201);
    today = refunded.created_at.slice(0, 10);
  });

  const summary = async (tillId?: number) => {
    const query = `startDate=${shiftDay(today, -1)}&endDate=${shiftDay(today, 1)}${tillId ? `&tillId=${tillId}` : ''}`;
    const res = await t.request<Summary>('GET', `/api/sales/stats/summary?${query}`, { token: admin });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };

  it("answers each till's figures, which add up to the shop's", async () => {
    const shop = await summary();
    const [front, upstairs] = await Promise.all(tills.map((till) => summary(till.id)));
    expect(front!.summary).toMatchObject({ totalOrders: 2, totalSales: 600 + 900, itemsSold: 4, refundsCount: 1 });
    expect(upstairs!.summary).toMatchObject({ totalOrders: 3, totalSales: 900 + 600 + 450, refundsCount: 1 });
    for (const key of [
      'totalSales',
      'totalOrders',
      'itemsSold',
      'refundsTotal',
      'refundsCount',
      'grossSales',
    ] as const) {
      expect(front!.summary[key] + upstairs!.summary[key], key).toBe(shop.summary[key]);
    }
    const byMethod = (s: Summary) => Object.fromEntries(s.paymentMethods.map((m) => [m.payment_method, m]));
    for (const method of ['cash', 'transfer'] as const) {
      const sum = (byMethod(front!)[method]?.total ?? 0) + (byMethod(upstairs!)[method]?.total ?? 0);
      expect(sum, method).toBe(byMethod(shop)[method]?.total);
    }
    const dayTotal = (s: Summary) => s.dailySales.reduce((sum, d) => sum + d.total, 0);
    expect(dayTotal(front!) + dayTotal(upstairs!)).toBe(dayTotal(shop));
    expect(front!.topProducts.map((p) => p.total_quantity).reduce((a, b) => a + b, 0)).toBe(4);
  });

  it("shows a till's own sales on the dashboard, and refuses a till that does not exist", async () => {
    const [front] = tills as [Till, Till];
    const res = await t.request<Dashboard>('GET', `/api/sales/stats/dashboard?period=today&tillId=${front.id}`, {
      token: admin,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.totals).toMatchObject({ totalOrders: 2, totalSales: 1500 });
    expect(res.body.recentSales).toHaveLength(3);
    const frontSales = await t.built.deps.db.kysely
      .selectFrom('sales')
      .select('id')
      .where('till_id', '=', front.id)
      .execute();
    expect(res.body.recentSales.map((s) => s.id).sort()).toEqual(frontSales.map((s) => s.id).sort());

    // The sales history and its export filter by till the same way.
    const history = await t.request<{ sales: { id: number }[] }>('GET', `/api/sales?tillId=${front.id}`, {
      token: admin,
    });
    expect(history.body.sales.map((s) => s.id).sort()).toEqual(frontSales.map((s) => s.id).sort());
    const csv = await fetch(`${t.url}/api/sales/export.csv?layout=report&tillId=${front.id}`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect((await csv.text()).trim().split('\r\n')).toHaveLength(1 + frontSales.length);

    const unknown = await t.request<Summary>(
      'GET',
      `/api/sales/stats/summary?startDate=${today}&endDate=${today}&tillId=99999`,
      {
        token: admin,
      },
    );
    expect(unknown).toMatchObject({ status: 404, body: { code: 'TILL_NOT_FOUND' } });
    const bad = await t.request<Summary>('GET', `/api/sales/stats/dashboard?tillId=abc`, { token: admin });
    expect(bad.status).toBe(400);
  });
});

function shiftDay(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
