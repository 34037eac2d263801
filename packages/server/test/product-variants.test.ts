import { sql } from 'kysely';
import { randomUUID } from 'node:crypto';
import {
  posProductsFromColumns,
  type PosProductColumns,
  type ProductWithVariants,
  type Sale,
  type StockMovement,
} from '@pos/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildProduct } from './helpers/catalogue-factories';
import { postSale, salePayload } from './helpers/sales-factories';
import { ENGINES, useTestApp, type TestApp } from './helpers/test-app';

// Size × colour variants (issue 34): what the API promises of them, on each engine.

type ProductBody = { product: ProductWithVariants; code?: string; error?: string; details?: Record<string, unknown> };

async function productOf(t: TestApp, id: number): Promise<ProductWithVariants> {
  const res = await t.request<ProductBody>('GET', `/api/products/${id}`, { token: await t.adminToken() });
  expect(res.status).toBe(200);
  return res.body.product;
}

function variantOf(product: ProductWithVariants, size: string | null, color: string | null) {
  const found = product.variants.find((v) => v.size === size && v.color === color);
  if (!found) throw new Error(`no variant ${size}/${color}`);
  return found;
}

/** A polo in S/M/L × ดำ/ขาว: M ดำ holds 2, L ขาว 1 (at its own ฿390), 3 not counted per variant. */
function buildPolo(t: TestApp, unassigned = 3) {
  return buildProduct(t, {
    name: 'โปโล',
    price: 350,
    sizes: ['S', 'M', 'L'],
    colors: ['ดำ', 'ขาว'],
    variants: [
      { size: 'S', color: 'ดำ' },
      { size: 'M', color: 'ดำ', stock: 2 },
      { size: 'L', color: 'ขาว', stock: 1, price: 39_000 },
    ],
    stock: 3 + unassigned,
  });
}

