// The sale every load benchmark sends: three products and a customer made through the API, and the body
// of a 3-line cash sale to that customer, priced as the server prices it (it refuses any other total).
// The shop is registered for VAT first, so every sale works its VAT out as the earlier figures' sales did.

import type { PricingSettingsSource } from '@pos/core';

/** The three products' prices in baht. */
export const PRICES = [450, 199.5, 1290];

/** A valid Thai tax id (check digit included) for the benchmark's shop. */
const BENCH_TAX_ID = '0105561234560';

async function send(base: string, token: string, method: string, route: string, body: unknown): Promise<unknown> {
  const res = await fetch(`${base}/api${route}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${route}: HTTP ${res.status} ${await res.text()}`);
  return res.json();
}

async function api(base: string, token: string, route: string, body: unknown): Promise<{ id: number }> {
  const json = (await send(base, token, 'POST', route, body)) as Record<string, { id: number }>;
  const created = json.product ?? json.customer;
  if (!created) throw new Error(`${route}: no id in ${JSON.stringify(json)}`);
  return created;
}

/** A 3-line cash sale with a customer, priced as the server will price it (it refuses another total). */
export async function saleBody(base: string, token: string): Promise<string> {
  const saved = (await send(base, token, 'PUT', '/settings', {
    settings: { system: { vatRegistered: true, taxId: BENCH_TAX_ID } },
  })) as { settings: PricingSettingsSource };
  const productIds: number[] = [];
  for (const [i, price] of PRICES.entries()) {
    const product = await api(base, token, '/products', {
      name: `สินค้าวัดผล ${i + 1}`,
      sku: `LOAD-${i + 1}`,
      price,
      stock: 1_000_000,
      category: 'เสื้อผ้า',
    });
    productIds.push(product.id);
  }
  const customer = await api(base, token, '/customers', { name: 'ลูกค้าวัดผล', phone: '0899999999' });
  const { priceSale, bahtToSatang, satangToBaht, pricingSettingsOf } = await import('@pos/core');
  const lines = productIds.map((id, i) => ({ id, price: PRICES[i] ?? 0, quantity: i + 1 }));
  const figures = priceSale(
    lines.map((l) => ({ price: bahtToSatang(l.price), quantity: l.quantity })),
    { pointsUsed: 0, excludeVat: false, settings: pricingSettingsOf(saved.settings) },
  );
  return JSON.stringify({
    customerId: customer.id,
    items: lines.map((l) => ({ productId: l.id, quantity: l.quantity, price: l.price })),
    subtotal: satangToBaht(figures.subtotal),
    discount: 0,
    tax: satangToBaht(figures.tax),
    total: satangToBaht(figures.total),
    excludeVAT: false,
    paymentMethod: 'cash',
    pointsUsed: 0,
  });
}
