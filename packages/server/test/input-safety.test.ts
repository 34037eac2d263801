import { DEFAULT_CATEGORIES, ID_MAX, VALIDATION_MESSAGES, type Customer, type Product } from '@pos/core';
import { describe, expect, it } from 'vitest';
import { buildProduct, productFormFields, sendForm } from './helpers/catalogue-factories';
import { buildSaleCustomer, salePayload } from './helpers/sales-factories';
import { listLiveProducts } from '../src/features/products/products.queries';
import { snapshotTables } from './helpers/table-snapshot';
import { ENGINES, useTestApp, type HttpResult, type TestApp } from './helpers/test-app';

type ErrorBody = { error: string; code: string; fields?: Record<string, string> };

const NUL = '\u0000';
/** RIGHT-TO-LEFT OVERRIDE: prints what follows backwards. */
const RLO = '\u202e';

interface Case {
  name: string;
  /** The field the refusal must name. */
  field: string;
  send(t: TestApp, fixtures: Fixtures, text: (base: string) => string): Promise<HttpResult<ErrorBody>>;
}

interface Fixtures {
  admin: string;
  product: Product;
  customer: Customer;
  userId: number;
  categoryId: number;
}

let keyCounter = 0;
const idempotencyKey = () => `input-safety-${++keyCounter}-${Date.now()}`;

/** Every kind of write and search the issue names, each with one text field carrying the bad character. */
const CASES: Case[] = [
  {
    name: 'sign-in username (public)',
    field: 'username',
    send: (t, _f, text) => t.request('POST', '/api/auth/login', { body: { username: text('admin'), password: 'x' } }),
  },
  {
    name: 'product name (JSON)',
    field: 'name',
    send: (t, f, text) =>
      t.request('POST', '/api/products', {
        token: f.admin,
        body: { name: text('เสื้อยืด'), sku: `S-${++keyCounter}`, category: DEFAULT_CATEGORIES[0], price: 100 },
      }),
  },
  {
    name: 'product name (multipart form)',
    field: 'name',
    send: (t, f, text) =>
      sendForm(t, 'POST', '/api/products', { token: f.admin, fields: productFormFields({ name: text('เสื้อ') }) }),
  },
  {
    name: 'product size (multipart form)',
    field: 'sizes',
    send: (t, f, text) =>
      sendForm(t, 'PUT', `/api/products/${f.product.id}`, {
        token: f.admin,
        fields: productFormFields({ sizes: JSON.stringify(['S', text('XL')]) }),
      }),
  },
  {
    name: 'product SKU on edit (JSON)',
    field: 'sku',
    send: (t, f, text) =>
      t.request('PUT', `/api/products/${f.product.id}`, {
        token: f.admin,
        body: { name: 'ชื่อใหม่', sku: text('SKU9'), category: DEFAULT_CATEGORIES[0], price: 100 },
      }),
  },
  {
    name: 'stock adjustment note',
    field: 'note',
    send: (t, f, text) =>
      t.request('PATCH', `/api/products/${f.product.id}/stock`, {
        token: f.admin,
        body: { mode: 'add', amount: 1, expected: f.product.stock, reason: 'other', note: text('นับใหม่') },
      }),
  },
  {
    name: 'stock count reason (older form)',
    field: 'reason',
    send: (t, f, text) =>
      t.request('PATCH', `/api/products/${f.product.id}/stock`, {
        token: f.admin,
        body: { quantity: 3, reason: text('นับใหม่') },
      }),
  },
  {
    name: 'product search of 3+ characters',
    field: 'search',
    send: (t, f, text) =>
      t.request('GET', `/api/products?search=${encodeURIComponent(text('เสื้อยืด'))}`, { token: f.admin }),
  },
  {
    name: 'customer search',
    field: 'search',
    send: (t, f, text) =>
      t.request('GET', `/api/customers?search=${encodeURIComponent(text('สมชาย'))}`, { token: f.admin }),
  },
  {
    name: 'category name',
    field: 'name',
    send: (t, f, text) => t.request('POST', '/api/categories', { token: f.admin, body: { name: text('หมวดใหม่') } }),
  },
  {
    name: 'category description on edit',
    field: 'description',
    send: (t, f, text) =>
      t.request('PUT', `/api/categories/${f.categoryId}`, { token: f.admin, body: { description: text('คำอธิบาย') } }),
  },
  {
    name: 'customer name',
    field: 'name',
    send: (t, f, text) =>
      t.request('POST', '/api/customers', { token: f.admin, body: { name: text('สมชาย'), phone: '0891234567' } }),
  },
  {
    name: 'customer address on edit',
    field: 'address',
    send: (t, f, text) =>
      t.request('PUT', `/api/customers/${f.customer.id}`, { token: f.admin, body: { address: text('1 ถนนสุขุมวิท') } }),
  },
  {
    name: "user's full name",
    field: 'name',
    send: (t, f, text) =>
      t.request('POST', '/api/users', {
        token: f.admin,
        body: { username: `u${++keyCounter}`, password: 'password-123', name: text('สมหญิง'), role: 'cashier' },
      }),
  },
  {
    name: "user's full name on edit",
    field: 'name',
    send: (t, f, text) => t.request('PUT', `/api/users/${f.userId}`, { token: f.admin, body: { name: text('สมหญิง') } }),
  },
  {
    name: "the store's name",
    field: 'settings.system.storeName',
    send: (t, f, text) =>
      t.request('PUT', '/api/settings', { token: f.admin, body: { settings: { system: { storeName: text('ร้าน') } } } }),
  },
  {
    name: "the store's address",
    field: 'settings.system.address',
    send: (t, f, text) =>
      t.request('PUT', '/api/settings', {
        token: f.admin,
        body: { settings: { system: { address: text('99 ถนนพระราม 4') } } },
      }),
  },
  {
    name: 'sale notes',
    field: 'notes',
    send: (t, f, text) =>
      t.request('POST', '/api/sales', {
        token: f.admin,
        headers: { 'idempotency-key': idempotencyKey() },
        body: salePayload([{ product: f.product, quantity: 1 }], { notes: text('ลูกค้าประจำ') }),
      }),
  },
  {
    name: 'sale line size',
    field: 'items.0.size',
    send: (t, f, text) =>
      t.request('POST', '/api/sales', {
        token: f.admin,
        headers: { 'idempotency-key': idempotencyKey() },
        body: salePayload([{ product: f.product, quantity: 1, size: text('M') }]),
      }),
  },
  {
    name: 'sale line product name',
    field: 'items.0.name',
    send: (t, f, text) => {
      const body = salePayload([{ product: f.product, quantity: 1 }]);
      const [line] = body.items;
      return t.request('POST', '/api/sales', {
        token: f.admin,
        headers: { 'idempotency-key': idempotencyKey() },
        body: { ...body, items: [{ ...line, name: text('เสื้อ') }] },
      });
    },
  },
  {
    name: 'VAT approver username',
    field: 'username',
    send: (t, f, text) =>
      t.request('POST', '/api/sales/vat-exclusion-approvals', {
        token: f.admin,
        body: { username: text('admin'), password: 'x' },
      }),
  },
];

