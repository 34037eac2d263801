import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import rootPackage from '../../../package.json' with { type: 'json' };
import { startServerProcess, type ServerProcess } from './soak/server-process';

// The bundle `npm start` runs, started as a process of plain Node: what the in-process API tests cannot
// see (packages resolved next to the bundle, the WAL checkpointer's worker, the version built in, a clean
// stop). The crash, backup and two-process tests run the same bundle.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-built-'));
let server: ServerProcess;

async function call(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(server.url + url, {
    method,
    headers: { ...(body !== undefined && { 'content-type': 'application/json' }), ...headers },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the test reads a few known fields
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

beforeAll(async () => {
  server = await startServerProcess({ dataDir, databaseUrl: null, env: { LOG_LEVEL: 'warn' } });
}, 60_000);

afterAll(async () => {
  await server.kill();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the server bundle run by npm start', () => {
  it('answers its health with the version built in', async () => {
    const res = await call('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', database: 'up', engine: 'sqlite', version: rootPackage.version });
  });

  it('signs in and records a sale through the whole app', async () => {
    const login = await call('POST', '/api/auth/login', { username: 'admin', password: 'admin1234' });
    expect(login.status).toBe(200);
    const changed = await call(
      'PUT',
      '/api/auth/password',
      { currentPassword: 'admin1234', newPassword: 'built-server-123' },
      { authorization: `Bearer ${login.body.token}` },
    );
    expect(changed.status).toBe(200);
    const auth = { authorization: `Bearer ${changed.body.token}` };
    const product = await call(
      'POST',
      '/api/products',
      { name: 'เสื้อ', sku: 'B-1', price: 250, stock: 5, category: 'เสื้อผ้า' },
      auth,
    );
    expect(product.status).toBe(201);
    const sale = {
      items: [{ productId: product.body.product.id, quantity: 2, price: 250 }],
      subtotal: 0,
      discount: 0,
      tax: 0,
      total: 0,
      excludeVAT: false,
      paymentMethod: 'cash',
      pointsUsed: 0,
    };
    // The server decides the totals; its refusal says what they are.
    const refused = await call('POST', '/api/sales', sale, { ...auth, 'idempotency-key': randomUUID() });
    expect(refused.status).toBe(409);
    const totals = refused.body.details.server;
    const recorded = await call(
      'POST',
      '/api/sales',
      { ...sale, subtotal: totals.subtotal, discount: totals.discount, tax: totals.tax, total: totals.total },
      { ...auth, 'idempotency-key': randomUUID() },
    );
    expect(recorded.status).toBe(201);
    expect(recorded.body.sale.total).toBe(totals.total);
    const after = await call('GET', `/api/products/${product.body.product.id}`, undefined, auth);
    expect(after.body.product.stock).toBe(3);
  });

  it('stops cleanly on SIGTERM', async () => {
    await server.stop();
    expect(server.exitCode()).toBe(0);
    expect(server.stderr()).toBe('');
  });
});
