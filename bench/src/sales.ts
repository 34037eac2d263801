// POST /api/sales throughput and latency on SQLite (issue 6), next to a bare route and a
// bare SQLite transaction measured in the same run, printed as ratios.
import { randomUUID } from 'node:crypto';
import { priceSale, satangToBaht, DEFAULT_SETTINGS, bahtToSatang } from '@pos/core';
import { sql } from 'kysely';
import { insertCustomer, insertProducts, type Db } from '@pos/server';
import { measure, printTable, type Figures } from './measure';

const SALES = 1000;
const PRICES = [450, 199.5, 1290];

async function seed(db: Db): Promise<{ productIds: number[]; customerId: number }> {
  const now = new Date().toISOString();
  const productIds = await insertProducts(
    db.kysely,
    PRICES.map((price, i) => ({
      name: `สินค้าสำหรับวัดผล ${i + 1}`,
      sku: `BENCH-SALE-${i + 1}`,
      barcode: `BENCH-SALE-${i + 1}`,
      category_id: null,
      price: bahtToSatang(price),
      cost: 0,
      original_price: null,
      stock: 1_000_000,
      description: '',
      image_id: null,
      image_url: null,
      sizes: [],
      colors: [],
    })),
    now,
  );
  const customer = await insertCustomer(
    db.kysely,
    { name: 'ลูกค้าวัดผล', phone: '0899999999', email: null, address: null },
    now,
  );
  await sql`create table if not exists bench_counter (id integer primary key, value integer not null)`.execute(
    db.kysely,
  );
  await sql`insert into bench_counter (id, value) values (1, 0) on conflict (id) do nothing`.execute(db.kysely);
  return { productIds, customerId: customer.id };
}

function saleBody(productIds: number[], customerId: number) {
  const settings = { ...DEFAULT_SETTINGS.system, ...DEFAULT_SETTINGS.loyalty };
  const lines = productIds.map((id, i) => ({ id, price: PRICES[i] ?? 0, quantity: i + 1 }));
  const f = priceSale(
    lines.map((l) => ({ price: bahtToSatang(l.price), quantity: l.quantity })),
    { pointsUsed: 0, excludeVat: false, settings },
  );
  return {
    customerId,
    items: lines.map((l) => ({ productId: l.id, quantity: l.quantity, price: l.price })),
    subtotal: satangToBaht(f.subtotal),
    discount: 0,
    tax: satangToBaht(f.tax),
    total: satangToBaht(f.total),
    excludeVAT: false,
    paymentMethod: 'cash',
    pointsUsed: 0,
  };
}

export async function measureSales(db: Db, base: string, auth: Record<string, string>): Promise<void> {
  const { productIds, customerId } = await seed(db);
  const body = JSON.stringify(saleBody(productIds, customerId));
  const bareRoute = await measure('GET /api/health (bare route)', () => fetch(`${base}/api/health`), SALES);
  const bareTransaction = await measure(
    'bare SQLite transaction (one update)',
    () =>
      db.kysely.transaction().execute(async (trx) => {
        await sql`update bench_counter set value = value + 1 where id = 1`.execute(trx);
      }),
    SALES,
  );
  const sale = await measure(
    'POST /api/sales (3 lines, customer)',
    () =>
      fetch(`${base}/api/sales`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        body,
      }),
    SALES,
  );
  printTable([bareRoute, bareTransaction, sale]);
  const ratio = (a: Figures, b: Figures, key: 'p50Ms' | 'p99Ms') => (a[key] / b[key]).toFixed(1);
  console.log(
    `sales per second: ${Math.round(sale.perSecond)}; ` +
      `sale vs bare route: p50 ×${ratio(sale, bareRoute, 'p50Ms')}, p99 ×${ratio(sale, bareRoute, 'p99Ms')}; ` +
      `sale vs bare transaction: p50 ×${ratio(sale, bareTransaction, 'p50Ms')}, p99 ×${ratio(sale, bareTransaction, 'p99Ms')}`,
  );
}