/** Expects a 400 naming `field` with `message`, and no table changed. */
async function expectRefused(
  t: TestApp,
  c: Case,
  f: Fixtures,
  text: (base: string) => string,
  message: string,
): Promise<void> {
  // login_throttle: the sign-in throttle counts refused sign-ins by design.
  const before = await snapshotTables(t, ['login_throttle']);
  const res = await c.send(t, f, text);
  expect(res.status, c.name).toBe(400);
  expect(res.body.code, c.name).toBe('VALIDATION_FAILED');
  expect(res.body.fields?.[c.field], c.name).toBe(message);
  expect(await snapshotTables(t, ['login_throttle']), c.name).toEqual(before);
}

describe.each(ENGINES)('text that never reaches the database raw on %s', (engine) => {
  const t = useTestApp(engine);

  async function fixtures(): Promise<Fixtures> {
    const admin = await t.adminToken();
    const product = await buildProduct(t, { name: 'เสื้อยืดสีขาว', price: 100, stock: 20, sizes: ['S', 'M', 'XL'] });
    const customer = await buildSaleCustomer(t, 0, 'สมชาย ใจดี');
    const { user } = await t.buildUser({ role: 'cashier' });
    const categories = await t.request<{ categories: { id: number }[] }>('GET', '/api/categories', { token: admin });
    return { admin, product, customer, userId: user.id, categoryId: categories.body.categories[0]?.id ?? 0 };
  }

  it('refuses NUL and other control characters in every text field and search, changing nothing', async () => {
    const f = await fixtures();
    for (const c of CASES) {
      await expectRefused(
        t,
        c,
        f,
        (base) => `${base.slice(0, 2)}${NUL}${base.slice(2)}`,
        VALIDATION_MESSAGES['text.controlChars'],
      );
    }
    // A C1 control (NEXT LINE) and an escape character are refused the same way.
    for (const bad of ['\u0085', '\u001b']) {
      await expectRefused(t, CASES[1]!, f, (base) => `${base}${bad}`, VALIDATION_MESSAGES['text.controlChars']);
    }
  });

  it('refuses bidirectional override and isolate characters in every text field, changing nothing', async () => {
    const f = await fixtures();
    for (const c of CASES) {
      await expectRefused(t, c, f, (base) => `${RLO}${base}`, VALIDATION_MESSAGES['text.bidiControls']);
    }
    for (const bidi of ['\u202a', '\u202d', '\u2066', '\u2069']) {
      await expectRefused(t, CASES[1]!, f, (base) => `${base}${bidi}x`, VALIDATION_MESSAGES['text.bidiControls']);
    }
  });

  it('refuses a tab or line break in one-line text but keeps them in addresses, notes and descriptions', async () => {
    const f = await fixtures();
    await expectRefused(t, CASES[11]!, f, (base) => `${base}\tจูเนียร์`, VALIDATION_MESSAGES['text.controlChars']);
    const address = '99/1 หมู่ 2\nถนนสุขุมวิท\tแขวงคลองเตย';
    const customer = await t.request<{ customer: Customer }>('PUT', `/api/customers/${f.customer.id}`, {
      token: f.admin,
      body: { address },
    });
    expect(customer.status).toBe(200);
    expect(customer.body.customer.address).toBe(address);
    const settings = await t.request<{ settings: { system: { address: string } } }>('PUT', '/api/settings', {
      token: f.admin,
      body: { settings: { system: { address } } },
    });
    expect(settings.status).toBe(200);
    expect(settings.body.settings.system.address).toBe(address);
  });

  it('finds products by any printable term, quotes and FTS5 operators included', async () => {
    const f = await fixtures();
    const odd = await buildProduct(t, { name: 'ป้าย "NEAR" * ^ (A OR B) 100% a_b\\c' });
    for (const term of ['"NEAR"', '* ^ (A', 'OR B)', '100%', 'a_b\\c', '"', '" *']) {
      const res = await t.request<{ products: Product[] }>('GET', `/api/products?search=${encodeURIComponent(term)}`, {
        token: f.admin,
      });
      expect(res.status, term).toBe(200);
      expect(
        res.body.products.map((p) => p.id),
        term,
      ).toContain(odd.id);
    }
  });

  it('never hands FTS5 or PostgreSQL a NUL, even when a caller skips the request schema', async () => {
    await buildProduct(t, { name: 'กางเกงยีนส์' });
    for (const search of ['ก\u0000างเกง', 'กางเกง\u0000', '\u0000\u0000\u0000', 'a\u0000']) {
      const db = t.built.deps.db;
      await expect(
        listLiveProducts(db.kysely, db.engine, { search, limit: 10 }),
        JSON.stringify(search),
      ).resolves.toEqual([]);
    }
  });
});

