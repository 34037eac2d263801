import { randomUUID } from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import { beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, type DatabaseEngine } from '../src/config';
import { buildProduct } from './helpers/catalogue-factories';
import { turnOnCardPayments, useFakeStripe } from './helpers/fake-stripe';
import { salePayload } from './helpers/sales-factories';
import { ENGINES, useTestApp, type TestApp } from './helpers/test-app';

/** POST with a Host header of our choosing (fetch always sends the URL's own). */
function postWithHost(
  t: TestApp,
  path: string,
  host: string,
  token: string,
  body: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const url = new URL(t.url);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path,
        method: 'POST',
        headers: {
          host,
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          'idempotency-key': randomUUID(),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** A non-loopback address of this machine's network cards, when it has one. */
function interfaceAddress(): string | undefined {
  return Object.values(os.networkInterfaces())
    .flat()
    .find((a) => a && !a.internal && a.family === 'IPv4')?.address;
}

/** An app taking cards through a fake Stripe, a cashier's token and a card sale's body. */
function useCardShop(engine: DatabaseEngine, env: Record<string, string> = {}) {
  const stripe = useFakeStripe();
  const t = useTestApp(engine, Object.assign(stripe.env, env));
  const shop = { token: '', body: {} as unknown };
  beforeAll(async () => {
    const admin = await t.adminToken();
    await turnOnCardPayments(t, admin);
    shop.token = (await t.buildUser({ role: 'cashier' })).token;
    const product = await buildProduct(t, { price: 100, stock: 1000 });
    shop.body = salePayload([{ product, quantity: 1 }], { paymentMethod: 'card' });
  });
  return { stripe, t, shop };
}

describe('PUBLIC_URL', () => {
  it('is an http(s) address without a path; anything else stops start-up naming it', () => {
    expect(loadConfig({}).publicUrl).toBeNull();
    expect(loadConfig({ PUBLIC_URL: 'https://pos.myshop.co.th' }).publicUrl).toBe('https://pos.myshop.co.th');
    expect(loadConfig({ PUBLIC_URL: ' http://192.168.1.20:3000/ ' }).publicUrl).toBe('http://192.168.1.20:3000');
    for (const bad of [
      'pos.myshop.co.th',
      'ftp://pos.myshop.co.th',
      'https://pos.myshop.co.th/pos',
      'https://pos.myshop.co.th?x=1',
      'https://pos.myshop.co.th/#x',
      'https://user:pass@pos.myshop.co.th',
      'javascript:alert(1)',
    ]) {
      expect(() => loadConfig({ PUBLIC_URL: bad }), bad).toThrow(ConfigError);
      expect(() => loadConfig({ PUBLIC_URL: bad }), bad).toThrow(/^PUBLIC_URL [^\n]*$/);
    }
  });
});

describe.each(ENGINES)('the card return address without PUBLIC_URL on %s', (engine) => {
  const { stripe, t, shop } = useCardShop(engine);
  const checkout = (host: string) => postWithHost(t, '/api/payments/stripe/checkout', host, shop.token, shop.body);
  const port = () => new URL(t.url).port;

  it('refuses a checkout whose Host is not one of the server’s own addresses, asking Stripe nothing', async () => {
    const calls = stripe.fake.calls.length;
    const checkouts = async () =>
      (await t.built.deps.db.kysely.selectFrom('card_checkouts').select('id').execute()).length;
    const before = await checkouts();
    for (const host of [
      'evil.example',
      `evil.example:${port()}`,
      `127.0.0.1.evil.example:${port()}`,
      `localhost.evil.example:${port()}`,
      // One of ours, but not the port this server listens on.
      '127.0.0.1:1',
    ]) {
      const res = await checkout(host);
      expect(res.status, host).toBe(400);
      expect(res.body.code, host).toBe('CARD_RETURN_ADDRESS_UNKNOWN');
      expect(res.body.error, host).toMatch(/PUBLIC_URL/);
    }
    expect(stripe.fake.calls.length).toBe(calls);
    expect(await checkouts()).toBe(before);
  });

  it('sends the customer back to the address the till used when it is one of the server’s own', async () => {
    const own = [`127.0.0.1:${port()}`, `localhost:${port()}`, `[::1]:${port()}`];
    const lan = interfaceAddress();
    if (lan) own.push(`${lan}:${port()}`);
    for (const host of own) {
      const res = await checkout(host);
      expect(res.status, host).toBe(201);
      const session = stripe.fake.sessions.get(res.body.sessionId as string)!;
      expect(session.success_url).toBe(`http://${host}/pos?stripe_session=success&session_id={CHECKOUT_SESSION_ID}`);
      expect(session.cancel_url).toBe(`http://${host}/pos?stripe_session=cancel`);
    }
  });
});

describe.each(ENGINES)('the card return address with PUBLIC_URL on %s', (engine) => {
  const { stripe, t, shop } = useCardShop(engine, { PUBLIC_URL: 'https://pos.myshop.co.th/' });

  it('always sends the customer back to PUBLIC_URL, whatever Host the request carried', async () => {
    for (const host of ['evil.example', `127.0.0.1:${new URL(t.url).port}`]) {
      const res = await postWithHost(t, '/api/payments/stripe/checkout', host, shop.token, shop.body);
      expect(res.status, host).toBe(201);
      const session = stripe.fake.sessions.get(res.body.sessionId as string)!;
      expect(session.success_url).toBe(
        'https://pos.myshop.co.th/pos?stripe_session=success&session_id={CHECKOUT_SESSION_ID}',
      );
      expect(session.cancel_url).toBe('https://pos.myshop.co.th/pos?stripe_session=cancel');
    }
  });
});
