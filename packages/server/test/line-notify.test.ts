import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { hashPassword } from '../src/passwords/passwords';
import { OUTBOX } from '../src/features/notifications/notification-worker';
import { findOutboxMessages } from '../src/features/notifications/notifications.queries';
import { claimDueRows } from '../src/features/outbox/outbox.queries';
import { insertUser } from '../src/features/users/users.queries';
import { pushLineText } from '../src/integrations/line/line-push';
import { startServer, type RunningServer } from '../src/server';
import { buildProduct } from './helpers/catalogue-factories';
import { startFakeLine, type FakeLine } from './helpers/fake-line';
import {
  buildSaleCustomer,
  postSale,
  registerForVat,
  salePayload as payloadOf,
  // These tests are about a shop registered for VAT: 3 % on top unless a test says otherwise.
  vatShopSalePayload as salePayload,
} from './helpers/sales-factories';
import { ENGINES, freshDatabase, useTestApp, type TestApp } from './helpers/test-app';

const TEST_TEXT = 'ทดสอบการแจ้งเตือนจากระบบ Universal POS';

interface OutboxView {
  status: string;
  attempts: number;
  next_attempt_at: string;
  last_error: string | null;
  sale_id: number | null;
}

function outboxRows(db: TestApp['built']['deps']['db']): Promise<OutboxView[]> {
  return db.kysely
    .selectFrom('notification_outbox')
    .select(['status', 'attempts', 'next_attempt_at', 'last_error', 'sale_id'])
    .orderBy('id')
    .execute();
}

/** Saves the notification settings through the API, as the settings screen does. */
async function saveNotifications(
  t: Pick<TestApp, 'request'>,
  token: string,
  notifications: { notifyOnSale?: boolean; lineChannelAccessToken?: string; lineUserId?: string },
): Promise<void> {
  const res = await t.request('PUT', '/api/settings', { token, body: { settings: { notifications } } });
  expect(res.status).toBe(200);
}

