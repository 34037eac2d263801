import { randomUUID } from 'node:crypto';
import { DEFAULT_CATEGORIES, type Customer, type Product } from '@pos/core';
import { describe, expect, it } from 'vitest';
import { JSON_BODY_LIMIT_BYTES } from '../src/app';
import type { RouteAccessEntry } from '../src/http/route-access';
import { buildProduct, sendForm } from './helpers/catalogue-factories';
import { postSale, salePayload } from './helpers/sales-factories';
import { ENGINES, useTestApp, type HttpResult, type TestApp } from './helpers/test-app';

interface MediaType {
  schema?: { $ref?: string; type?: string; format?: string; properties?: Record<string, Record<string, unknown>> };
}
interface Operation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, MediaType> };
  responses: Record<string, { description: string; content?: Record<string, MediaType> }>;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, { properties?: Record<string, unknown>; required?: string[] }> };
}

const ERROR_REF = '#/components/schemas/ErrorResponse';
const BODY_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];

async function openApi(t: TestApp): Promise<OpenApiDocument> {
  const res = await t.request<OpenApiDocument>('GET', '/api/docs/json');
  expect(res.status).toBe(200);
  return res.body;
}

function operationOf(doc: OpenApiDocument, route: Pick<RouteAccessEntry, 'method' | 'url'>): Operation {
  const op = doc.paths[route.url.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];
  if (!op) throw new Error(`${route.method} ${route.url} is not in the OpenAPI document`);
  return op;
}

/** The error statuses a route's access, path, query and body imply. */
function impliedStatuses(route: RouteAccessEntry, op: Operation): number[] {
  const statuses = new Set<number>();
  if (!('public' in route.access)) statuses.add(401);
  if ('permission' in route.access || ('signedIn' in route.access && !route.access.duringPasswordChange)) {
    statuses.add(403); // PASSWORD_CHANGE_REQUIRED
  }
  if (route.url.includes(':')) statuses.add(404).add(400);
  if ((op.parameters ?? []).some((p) => p.in === 'query' || p.in === 'header')) statuses.add(400);
  if (BODY_METHODS.includes(route.method)) statuses.add(400).add(413).add(415);
  return [...statuses];
}

