import { randomUUID } from 'node:crypto';
import { type Customer, type Product, type Sale } from '@pos/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildProduct, stockOf } from './helpers/catalogue-factories';
import {
  buildSaleCustomer,
  postSale,
  registerForVat,
  // These tests are about a shop registered for VAT: 3 % on top unless a test says otherwise.
  vatShopSalePayload as salePayload,
  vatShopTerms,
} from './helpers/sales-factories';
import { ENGINES, useTestApp, type TestApp } from './helpers/test-app';

async function saleCount(t: TestApp): Promise<number> {
  const rows = await t.built.deps.db.kysely.selectFrom('sales').select('id').execute();
  return rows.length;
}

async function customerOf(t: TestApp, token: string, id: number): Promise<Customer> {
  return (await t.request<{ customer: Customer }>('GET', `/api/customers/${id}`, { token })).body.customer;
}

async function setSettings(t: TestApp, settings: Record<string, unknown>): Promise<void> {
  const res = await t.request('PUT', '/api/settings', { token: await t.adminToken(), body: { settings } });
  expect(res.status).toBe(200);
}

describe.each(ENGINES)('selling on %s', (engine) => {
  const t = useTestApp(engine);
  beforeAll(() => registerForVat(t));

  it('works out every figure as spec 000 §9 says (tax on top, 3 %)', async () => {
    const { token } = await t.buildUser({ role: 'cashier' });
    const shirt = await buildProduct(t, { price: 450, stock: 10 });
    const belt = await buildProduct(t, { price: 199.5, stock: 10 });
    const customer = await buildSaleCustomer(t, 120);

    const plain = await postSale(
      t,
      token,
      salePayload([
        { product: shirt, quantity: 2 },
        { product: belt, quantity: 1 },
      ]),
    );
    expect(plain.status).toBe(201);
    // A walk-in sale: the arithmetic gives 11 points, but there is nobody to give them to.
    expect(plain.body.sale).toMatchObject({
      subtotal: 1099.5,
      discount: 0,
      tax: 32.99,
      total: 1132.49,
      points_earned: 0,
    });
    expect(plain.body).toMatchObject({ total: 1132.49, pointsEarned: 0, paymentMethod: 'cash' });

    const withPoints = await postSale(
      t,
      token,
      salePayload(
        [
          { product: shirt, quantity: 2 },
          { product: belt, quantity: 1 },
        ],
        { customerId: customer.id, pointsUsed: 50 },
      ),
    );
    expect(withPoints.status).toBe(201);
    expect(withPoints.body.sale).toMatchObject({
      subtotal: 1099.5,
      discount: 50,
      tax: 31.49,
      total: 1080.99,
      points_earned: 10,
    });
    expect(withPoints.body.sale.final_loyalty_points).toBe(120 - 50 + 10);
    const after = await customerOf(t, token, customer.id);
    expect(after).toMatchObject({ loyalty_points: 80, total_purchases: 1, total_spent: 1080.99 });
    expect(after.last_purchase).not.toBeNull();

    const noVat = await postSale(t, token, salePayload([{ product: belt, quantity: 2 }], { excludeVAT: true }));
    expect(noVat.body.sale).toMatchObject({
      subtotal: 399,
      tax: 0,
      total: 399,
      points_earned: 0,
      exclude_vat: true,
      tax_rate: 0,
    });
    expect(await stockOf(t, shirt.id)).toBe(6);
    expect(await stockOf(t, belt.id)).toBe(6);
  });

  it('works out VAT-inclusive shelf prices when the shop turns that on', async () => {
    const { token } = await t.buildUser({ role: 'cashier' });
    const bag = await buildProduct(t, { price: 1099.5, stock: 5 });
    const system = { pricesIncludeVat: true, taxRate: 7 };
    await setSettings(t, { system });
    const settings = vatShopTerms(system);
    const res = await postSale(t, token, salePayload([{ product: bag, quantity: 1 }], { settings }));
    expect(res.status).toBe(201);
    expect(res.body.sale).toMatchObject({
      subtotal: 1099.5,
      tax: 71.93,
      total: 1099.5,
      prices_include_vat: true,
      tax_rate: 7,
    });
    await setSettings(t, { system: { pricesIncludeVat: false, taxRate: 3 } });
  });

  it('numbers documents R<Buddhist year>-000001 and keeps a frozen copy of each line', async () => {
    const { token, user } = await t.buildUser({ role: 'cashier', name: 'แคชเชียร์ เอ' });
    const shoe = await buildProduct(t, {
      name: 'รองเท้าผ้าใบ',
      price: 1290,
      stock: 3,
      sizes: ['40', '41'],
      colors: ['ขาว'],
    });
    const res = await postSale(t, token, salePayload([{ product: shoe, quantity: 1, size: '41', color: 'ขาว' }]));
    const sale = res.body.sale;
    const beYear =
      Number(new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Bangkok', year: 'numeric' }).format(new Date())) + 543;
    expect(sale.document_number).toMatch(new RegExp(`^R${beYear}-\\d{6}$`));
    expect(sale).toMatchObject({ created_by: user.id, created_by_name: 'แคชเชียร์ เอ', status: 'completed' });
    expect(sale.items[0]).toMatchObject({
      product_id: shoe.id,
      product_name: 'รองเท้าผ้าใบ',
      price: 1290,
      quantity: 1,
      size: '41',
      color: 'ขาว',
      sizes: ['41'],
      colors: ['ขาว'],
    });

    const admin = await t.adminToken();
    await t.built.deps.db.kysely
      .updateTable('products')
      .set({ name: 'ชื่อใหม่', price: 1 })
      .where('id', '=', shoe.id)
      .execute();
    const later = await t.request<{ sale: Sale }>('GET', `/api/sales/${sale.id}`, { token: admin });
    expect(later.body.sale.items[0]).toMatchObject({ product_name: 'รองเท้าผ้าใบ', price: 1290 });
    const movement = await t.built.deps.db.kysely
      .selectFrom('stock_movements')
      .selectAll()
      .where('sale_id', '=', sale.id)
      .executeTakeFirstOrThrow();
    expect(movement).toMatchObject({ kind: 'sale', old_quantity: 3, new_quantity: 2, user_id: user.id });
  });

  it('records the size and colour sold on each line; two sizes of one product are two lines', async () => {
    const { token } = await t.buildUser({ role: 'cashier' });
    const tee = await buildProduct(t, {
      price: 299,
      original_price: 399,
      stock: 3,
      sizes: ['S', 'M', 'L'],
      colors: ['แดง', 'น้ำเงิน'],
    });
    // A "usual" price below the price is no discount and is not kept.
    const plain = await buildProduct(t, { price: 50, original_price: 40, stock: 5 });
    const res = await postSale(
      t,
      token,
      salePayload([
        { product: tee, quantity: 1, size: 'M', color: 'แดง' },
        { product: tee, quantity: 2, size: 'L', color: 'น้ำเงิน' },
        { product: plain, quantity: 1 },
      ]),
    );
    expect(res.status).toBe(201);
    expect(
      res.body.sale.items.map(({ size, color, sizes, colors, quantity }) => ({ size, color, sizes, colors, quantity })),
    ).toEqual([
      { size: 'M', color: 'แดง', sizes: ['M'], colors: ['แดง'], quantity: 1 },
      { size: 'L', color: 'น้ำเงิน', sizes: ['L'], colors: ['น้ำเงิน'], quantity: 2 },
      { size: null, color: null, sizes: [], colors: [], quantity: 1 },
    ]);
    // The stock check adds up the lines of one product: 3 on the shelf, 3 sold.
    expect(await stockOf(t, tee.id)).toBe(0);
    const admin = await t.adminToken();
    const read = await t.request<{ sale: Sale }>('GET', `/api/sales/${res.body.sale.id}`, { token: admin });
    expect(read.body.sale.items[1]).toMatchObject({ size: 'L', color: 'น้ำเงิน' });
    expect(read.body.sale.items.map((i) => i.original_price)).toEqual([399, 399, null]);

    // A payload of the spec's shape, the chosen size as a one-element list, is still understood.
    const cap = await buildProduct(t, { price: 120, stock: 2, sizes: ['Free'], colors: ['ดำ', 'ขาว'] });
    const legacy = salePayload([{ product: cap, quantity: 1 }]);
    legacy.items = legacy.items.map(({ size: _s, color: _c, ...item }) => ({
      ...item,
      sizes: ['Free'],
      colors: ['ดำ'],
    }));
    const legacyRes = await postSale(t, token, legacy);
    expect(legacyRes.status).toBe(201);
    expect(legacyRes.body.sale.items[0]).toMatchObject({ size: 'Free', color: 'ดำ' });
  });

  it('refuses a line without a size or colour the product offers, and changes nothing', async () => {
    const { token } = await t.buildUser({ role: 'cashier' });
    const tee = await buildProduct(t, { price: 299, stock: 5, sizes: ['S', 'M'], colors: ['แดง'] });
    const onlySizes = await buildProduct(t, { price: 199, stock: 5, sizes: ['38', '39'] });
    const plain = await buildProduct(t, { price: 50, stock: 5 });
    const before = await saleCount(t);
    const cases: [string, Parameters<typeof salePayload>[0], string][] = [
      ['no size', [{ product: tee, quantity: 1, color: 'แดง' }], 'SIZE_REQUIRED'],
      ['no colour', [{ product: tee, quantity: 1, size: 'S' }], 'COLOR_REQUIRED'],
      ['blank size', [{ product: tee, quantity: 1, size: '  ', color: 'แดง' }], 'SIZE_REQUIRED'],
      ['size not offered', [{ product: tee, quantity: 1, size: 'XL', color: 'แดง' }], 'SIZE_NOT_OFFERED'],
      ['colour not offered', [{ product: tee, quantity: 1, size: 'S', color: 'เขียว' }], 'COLOR_NOT_OFFERED'],
      [
        'colour on a product without colours',
        [{ product: onlySizes, quantity: 1, size: '38', color: 'แดง' }],
        'COLOR_NOT_OFFERED',
      ],
      ['size on a product without sizes', [{ product: plain, quantity: 1, size: 'M' }], 'SIZE_NOT_OFFERED'],
      [
        'one good line, one bad',
        [
          { product: plain, quantity: 1 },
          { product: tee, quantity: 1, size: 's', color: 'แดง' },
        ],
        'SIZE_NOT_OFFERED',
      ],
    ];
    for (const [name, lines, code] of cases) {
      const res = await postSale(t, token, salePayload(lines));
      expect(res.status, name).toBe(400);
      expect(res.body.code, name).toBe(code);
      expect(res.body.error, name).toMatch(/[\u0E00-\u0E7F]/);
      expect(res.body.details, name).toMatchObject({ productId: expect.any(Number) });
    }
    const tooLong = await postSale(
      t,
      token,
      salePayload([{ product: tee, quantity: 1, size: 'S'.repeat(51), color: 'แดง' }]),
    );
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.code).toBe('VALIDATION_FAILED');
    expect(await saleCount(t)).toBe(before);
    expect(await stockOf(t, tee.id)).toBe(5);
    expect(await stockOf(t, plain.id)).toBe(5);
  });

  it('records cash received and change, and a transfer reference', async () => {
    const { token } = await t.buildUser({ role: 'cashier' });
    const cap = await buildProduct(t, { price: 250, stock: 10 });
    const cash = await postSale(t, token, salePayload([{ product: cap, quantity: 2 }], { cashReceived: 600 }));
    expect(cash.body.sale.payment).toEqual({
      method: 'cash',
      amount: 515,
      cash_received: 600,
      change: 85,
      reference: null,
    });
    const short = await postSale(t, token, salePayload([{ product: cap, quantity: 2 }], { cashReceived: 500 }));
    expect(short.status).toBe(400);
    expect(short.body.code).toBe('CASH_TOO_LOW');
    const transfer = await postSale(
      t,
      token,
      salePayload([{ product: cap, quantity: 1 }], { paymentMethod: 'transfer', paymentReference: 'KBANK-1234' }),
    );
    expect(transfer.body.sale.payment).toMatchObject({
      method: 'transfer',
      reference: 'KBANK-1234',
      cash_received: null,
    });
  });

  it('records a sale that points pay in full without asking for money, whatever methods are on', async () => {
    const { token } = await t.buildUser({ role: 'cashier' });
    const pin = await buildProduct(t, { price: 100, stock: 5 });
    const customer = await buildSaleCustomer(t, 250);
    // A shop that takes PromptPay only: no cash, no transfer.
    await setSettings(t, {
      payment: { cashEnabled: false, transferEnabled: false, promptpayEnabled: true, promptpayId: '0812345678' },
    });
    const free = salePayload([{ product: pin, quantity: 1 }], {
      customerId: customer.id,
      pointsUsed: 100,
      paymentMethod: 'cash',
      cashReceived: 0,
    });
    expect(free.total).toBe(0);
    const res = await postSale(t, token, free);
    expect(res.status).toBe(201);
    expect(res.body.sale).toMatchObject({ subtotal: 100, discount: 100, tax: 0, total: 0, points_used: 100 });
    expect(res.body.sale.payment).toEqual({
      method: 'cash',
      amount: 0,
      cash_received: 0,
      change: 0,
      reference: null,
    });
    expect((await customerOf(t, token, customer.id)).loyalty_points).toBe(150);
    expect(await stockOf(t, pin.id)).toBe(4);

    // The exemption is for a zero total only: a paid sale still needs an enabled method...
    const paid = await postSale(t, token, salePayload([{ product: pin, quantity: 1 }], { paymentMethod: 'cash' }));
    expect(paid.body.code).toBe('PAYMENT_METHOD_DISABLED');
    // ...and a client that claims a zero total the server does not agree with is refused.
    const claimed = await postSale(t, token, { ...salePayload([{ product: pin, quantity: 1 }]), total: 0 });
    expect(claimed.status).toBe(409);
    expect(claimed.body.code).toBe('TOTALS_CHANGED');
    // A zero total with a switched-off method other than the zero-total one is still refused.
    const transfer = await postSale(t, token, {
      ...free,
      paymentMethod: 'transfer',
      cashReceived: null,
    });
    expect(transfer.body.code).toBe('PAYMENT_METHOD_DISABLED');
    expect(await stockOf(t, pin.id)).toBe(4);
    // The other tests share the shop's settings.
    await setSettings(t, {
      payment: { cashEnabled: true, transferEnabled: true, promptpayEnabled: false, promptpayId: '' },
    });
  });

  it('refuses bad sales with a Thai message and changes nothing', async () => {
    const { token } = await t.buildUser({ role: 'cashier' });
    const item = await buildProduct(t, { price: 100, stock: 2 });
    const gone = await buildProduct(t, { price: 100, stock: 2 });
    await t.built.deps.db.kysely
      .updateTable('products')
      .set({ deleted_at: new Date().toISOString() })
      .where('id', '=', gone.id)
      .execute();
    const poor = await buildSaleCustomer(t, 5);
    const rich = await buildSaleCustomer(t, 1000);
    const line = [{ product: item, quantity: 1 }];
    const before = await saleCount(t);

    const cases: [string, unknown, number, string][] = [
      ['empty cart', { ...salePayload(line), items: [] }, 400, 'VALIDATION_FAILED'],
      [
        'zero quantity',
        { ...salePayload(line), items: [{ ...salePayload(line).items[0], quantity: 0 }] },
        400,
        'VALIDATION_FAILED',
      ],
      [
        'fractional quantity',
        { ...salePayload(line), items: [{ ...salePayload(line).items[0], quantity: 1.5 }] },
        400,
        'VALIDATION_FAILED',
      ],
      ['more than in stock', salePayload([{ product: item, quantity: 3 }]), 409, 'INSUFFICIENT_STOCK'],
      ['points without a customer', salePayload(line, { pointsUsed: 5 }), 400, 'POINTS_NEED_CUSTOMER'],
      [
        'points above the balance',
        salePayload(line, { customerId: poor.id, pointsUsed: 6 }),
        400,
        'INSUFFICIENT_POINTS',
      ],
      [
        'discount above the subtotal',
        { ...salePayload(line, { customerId: rich.id }), pointsUsed: 101 },
        400,
        'DISCOUNT_OVER_SUBTOTAL',
      ],
      ['unknown customer', salePayload(line, { customerId: 999_999 }), 404, 'CUSTOMER_NOT_FOUND'],
      [
        'unknown product',
        { ...salePayload(line), items: [{ ...salePayload(line).items[0], productId: 999_999 }] },
        409,
        'PRODUCT_UNAVAILABLE',
      ],
      ['deleted product', salePayload([{ product: gone, quantity: 1 }]), 409, 'PRODUCT_UNAVAILABLE'],
      ['unknown payment method', { ...salePayload(line), paymentMethod: 'bitcoin' }, 400, 'VALIDATION_FAILED'],
      ['PromptPay not enabled', salePayload(line, { paymentMethod: 'promptpay' }), 400, 'PAYMENT_METHOD_DISABLED'],
      [
        'card before the card checkout exists',
        salePayload(line, { paymentMethod: 'card' }),
        400,
        'PAYMENT_METHOD_DISABLED',
      ],
      ['tampered total', { ...salePayload(line), total: 1 }, 409, 'TOTALS_CHANGED'],
      [
        'tampered line price',
        { ...salePayload(line), items: [{ ...salePayload(line).items[0], price: 1 }] },
        409,
        'TOTALS_CHANGED',
      ],
    ];
    for (const [name, body, status, code] of cases) {
      const res = await postSale(t, token, body);
      expect(res.status, name).toBe(status);
      expect(res.body.code, name).toBe(code);
      expect(res.body.error, name).toMatch(/[\u0E00-\u0E7F]/);
    }
    const missingKey = await t.request('POST', '/api/sales', { token, body: salePayload(line) });
    expect(missingKey.status).toBe(400);

    await setSettings(t, { payment: { promptpayEnabled: true, promptpayId: '' } });
    const unconfigured = await postSale(t, token, salePayload(line, { paymentMethod: 'promptpay' }));
    expect(unconfigured.body.code).toBe('PROMPTPAY_NOT_CONFIGURED');
    await setSettings(t, { payment: { promptpayEnabled: true, promptpayId: '0812345678' } });
    expect((await postSale(t, token, salePayload(line, { paymentMethod: 'promptpay' }))).status).toBe(201);

    expect(await saleCount(t)).toBe(before + 1);
    expect(await stockOf(t, item.id)).toBe(1);
    expect((await customerOf(t, token, poor.id)).loyalty_points).toBe(5);
    expect((await customerOf(t, token, rich.id)).loyalty_points).toBe(1000);
  });

  it('answers a price changed after the cart was built with 409 and the new figures', async () => {
    const { token } = await t.buildUser({ role: 'cashier' });
    const dress = await buildProduct(t, { price: 890, stock: 5 });
    const stale = salePayload([{ product: dress, quantity: 1 }]);
    await t.built.deps.db.kysely.updateTable('products').set({ price: 99_000 }).where('id', '=', dress.id).execute();
    const res = await postSale(t, token, stale);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('TOTALS_CHANGED');
    expect(res.body.details).toEqual({
      server: {
        subtotal: 990,
        discount: 0,
        tax: 29.7,
        total: 1019.7,
        pointsEarned: 10,
        items: [{ productId: dress.id, price: 990 }],
      },
    });
    expect(await stockOf(t, dress.id)).toBe(5);
    const fresh = salePayload([{ product: { ...dress, price: 990 } as Product, quantity: 1 }]);
    expect((await postSale(t, token, fresh)).status).toBe(201);
  });

  it('replays a retry with the same key and refuses the key with another body', async () => {
    const { token } = await t.buildUser({ role: 'cashier' });
    const scarf = await buildProduct(t, { price: 150, stock: 5 });
    const customer = await buildSaleCustomer(t);
    const key = randomUUID();
    const body = salePayload([{ product: scarf, quantity: 1 }], { customerId: customer.id });
    const first = await postSale(t, token, body, key);
    const second = await postSale(t, token, body, key);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(await stockOf(t, scarf.id)).toBe(4);
    expect((await customerOf(t, token, customer.id)).total_purchases).toBe(1);
    const other = await postSale(t, token, salePayload([{ product: scarf, quantity: 2 }]), key);
    expect(other.status).toBe(409);
    expect(other.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('records a sale once when its retries arrive while it is still being written, taking the last units', async () => {
    const { token } = await t.buildUser({ role: 'cashier' });
    const belt = await buildProduct(t, { price: 390, stock: 2 });
    const key = randomUUID();
    const body = salePayload([{ product: belt, quantity: 2 }]);
    // Six tries under one key at once (a till retrying a slow answer): the first takes both units, the
    // others must replay it, never answer "out of stock" for units their own first try took.
    const answers = await Promise.all(Array.from({ length: 6 }, () => postSale(t, token, body, key)));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201, 201]);
    expect(new Set(answers.map((a) => a.body.sale.document_number)).size).toBe(1);
    expect(await stockOf(t, belt.id)).toBe(0);
    // The key with another body, also at once: refused, and nothing sold.
    const other = await Promise.all(
      [1, 2].map(() => postSale(t, token, salePayload([{ product: belt, quantity: 1 }]), key)),
    );
    expect(other.map((a) => [a.status, a.body.code])).toEqual([
      [409, 'IDEMPOTENCY_KEY_REUSED'],
      [409, 'IDEMPOTENCY_KEY_REUSED'],
    ]);
  });

  it('accepts a replacement only for a sale refunded for editing, once', async () => {
    const { token, user } = await t.buildUser({ role: 'cashier' });
    const sock = await buildProduct(t, { price: 59, stock: 10 });
    const original = (await postSale(t, token, salePayload([{ product: sock, quantity: 1 }]))).body.sale;
    const replacement = salePayload([{ product: sock, quantity: 2 }], { replacesSaleId: original.id });
    const early = await postSale(t, token, replacement);
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('SALE_NOT_REPLACEABLE');

    const db = t.built.deps.db.kysely;
    await db.updateTable('sales').set({ status: 'refunded' }).where('id', '=', original.id).execute();
    await db
      .insertInto('refunds')
      .values({
        sale_id: original.id,
        reason: 'edit_sale',
        amount: 6077,
        refund_method: 'cash',
        edit_reason: 'wrong_quantity',
        edit_details: null,
        refunded_by: user.id,
        created_at: new Date().toISOString(),
      })
      .execute();
    const ok = await postSale(t, token, replacement);
    expect(ok.status).toBe(201);
    expect(ok.body.sale.replaces_sale_id).toBe(original.id);
    const again = await postSale(t, token, replacement);
    expect(again.body.code).toBe('SALE_NOT_REPLACEABLE');
    expect(
      (await postSale(t, token, salePayload([{ product: sock, quantity: 1 }], { replacesSaleId: 999_999 }))).status,
    ).toBe(404);
  });

  it('lets only pos_process_sale holders sell', async () => {
    const { token } = await t.buildUser({ role: 'viewer' });
    const item = await buildProduct(t, { price: 10, stock: 1 });
    const res = await postSale(t, token, salePayload([{ product: item, quantity: 1 }]));
    expect(res.status).toBe(403);
    expect(await stockOf(t, item.id)).toBe(1);
  });
});

describe.each(ENGINES)('selling the last units from many tills at once on %s', (engine) => {
  const t = useTestApp(engine);
  beforeAll(() => registerForVat(t));

  it('sells exactly what is on the shelf, numbers without gaps, and keeps points exact', async () => {
    const tills = await Promise.all(Array.from({ length: 8 }, () => t.buildUser({ role: 'cashier' })));
    const last = await buildProduct(t, { price: 500, stock: 5 });
    const customer = await buildSaleCustomer(t, 0);
    const body = salePayload([{ product: last, quantity: 1 }], { customerId: customer.id });

    // On PostgreSQL half the tills talk to a second server process sharing the database.
    const { buildApp } = await import('../src/app');
    const second = engine === 'postgres' ? await buildApp(t.config, { logger: false }) : null;
    if (second) await second.app.listen({ port: 0, host: '127.0.0.1' });
    const secondUrl = second ? `http://127.0.0.1:${(second.app.server.address() as { port: number }).port}` : t.url;

    const before = t.built.deps.db.writeStats?.();
    const results = await Promise.all(
      tills.map(async ({ token }, i) => {
        const base = i % 2 === 0 ? t.url : secondUrl;
        const res = await fetch(`${base}/api/sales`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${token}`,
            'idempotency-key': randomUUID(),
          },
          body: JSON.stringify(body),
        });
        return { status: res.status, body: (await res.json()) as { code?: string; sale?: Sale } };
      }),
    );
    await second?.app.close();

    const sold = results.filter((r) => r.status === 201);
    const refused = results.filter((r) => r.status !== 201);
    expect(sold).toHaveLength(5);
    expect(refused).toHaveLength(3);
    for (const r of refused) expect(r).toMatchObject({ status: 409, body: { code: 'INSUFFICIENT_STOCK' } });
    expect(await stockOf(t, last.id)).toBe(0);

    const numbers = sold.map((r) => Number(r.body.sale!.document_number.split('-')[1])).sort((a, b) => a - b);
    expect(numbers).toEqual([1, 2, 3, 4, 5]);
    const admin = await t.adminToken();
    const after = await customerOf(t, admin, customer.id);
    expect(after).toMatchObject({ total_purchases: 5, total_spent: 5 * 515, loyalty_points: 5 * 5 });
    // Each sale answers the balance and records the stock it left, one after the other (on SQLite
    // worked out from what its own transaction read, several sales sharing one commit).
    const balances = sold.map((r) => r.body.sale!.final_loyalty_points).sort((a, b) => a! - b!);
    expect(balances).toEqual([5, 10, 15, 20, 25]);
    const history = await t.request<{ movements: { kind: string; old_quantity: number; new_quantity: number }[] }>(
      'GET',
      `/api/products/${last.id}/stock-movements`,
      { token: admin },
    );
    const sales = history.body.movements.filter((m) => m.kind === 'sale');
    expect(sales.map((m) => [m.old_quantity, m.new_quantity])).toEqual([
      [1, 0],
      [2, 1],
      [3, 2],
      [4, 3],
      [5, 4],
    ]);
    // SQLite: the sales that arrived together shared commits (group-commit.ts), the refused ones
    // rolled back only their own savepoints.
    const stats = t.built.deps.db.writeStats?.();
    if (engine === 'sqlite') {
      expect(stats!.transactions - before!.transactions).toBe(8);
      expect(stats!.commits - before!.commits).toBeLessThan(8);
    }
  });
});
