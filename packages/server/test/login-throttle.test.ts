import { LOGIN_THROTTLE, loginDelayMs } from '@pos/core';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { ENGINES, useTestApp, type TestApp } from './helpers/test-app';

const MINUTE = 60_000;
const PAIR_LIMIT = LOGIN_THROTTLE.maxFailuresPerUsernameAndAddress;
const ACCOUNT_LIMIT = LOGIN_THROTTLE.maxFailuresPerUsernameFromNewClients;
const DEVICE_COOKIE = 'pos_device';

let addressCounter = 0;
/** A client address no other test used (the trusted proxy appended it to X-Forwarded-For). */
function freshAddress(): string {
  addressCounter += 1;
  return `198.51.${100 + Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
}

function signIn(t: TestApp, username: string, password: string, address: string, spoofed?: string, cookie?: string) {
  const forwarded = spoofed ? `${spoofed}, ${address}` : address;
  return t.request('POST', '/api/auth/login', {
    body: { username, password },
    headers: { 'x-forwarded-for': forwarded, ...(cookie && { cookie }) },
  });
}

/** The device cookie a successful sign-in set, as a browser would send it back. */
function deviceCookieOf(res: { headers: Headers }): string {
  const setCookie = res.headers.getSetCookie().find((c) => c.startsWith(`${DEVICE_COOKIE}=`));
  if (!setCookie) throw new Error('no device cookie was set');
  return setCookie.split(';')[0] ?? '';
}

/** Starts every test on fresh windows. */
function nextWindow(t: TestApp): void {
  t.advanceClock((LOGIN_THROTTLE.windowMinutes + 1) * MINUTE);
}

describe.each(ENGINES)('sign-in throttle on %s', (engine) => {
  // A proxy on the same PC (e.g. nginx): the test client plays it.
  const t = useTestApp(engine, { TRUST_PROXY: '127.0.0.1' });

  it('refuses an address that keeps failing for a username, yet lets the owner in from elsewhere', async () => {
    nextWindow(t);
    const { user, password } = await t.buildUser({ role: 'admin' });
    const attacker = freshAddress();
    for (let i = 0; i < PAIR_LIMIT; i++) {
      expect((await signIn(t, user.username, `guess-${i}`, attacker)).status).toBe(401);
    }
    const blocked = await signIn(t, user.username.toUpperCase(), password, attacker);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ code: 'TOO_MANY_ATTEMPTS' });
    expect(blocked.body.error).toMatch(/กรุณาลองใหม่ในอีก 15 นาที/);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(14 * 60);

    // The owner, from an address that has not been failing, is never refused.
    expect((await signIn(t, user.username, password, freshAddress())).status).toBe(200);

    // A second server process on the same database sees the same block.
    const other = await buildApp(t.config, { logger: false, now: t.now, sleep: t.sleep });
    const fromOther = await other.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'x-forwarded-for': attacker },
      payload: { username: user.username, password },
    });
    expect(fromOther.statusCode).toBe(429);
    await other.app.close();

    nextWindow(t);
    expect((await signIn(t, user.username, password, attacker)).status).toBe(200);
  });

  it('refuses an address that fails across many usernames, and only that address', async () => {
    nextWindow(t);
    const { user, password } = await t.buildUser();
    const sprayer = freshAddress();
    for (let i = 0; i < LOGIN_THROTTLE.maxFailuresPerAddress; i++) {
      expect((await signIn(t, `guess-${engine}-${i}`, 'bad-password', sprayer)).status).toBe(401);
    }
    expect((await signIn(t, user.username, password, sprayer)).status).toBe(429);
    expect((await signIn(t, user.username, password, freshAddress())).status).toBe(200);
    nextWindow(t);
    expect((await signIn(t, user.username, password, sprayer)).status).toBe(200);
  });

  it('only slows a username down when it fails from many addresses, within a few seconds', async () => {
    nextWindow(t);
    const { user, password } = await t.buildUser({ role: 'admin' });
    // Failures from two addresses: the first few cost nothing, then each waits longer.
    const first = freshAddress();
    for (let i = 0; i < PAIR_LIMIT; i++) await signIn(t, user.username, `guess-${i}`, first);
    const second = freshAddress();
    for (let i = 0; i < 2; i++) await signIn(t, user.username, `again-${i}`, second);
    const failures = PAIR_LIMIT + 2;
    const expectedWait = loginDelayMs(failures);
    expect(expectedWait).toBeGreaterThan(0);

    const waitsBefore = t.waits.length;
    const owner = await signIn(t, user.username, password, freshAddress());
    expect(owner.status).toBe(200);
    // The server's clock waited once, that long, which is within a few seconds.
    expect(t.waits.slice(waitsBefore)).toEqual([expectedWait]);
    expect(expectedWait).toBeLessThanOrEqual(LOGIN_THROTTLE.maxDelayMs);
  });

  it('checks at most the limit of 40 parallel wrong passwords for one username from one address', async () => {
    nextWindow(t);
    const { user, password } = await t.buildUser({ role: 'admin' });
    const attacker = freshAddress();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => signIn(t, user.username, `parallel-${i}`, attacker)),
    );
    const checked = answers.filter((a) => a.status === 401).length;
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(PAIR_LIMIT);
    expect(answers.filter((a) => a.status === 429).length).toBe(40 - checked);
    // The owner is not held up by them.
    expect((await signIn(t, user.username, password, freshAddress())).status).toBe(200);
  });

  it('checks at most the address limit of parallel guesses spread over usernames, across two processes', async () => {
    nextWindow(t);
    const sprayer = freshAddress();
    const other = await buildApp(t.config, { logger: false, now: t.now, sleep: t.sleep });
    const attempts = Array.from({ length: 60 }, (_, i) => {
      const body = { username: `spray-${engine}-${i}`, password: 'bad-password' };
      if (i % 2 === 0) return signIn(t, body.username, body.password, sprayer).then((r) => r.status);
      return other.app
        .inject({ method: 'POST', url: '/api/auth/login', headers: { 'x-forwarded-for': sprayer }, payload: body })
        .then((r) => r.statusCode);
    });
    const statuses = await Promise.all(attempts);
    await other.app.close();
    const checked = statuses.filter((s) => s === 401).length;
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(LOGIN_THROTTLE.maxFailuresPerAddress);
    expect(statuses.filter((s) => s === 429).length).toBe(60 - checked);
  });

  it('bounds the checks of one account from many addresses, across two processes, yet lets its owner in from a known device or address', async () => {
    nextWindow(t);
    const { user, password } = await t.buildUser({ role: 'admin' });
    // The owner signed in before at the shop: that browser keeps a device cookie, and the shop's address is known.
    const shop = freshAddress();
    const earlier = await signIn(t, user.username, password, shop);
    expect(earlier.status).toBe(200);
    const device = deviceCookieOf(earlier);
    expect(earlier.headers.getSetCookie().join()).toMatch(/HttpOnly/i);

    // 40 guesses from 40 addresses at once, spread over two server processes on one database.
    const other = await buildApp(t.config, { logger: false, now: t.now, sleep: t.sleep });
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => {
        const address = freshAddress();
        if (i % 2 === 0) {
          return signIn(t, user.username, `spread-${i}`, address).then((r) => ({
            status: r.status,
            code: (r.body as { code?: string }).code,
            retryAfter: r.headers.get('retry-after'),
          }));
        }
        return other.app
          .inject({
            method: 'POST',
            url: '/api/auth/login',
            headers: { 'x-forwarded-for': address },
            payload: { username: user.username, password: `spread-${i}` },
          })
          .then((r) => ({
            status: r.statusCode,
            code: r.json<{ code?: string }>().code,
            retryAfter: r.headers['retry-after'] as string | undefined,
          }));
      }),
    );
    const checked = answers.filter((a) => a.status === 401).length;
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(ACCOUNT_LIMIT);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused.length).toBe(40 - checked);
    for (const answer of refused) {
      expect(answer.code).toBe('ACCOUNT_TOO_MANY_ATTEMPTS');
      expect(Number(answer.retryAfter)).toBeGreaterThan(0);
    }
    // A made-up device cookie from another new address buys nothing, on either process.
    const forged = await signIn(
      t,
      user.username,
      password,
      freshAddress(),
      undefined,
      `${DEVICE_COOKIE}=${'x'.repeat(43)}`,
    );
    expect(forged.status).toBe(429);
    expect(forged.body).toMatchObject({ code: 'ACCOUNT_TOO_MANY_ATTEMPTS' });
    expect(forged.body.error).toMatch(/เครื่องที่เคยใช้/);

    // The owner's browser gets in from anywhere, without waiting; so does the shop's address, on both processes.
    const waitsBefore = t.waits.length;
    expect((await signIn(t, user.username, password, freshAddress(), undefined, device)).status).toBe(200);
    expect(t.waits.slice(waitsBefore)).toEqual([]);
    const fromShop = await other.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'x-forwarded-for': shop },
      payload: { username: user.username, password },
    });
    expect(fromShop.statusCode).toBe(200);
    await other.app.close();

    // After the window a new device may try again.
    nextWindow(t);
    expect((await signIn(t, user.username, password, freshAddress())).status).toBe(200);
  });

  it('takes the address the proxy saw, not the X-Forwarded-For entries the client wrote', async () => {
    nextWindow(t);
    const { user, password } = await t.buildUser();
    const client = freshAddress();
    for (let i = 0; i < LOGIN_THROTTLE.maxFailuresPerAddress; i++) {
      // A new made-up leftmost address each time cannot buy more guesses.
      const res = await signIn(t, `xff-${engine}-${i}`, 'bad-password', client, `203.0.113.${i + 1}`);
      expect(res.status).toBe(401);
    }
    expect((await signIn(t, user.username, password, client, '203.0.113.200')).status).toBe(429);
  });
});

describe.each(ENGINES)('client addresses behind no trusted proxy on %s', (engine) => {
  // The listed proxy is elsewhere: the test client connects directly, as a till on the shop network would.
  const t = useTestApp(engine, { TRUST_PROXY: '192.0.2.10' });

  it('ignores X-Forwarded-For written by a client that connects directly', async () => {
    const { user, password } = await t.buildUser();
    for (let i = 0; i < LOGIN_THROTTLE.maxFailuresPerAddress; i++) {
      const res = await signIn(t, `direct-${engine}-${i}`, 'bad-password', `203.0.113.${i + 1}`);
      expect(res.status).toBe(401);
    }
    expect((await signIn(t, user.username, password, '203.0.113.250')).status).toBe(429);
  });
});