describe.each(ENGINES)('the OpenAPI document on %s', (engine) => {
  const t = useTestApp(engine);

  it('declares the one error shape, for every status each operation’s access, path and body imply', async () => {
    const doc = await openApi(t);
    const shape = doc.components.schemas.ErrorResponse;
    expect(shape?.required).toEqual(['error', 'code']);
    expect(Object.keys(shape?.properties ?? {})).toEqual(['error', 'code', 'fields', 'fieldIds', 'details']);

    const missing: string[] = [];
    for (const route of t.built.routes) {
      const op = operationOf(doc, route);
      for (const status of impliedStatuses(route, op)) {
        const response = op.responses[String(status)];
        if (response?.content?.['application/json']?.schema?.$ref !== ERROR_REF) {
          missing.push(`${route.method} ${route.url} ${status}`);
        }
      }
      // Every error documented is the error shape, with a description of its own.
      for (const [status, response] of Object.entries(op.responses)) {
        if (Number(status) < 400 || (route.url === '/api/health' && status === '503')) continue;
        expect(response.content?.['application/json']?.schema?.$ref, `${route.method} ${route.url} ${status}`).toBe(
          ERROR_REF,
        );
        expect(response.description).not.toBe('Default Response');
      }
    }
    expect(missing).toEqual([]);

    const statusesOf = (method: string, url: string) => Object.keys(operationOf(doc, { method, url }).responses);
    expect(statusesOf('POST', '/api/auth/login')).toEqual(expect.arrayContaining(['401', '429']));
    expect(statusesOf('POST', '/api/sales/vat-exclusion-approvals')).toContain('429');
    expect(statusesOf('POST', '/api/sales')).toEqual(expect.arrayContaining(['404', '409']));
    for (const [method, url] of [
      ['POST', '/api/users'],
      ['POST', '/api/categories'],
      ['POST', '/api/customers'],
      ['POST', '/api/products'],
      ['PUT', '/api/products/:id'],
      ['PATCH', '/api/products/:id/stock'],
    ] as const) {
      expect(statusesOf(method, url), `${method} ${url}`).toContain('409');
    }
  });

  it('declares the product form: multipart fields with the image file, and the same fields as JSON', async () => {
    const doc = await openApi(t);
    for (const [method, url] of [
      ['POST', '/api/products'],
      ['PUT', '/api/products/:id'],
    ] as const) {
      const content = operationOf(doc, { method, url }).requestBody?.content ?? {};
      expect(Object.keys(content).sort(), `${method} ${url}`).toEqual(['application/json', 'multipart/form-data']);
      const json = content['application/json']?.schema?.properties ?? {};
      const form = content['multipart/form-data']?.schema?.properties ?? {};
      expect(Object.keys(json)).toEqual(expect.arrayContaining(['name', 'sku', 'category', 'price', 'sizes']));
      // Every JSON field is also a form field (as text), plus the image file.
      expect(Object.keys(form).sort()).toEqual([...Object.keys(json), 'newImage'].sort());
      expect(form.newImage).toMatchObject({ type: 'string', format: 'binary' });
      for (const [name, field] of Object.entries(form)) {
        if (name !== 'newImage') expect(field.type, `${method} ${url} ${name}`).toBe('string');
      }
    }
    // A client that fills in the documented form fields gets its product.
    const { token } = await t.buildUser({ role: 'manager' });
    const created = await sendForm<{ product: Product }>(t, 'POST', '/api/products', {
      token,
      fields: {
        name: 'กระโปรงพลีท',
        sku: `DOC-${randomUUID().slice(0, 8)}`,
        category: DEFAULT_CATEGORIES[0],
        price: '590',
        stock: '4',
        sizes: JSON.stringify(['S', 'M']),
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.product).toMatchObject({ name: 'กระโปรงพลีท', price: 590, stock: 4, sizes: ['S', 'M'] });
  });

  it('answers nothing it does not document: every status of real requests is listed for its operation', async () => {
    const doc = await openApi(t);
    const users = {
      admin: await t.buildUser({ role: 'admin' }),
      cashier: await t.buildUser({ role: 'cashier' }),
      viewer: await t.buildUser({ role: 'viewer' }),
    };
    const undocumented = new Set<string>();
    const seen = new Set<string>();
    const check = (method: string, url: string, res: HttpResult, what: string) => {
      const op = operationOf(doc, { method, url });
      seen.add(String(res.status));
      if (!op.responses[String(res.status)]) undocumented.add(`${method} ${url} ${res.status} (${what})`);
      if (res.status >= 400) {
        expect(res.body, `${method} ${url} ${what}`).toEqual(
          expect.objectContaining({ error: expect.any(String), code: expect.any(String) }),
        );
      }
    };
    // Sessions end on logout and refresh: those calls sign in afresh.
    const tokenOf = async (role: keyof typeof users, url: string) =>
      /\/auth\/(logout|refresh)$/.test(url)
        ? t.login(users[role].user.username, users[role].password)
        : users[role].token;

    for (const route of t.built.routes) {
      if (route.url === '/api/auth/login') continue; // probed below, under its throttle
      const { method, url } = route;
      const at = (id: string) => url.replace(/:(\w+)/g, id);
      const takesBody = BODY_METHODS.includes(method);
      const body = takesBody ? {} : undefined;

      check(method, url, await t.request(method, at('999999'), { body }), 'no session');
      for (const role of ['cashier', 'viewer', 'admin'] as const) {
        check(method, url, await t.request(method, at('999999'), { token: await tokenOf(role, url), body }), role);
      }
      if (url.includes(':')) {
        const token = await tokenOf('admin', url);
        check(method, url, await t.request(method, at('abc'), { token, body }), 'bad id');
      }
      if (!takesBody) continue;
      const probes: [string, { rawBody: string; headers: Record<string, string> }][] = [
        ['broken JSON', { rawBody: '{"a":', headers: { 'content-type': 'application/json' } }],
        ['XML', { rawBody: '<a/>', headers: { 'content-type': 'application/xml' } }],
        [
          'too large',
          {
            rawBody: JSON.stringify({ name: 'x'.repeat(JSON_BODY_LIMIT_BYTES) }),
            headers: { 'content-type': 'application/json' },
          },
        ],
      ];
      for (const [what, options] of probes) {
        check(method, url, await t.request(method, at('1'), { token: await tokenOf('admin', url), ...options }), what);
      }
    }

    // Refusals of the business rules.
    const admin = users.admin.token;
    const username = `dup_${randomUUID().slice(0, 8)}`;
    const newUser = { username, name: 'ซ้ำ', password: 'password-123', role: 'cashier' };
    await t.request('POST', '/api/users', { token: admin, body: newUser });
    check('POST', '/api/users', await t.request('POST', '/api/users', { token: admin, body: newUser }), 'taken');
    const category = { name: `หมวด ${randomUUID().slice(0, 6)}` };
    await t.request('POST', '/api/categories', { token: admin, body: category });
    check(
      'POST',
      '/api/categories',
      await t.request('POST', '/api/categories', { token: admin, body: category }),
      'taken',
    );
    const phone = `08${String(Date.now()).slice(-8)}`;
    const customer = await t.request<{ customer: Customer }>('POST', '/api/customers', {
      token: admin,
      body: { name: 'ลูกค้า', phone },
    });
    check('POST', '/api/customers', customer, 'new');
    check(
      'POST',
      '/api/customers',
      await t.request('POST', '/api/customers', { token: admin, body: { name: 'อีกคน', phone } }),
      'taken',
    );
    const shirt = await buildProduct(t, { price: 100, stock: 3 });
    const sameSku = { name: 'ซ้ำ', sku: shirt.sku, category: DEFAULT_CATEGORIES[0], price: 10 };
    check('POST', '/api/products', await t.request('POST', '/api/products', { token: admin, body: sameSku }), 'SKU');
    check(
      'POST',
      '/api/products',
      await sendForm(t, 'POST', '/api/products', {
        token: admin,
        fields: { name: 'รูปใหญ่', sku: `BIG-${randomUUID().slice(0, 6)}`, category: DEFAULT_CATEGORIES[0], price: '10' },
        file: { data: Buffer.alloc(6 * 1024 * 1024, 1), filename: 'big.jpg', type: 'image/jpeg' },
      }),
      'image too large',
    );
    check(
      'POST',
      '/api/products',
      await sendForm(t, 'POST', '/api/products', {
        token: admin,
        fields: {
          name: 'ไม่ใช่รูป',
          sku: `TXT-${randomUUID().slice(0, 6)}`,
          category: DEFAULT_CATEGORIES[0],
          price: '10',
        },
        file: { data: Buffer.from('not an image at all'), filename: 'a.txt', type: 'text/plain' },
      }),
      'not an image',
    );
    check(
      'PATCH',
      '/api/products/:id/stock',
      await t.request('PATCH', `/api/products/${shirt.id}/stock`, {
        token: admin,
        body: { mode: 'add', amount: 1, expected: 99, reason: 'received' },
      }),
      'stock changed',
    );
    const cart = salePayload([{ product: shirt, quantity: 1 }]);
    check('POST', '/api/sales', await postSale(t, admin, { ...cart, total: Number(cart.total) + 1 }), 'totals changed');
    check('POST', '/api/sales', await postSale(t, admin, { ...cart, customerId: 999999 }), 'unknown customer');

    // A user who must change their password first, on a route open to every signed-in user.
    const mustChange = await t.buildUser({ role: 'cashier', mustChangePassword: true });
    const refused = await t.request('GET', '/api/settings/store', { token: mustChange.token });
    expect(refused.body).toMatchObject({ code: 'PASSWORD_CHANGE_REQUIRED' });
    check('GET', '/api/settings/store', refused, 'must change password');

    // Sign-in: wrong password, then the throttle.
    const login = (password: string) =>
      t.request('POST', '/api/auth/login', { body: { username: users.viewer.user.username, password } });
    check('POST', '/api/auth/login', await t.request('POST', '/api/auth/login', { body: {} }), 'empty');
    for (let i = 0; i < 6; i += 1) check('POST', '/api/auth/login', await login(`wrong-${i}`), `wrong ${i}`);

    expect([...undocumented]).toEqual([]);
    expect([...seen].sort()).toEqual(
      expect.arrayContaining(['200', '201', '400', '401', '403', '404', '409', '413', '415', '429']),
    );
  }, 120_000); // grows with the routes
});
