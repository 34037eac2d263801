import { randomUUID } from 'node:crypto';
import {
  DEFAULT_CATEGORIES,
  PosProductColumnsResponse,
  posProductsFromColumns,
  type PosProduct,
  type ProductWithVariants,
} from '@pos/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../src/app';
import { buildProduct } from './helpers/catalogue-factories';
import { salePayload } from './helpers/sales-factories';
import { ENGINES, useTestApp } from './helpers/test-app';

// GET /api/products/pos is kept in memory per catalogue version (issue 10 item 6). These tests hold
// it fresh after every kind of write, whichever of two server processes on one database made it.

/** A server process: the test app (`this`) or a second app on the same database (`other`). */
type Via = 'this' | 'other';

interface Answer {
  status: number;
  headers: Record<string, string | undefined>;
  text: string;
  body: Record<string, unknown>;
}

/** The till's products from an answer of GET /api/products/pos, its wire shape checked in full. */
function tillProducts(body: unknown): PosProduct[] {
  return posProductsFromColumns(PosProductColumnsResponse.parse(body).columns);
}

describe.each(ENGINES)('the till product list on %s', (engine) => {
  const t = useTestApp(engine);
  let other: BuiltApp;
  let admin: string;
  let cashier: string;

  beforeAll(async () => {
    other = await buildApp(t.config, { logger: false, now: t.now });
    admin = await t.adminToken();
    cashier = (await t.buildUser({ role: 'cashier' })).token;
  });
  afterAll(async () => {
    await other?.app.close();
  });

  async function call(
    via: Via,
    method: string,
    url: string,
    options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    if (via === 'other') {
      const res = await other.app.inject({ method: method as 'GET', url, headers, payload });
      const text = res.body;
      return {
        status: res.statusCode,
        headers: Object.fromEntries(Object.entries(res.headers).map(([k, v]) => [k, v === undefined ? v : String(v)])),
        text,
        body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
      };
    }
    const res = await fetch(`${t.url}${url}`, { method, headers, body: payload });
    const text = await res.text();
    return {
      status: res.status,
      headers: Object.fromEntries(res.headers.entries()),
      text,
      body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
    };
  }

  async function tillList(via: Via, token = cashier): Promise<PosProduct[]> {
    const res = await call(via, 'GET', '/api/products/pos', { token });
    expect(res.status).toBe(200);
    return tillProducts(res.body);
  }

  async function onTill(via: Via, id: number): Promise<PosProduct | undefined> {
    return (await tillList(via)).find((p) => p.id === id);
  }

  async function product(id: number): Promise<ProductWithVariants> {
    return (await call('this', 'GET', `/api/products/${id}`, { token: admin })).body.product as ProductWithVariants;
  }

  async function sell(via: Via, item: ProductWithVariants, quantity: number): Promise<number> {
    const res = await call(via, 'POST', '/api/sales', {
      token: cashier,
      body: salePayload([{ product: item, quantity }]),
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(res.status, res.text).toBe(201);
    return (res.body.sale as { id: number }).id;
  }

  /** Both processes have the list in memory before the write (each keeps its own). */
  async function warmBoth(): Promise<void> {
    await tillList('this');
    await tillList('other');
  }

  for (const writer of ['this', 'other'] as const) {
    describe(`after a write through ${writer === 'this' ? 'the same' : 'another'} server process`, () => {
      it('shows a product edit: name, price, usual price, sizes', async () => {
        const item = await buildProduct(t, { price: 100, stock: 5 });
        await warmBoth();
        const res = await call(writer, 'PUT', `/api/products/${item.id}`, {
          token: admin,
          body: {
            name: `${item.name} ใหม่`,
            sku: item.sku,
            category: item.category,
            price: 89.5,
            original_price: 120,
            cost: 10,
            sizes: ['M', 'L'],
          },
        });
        expect(res.status, res.text).toBe(200);
        for (const via of ['this', 'other'] as const) {
          expect(await onTill(via, item.id)).toMatchObject({
            name: `${item.name} ใหม่`,
            price: 89.5,
            original_price: 120,
            sizes: ['M', 'L'],
            stock: 5,
          });
        }
      });

      it('shows a stock adjustment', async () => {
        const item = await buildProduct(t, { stock: 5 });
        await warmBoth();
        const res = await call(writer, 'PATCH', `/api/products/${item.id}/stock`, {
          token: admin,
          body: { mode: 'add', amount: 7, expected: 5, reason: 'received' },
        });
        expect(res.status, res.text).toBe(200);
        for (const via of ['this', 'other'] as const) expect((await onTill(via, item.id))?.stock).toBe(12);
      });

      it('shows the stock a sale took and a refund put back', async () => {
        const item = await buildProduct(t, { stock: 9 });
        await warmBoth();
        const saleId = await sell(writer, item, 4);
        for (const via of ['this', 'other'] as const) expect((await onTill(via, item.id))?.stock).toBe(5);

        const refund = await call(writer, 'POST', `/api/sales/${saleId}/refund`, { token: admin, body: {} });
        expect(refund.status, refund.text).toBe(201);
        for (const via of ['this', 'other'] as const) expect((await onTill(via, item.id))?.stock).toBe(9);
      });

      it('shows a new product, a renamed category and drops a deleted product', async () => {
        const created = await call(writer, 'POST', '/api/products', {
          token: admin,
          body: {
            name: 'สินค้าใหม่ในรายการ',
            sku: `NEW-${randomUUID().slice(0, 8)}`,
            category: DEFAULT_CATEGORIES[0],
            price: 50,
            stock: 3,
          },
        });
        expect(created.status, created.text).toBe(201);
        const id = (created.body.product as ProductWithVariants).id;
        for (const via of ['this', 'other'] as const) expect(await onTill(via, id)).toMatchObject({ stock: 3 });

        const category = await call(writer, 'POST', '/api/categories', {
          token: admin,
          body: { name: `หมวด ${randomUUID().slice(0, 6)}` },
        });
        expect(category.status, category.text).toBe(201);
        const categoryId = (category.body.category as { id: number }).id;
        const moved = await call(writer, 'PUT', `/api/products/${id}`, {
          token: admin,
          body: { ...(await product(id)), category_id: categoryId, category: undefined },
        });
        expect(moved.status, moved.text).toBe(200);
        await warmBoth();
        const newName = `หมวดใหม่ ${randomUUID().slice(0, 6)}`;
        const renamed = await call(writer, 'PUT', `/api/categories/${categoryId}`, {
          token: admin,
          body: { name: newName },
        });
        expect(renamed.status, renamed.text).toBe(200);
        for (const via of ['this', 'other'] as const) expect((await onTill(via, id))?.category).toBe(newName);

        const deleted = await call(writer, 'DELETE', `/api/products/${id}`, { token: admin });
        expect(deleted.status, deleted.text).toBe(200);
        for (const via of ['this', 'other'] as const) expect(await onTill(via, id)).toBeUndefined();
      });
    });
  }

  it('answers 304 only to the ETag of the current list, from either process', async () => {
    const item = await buildProduct(t, { stock: 10, cost: 20 });
    const first = await call('this', 'GET', '/api/products/pos', { token: cashier });
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const etag = first.headers.etag ?? '';
    expect(etag).toMatch(/^W\/".+"$/);

    const ask = (via: Via, ifNoneMatch: string) =>
      call(via, 'GET', '/api/products/pos', { token: cashier, headers: { 'if-none-match': ifNoneMatch } });
    for (const via of ['this', 'other'] as const) {
      const same = await ask(via, etag);
      expect(same.status).toBe(304);
      expect(same.text).toBe('');
      expect(same.headers.etag).toBe(etag);
      // Any tag of a list, with or without the weak prefix.
      expect((await ask(via, `W/"older", ${etag.slice(2)}`)).status).toBe(304);
      const otherTag = await ask(via, 'W/"not-this-list"');
      expect(otherTag.status).toBe(200);
      expect(otherTag.text).toBe(first.text);
    }

    // A write that leaves the list as it was (the cost is not on it): still the same list, still a 304.
    const costOnly = await call('other', 'PUT', `/api/products/${item.id}`, {
      token: admin,
      body: { ...(await product(item.id)), cost: 25, category_id: undefined },
    });
    expect(costOnly.status, costOnly.text).toBe(200);
    expect((await ask('this', etag)).status).toBe(304);

    // A change on the list: the old tag gets the new list, and both processes tag it alike.
    await call('other', 'PATCH', `/api/products/${item.id}/stock`, {
      token: admin,
      body: { mode: 'remove', amount: 1, expected: 10, reason: 'damaged' },
    });
    const changed = await ask('this', etag);
    expect(changed.status).toBe(200);
    expect(tillProducts(changed.body).find((p) => p.id === item.id)?.stock).toBe(9);
    const newTag = changed.headers.etag ?? '';
    expect(newTag).not.toBe(etag);
    expect((await call('other', 'GET', '/api/products/pos', { token: cashier })).headers.etag).toBe(newTag);
    expect((await ask('other', newTag)).status).toBe(304);
  });

  it('asks for the same sign-in and permission as before, an ETag or not', async () => {
    const { headers } = await call('this', 'GET', '/api/products/pos', { token: cashier });
    const etag = headers.etag ?? '';
    const bare = await call('this', 'GET', '/api/products/pos', { headers: { 'if-none-match': etag } });
    expect(bare.status).toBe(401);
    expect(bare.body.code).toBe('UNAUTHENTICATED');
    const mustChange = await t.buildUser({ role: 'cashier', mustChangePassword: true });
    const refused = await call('this', 'GET', '/api/products/pos', {
      token: mustChange.token,
      headers: { 'if-none-match': etag },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('PASSWORD_CHANGE_REQUIRED');
    // products_view: every role holds it.
    for (const role of ['viewer', 'manager'] as const) {
      const { token } = await t.buildUser({ role });
      expect((await call('this', 'GET', '/api/products/pos', { token })).status).toBe(200);
    }
  });

  it('sends the same list plain, gzip or brotli', async () => {
    await buildProduct(t, { name: 'เสื้อยืดสีขาว' });
    const plain = await call('this', 'GET', '/api/products/pos', {
      token: cashier,
      headers: { 'accept-encoding': '' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    for (const encoding of ['gzip', 'br'] as const) {
      // fetch decodes what it is sent and keeps the header.
      const res = await call('this', 'GET', '/api/products/pos', {
        token: cashier,
        headers: { 'accept-encoding': encoding },
      });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.text).toBe(plain.text);
    }
  });

  it('keeps every till right while two processes sell, adjust and edit at once', async () => {
    const items = await Promise.all([1, 2, 3].map(() => buildProduct(t, { stock: 100, price: 20 })));
    await warmBoth();
    const work: Promise<unknown>[] = [];
    for (let round = 0; round < 6; round++) {
      const via: Via = round % 2 === 0 ? 'this' : 'other';
      const [a, b, c] = items as [ProductWithVariants, ProductWithVariants, ProductWithVariants];
      work.push(
        call(via, 'POST', '/api/sales', {
          token: cashier,
          body: salePayload([
            { product: a, quantity: 1 },
            { product: b, quantity: 1 },
          ]),
          headers: { 'idempotency-key': randomUUID() },
        }),
        call(via === 'this' ? 'other' : 'this', 'POST', '/api/sales', {
          token: cashier,
          body: salePayload([
            { product: c, quantity: 1 },
            { product: b, quantity: 1 },
          ]),
          headers: { 'idempotency-key': randomUUID() },
        }),
        // A stock count and an edit of a product the sales are taking.
        call(via, 'PATCH', `/api/products/${b.id}/stock`, { token: admin, body: { quantity: 100, reason: 'นับ' } }),
        call(via, 'PUT', `/api/products/${a.id}`, {
          token: admin,
          body: { name: `${a.name} ${round}`, sku: a.sku, category: a.category, price: a.price },
        }),
        tillList(via),
      );
    }
    const answers = await Promise.all(work);
    for (const answer of answers) {
      if (answer && typeof answer === 'object' && 'status' in answer) {
        const { status, text } = answer as Answer;
        // Nothing failed: no deadlock, no error (a sale of a product whose price moved would be a 409).
        expect(status, text).toBeLessThan(300);
      }
    }
    const stocks = await t.built.deps.db.kysely
      .selectFrom('products')
      .select(['id', 'stock', 'name'])
      .where(
        'id',
        'in',
        items.map((i) => i.id),
      )
      .execute();
    for (const via of ['this', 'other'] as const) {
      const list = await tillList(via);
      for (const row of stocks) {
        expect(list.find((p) => p.id === row.id)).toMatchObject({ stock: Number(row.stock), name: row.name });
      }
    }
  });
});