describe.each(ENGINES)('ids beyond the id columns on %s', (engine) => {
  const t = useTestApp(engine);
  const HUGE = [2 ** 31, 2 ** 53 - 1];

  it(`answers every /{id} route with 400 for ids from 2^31 and 404 for ${ID_MAX}`, async () => {
    const admin = await t.adminToken();
    const idRoutes = t.built.routes.filter((r) => r.url.includes(':id'));
    expect(idRoutes.length).toBeGreaterThanOrEqual(16);
    for (const route of idRoutes) {
      for (const id of HUGE) {
        // Every id the path names (a credit note's route names the invoice and the refund) is that id.
        const res = await t.request<ErrorBody>(route.method, `${route.url.replace(/:\w+/g, String(id))}`, {
          token: admin,
        });
        expect(res.status, `${route.method} ${route.url} ${id}`).toBe(400);
        expect(res.body.code).toBe('VALIDATION_FAILED');
        expect(res.body.fields?.id).toBe('รหัสไม่ถูกต้อง');
      }
      if (route.method === 'GET') {
        const res = await t.request<ErrorBody>('GET', route.url.replace(/:\w+/g, String(ID_MAX)), { token: admin });
        expect(res.status, `${route.url} ${ID_MAX}`).toBe(404);
      }
    }
  });

  it('refuses huge ids inside bodies and query strings, changing nothing', async () => {
    const admin = await t.adminToken();
    const product = await buildProduct(t, { price: 100, stock: 5 });
    const customer = await buildSaleCustomer(t, 10);
    const sale = salePayload([{ product, quantity: 1 }]);
    const [line] = sale.items;
    for (const id of HUGE) {
      const cases: [string, string, string, unknown][] = [
        ['POST', '/api/products', 'category_id', { name: 'x', sku: `H-${id}`, category_id: id, price: 10 }],
        ['POST', '/api/sales', 'items.0.productId', { ...sale, items: [{ ...line, productId: id }] }],
        ['POST', '/api/sales', 'customerId', { ...sale, customerId: id }],
        ['POST', '/api/sales', 'replacesSaleId', { ...sale, replacesSaleId: id }],
        ['POST', '/api/sales', 'pointsUsed', { ...sale, customerId: customer.id, pointsUsed: id }],
        ['PUT', '/api/categories/reorder', 'ids.0', { ids: [id] }],
        ['PUT', '/api/categories/reorder', 'categories.0.id', { categories: [{ id, sort_order: 1 }] }],
        ['GET', `/api/products?category_id=${id}`, 'category_id', undefined],
        ['GET', `/api/products/${product.id}/stock-movements?before=${id}`, 'before', undefined],
      ];
      for (const [method, url, field, body] of cases) {
        const before = await snapshotTables(t);
        const res = await t.request<ErrorBody>(method, url, {
          token: admin,
          body,
          headers: { 'idempotency-key': idempotencyKey() },
        });
        expect(res.status, `${method} ${url} ${field} ${id}`).toBe(400);
        expect(res.body.fields?.[field], `${field} ${id}`).toBeDefined();
        expect(await snapshotTables(t)).toEqual(before);
      }
    }
  });
});
