import { promptPayPayload, type DisplayState, type DisplayView } from '@pos/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { startServer } from '../src/server';
import { ENGINES, useTestApp } from './helpers/test-app';

// The customer display (issue 37): paired with a short code the till shows, it follows that till over
// server-sent events (through the server, from another process too), reads nothing but its till's screen, and
// can be unpaired.

type Refusal = { code?: string };

interface DisplayStream {
  /** The next event (after those already read) that `match` accepts. */
  next(
    match: (event: { type: string; data: unknown }) => boolean,
    timeoutMs?: number,
  ): Promise<{ type: string; data: unknown }>;
  close(): Promise<void>;
}

async function openStream(baseUrl: string, token: string): Promise<DisplayStream> {
  const res = await fetch(`${baseUrl}/api/display/stream`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const pending: { type: string; data: unknown }[] = [];
  let ended = false;
  const readMore = async () => {
    const { value, done } = await reader.read();
    if (done) {
      ended = true;
      return;
    }
    buffer += decoder.decode(value, { stream: true });
    let cut: number;
    while ((cut = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const type = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (type && data !== undefined) pending.push({ type, data: JSON.parse(data) });
    }
  };
  return {
    async next(match, timeoutMs = 5_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const index = pending.findIndex(match);
        if (index >= 0) return pending.splice(0, index + 1).at(-1)!;
        pending.length = 0;
        if (ended) throw new Error('the stream ended');
        if (Date.now() > until) throw new Error('no such event in time');
        await Promise.race([readMore(), new Promise((r) => setTimeout(r, until - Date.now()))]);
      }
    },
    close: () => reader.cancel(),
  };
}

const isView = (check: (view: DisplayView) => boolean) => (event: { type: string; data: unknown }) =>
  event.type === 'view' && check(event.data as DisplayView);

const CART: DisplayState = {
  phase: 'cart',
  lines: [{ name: 'เสื้อเชิ้ตลินิน', detail: 'M / ขาว', quantity: 2, total: 1070 }],
  subtotal: 1070,
  discount: 0,
  total: 1070,
  pointsEarned: 10,
  payment: null,
  change: null,
};

describe.each(ENGINES)('the customer display on %s', (engine) => {
  const t = useTestApp(engine);
  let cashier: string;
  let till: number;
  let otherTill: number;

  const codeFor = async (tillId: number) => {
    const res = await t.request<{ code: string; expiresAt: string }>('POST', `/api/tills/${tillId}/display-code`, {
      token: cashier,
    });
    expect(res.status).toBe(201);
    expect(res.body.code).toMatch(/^\d{6}$/);
    return res.body.code;
  };
  const pair = (code: string) =>
    t.request<{ token: string; till: { id: number; name: string } } & Refusal>('POST', '/api/display/pair', {
      body: { code },
    });
  const show = (tillId: number, state: DisplayState) =>
    t.request('PUT', `/api/tills/${tillId}/display`, { token: cashier, body: { state } });

  beforeAll(async () => {
    const admin = await t.adminToken();
    cashier = (await t.buildUser({ role: 'cashier' })).token;
    const made = async (name: string) =>
      (await t.request<{ till: { id: number } }>('POST', '/api/tills', { token: admin, body: { name } })).body.till.id;
    till = await made('เคาน์เตอร์ 1');
    otherTill = await made('เคาน์เตอร์ 2');
    const settings = await t.request('PUT', '/api/settings', {
      token: admin,
      body: {
        settings: { system: { storeName: 'ร้านลินินดี' }, payment: { promptpayEnabled: true, promptpayId: '0812345678' } },
      },
    });
    expect(settings.status).toBe(200);
  });

  it('pairs with the code the till shows, once, and only while it is fresh', async () => {
    const code = await codeFor(till);
    const wrong = await pair(code === '000000' ? '000001' : '000000');
    expect([wrong.status, wrong.body.code]).toEqual([400, 'DISPLAY_CODE_INVALID']);
    const paired = await pair(code.slice(0, 3) + ' ' + code.slice(3));
    expect(paired.status, JSON.stringify(paired.body)).toBe(201);
    expect(paired.body.till).toEqual({ id: till, name: 'เคาน์เตอร์ 1' });
    expect((await pair(code)).body.code).toBe('DISPLAY_CODE_INVALID');
    const stale = await codeFor(till);
    t.advanceClock(11 * 60_000);
    expect((await pair(stale)).body.code).toBe('DISPLAY_CODE_INVALID');
    expect((await pair('12ab56')).status).toBe(400);
    // Reads its till's screen with its key, and nothing without one (a user's session is not a display's key).
    const view = await t.request<DisplayView>('GET', '/api/display/view', {
      headers: { authorization: `Bearer ${paired.body.token}` },
    });
    expect(view.body).toMatchObject({ shop: { storeName: 'ร้านลินินดี' }, till: { id: till }, state: { phase: 'idle' } });
    expect((await t.request<Refusal>('GET', '/api/display/view')).body.code).toBe('DISPLAY_NOT_PAIRED');
    expect((await t.request('GET', '/api/display/view', { token: cashier })).status).toBe(401);
  });

  it('follows its till live: the cart, the PromptPay QR for the total, then the thanks with the change', async () => {
    const { token } = (await pair(await codeFor(till))).body;
    const stream = await openStream(t.url, token);
    try {
      await stream.next(isView((v) => v.till.id === till));
      expect((await show(till, CART)).status).toBe(200);
      const cart = await stream.next(isView((v) => v.state.phase === 'cart'));
      expect((cart.data as DisplayView).state.lines).toEqual(CART.lines);
      // Another till's sale is not this display's business.
      await show(otherTill, { ...CART, total: 99 });
      await show(till, { ...CART, phase: 'payment', payment: { method: 'promptpay', amount: 1070 } });
      // The very next view is this till's payment: nothing of the other till came through.
      const qr = (await stream.next(isView(() => true))).data as DisplayView;
      expect(qr.state.phase).toBe('payment');
      expect(qr.state.total).toBe(1070);
      expect(qr.promptpayPayload).toBe(promptPayPayload('0812345678', 107_000));
      await show(till, { ...CART, phase: 'thanks', payment: { method: 'cash', amount: 1100 }, change: 30 });
      const thanks = (await stream.next(isView((v) => v.state.phase === 'thanks'))).data as DisplayView;
      expect([thanks.state.change, thanks.promptpayPayload]).toEqual([30, null]);
    } finally {
      await stream.close();
    }
  });

  it('follows a till served by another server process', async () => {
    const { token } = (await pair(await codeFor(till))).body;
    const other = await startServer(
      loadConfig({
        LOG_LEVEL: 'silent',
        DATA_DIR: t.config.dataDir,
        ...(t.config.databaseUrl ? { DATABASE_URL: t.config.databaseUrl } : {}),
      }),
      { now: t.now, listen: { port: 0, host: '127.0.0.1' }, notificationWorker: 'manual' },
    );
    const stream = await openStream(other.url, token);
    try {
      await stream.next(isView(() => true));
      await show(till, { ...CART, lines: [{ ...CART.lines[0]!, name: 'กางเกงยีนส์' }] });
      const seen = (await stream.next(isView((v) => v.state.lines[0]?.name === 'กางเกงยีนส์'))).data as DisplayView;
      expect(seen.till.id).toBe(till);
    } finally {
      await stream.close();
      await other.stop();
    }
  });

  it('stops a display once the till unpairs it', async () => {
    const { token } = (await pair(await codeFor(till))).body;
    const stream = await openStream(t.url, token);
    try {
      await stream.next(isView(() => true));
      const unpaired = await t.request<{ unpaired: number }>('DELETE', `/api/tills/${till}/displays`, {
        token: cashier,
      });
      expect(unpaired.body.unpaired).toBeGreaterThanOrEqual(1);
      await stream.next((e) => e.type === 'unpaired');
    } finally {
      await stream.close();
    }
    const view = await t.request<Refusal>('GET', '/api/display/view', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect([view.status, view.body.code]).toEqual([401, 'DISPLAY_NOT_PAIRED']);
  });

  it('refuses bad states, unknown tills and a guesser', async () => {
    expect((await show(till, { ...CART, lines: [{ ...CART.lines[0]!, quantity: 0 }] })).status).toBe(400);
    expect((await show(999_999, CART)).status).toBe(404);
    const viewer = (await t.buildUser({ role: 'viewer' })).token;
    expect(
      (await t.request('PUT', `/api/tills/${till}/display`, { token: viewer, body: { state: CART } })).status,
    ).toBe(403);
    let last = 0;
    for (let i = 0; i < 11; i++) last = (await pair(String(100_000 + i))).status;
    expect(last).toBe(429);
  });
});