describe.each(ENGINES)('product variants on %s', (engine) => {
  const t = useTestApp(engine);
  let admin: string;
  let cashier: string;
  beforeAll(async () => {
    admin = await t.adminToken();
    cashier = (await t.buildUser({ role: 'cashier' })).token;
  });

  it('gives a product without sizes and colours one variant holding its codes and stock', async () => {
    const plain = await buildProduct(t, { sku: `BAG-${randomUUID().slice(0, 6)}`, stock: 7 });
    const product = await productOf(t, plain.id);
    expect(product.variants).toEqual([
      {
        id: expect.any(Number),
        size: null,
        color: null,
        sku: plain.sku,
        barcode: plain.barcode,
        stock: 7,
        price: null,
        active: true,
      },
    ]);
    expect(product).toMatchObject({ stock: 7, unassigned_stock: 0 });
  });

  it('makes a variant per combination for a product created with sizes and colours, its stock not yet counted per variant', async () => {
    const res = await t.request<ProductBody>('POST', '/api/products', {
      token: admin,
      body: {
        name: 'เสื้อยืด',
        sku: 'TEE-01',
        category_id: 1,
        price: 199,
        stock: 12,
        sizes: ['S', 'XL'],
        colors: ['Black', 'แดง'],
      },
    });
    expect(res.status).toBe(201);
    const { product } = res.body;
    expect(product).toMatchObject({ stock: 12, unassigned_stock: 12 });
    expect(product.variants.map((v) => [v.size, v.color, v.sku, v.barcode, v.stock])).toEqual([
      ['S', 'Black', 'TEE-01-S-BLACK', 'TEE-01-S-BLACK', 0],
      ['S', 'แดง', 'TEE-01-S-C2', 'TEE-01-S-C2', 0],
      ['XL', 'Black', 'TEE-01-XL-BLACK', 'TEE-01-XL-BLACK', 0],
      ['XL', 'แดง', 'TEE-01-XL-C2', 'TEE-01-XL-C2', 0],
    ]);
    // A scan must find one thing: another product may not take a variant's code.
    const clash = await t.request<ProductBody>('POST', '/api/products', {
      token: admin,
      body: { name: 'อื่น', sku: 'tee-01-xl-c2', category_id: 1, price: 10 },
    });
    expect(clash.status).toBe(409);
    expect(clash.body).toMatchObject({
      code: 'SKU_TAKEN',
      details: { sku: 'tee-01-xl-c2', product: 'เสื้อยืด แดง / XL' },
    });
    expect(clash.body.error).toBe('SKU/บาร์โค้ด "tee-01-xl-c2" ถูกใช้กับสินค้า "เสื้อยืด แดง / XL" แล้ว');
  });

  it('refuses a style with more than 500 size × colour combinations', async () => {
    const res = await t.request<ProductBody>('POST', '/api/products', {
      token: admin,
      body: {
        name: 'ใหญ่เกิน',
        sku: 'BIG-1',
        category_id: 1,
        price: 10,
        sizes: Array.from({ length: 26 }, (_, i) => `S${i}`),
        colors: Array.from({ length: 20 }, (_, i) => `C${i}`),
      },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VARIANT_LIMIT', details: { max: 500, count: 520 } });
  });

  it('writes the grid: codes, own price and on/off per cell; a cell left out goes; a code held elsewhere is a 409 naming it', async () => {
    const polo = await buildPolo(t);
    const other = await buildProduct(t, { sku: `OTHER-${randomUUID().slice(0, 6)}` });
    const put = (variants: unknown[]) =>
      t.request<ProductBody>('PUT', `/api/products/${polo.id}/variants`, { token: admin, body: { variants } });

    const taken = await put([{ size: 'S', color: 'ดำ', barcode: other.sku }]);
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: 'SKU_TAKEN', details: { product: other.name } });
    const twice = await put([
      { size: 'S', color: 'ดำ', barcode: '8850000000011' },
      { size: 'M', color: 'ดำ', barcode: '8850000000011' },
    ]);
    expect(twice.status).toBe(409);
    const unknown = await put([{ size: 'XXL', color: 'ดำ' }]);
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 'VARIANT_UNKNOWN', details: { name: 'โปโล ดำ / XXL' } });
    expect(await productOf(t, polo.id)).toEqual(polo);

    const res = await put([
      { size: 'S', color: 'ดำ', barcode: '8850000000011', active: false },
      { size: 'M', color: 'ดำ', price: 320 },
      { size: 'L', color: 'ขาว', price: 390 },
      { size: 'L', color: 'ดำ' },
    ]);
    expect(res.status).toBe(200);
    const after = res.body.product;
    expect(after.variants.map((v) => [v.size, v.color, v.barcode, v.price, v.active, v.stock])).toEqual([
      ['S', 'ดำ', '8850000000011', null, false, 0],
      ['M', 'ดำ', variantOf(polo, 'M', 'ดำ').barcode, 320, true, 2],
      ['L', 'ดำ', expect.stringMatching(/-L-C1$/), null, true, 0],
      ['L', 'ขาว', variantOf(polo, 'L', 'ขาว').barcode, 390, true, 1],
    ]);
    // The stock is never written by the grid: the style keeps its figure.
    expect(after).toMatchObject({ stock: 6, unassigned_stock: 3 });
  });

  it('adjusts one variant with its reason, the style its sum; a stale figure is a 409 and a foreign variant a 400', async () => {
    const polo = await buildPolo(t);
    const m = variantOf(polo, 'M', 'ดำ');
    const patch = (body: unknown) =>
      t.request<{ product: ProductWithVariants; movement: StockMovement | null; code?: string }>(
        'PATCH',
        `/api/products/${polo.id}/stock`,
        { token: admin, body },
      );
    const res = await patch({ variantId: m.id, mode: 'add', amount: 5, expected: 2, reason: 'received' });
    expect(res.status).toBe(200);
    expect(variantOf(res.body.product, 'M', 'ดำ').stock).toBe(7);
    expect(res.body.product).toMatchObject({ stock: 11, unassigned_stock: 3 });
    expect(res.body.movement).toMatchObject({
      variant_id: m.id,
      size: 'M',
      color: 'ดำ',
      old_quantity: 6,
      new_quantity: 11,
      delta: 5,
    });

    const stale = await patch({ variantId: m.id, mode: 'set', amount: 1, expected: 2, reason: 'counted' });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'STOCK_CHANGED', details: { stock: 7 } });
    const plain = await buildProduct(t);
    const foreign = await patch({
      variantId: plain.variants[0]!.id,
      mode: 'add',
      amount: 1,
      expected: 25,
      reason: 'received',
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.code).toBe('VARIANT_UNKNOWN');

    // Without a variant, an older client adjusts the style's figure: its unassigned part.
    const style = await patch({ mode: 'remove', amount: 2, expected: 11, reason: 'damaged' });
    expect(style.status).toBe(200);
    expect(style.body.product).toMatchObject({ stock: 9, unassigned_stock: 1 });
    const belowZero = await patch({ mode: 'remove', amount: 2, expected: 9, reason: 'damaged' });
    expect(belowZero.status).toBe(400);
    expect(await productOf(t, polo.id)).toMatchObject({ stock: 9, unassigned_stock: 1 });
  });

  it("sells a variant that covers its line on its own while the style's unassigned stock is below zero", async () => {
    // Below zero after a paid card sale whose line had lost its variant: the counter still sells what a
    // variant holds (core planStyleTakes), on PostgreSQL's one-statement sale as on SQLite.
    const polo = await buildPolo(t);
    const m = variantOf(polo, 'M', 'ดำ');
    await t.built.deps.db.kysely
      .updateTable('products')
      .set((eb) => ({ unassigned_stock: sql<number>`-1`, stock: eb('stock', '-', 4) }))
      .where('id', '=', polo.id)
      .execute();
    const sold = await postSale(t, cashier, salePayload([{ product: polo, variantId: m.id, quantity: 2 }]));
    expect(sold.status).toBe(201);
    const now = await productOf(t, polo.id);
    expect(variantOf(now, 'M', 'ดำ').stock).toBe(0);
    expect(now.unassigned_stock).toBe(-1);
    // One more than M holds would come from the unassigned stock, which has none.
    const short = await postSale(t, cashier, salePayload([{ product: polo, variantId: m.id, quantity: 1 }]));
    expect(short.status).toBe(409);
    expect(short.body).toMatchObject({ code: 'INSUFFICIENT_STOCK', details: { available: 0 } });
  });

  it('sells a variant by id or by size and colour, at its own price, from its stock and then the unassigned stock', async () => {
    const polo = await buildPolo(t);
    const m = variantOf(polo, 'M', 'ดำ');
    const l = variantOf(polo, 'L', 'ขาว');
    const byId = await postSale(t, cashier, salePayload([{ product: polo, variantId: m.id, quantity: 3 }]));
    expect(byId.status).toBe(201);
    expect(byId.body.sale.items[0]).toMatchObject({ variant_id: m.id, size: 'M', color: 'ดำ', quantity: 3 });
    let now = await productOf(t, polo.id);
    // M held 2; the third came from the style's unassigned stock.
    expect(variantOf(now, 'M', 'ดำ').stock).toBe(0);
    expect(now).toMatchObject({ stock: 3, unassigned_stock: 2 });

    // The older line shape (size and colour), at the variant's own price; the style's price is refused.
    const wrongPrice = await postSale(
      t,
      cashier,
      salePayload([{ product: polo, size: 'L', color: 'ขาว', quantity: 1 }]),
    );
    expect(wrongPrice.status).toBe(409);
    expect(wrongPrice.body.code).toBe('TOTALS_CHANGED');
    const bySize = await postSale(
      t,
      cashier,
      salePayload([{ product: polo, size: 'L', color: 'ขาว', quantity: 1, price: 390 }]),
    );
    expect(bySize.status).toBe(201);
    expect(bySize.body.sale.items[0]).toMatchObject({ variant_id: l.id, price: 390 });

    const tooMany = await postSale(t, cashier, salePayload([{ product: polo, variantId: m.id, quantity: 3 }]));
    expect(tooMany.status).toBe(409);
    expect(tooMany.body).toMatchObject({ code: 'INSUFFICIENT_STOCK', details: { name: 'โปโล ดำ / M', available: 2 } });
    now = await productOf(t, polo.id);
    expect(now).toMatchObject({ stock: 2, unassigned_stock: 2 });

    const missing = await postSale(t, cashier, salePayload([{ product: polo, size: 'S', color: 'ขาว', quantity: 1 }]));
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 'VARIANT_UNKNOWN', details: { name: 'โปโล ขาว / S' } });
    const plain = await buildProduct(t);
    const foreign = await postSale(
      t,
      cashier,
      salePayload([{ product: polo, variantId: plain.variants[0]!.id, quantity: 1 }]),
    );
    expect(foreign.status).toBe(400);
    expect(foreign.body.code).toBe('VARIANT_UNKNOWN');
  });

  it('refuses a switched-off variant, and gives a refund back to the variant it sold', async () => {
    const polo = await buildPolo(t, 0);
    const m = variantOf(polo, 'M', 'ดำ');
    const sold = await postSale(t, cashier, salePayload([{ product: polo, variantId: m.id, quantity: 2 }]));
    expect(sold.status).toBe(201);
    const refund = await t.request('POST', `/api/sales/${sold.body.sale.id}/refund`, {
      token: admin,
      body: { reason: 'ลูกค้าคืน', lines: [{ saleItemId: sold.body.sale.items[0]!.id, quantity: 1 }] },
    });
    expect(refund.status).toBe(201);
    const after = await productOf(t, polo.id);
    expect(variantOf(after, 'M', 'ดำ').stock).toBe(1);
    expect(after).toMatchObject({ stock: 2, unassigned_stock: 0 });

    const off = await t.request<ProductBody>('PUT', `/api/products/${polo.id}/variants`, {
      token: admin,
      body: {
        variants: after.variants.map((v) => ({ ...v, active: !(v.size === 'M' && v.color === 'ดำ') })),
      },
    });
    expect(off.status).toBe(200);
    const refused = await postSale(t, cashier, salePayload([{ product: polo, variantId: m.id, quantity: 1 }]));
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'VARIANT_INACTIVE', details: { name: 'โปโล ดำ / M' } });
  });

  it("gives the till each product's variants that sell, a plain product's by its id alone", async () => {
    const polo = await buildPolo(t);
    const plain = await buildProduct(t);
    const off = await t.request<ProductBody>('PUT', `/api/products/${polo.id}/variants`, {
      token: admin,
      body: { variants: polo.variants.map((v) => ({ size: v.size, color: v.color, active: v.size !== 'S' })) },
    });
    expect(off.status).toBe(200);
    const res = await t.request<{ columns: PosProductColumns }>('GET', '/api/products/pos', { token: cashier });
    expect(res.status).toBe(200);
    const products = posProductsFromColumns(res.body.columns);
    const till = products.find((p) => p.id === polo.id)!;
    expect(till.unassigned_stock).toBe(3);
    // S is switched off: not sold, not sent.
    expect(till.variants.map((v) => [v.size, v.color, v.stock, v.price])).toEqual([
      ['M', 'ดำ', 2, null],
      ['L', 'ขาว', 1, 390],
    ]);
    expect(products.find((p) => p.id === plain.id)!.variants).toEqual([
      {
        id: plain.variants[0]!.id,
        size: null,
        color: null,
        sku: plain.sku,
        barcode: plain.barcode,
        stock: 25,
        price: null,
      },
    ]);
    const plainIndex = res.body.columns.id.indexOf(plain.id);
    expect(res.body.columns.plain_variant[plainIndex]).toBe(plain.variants[0]!.id);
  });

  it('sells the last unit of one variant to exactly one of 8 tills while another variant of the style sells to all', async () => {
    const style = await buildProduct(t, {
      name: 'รองเท้า',
      price: 100,
      sizes: ['40', '41'],
      variants: [
        { size: '40', color: null, stock: 1 },
        { size: '41', color: null, stock: 8 },
      ],
    });
    const last = variantOf(style, '40', null);
    const plenty = variantOf(style, '41', null);
    const tills = await Promise.all(Array.from({ length: 8 }, () => t.buildUser({ role: 'cashier' })));
    // On PostgreSQL half the tills talk to a second server process sharing the database.
    const { buildApp } = await import('../src/app');
    const second = engine === 'postgres' ? await buildApp(t.config, { logger: false }) : null;
    if (second) await second.app.listen({ port: 0, host: '127.0.0.1' });
    const secondUrl = second ? `http://127.0.0.1:${(second.app.server.address() as { port: number }).port}` : t.url;
    const sell = async (token: string, base: string, variantId: number) => {
      const res = await fetch(`${base}/api/sales`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${token}`,
          'idempotency-key': randomUUID(),
        },
        body: JSON.stringify(salePayload([{ product: style, variantId, quantity: 1 }])),
      });
      return { status: res.status, body: (await res.json()) as { code?: string; sale?: Sale } };
    };
    const results = await Promise.all(
      tills.flatMap(({ token }, i) => {
        const base = i % 2 === 0 ? t.url : secondUrl;
        return [sell(token, base, last.id), sell(token, base, plenty.id)];
      }),
    );
    await second?.app.close();
    const lastSold = results.filter((r, i) => i % 2 === 0 && r.status === 201);
    const lastRefused = results.filter((r, i) => i % 2 === 0 && r.status !== 201);
    expect(lastSold).toHaveLength(1);
    for (const r of lastRefused) expect(r).toMatchObject({ status: 409, body: { code: 'INSUFFICIENT_STOCK' } });
    expect(results.filter((_, i) => i % 2 === 1).map((r) => r.status)).toEqual(Array(8).fill(201));
    const after = await productOf(t, style.id);
    expect(after.variants.map((v) => v.stock)).toEqual([0, 0]);
    expect(after).toMatchObject({ stock: 0, unassigned_stock: 0 });
    // Every sale moved the style's figure one step, each naming its variant.
    const history = await t.request<{ movements: StockMovement[] }>(
      'GET',
      `/api/products/${style.id}/stock-movements`,
      {
        token: admin,
      },
    );
    const sales = history.body.movements.filter((m) => m.kind === 'sale');
    expect(sales.map((m) => m.new_quantity).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(sales.filter((m) => m.variant_id === last.id)).toHaveLength(1);
  });
});
