import { DEFAULT_CATEGORIES, validationText, msg, type Customer, type Product, type Sale } from '@pos/core';
import { describe, expect, it } from 'vitest';
import { buildProduct, productFormFields, sendForm } from './helpers/catalogue-factories';
import { buildSaleCustomer, postSale, salePayload, uniqueTestPhone } from './helpers/sales-factories';
import { snapshotTables } from './helpers/table-snapshot';
import { ENGINES, useTestApp, type HttpResult, type TestApp } from './helpers/test-app';

type Body = Record<string, unknown> & { code?: string; fields?: Record<string, string> };

interface Fixtures {
  admin: string;
  product: Product;
  customer: Customer;
  saleId: number;
}

/** The marks that reorder printed text: LEFT-TO-RIGHT MARK, RIGHT-TO-LEFT MARK, ARABIC LETTER MARK. */
const MARKS: [string, string][] = [
  ['\u200e', 'U+200E'],
  ['\u200f', 'U+200F'],
  ['\u061c', 'U+061C'],
];
/** Invisible characters pasted text carries: taken out. */
const ZERO_WIDTH = ['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff'];

let counter = 0;
const unique = () => `${Date.now().toString(36)}${++counter}`;
const path = (body: unknown, keys: (string | number)[]): unknown =>
  keys.reduce<unknown>((v, k) => (v as Record<string | number, unknown> | undefined)?.[k], body);

interface PrintedField {
  /** What prints it. */
  name: string;
  /** The request field a refusal names. */
  field: string;
  /** Sends `text` in the field (`base` is a valid value to dress up). */
  send(t: TestApp, f: Fixtures, text: string): Promise<HttpResult<Body>>;
  base: string;
  /** Where the answer shows the stored value. */
  stored: (string | number)[];
  /** Multi-line: line separators become line breaks rather than spaces. */
  multiLine?: boolean;
}

const settingsField = (key: string, base: string, multiLine = false): PrintedField => ({
  name: `store ${key} (receipt, tax invoice and credit note header)`,
  field: `settings.system.${key}`,
  base,
  multiLine,
  stored: ['settings', 'system', key],
  send: (t, f, text) =>
    t.request('PUT', '/api/settings', { token: f.admin, body: { settings: { system: { [key]: text } } } }),
});

/** Every text a receipt, tax invoice, credit note or barcode label prints, and the names of people and things. */
const PRINTED: PrintedField[] = [
  settingsField('storeName', 'ร้านสยามแฟชั่น'),
  settingsField('address', '99 ถนนสุขุมวิท กรุงเทพฯ', true),
  settingsField('phone', '021234567'),
  settingsField('email', 'shop@example.com'),
  settingsField('taxId', '0105556012345'),
  settingsField('posRegistrationNumber', 'E0123456789'),
  {
    name: 'product name (receipt lines, labels)',
    field: 'name',
    base: 'เสื้อยืด ABC',
    stored: ['product', 'name'],
    send: (t, f, text) =>
      t.request('POST', '/api/products', {
        token: f.admin,
        body: { name: text, sku: `PT-${unique()}`, category: DEFAULT_CATEGORIES[0], price: 100 },
      }),
  },
  {
    name: 'product SKU (labels)',
    field: 'sku',
    base: 'SKU-100',
    stored: ['product', 'sku'],
    send: (t, f, text) =>
      t.request('POST', '/api/products', {
        token: f.admin,
        body: { name: 'เสื้อ', sku: `${text}-${unique()}`, category: DEFAULT_CATEGORIES[0], price: 100 },
      }),
  },
  {
    name: 'product barcode (labels)',
    field: 'barcode',
    base: '885000',
    stored: ['product', 'barcode'],
    send: (t, f, text) =>
      t.request('POST', '/api/products', {
        token: f.admin,
        body: {
          name: 'เสื้อ',
          sku: `PB-${unique()}`,
          barcode: `${text}${counter}`,
          category: DEFAULT_CATEGORIES[0],
          price: 100,
        },
      }),
  },
  {
    name: 'product size (receipt lines, multipart form)',
    field: 'sizes',
    base: 'XL',
    stored: ['product', 'sizes', 0],
    send: (t, f, text) =>
      sendForm(t, 'POST', '/api/products', {
        token: f.admin,
        fields: productFormFields({ sizes: JSON.stringify([text]) }),
      }) as Promise<HttpResult<Body>>,
  },
  {
    name: 'product colour (receipt lines)',
    field: 'colors',
    base: 'ขาว',
    stored: ['product', 'colors', 0],
    send: (t, f, text) =>
      t.request('POST', '/api/products', {
        token: f.admin,
        body: { name: 'เสื้อ', sku: `PC-${unique()}`, category: DEFAULT_CATEGORIES[0], price: 100, colors: [text] },
      }),
  },
  {
    name: 'category name',
    field: 'name',
    base: 'หมวดใหม่',
    stored: ['category', 'name'],
    send: (t, f, text) =>
      t.request('POST', '/api/categories', { token: f.admin, body: { name: `${text}${unique()}` } }),
  },
  {
    name: 'customer name (receipt)',
    field: 'name',
    base: 'สมชาย ใจดี',
    stored: ['customer', 'name'],
    send: (t, f, text) =>
      t.request('POST', '/api/customers', {
        token: f.admin,
        body: { name: text, phone: uniqueTestPhone() },
      }),
  },
  {
    name: 'customer address',
    field: 'address',
    base: '1 ถนนพระราม 4 กรุงเทพฯ',
    multiLine: true,
    stored: ['customer', 'address'],
    send: (t, f, text) =>
      t.request('PUT', `/api/customers/${f.customer.id}`, { token: f.admin, body: { address: text } }),
  },
  {
    name: "user's full name (seller, VAT excluder and approver, refunder)",
    field: 'name',
    base: 'สมหญิง ขายดี',
    stored: ['user', 'name'],
    send: (t, f, text) =>
      t.request('POST', '/api/users', {
        token: f.admin,
        body: { username: `p${unique()}`, password: 'password-123', name: text, role: 'cashier' },
      }),
  },
  {
    name: 'sale payment reference (receipt)',
    field: 'paymentReference',
    base: 'TRX 0001',
    stored: ['sale', 'payment', 'reference'],
    send: (t, f, text) =>
      postSale(
        t,
        f.admin,
        salePayload([{ product: f.product, quantity: 1, size: 'M' }], {
          paymentMethod: 'transfer',
          paymentReference: text,
        }),
      ) as Promise<HttpResult<Body>>,
  },
  {
    name: 'sale line size (receipt lines)',
    field: 'items.0.size',
    base: 'M',
    stored: ['sale', 'items', 0, 'size'],
    send: (t, f, text) =>
      postSale(t, f.admin, salePayload([{ product: f.product, quantity: 1, size: text }])) as Promise<HttpResult<Body>>,
  },
  {
    name: 'refund reason (credit note)',
    field: 'reason',
    base: 'ไซส์ไม่พอดี',
    stored: ['refund', 'reason'],
    send: (t, f, text) =>
      t.request('POST', `/api/sales/${f.saleId}/refund`, { token: f.admin, body: { reason: text } }),
  },
];

