import { randomUUID } from 'node:crypto';
import { ERROR_MESSAGES, type CardCheckoutResponse, type CreateSaleResponse } from '@pos/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProduct } from './helpers/catalogue-factories';
import { startFakeLine, type FakeLine } from './helpers/fake-line';
import { turnOnCardPayments, useFakeStripe } from './helpers/fake-stripe';
import {
  HOSTILE_BODIES,
  HOSTILE_IDS,
  HOSTILE_VALUES,
  operationsOf,
  operationsTakingHeader,
  pathsOf,
  pick,
  sample,
  seededRandom,
  withValueAt,
  type OpenApiDocument,
  type Operation,
} from './helpers/openapi-fuzz';
import { buildSaleCustomer, postSale, salePayload } from './helpers/sales-factories';
import { snapshotTables, type TableSnapshot } from './helpers/table-snapshot';
import { buildApp } from '../src/app';
import {
  configOfDatabase,
  ENGINES,
  freshDatabase,
  useTestApp,
  type HttpResult,
  type TestApp,
} from './helpers/test-app';

/**
 * Every operation of the app's OpenAPI document, attacked: a schema-valid-ish request, then
 * the same with one field, the whole body, a path id, a query value or a header made hostile,
 * with no token, an admin's and a cashier's. Whatever comes back: no status from 500, every
 * error in the `{ error, code }` shape, and a refused request leaves every table as it was.
 * Seeded, so every run sends the same requests; bounded so it stays in `npm test`.
 */
const SEED = 20261125;
/** Field mutations per operation and token beyond one per hostile value. */
const EXTRA_FIELD_CASES = 16;

/**
 * Side effects that are the point of the route: logout and refresh end or replace the token
 * sending them (run only without a token); a refused sign-in, own-password change, VAT approval or
 * shift close's approver is counted by the sign-in throttle (login_throttle), so that table may change when they are refused.
 */
const SKIP_WITH_TOKEN = new Set(['POST /api/auth/logout', 'POST /api/auth/refresh']);
const ACCESS_CODES = new Set(['UNAUTHENTICATED', 'SESSION_EXPIRED', 'FORBIDDEN']);
const THROTTLED = new Set([
  'POST /api/auth/login',
  'PUT /api/auth/password',
  'POST /api/sales/vat-exclusion-approvals',
  'POST /api/shifts/{id}/close',
]);

interface Request {
  label: string;
  method: string;
  url: string;
  token?: string;
  json?: unknown;
  rawBody?: string;
  form?: Record<string, string>;
  headers: Record<string, string>;
}

interface Finding {
  label: string;
  problem: string;
}

/** `{ error, code }`: a Thai message and one of the catalogue's stable codes. */
function isErrorShape(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const b = body as Record<string, unknown>;
  return (
    typeof b.error === 'string' &&
    /[\u0E00-\u0E7F]/.test(b.error) &&
    typeof b.code === 'string' &&
    b.code in ERROR_MESSAGES
  );
}

async function send(t: TestApp, r: Request): Promise<HttpResult<unknown>> {
  if (!r.form) {
    return t.request(r.method, r.url, {
      token: r.token,
      headers: r.headers,
      ...(r.rawBody !== undefined
        ? { rawBody: r.rawBody, headers: { 'content-type': 'application/json', ...r.headers } }
        : {}),
      ...(r.json !== undefined ? { body: r.json } : {}),
    });
  }
  const form = new FormData();
  for (const [name, value] of Object.entries(r.form)) form.append(name, value);
  const headers: Record<string, string> = { ...r.headers };
  if (r.token) headers.authorization = `Bearer ${r.token}`;
  const res = await fetch(`${t.url}${r.url}`, { method: r.method, headers, body: form });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : {};
  } catch {
    // not JSON: the shape check reports it
  }
  return { status: res.status, body, headers: res.headers };
}

/** Text as a multipart field carries it. */
function formValue(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
}