describe.each(ENGINES)('LINE notification after each sale (%s)', (engine) => {
  let line: FakeLine;
  const env: Record<string, string> = {};
  beforeAll(async () => {
    line = await startFakeLine();
    env.LINE_API_BASE = line.url;
  });
  afterAll(() => line.close());
  const t = useTestApp(engine, env);
  beforeAll(() => registerForVat(t));

  const configured = () => ({ notifyOnSale: true, lineChannelAccessToken: line.token, lineUserId: line.userId });

  it('pushes each sale after it commits: number, total in baht, customer or walk-in, item count, method', async () => {
    const admin = await t.adminToken();
    await saveNotifications(t, admin, configured());
    const shirt = await buildProduct(t, { price: 150 });
    const cap = await buildProduct(t, { price: 80 });
    const customer = await buildSaleCustomer(t, 0, 'คุณสมศรี ใจดี');
    const pushedBefore = line.pushes.length;

    const sale = await postSale(
      t,
      admin,
      salePayload(
        [
          { product: shirt, quantity: 2 },
          { product: cap, quantity: 1 },
        ],
        { customerId: customer.id },
      ),
    );
    expect(sale.status).toBe(201);
    // The answer did not wait for LINE: nothing was pushed yet, the message waits in the outbox.
    expect(line.pushes.length).toBe(pushedBefore);
    expect((await outboxRows(t.built.deps.db)).at(-1)).toMatchObject({ status: 'pending', sale_id: sale.body.sale.id });

    const walkIn = await postSale(
      t,
      admin,
      salePayload([{ product: cap, quantity: 1 }], { paymentMethod: 'transfer' }),
    );
    expect(walkIn.status).toBe(201);

    expect(await t.built.notifications.drainOnce()).toMatchObject({ sent: 2, retried: 0 });
    const [first, second] = line.pushes.slice(pushedBefore);
    expect(first?.to).toBe(line.userId);
    expect(first?.messages).toEqual([
      {
        type: 'text',
        text: [
          '🛒 มีการขายใหม่',
          `เลขที่: ${sale.body.sale.document_number}`,
          // 2 × 150 + 80 = 380 baht, 3 % tax on top: 391.40
          'ยอดรวม: ฿391.40',
          'ลูกค้า: คุณสมศรี ใจดี',
          'จำนวนสินค้า: 3 ชิ้น',
          'ชำระโดย: เงินสด',
        ].join('\n'),
      },
    ]);
    expect(second?.messages[0]?.text).toBe(
      [
        '🛒 มีการขายใหม่',
        `เลขที่: ${walkIn.body.sale.document_number}`,
        'ยอดรวม: ฿82.40',
        'ลูกค้า: ลูกค้าทั่วไป',
        'จำนวนสินค้า: 1 ชิ้น',
        'ชำระโดย: โอนเงินผ่านธนาคาร',
      ].join('\n'),
    );
    expect(first?.retryKey).toMatch(/^[0-9a-f-]{36}$/);
    expect((await outboxRows(t.built.deps.db)).slice(-2).map((r) => r.status)).toEqual(['sent', 'sent']);
    // Sent rows are done: another drain sends nothing again.
    expect(await t.built.notifications.drainOnce()).toMatchObject({ sent: 0 });
    expect(line.pushes.length).toBe(pushedBefore + 2);
  });

  it('one drain sends a backlog larger than a batch, not a batch per poll', async () => {
    const admin = await t.adminToken();
    await saveNotifications(t, admin, configured());
    const product = await buildProduct(t, { price: 20, stock: 100 });
    const pushedBefore = line.pushes.length;
    const backlog = 2 * OUTBOX.batch + 5;
    for (let i = 0; i < backlog; i += 1) {
      expect((await postSale(t, admin, salePayload([{ product, quantity: 1 }]))).status).toBe(201);
    }
    expect(await t.built.notifications.drainOnce()).toMatchObject({ sent: backlog, retried: 0 });
    expect(line.pushes.length - pushedBefore).toBe(backlog);
    expect((await outboxRows(t.built.deps.db)).filter((r) => r.status === 'pending')).toEqual([]);
  });

  it('queues nothing when notifications are off or the token or user id is missing', async () => {
    const admin = await t.adminToken();
    const product = await buildProduct(t, { price: 50 });
    const before = (await outboxRows(t.built.deps.db)).length;
    for (const settings of [
      { ...configured(), notifyOnSale: false },
      { ...configured(), lineChannelAccessToken: '' },
      { ...configured(), lineUserId: '' },
    ]) {
      await saveNotifications(t, admin, settings);
      expect((await postSale(t, admin, salePayload([{ product, quantity: 1 }]))).status).toBe(201);
    }
    expect((await outboxRows(t.built.deps.db)).length).toBe(before);
  });

  it('LINE down: the sale is still 201, the push is retried with growing waits and delivered once', async () => {
    const admin = await t.adminToken();
    await saveNotifications(t, admin, configured());
    const product = await buildProduct(t, { price: 120 });
    const pushedBefore = line.pushes.length;
    line.down = true;
    try {
      const sale = await postSale(t, admin, salePayload([{ product, quantity: 1 }]));
      expect(sale.status).toBe(201);

      expect(await t.built.notifications.drainOnce()).toMatchObject({ sent: 0, retried: 1 });
      let row = (await outboxRows(t.built.deps.db)).at(-1)!;
      expect(row).toMatchObject({ status: 'pending', attempts: 1, sale_id: sale.body.sale.id });
      expect(row.last_error).toMatch(/fetch failed|socket|ECONNRESET|other side closed/i);
      expect(Date.parse(row.next_attempt_at) - t.now().getTime()).toBeGreaterThan(OUTBOX.firstRetryMs - 5_000);

      // Not due yet: nothing is tried.
      const requests = line.requests;
      expect(await t.built.notifications.drainOnce()).toMatchObject({ sent: 0, retried: 0 });
      expect(line.requests).toBe(requests);

      // LINE answers with an error: retried again, the wait doubled.
      line.down = false;
      line.failWith = 500;
      t.advanceClock(OUTBOX.firstRetryMs);
      expect(await t.built.notifications.drainOnce()).toMatchObject({ retried: 1 });
      row = (await outboxRows(t.built.deps.db)).at(-1)!;
      expect(row).toMatchObject({ status: 'pending', attempts: 2, last_error: 'Internal server error' });
      expect(Date.parse(row.next_attempt_at) - t.now().getTime()).toBeGreaterThan(2 * OUTBOX.firstRetryMs - 5_000);

      line.failWith = null;
      t.advanceClock(2 * OUTBOX.firstRetryMs);
      expect(await t.built.notifications.drainOnce()).toMatchObject({ sent: 1 });
      expect(line.pushes.slice(pushedBefore).map((p) => p.messages[0]?.text)).toEqual([
        expect.stringContaining(sale.body.sale.document_number),
      ]);
      expect((await outboxRows(t.built.deps.db)).at(-1)).toMatchObject({ status: 'sent', attempts: 3 });

      // Finished rows go after 30 days.
      t.advanceClock(OUTBOX.keepMs + 60_000);
      const report = await t.built.notifications.drainOnce();
      expect(report.pruned).toBeGreaterThanOrEqual(1);
      expect(await outboxRows(t.built.deps.db)).toEqual([]);
    } finally {
      line.down = false;
      line.failWith = null;
    }
  });

  it('two workers on one database send each message once; a lapsed claim is taken over and not shown twice', async () => {
    const admin = await t.adminToken();
    await saveNotifications(t, admin, configured());
    const product = await buildProduct(t, { price: 10, stock: 100 });
    const logs: string[] = [];
    // A second server process on the same database, logging at warn.
    const other = await startServer(loadConfig({ ...configEnv(t), LOG_LEVEL: 'warn' }), {
      now: t.now,
      listen: { port: 0, host: '127.0.0.1' },
      notificationWorker: 'manual',
      logStream: { write: (l) => void logs.push(l) },
    });
    try {
      const pushedBefore = line.pushes.length;
      const requestsBefore = line.requests;
      for (let i = 0; i < 5; i += 1) {
        expect((await postSale(t, admin, salePayload([{ product, quantity: 1 }]))).status).toBe(201);
      }
      const reports = await Promise.all([t.built.notifications.drainOnce(), other.built.notifications.drainOnce()]);
      expect(reports.reduce((sum, r) => sum + r.sent, 0)).toBe(5);
      expect(line.requests - requestsBefore).toBe(5);
      const keys = line.pushes.slice(pushedBefore).map((p) => p.retryKey);
      expect(new Set(keys).size).toBe(5);

      // A worker that claimed a row and stopped answering: the row waits out its lease, then is sent.
      expect((await postSale(t, admin, salePayload([{ product, quantity: 1 }]))).status).toBe(201);
      const now = t.now();
      const db = t.built.deps.db.kysely;
      const claimed = await claimDueRows(db, 'notification_outbox', {
        token: 'crashed-worker',
        now: now.toISOString(),
        leaseUntil: new Date(now.getTime() + OUTBOX.leaseMs).toISOString(),
        limit: 10,
      });
      const stuck = await findOutboxMessages(db, claimed);
      expect(stuck).toHaveLength(1);
      expect(await other.built.notifications.drainOnce()).toMatchObject({ sent: 0 });
      // It had even reached LINE before it stopped: the retry key makes LINE refuse the copy (409), and the
      // row counts as sent.
      await pushLineText({
        apiBase: line.url,
        token: line.token,
        to: line.userId,
        text: stuck[0]!.message,
        retryKey: stuck[0]!.retry_key,
      });
      const pushedOnce = line.pushes.length;
      t.advanceClock(OUTBOX.leaseMs);
      expect(await other.built.notifications.drainOnce()).toMatchObject({ sent: 1 });
      expect(line.pushes.length).toBe(pushedOnce);
      expect((await outboxRows(t.built.deps.db)).at(-1)).toMatchObject({ status: 'sent', attempts: 2 });

      // A refused push is logged with LINE's answer, never the token.
      await saveNotifications(t, admin, { lineChannelAccessToken: `${line.token}-revoked` });
      expect((await postSale(t, admin, salePayload([{ product, quantity: 1 }]))).status).toBe(201);
      expect(await other.built.notifications.drainOnce()).toMatchObject({ retried: 1 });
      const text = logs.join('');
      expect(text).toContain('LINE notification failed; will retry');
      expect(text).toContain('"lineStatus":401');
      expect(text).toContain('Authentication failed');
      expect(text).not.toContain(line.token);
    } finally {
      await other.stop();
    }
  });

  it('the test notification sends the test message with the saved or the given token and user id', async () => {
    const admin = await t.adminToken();
    await saveNotifications(t, admin, { lineChannelAccessToken: line.token, lineUserId: line.userId });
    const pushedBefore = line.pushes.length;

    const saved = await t.request('POST', '/api/settings/notifications/test', { token: admin });
    expect(saved).toMatchObject({ status: 200, body: { ok: true } });
    // The masked token the settings screen shows means the saved one.
    const masked = await t.request('POST', '/api/settings/notifications/test', {
      token: admin,
      body: { lineChannelAccessToken: `••••${line.token.slice(-4)}`, lineUserId: 'U0123456789abcdef0123456789abcdef' },
    });
    expect(masked.status).toBe(200);
    // Unsaved values typed on the screen are tried as they are (and not saved).
    await saveNotifications(t, admin, { lineChannelAccessToken: '', lineUserId: '' });
    const typed = await t.request('POST', '/api/settings/notifications/test', {
      token: admin,
      body: { lineChannelAccessToken: line.token, lineUserId: line.userId },
    });
    expect(typed.status).toBe(200);

    expect(line.pushes.slice(pushedBefore)).toEqual([
      { to: line.userId, messages: [{ type: 'text', text: TEST_TEXT }], retryKey: null },
      { to: 'U0123456789abcdef0123456789abcdef', messages: [{ type: 'text', text: TEST_TEXT }], retryKey: null },
      { to: line.userId, messages: [{ type: 'text', text: TEST_TEXT }], retryKey: null },
    ]);
  });

  it('the test notification reports a bad token, LINE unreachable and incomplete settings', async () => {
    const admin = await t.adminToken();
    await saveNotifications(t, admin, { lineChannelAccessToken: line.token, lineUserId: line.userId });
    const pushedBefore = line.pushes.length;

    const bad = await t.request<{ error: string; code: string; details: Record<string, unknown> }>(
      'POST',
      '/api/settings/notifications/test',
      { token: admin, body: { lineChannelAccessToken: 'not-the-channel-token' } },
    );
    expect(bad.status).toBe(502);
    expect(bad.body).toMatchObject({ code: 'LINE_REJECTED', details: { lineStatus: 401 } });
    expect(bad.body.error).toContain('LINE ปฏิเสธการส่งข้อความ');
    expect(bad.body.error).toContain('Channel Access Token ถูกต้องและยังไม่หมดอายุ');
    expect(bad.body.details.lineMessage).toMatch(/^Authentication failed/);

    line.down = true;
    try {
      const down = await t.request('POST', '/api/settings/notifications/test', { token: admin });
      expect(down).toMatchObject({ status: 502, body: { code: 'LINE_UNREACHABLE' } });
    } finally {
      line.down = false;
    }

    for (const body of [{ lineUserId: '' }, { lineChannelAccessToken: '' }]) {
      const incomplete = await t.request('POST', '/api/settings/notifications/test', { token: admin, body });
      expect(incomplete).toMatchObject({
        status: 400,
        body: {
          code: 'LINE_SETTINGS_INCOMPLETE',
          error: 'ข้อมูลไม่ครบถ้วน กรุณากรอก Channel Access Token และ User ID ก่อน',
        },
      });
    }
    const thaiToken = await t.request('POST', '/api/settings/notifications/test', {
      token: admin,
      body: { lineChannelAccessToken: 'โทเค็น ผิด' },
    });
    expect(thaiToken).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
    expect(Object.keys((thaiToken.body as { fields: object }).fields)).toEqual(['lineChannelAccessToken']);
    expect(line.pushes.length).toBe(pushedBefore);
  });

  it('the test notification needs settings_edit', async () => {
    const pushedBefore = line.pushes.length;
    expect((await t.request('POST', '/api/settings/notifications/test')).status).toBe(401);
    for (const role of ['cashier', 'viewer'] as const) {
      const { token } = await t.buildUser({ role });
      const res = await t.request('POST', '/api/settings/notifications/test', { token });
      expect(res).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
    }
    const manager = await t.buildUser({ role: 'manager' });
    await saveNotifications(t, await t.adminToken(), { lineChannelAccessToken: line.token, lineUserId: line.userId });
    expect((await t.request('POST', '/api/settings/notifications/test', { token: manager.token })).status).toBe(200);
    expect(line.pushes.length).toBe(pushedBefore + 1);
  });
});