describe.each(ENGINES)('text that prints on documents, on %s', (engine) => {
  const t = useTestApp(engine);

  async function fixtures(): Promise<Fixtures> {
    const admin = await t.adminToken();
    const product = await buildProduct(t, { name: 'เสื้อยืดสีขาว', price: 100, stock: 500, sizes: ['M'] });
    const customer = await buildSaleCustomer(t, 0, 'สมชาย ใจดี');
    const sold = await postSale(t, admin, salePayload([{ product, quantity: 1, size: 'M' }]));
    return { admin, product, customer, saleId: (sold.body as { sale: Sale }).sale.id };
  }

  it(`covers at least 14 printed fields (${PRINTED.length})`, () => {
    expect(PRINTED.length).toBeGreaterThanOrEqual(14);
  });

  it('refuses a direction mark in every printed field, saying which mark and why, and changes nothing', async () => {
    const f = await fixtures();
    for (const c of PRINTED) {
      for (const [mark, code] of MARKS) {
        const before = await snapshotTables(t, ['login_throttle']);
        const text = `${c.base.slice(0, 2)}${mark}${c.base.slice(2)}`;
        const res = await c.send(t, f, text);
        const label = `${c.name} ${code}`;
        expect(res.status, label).toBe(400);
        expect(res.body.code, label).toBe('VALIDATION_FAILED');
        const message = res.body.fields?.[c.field];
        expect(message, label).toBe(validationText(msg('text.directionMark', { mark: code })));
        expect(message, label).toContain(code);
        expect(await snapshotTables(t, ['login_throttle']), label).toEqual(before);
      }
    }
  });

  it('stores every printed field without zero-width characters and with line separators as spaces or line breaks', async () => {
    const f = await fixtures();
    for (const c of PRINTED) {
      const dirty = `${ZERO_WIDTH[0]}${c.base.slice(0, 2)}${ZERO_WIDTH.join('')}${c.base.slice(2)}${ZERO_WIDTH[4]}`;
      const res = await c.send(t, f, dirty);
      expect(res.status, c.name).toBeLessThan(300);
      const stored = String(path(res.body, c.stored));
      expect(stored, c.name).not.toMatch(/[\u200b-\u200f\u2028\u2029\u2060-\u2064\ufeff\u061c]/);
      expect(stored.startsWith(c.base.slice(0, 2)) && stored.includes(c.base.slice(2)), `${c.name}: ${stored}`).toBe(
        true,
      );
    }
    for (const c of PRINTED.filter((p) => p.base.includes(' '))) {
      const res = await c.send(t, f, c.base.replace(' ', '\u2028'));
      expect(res.status, c.name).toBeLessThan(300);
      expect(String(path(res.body, c.stored)), c.name).toContain(c.base.replace(' ', c.multiLine ? '\n' : ' '));
    }
  });

  it('keeps a joiner inside an emoji in a customer name (one picture), and takes it out between letters', async () => {
    const f = await fixtures();
    const res = await t.request<{ customer: Customer }>('POST', '/api/customers', {
      token: f.admin,
      body: { name: 'ทีม 👩\u200d💻 ส\u200dม', phone: '0899999999' },
    });
    expect(res.status).toBe(201);
    expect(res.body.customer.name).toBe('ทีม 👩\u200d💻 สม');
  });
});