function buildRequests(
  op: Operation,
  ids: Record<string, number>,
  token: string | undefined,
  who: string,
  random: () => number,
): Request[] {
  const resource = op.path.split('/')[2] ?? '';
  const id = String(ids[resource] ?? 1);
  const url = (pathId = id, query?: Record<string, string>) => {
    const path = op.path.replace('{id}', pathId);
    const search = new URLSearchParams(query ?? validQuery).toString();
    return search ? `${path}?${search}` : path;
  };
  const validQuery = Object.fromEntries(op.query.map((p) => [p.name, formValue(sample(p.schema))]));
  const validHeaders = Object.fromEntries(op.headers.map((p) => [p.name, formValue(sample(p.schema))]));
  const base = { method: op.method, token, headers: validHeaders };
  const name = `${who} ${op.method} ${op.path}`;
  const requests: Request[] = [];

  const body: unknown = op.body ? sample(op.body) : undefined;
  // The documented form's fields as text (a file field gets text too: the route must refuse it cleanly).
  const formSample: unknown = op.form ? sample(op.form) : undefined;
  const form =
    typeof formSample === 'object' && formSample !== null
      ? Object.fromEntries(Object.entries(formSample).map(([key, value]) => [key, formValue(value)]))
      : null;
  requests.push({ ...base, label: `${name} valid-ish`, url: url(), json: body });

  if (body !== undefined) {
    const paths = pathsOf(body);
    const cases: [(string | number)[], [string, unknown]][] = [];
    // Every hostile value once, at a field picked at random; then more pairs at random.
    for (const value of HOSTILE_VALUES) cases.push([pick(paths, 1, random)[0] ?? [], value]);
    const pairs = paths.flatMap((p) => HOSTILE_VALUES.map((v): [(string | number)[], [string, unknown]] => [p, v]));
    cases.push(...pick(pairs, EXTRA_FIELD_CASES, random));
    for (const [path, [label, value]] of cases) {
      const mutated = path.length === 0 ? value : withValueAt(body, path, value);
      requests.push({ ...base, label: `${name} ${path.join('.') || 'body'} = ${label}`, url: url(), json: mutated });
    }
    for (const [label, raw] of HOSTILE_BODIES) {
      requests.push({ ...base, label: `${name} body ${label}`, url: url(), rawBody: raw });
    }
  }
  if (form) {
    requests.push({ ...base, label: `${name} form valid-ish`, url: url(), form });
    for (const field of pick(Object.keys(form), 4, random)) {
      for (const [label, value] of pick(HOSTILE_VALUES, 3, random)) {
        requests.push({
          ...base,
          label: `${name} form ${field} = ${label}`,
          url: url(),
          form: { ...form, [field]: formValue(value) },
        });
      }
    }
    requests.push({
      ...base,
      label: `${name} form __proto__ field`,
      url: url(),
      form: Object.fromEntries([...Object.entries(form), ['__proto__', 'x']]),
    });
  }
  if (op.pathParams.length > 0) {
    for (const bad of HOSTILE_IDS) {
      requests.push({ ...base, label: `${name} id = ${bad}`, url: url(bad), json: body });
    }
  }
  for (const param of op.query) {
    // NUL always: FTS5 and PostgreSQL choke on it in a search term.
    for (const [label, value] of [HOSTILE_VALUES[0]!, ...pick(HOSTILE_VALUES.slice(1), 4, random)]) {
      // 4 KB, so the app reads it: Node refuses a request line over 16 KB itself (sent once below).
      const text = formValue(value).slice(0, 4_000);
      requests.push({
        ...base,
        label: `${name} ?${param.name} = ${label}`,
        url: url(id, { ...validQuery, [param.name]: text }),
        json: body,
      });
    }
    requests.push({
      ...base,
      label: `${name} ?${param.name} = 20 KB (over Node's request line limit)`,
      url: url(id, { ...validQuery, [param.name]: 'x'.repeat(20_000) }),
      json: body,
    });
    requests.push({
      ...base,
      label: `${name} ?${param.name} twice`,
      url: `${url(id, {})}?${param.name}=1&${param.name}=2`,
      json: body,
    });
  }
  for (const header of op.headers) {
    for (const bad of ['', 'short', 'x'.repeat(5_000), 'has spaces in it', 'é'.repeat(10)]) {
      requests.push({
        ...base,
        label: `${name} header ${header.name} = ${bad.slice(0, 12)}`,
        url: url(),
        headers: { ...validHeaders, [header.name]: bad },
        json: body,
      });
    }
  }
  return requests;
}

/**
 * The document, read when the tests are collected so each operation is a test of its own: the app is
 * built on a throwaway database, not started. Each engine's first test checks its running app serves the same.
 */
async function documentOfTheApp(): Promise<OpenApiDocument> {
  const fresh = await freshDatabase('sqlite');
  const built = await buildApp(configOfDatabase(fresh), { logger: false });
  try {
    return (await built.app.inject({ method: 'GET', url: '/api/docs/json' })).json<OpenApiDocument>();
  } finally {
    await built.app.close();
    await fresh.drop();
  }
}

const keyOf = (op: Operation) => `${op.method} ${op.path}`;
/** Deletes last, so the other operations still find the rows they name. */
const OPERATIONS = operationsOf(await documentOfTheApp()).sort(
  (a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'),
);

/** A seed of its own per operation: its requests are the same whichever operations run, in whatever order. */
function seedOf(op: Operation): number {
  let hash = SEED;
  for (const char of keyOf(op)) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) >>> 0;
  return hash;
}

