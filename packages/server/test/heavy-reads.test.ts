import { once } from 'node:events';
import net from 'node:net';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '@pos/core';
import { useFakeCloudinary } from './helpers/fake-cloudinary';
import { ENGINES, useTestApp, type TestApp } from './helpers/test-app';

// Read by useTestApp when its app starts, after the fake below is listening.
const env: Record<string, string> = { HEAVY_READS_PER_USER: '2' };
const fake = useFakeCloudinary('slow-shop', env);

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !condition(); i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(condition()).toBe(true);
}

const listingCalls = () => fake().calls.filter((c) => c.path.includes('/resources/image')).length;

/** Holds Cloudinary's answers until the returned function is called: the storage screen's reads hang. */
function holdCloudinary(): () => void {
  let release!: () => void;
  fake().hold = new Promise<void>((resolve) => (release = resolve));
  return () => {
    fake().hold = null;
    release();
  };
}

/** Starts `count` storage listings for `token` that stay open while Cloudinary is held. */
async function hangingReads(t: TestApp, token: string, count: number) {
  const before = listingCalls();
  const reads = Array.from({ length: count }, () =>
    fetch(`${t.url}/api/storage/resources?limit=10`, { headers: { authorization: `Bearer ${token}` } }).then(
      (res) => res.status,
    ),
  );
  await until(() => listingCalls() === before + count);
  return reads;
}

/**
 * Starts `count` storage listings for `token` over connections of their own, and answers a function that
 * closes them: clients that go away before the answer (fetch's abort keeps its connection a while).
 */
async function leavingReads(t: TestApp, token: string, count: number): Promise<() => void> {
  const before = listingCalls();
  const { port } = new URL(t.url);
  const sockets = await Promise.all(
    Array.from({ length: count }, async () => {
      const socket = net.connect(Number(port), '127.0.0.1');
      await once(socket, 'connect');
      socket.write(
        `GET /api/storage/resources?limit=10 HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n\r\n`,
      );
      return socket;
    }),
  );
  await until(() => listingCalls() === before + count);
  return () => sockets.forEach((socket) => socket.destroy());
}

describe.each(ENGINES)('long back-office reads on %s', (engine) => {
  const t = useTestApp(engine, env);

  it('refuses a user past their reads at once with 429 in Thai; others, and that user elsewhere, go on', async () => {
    const owner = await t.buildUser({ role: 'admin' });
    const manager = await t.buildUser({ role: 'manager' });
    const release = holdCloudinary();
    const reads = await hangingReads(t, owner.token, 2);

    const refused = await t.request('GET', '/api/sales?limit=5', { token: owner.token });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ code: 'HEAVY_READS_BUSY', error: ERROR_MESSAGES.HEAVY_READS_BUSY });
    expect(refused.headers.get('retry-after')).toBe('2');
    expect(
      (await t.request('GET', '/api/sales/stats/vat?startMonth=2026-01&endMonth=2026-03', { token: owner.token }))
        .status,
    ).toBe(429);

    // Not a long read: not counted.
    expect((await t.request('GET', '/api/products', { token: owner.token })).status).toBe(200);
    // Another user's reads are theirs.
    expect((await t.request('GET', '/api/sales?limit=5', { token: manager.token })).status).toBe(200);

    release();
    expect(await Promise.all(reads)).toEqual([200, 200]);
    expect((await t.request('GET', '/api/sales?limit=5', { token: owner.token })).status).toBe(200);
  });

  it('gives a place back when its client goes away before the answer', async () => {
    const owner = await t.buildUser({ role: 'admin' });
    const release = holdCloudinary();
    const leave = await leavingReads(t, owner.token, 2);
    expect((await t.request('GET', '/api/sales?limit=5', { token: owner.token })).status).toBe(429);
    leave();
    // The server learns of it when the connection closes: asked again until then.
    let status = 0;
    for (let i = 0; i < 100 && status !== 200; i += 1) {
      status = (await t.request('GET', '/api/sales?limit=5', { token: owner.token })).status;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(status).toBe(200);
    release();
  });
});

describe.skipIf(!ENGINES.includes('postgres'))('the back-office statement time limit on postgres', () => {
  const t = useTestApp('postgres', { READ_TIMEOUT_MS: '300' });

  it('answers 503 READ_TIMED_OUT in Thai when a read runs past READ_TIMEOUT_MS, and reads again after', async () => {
    const owner = await t.buildUser({ role: 'admin' });
    // Another session holds the sales table: the history's read waits on the lock, past the limit.
    const holder = new pg.Client({ connectionString: t.config.databaseUrl ?? '' });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('lock table sales in access exclusive mode');
      const res = await t.request('GET', '/api/sales?limit=5', { token: owner.token });
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ code: 'READ_TIMED_OUT', error: ERROR_MESSAGES.READ_TIMED_OUT });
      await holder.query('commit');
    } finally {
      await holder.end();
    }
    expect((await t.request('GET', '/api/sales?limit=5', { token: owner.token })).status).toBe(200);
  });
});