/** The environment that gives a second server the test app's database. */
function configEnv(t: TestApp): Record<string, string> {
  return {
    DATA_DIR: t.config.dataDir,
    ...(t.config.databaseUrl ? { DATABASE_URL: t.config.databaseUrl } : {}),
    LINE_API_BASE: t.config.lineApiBase ?? '',
  };
}

describe.each(ENGINES)('LINE outbox across a crash (%s)', (engine) => {
  let line: FakeLine;
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  const servers: RunningServer[] = [];
  beforeAll(async () => {
    line = await startFakeLine();
    fresh = await freshDatabase(engine);
  });
  afterAll(async () => {
    for (const s of servers) await s.stop().catch(() => undefined);
    await line.close();
    await fresh.drop();
  });

  const start = async (notificationWorker: 'background' | 'manual') => {
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      DATA_DIR: fresh.dataDir,
      ...(fresh.databaseUrl ? { DATABASE_URL: fresh.databaseUrl } : {}),
      LINE_API_BASE: line.url,
    });
    const server = await startServer(config, { listen: { port: 0, host: '127.0.0.1' }, notificationWorker });
    servers.push(server);
    return server;
  };

  it('a sale committed just before a crash is pushed by the next start', async () => {
    // The process that sold: its worker never ran (it died right after the commit).
    const crashed = await start('manual');
    const token = await adminSession(crashed);
    const call = (method: string, url: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${crashed.url}${url}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
    const settings = await call('PUT', '/api/settings', {
      settings: {
        notifications: { notifyOnSale: true, lineChannelAccessToken: line.token, lineUserId: line.userId },
      },
    });
    expect(settings.status).toBe(200);
    const product = await buildProduct({ built: crashed.built } as TestApp, { price: 99 });
    const sale = await call('POST', '/api/sales', payloadOf([{ product, quantity: 1 }]), {
      'idempotency-key': 'crash-before-push-1',
    });
    expect(sale.status).toBe(201);
    const { sale: recorded } = (await sale.json()) as { sale: { document_number: string } };
    await crashed.stop();
    expect(line.pushes).toEqual([]);

    // Started again: the worker sends what the outbox holds without being asked.
    const restarted = await start('background');
    const push = await line.nextPush(0);
    expect(push.messages[0]?.text).toContain(recorded.document_number);
    await restarted.stop();
    expect(line.pushes).toHaveLength(1);
  });
});

/** An admin written through the queries module, signed in on that server. */
async function adminSession(server: RunningServer): Promise<string> {
  const password = 'line-outbox-admin-1';
  const row = await insertUser(server.built.deps.db.kysely, {
    username: 'outbox_admin',
    name: 'ผู้ดูแล',
    email: null,
    role: 'admin',
    password_hash: await hashPassword(password),
    must_change_password: false,
    now: new Date().toISOString(),
  });
  const res = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: row.username, password }),
  });
  return ((await res.json()) as { token: string }).token;
}