// The engines side by side (an app each); within one, an operation at a time: the check that a refused
// request changed no table compares whole tables, so another operation's writes would be blamed on it.
describe.concurrent.each(ENGINES)('hostile input from the OpenAPI document on %s', (engine) => {
  // The test notification reaches LINE: a fake on 127.0.0.1 taking any token, never the internet.
  let line: FakeLine;
  const env: Record<string, string> = {};
  beforeAll(async () => {
    line = await startFakeLine({ acceptAnyToken: true });
    env.LINE_API_BASE = line.url;
  });
  afterAll(() => line.close());
  const t = useTestApp(engine, env);

  let admin = '';
  let cashier = '';
  let ids: Record<string, number> = {};
  let sent = 0;
  beforeAll(async () => {
    // Tokens first: the fuzzed sign-ins soon trip the sign-in throttle for this address.
    admin = await t.adminToken();
    ({ token: cashier } = await t.buildUser({ role: 'cashier' }));
    const { user: target } = await t.buildUser({ role: 'viewer' });
    const product = await buildProduct(t, { price: 100, stock: 50, sizes: ['S', 'M'] });
    const customer = await buildSaleCustomer(t, 100);
    const sold = await postSale(t, admin, salePayload([{ product, quantity: 1, size: 'S' }]));
    expect(sold.status).toBe(201);
    const categories = await t.request<{ categories: { id: number }[] }>('GET', '/api/categories', { token: admin });
    ids = {
      products: product.id,
      customers: customer.id,
      users: target.id,
      categories: categories.body.categories[0]?.id ?? 1,
      sales: sold.body.sale?.id ?? 1,
    };
  });
  afterAll(() => {
    console.info(`hostile input on ${engine}: ${sent} requests`);
  });

  describe.sequential('every operation', () => {
    it('is the document this app serves, of at least 40 operations', async () => {
      const doc = await t.request<OpenApiDocument>('GET', '/api/docs/json');
      expect(doc.status).toBe(200);
      expect(operationsOf(doc.body).map(keyOf).sort()).toEqual(OPERATIONS.map(keyOf).sort());
      expect(OPERATIONS.length).toBeGreaterThanOrEqual(40);
    });

    it.each(OPERATIONS.map((op) => [keyOf(op), op] as const))(
      '%s answers below 500, in the error shape, and its refused requests change no table',
      async (key, op) => {
        const skip = THROTTLED.has(key) ? ['login_throttle'] : [];
        const callers: [string, string | undefined][] = [['anonymous', undefined]];
        if (!SKIP_WITH_TOKEN.has(key)) callers.push(['admin', admin], ['cashier', cashier]);
        const random = seededRandom(seedOf(op));
        const findings: Finding[] = [];
        let baseline: TableSnapshot = await snapshotTables(t);
        for (const [who, token] of callers) {
          for (const [index, request] of buildRequests(op, ids, token, who, random).entries()) {
            const res = await send(t, request);
            sent += 1;
            if (res.status >= 500)
              findings.push({ label: request.label, problem: `${res.status} ${JSON.stringify(res.body)}` });
            if (res.status >= 400 && !isErrorShape(res.body)) {
              findings.push({
                label: request.label,
                problem: `${res.status} not {error, code}: ${JSON.stringify(res.body)}`,
              });
            }
            if (op.method !== 'GET') {
              const after = await snapshotTables(t);
              if (res.status >= 400) {
                const changed = Object.keys(after).filter(
                  (table) => !skip.includes(table) && JSON.stringify(after[table]) !== JSON.stringify(baseline[table]),
                );
                if (changed.length > 0) {
                  findings.push({ label: request.label, problem: `${res.status} yet changed ${changed.join(', ')}` });
                }
              }
              baseline = after;
            }
            // The access check answers before anything is read: a caller it refuses learns nothing more.
            const code = (res.body as { code?: unknown }).code;
            if (index === 0 && typeof code === 'string' && ACCESS_CODES.has(code)) break;
          }
        }
        // Nothing sent reached the prototype of every object in this process (the server's too).
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
        expect(findings.map((f) => `${f.label}: ${f.problem.slice(0, 300)}`)).toEqual([]);
      },
      // A guard against a hang, not a time limit: sign-in sends ~100 requests with a table snapshot after
      // each, 10 s on PostgreSQL alone and over 30 s beside other test files on two cores.
      120_000,
    );

    it('sent more than 1000 requests in all', () => {
      expect(sent).toBeGreaterThan(1000);
    });
  });
});

/**
 * Every operation the document says takes an Idempotency-Key, sent with the key of a card checkout,
 * before and after it; then the checkout is paid. The keys are separate: whatever else used it, the
 * paid checkout is recorded (or flagged), never lost, and the other request keeps its own answer.
 */
describe.each(ENGINES)('an Idempotency-Key shared with a card checkout, from the OpenAPI document, on %s', (engine) => {
  const stripe = useFakeStripe();
  const t = useTestApp(engine, stripe.env);
  const CHECKOUT = 'POST /api/payments/stripe/checkout';

  it('records every paid checkout, whichever keyed request used its key first or after', async () => {
    const doc = await t.request<OpenApiDocument>('GET', '/api/docs/json');
    const admin = await t.adminToken();
    await turnOnCardPayments(t, admin);
    const { token: cashier } = await t.buildUser({ role: 'cashier' });

    /** A request each keyed operation takes (a new operation taking a key must be added here). */
    const keyed: Record<string, () => Promise<{ url: string; token: string; body: unknown }>> = {
      'POST /api/sales': async () => ({
        url: '/api/sales',
        token: cashier,
        body: salePayload([{ product: await buildProduct(t, { price: 55, stock: 5 }), quantity: 1 }]),
      }),
      'POST /api/sales/{id}/refund': async () => {
        const product = await buildProduct(t, { price: 70, stock: 5 });
        const sold = await postSale(t, cashier, salePayload([{ product, quantity: 1 }]));
        expect(sold.status).toBe(201);
        return {
          url: `/api/sales/${sold.body.sale.id}/refund`,
          token: admin,
          body: { reason: 'customer_request', refundMethod: 'cash' },
        };
      },
    };
    const operations = operationsTakingHeader(doc.body, 'idempotency-key');
    expect(operations).toContain(CHECKOUT);
    expect(
      operations.filter((op) => op !== CHECKOUT),
      'a request for every keyed operation',
    ).toEqual(Object.keys(keyed).sort());

    const send = (request: { url: string; token: string; body: unknown }, key: string) =>
      t.request<CreateSaleResponse & { code?: string; refund?: { id: number } }>('POST', request.url, {
        token: request.token,
        body: request.body,
        headers: { 'idempotency-key': key },
      });
    const findings: string[] = [];
    for (const operation of Object.keys(keyed)) {
      for (const order of ['first', 'after'] as const) {
        for (const via of ['confirm', 'webhook'] as const) {
          const label = `${operation} ${order} the checkout, paid and recorded by the ${via}`;
          const key = randomUUID();
          const other = await keyed[operation]!();
          const product = await buildProduct(t, { price: 120, stock: 5 });
          const card = salePayload([{ product, quantity: 1 }], { paymentMethod: 'card' });
          const startCheckout = () =>
            t.request<CardCheckoutResponse>('POST', '/api/payments/stripe/checkout', {
              token: cashier,
              body: card,
              headers: { 'idempotency-key': key },
            });
          const before = order === 'first' ? await send(other, key) : undefined;
          const started = await startCheckout();
          const after = order === 'after' ? await send(other, key) : undefined;
          const first = (before ?? after)!;
          if (first.status !== 201 || started.status !== 201) {
            findings.push(`${label}: ${first.status} ${first.body.code ?? ''} / checkout ${started.status}`);
            continue;
          }
          const sessionId = started.body.sessionId;
          stripe.fake.pay(sessionId);
          if (via === 'webhook') {
            const event = stripe.fake.completedEvent(sessionId);
            const hook = await t.request<{ code?: string }>('POST', '/api/payments/stripe/webhook', {
              rawBody: event.payload,
              headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
            });
            if (hook.status !== 200) findings.push(`${label}: webhook ${hook.status} ${hook.body.code ?? ''}`);
          }
          const confirmed = await t.request<CreateSaleResponse & { code?: string }>(
            'POST',
            '/api/payments/stripe/confirm',
            { token: cashier, body: { sessionId } },
          );
          if (confirmed.status !== 201) findings.push(`${label}: confirm ${confirmed.status} ${confirmed.body.code}`);
          // Recorded (flagged or not): the checkout has its card sale, paid through this session.
          const row = await t.built.deps.db.kysely
            .selectFrom('card_checkouts')
            .leftJoin('payments', 'payments.sale_id', 'card_checkouts.sale_id')
            .select(['card_checkouts.sale_id', 'payments.method', 'payments.provider_session_id'])
            .where('card_checkouts.session_id', '=', sessionId)
            .executeTakeFirstOrThrow();
          if (row.sale_id === null || row.method !== 'card' || row.provider_session_id !== sessionId) {
            findings.push(`${label}: the paid checkout was lost (${JSON.stringify(row)})`);
          }
          // The other request's retry still gets its own first answer.
          const retried = await send(other, key);
          if (retried.status !== 201 || JSON.stringify(retried.body) !== JSON.stringify(first.body)) {
            findings.push(`${label}: its retry answered ${retried.status} ${retried.body.code ?? ''}`);
          }
        }
      }
    }
    expect(findings).toEqual([]);
  });
});
