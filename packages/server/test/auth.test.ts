import { FIRST_USE_ADMIN, LOGIN_THROTTLE } from '@pos/core';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { ROTATED_TOKEN_GRACE_MS } from '../src/features/auth/auth.service';
import { ENGINES, useTestApp } from './helpers/test-app';

const MINUTE = 60_000;

describe.each(ENGINES)('sign-in and sessions on %s', (engine) => {
  const t = useTestApp(engine);

  it('shows the first-use credentials until the admin changes that password', async () => {
    const before = await t.request('GET', '/api/auth/first-use');
    expect(before.body).toEqual({ show: true, ...FIRST_USE_ADMIN });

    // Username is matched case-insensitively.
    const login = await t.request<{ token: string; user: { must_change_password: boolean; role: string } }>(
      'POST',
      '/api/auth/login',
      { body: { username: 'ADMIN', password: FIRST_USE_ADMIN.password } },
    );
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({ role: 'admin', must_change_password: true });

    // Until the password is changed, the account may do nothing else.
    for (const [method, url, body] of [
      ['GET', '/api/users', undefined],
      ['PUT', '/api/settings', { settings: { system: { storeName: 'ร้านของคนอื่น' } } }],
      ['POST', '/api/auth/refresh', undefined],
    ] as const) {
      const refused = await t.request(method, url, { token: login.body.token, body });
      expect(refused.status, `${method} ${url}`).toBe(403);
      expect(refused.body).toEqual({
        code: 'PASSWORD_CHANGE_REQUIRED',
        error: 'กรุณาเปลี่ยนรหัสผ่านก่อนใช้งานระบบ',
      });
    }
    expect((await t.request('GET', '/api/auth/me', { token: login.body.token })).status).toBe(200);

    const weak = await t.request('PUT', '/api/auth/password', {
      token: login.body.token,
      body: { currentPassword: FIRST_USE_ADMIN.password, newPassword: 'short' },
    });
    expect(weak.status).toBe(400);
    expect(weak.body).toMatchObject({ fields: { newPassword: 'รหัสผ่านต้องมีอย่างน้อย 8 ตัวอักษร' } });

    const wrong = await t.request('PUT', '/api/auth/password', {
      token: login.body.token,
      body: { currentPassword: 'nope', newPassword: 'a-new-password' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'WRONG_CURRENT_PASSWORD' });

    const changed = await t.request<{ token: string }>('PUT', '/api/auth/password', {
      token: login.body.token,
      body: { currentPassword: FIRST_USE_ADMIN.password, newPassword: 'a-new-password' },
    });
    expect(changed.status).toBe(200);
    expect((await t.request('GET', '/api/auth/me', { token: login.body.token })).status).toBe(401);
    const me = await t.request<{ user: { must_change_password: boolean } }>('GET', '/api/auth/me', {
      token: changed.body.token,
    });
    expect(me.body.user.must_change_password).toBe(false);
    expect((await t.request('GET', '/api/users', { token: changed.body.token })).status).toBe(200);
    const settings = await t.request<{ settings: { system: { storeName: string } } }>('GET', '/api/settings', {
      token: changed.body.token,
    });
    expect(settings.body.settings.system.storeName).not.toBe('ร้านของคนอื่น');
    expect((await t.request('GET', '/api/auth/first-use')).body).toEqual({ show: false });
    expect((await t.request('POST', '/api/auth/login', { body: FIRST_USE_ADMIN })).status).toBe(401);
  });

  it('refuses a wrong password with a Thai message', async () => {
    const { user } = await t.buildUser();
    const wrong = await t.request('POST', '/api/auth/login', { body: { username: user.username, password: 'x' } });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ code: 'INVALID_CREDENTIALS', error: 'ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง' });
    const unknown = await t.request('POST', '/api/auth/login', { body: { username: 'nobody', password: 'x' } });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
  });

  it('answers a deactivated account exactly as a wrong password, so a guesser learns nothing', async () => {
    const { user, password } = await t.buildUser();
    const admin = await t.adminToken();
    await t.request('PUT', `/api/users/${user.id}`, { token: admin, body: { isActive: false } });
    const wrong = await t.request('POST', '/api/auth/login', { body: { username: user.username, password: 'x' } });
    const right = await t.request('POST', '/api/auth/login', { body: { username: user.username, password } });
    expect(wrong.status).toBe(401);
    expect(right.status).toBe(401);
    expect(right.body).toEqual(wrong.body);
    expect(right.body).toMatchObject({ code: 'INVALID_CREDENTIALS' });
  });

  it('throttles guesses of the current password like sign-in', async () => {
    const { user, password, token } = await t.buildUser();
    const change = (currentPassword: string) =>
      t.request('PUT', '/api/auth/password', { token, body: { currentPassword, newPassword: 'a-new-password' } });
    for (let i = 0; i < LOGIN_THROTTLE.maxFailuresPerUsernameAndAddress; i++) {
      const res = await change(`guess-${i}`);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'WRONG_CURRENT_PASSWORD' });
    }
    const blocked = await change(password);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ code: 'TOO_MANY_ATTEMPTS' });
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // The session itself is untouched and the password unchanged.
    expect((await t.request('GET', '/api/auth/me', { token })).status).toBe(200);
    t.advanceClock((LOGIN_THROTTLE.windowMinutes + 1) * MINUTE);
    expect(await t.login(user.username, password)).toBeTruthy();
  });

  it('makes a user whose password an admin reset choose a new one before anything else', async () => {
    const admin = await t.buildUser({ role: 'admin' });
    const { user } = await t.buildUser();
    const reset = await t.request('PUT', `/api/users/${user.id}/password`, {
      token: admin.token,
      body: { newPassword: 'given-by-admin' },
    });
    expect(reset.status).toBe(200);
    const login = await t.request<{ token: string; user: { must_change_password: boolean } }>(
      'POST',
      '/api/auth/login',
      { body: { username: user.username, password: 'given-by-admin' } },
    );
    expect(login.status).toBe(200);
    expect(login.body.user.must_change_password).toBe(true);
    const refused = await t.request('GET', '/api/products', { token: login.body.token });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'PASSWORD_CHANGE_REQUIRED' });

    const changed = await t.request<{ token: string }>('PUT', '/api/auth/password', {
      token: login.body.token,
      body: { currentPassword: 'given-by-admin', newPassword: 'my-own-secret' },
    });
    expect(changed.status).toBe(200);
    expect((await t.request('GET', '/api/products', { token: changed.body.token })).status).toBe(200);

    // Admins who set their own password chose it themselves.
    const own = await t.request('PUT', `/api/users/${admin.user.id}/password`, {
      token: admin.token,
      body: { newPassword: 'admin-chose-this' },
    });
    expect(own.status).toBe(200);
    expect((await t.request('GET', '/api/users', { token: admin.token })).status).toBe(200);
  });

  it('rotates the token on refresh and forgets it on logout', async () => {
    const { token } = await t.buildUser();
    const refreshed = await t.request<{ token: string }>('POST', '/api/auth/refresh', { token });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.token).not.toBe(token);
    // Calls sent with the old token just before the browser stored the new one still succeed…
    expect((await t.request('GET', '/api/auth/me', { token })).status).toBe(200);
    // …for a minute at most.
    t.advanceClock(ROTATED_TOKEN_GRACE_MS + 1);
    expect((await t.request('GET', '/api/auth/me', { token })).status).toBe(401);
    const next = refreshed.body.token;
    expect((await t.request('GET', '/api/auth/me', { token: next })).status).toBe(200);
    // Browsers may send the JSON content type with no body.
    const out = await t.request('POST', '/api/auth/logout', {
      token: next,
      headers: { 'content-type': 'application/json' },
    });
    expect(out.status).toBe(200);
    expect((await t.request('GET', '/api/auth/me', { token: next })).status).toBe(401);
  });

  it('treats a second refresh with a rotated token as reuse and ends the whole family of sessions', async () => {
    const { token: first } = await t.buildUser();
    const rotated = await t.request<{ token: string }>('POST', '/api/auth/refresh', { token: first });
    expect(rotated.status).toBe(200);
    const second = rotated.body.token;
    // Ordinary calls with the old token still succeed during the grace…
    expect((await t.request('GET', '/api/auth/me', { token: first })).status).toBe(200);
    // …but refreshing it again is reuse (a stolen copy, or a replay): no new session, and every session of the family ends.
    const reused = await t.request('POST', '/api/auth/refresh', { token: first });
    expect(reused.status).toBe(401);
    expect(reused.body).toMatchObject({ code: 'SESSION_EXPIRED' });
    for (const token of [first, second]) {
      expect((await t.request('GET', '/api/auth/me', { token })).status).toBe(401);
    }
  });

  it('ends every session of the family on logout, the rotated token in its grace included', async () => {
    const { token: first } = await t.buildUser();
    const rotated = await t.request<{ token: string }>('POST', '/api/auth/refresh', { token: first });
    const second = rotated.body.token;
    expect((await t.request('POST', '/api/auth/logout', { token: second })).status).toBe(200);
    for (const token of [first, second]) {
      expect((await t.request('GET', '/api/auth/me', { token })).status).toBe(401);
    }
    // Another sign-in of the same user is another family and stays.
    const { user, password } = await t.buildUser();
    const a = await t.login(user.username, password);
    const b = await t.login(user.username, password);
    expect((await t.request('POST', '/api/auth/logout', { token: a })).status).toBe(200);
    expect((await t.request('GET', '/api/auth/me', { token: b })).status).toBe(200);
  });

  it('lets at most one of two parallel refreshes of one token through, across two server processes', async () => {
    const other = await buildApp(t.config, { logger: false, now: t.now });
    try {
      for (let round = 0; round < 3; round++) {
        const { token } = await t.buildUser();
        const [here, there] = await Promise.all([
          t.request<{ token?: string }>('POST', '/api/auth/refresh', { token }),
          other.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { authorization: `Bearer ${token}` } }),
        ]);
        const tokens = [here.body.token, there.statusCode === 200 ? there.json<{ token: string }>().token : undefined];
        const granted = [here.status, there.statusCode].filter((s) => s === 200).length;
        expect(granted).toBeLessThanOrEqual(1);
        expect([here.status, there.statusCode]).toContain(401);
        // The reuse ended the family: neither the old token nor any new one works on either process.
        for (const candidate of [token, ...tokens]) {
          if (!candidate) continue;
          expect((await t.request('GET', '/api/auth/me', { token: candidate })).status).toBe(401);
          const fromOther = await other.app.inject({
            method: 'GET',
            url: '/api/auth/me',
            headers: { authorization: `Bearer ${candidate}` },
          });
          expect(fromOther.statusCode).toBe(401);
        }
      }
      // A rotated token reused on the other process ends the family there too.
      const { token } = await t.buildUser();
      const rotated = await t.request<{ token: string }>('POST', '/api/auth/refresh', { token });
      const reused = await other.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(reused.statusCode).toBe(401);
      expect((await t.request('GET', '/api/auth/me', { token: rotated.body.token })).status).toBe(401);
    } finally {
      await other.app.close();
    }
  });

  it('slides the expiry while staff are active, up to the maximum age', async () => {
    const { token } = await t.buildUser();
    const ttl = t.config.sessionTtlHours * 60 * MINUTE;
    // A shift longer than the idle limit: the browser refreshes while the cashier works.
    let current = token;
    for (let i = 0; i < 3; i++) {
      t.advanceClock(ttl - 10 * MINUTE);
      const refreshed = await t.request<{ token: string; expires_at: string }>('POST', '/api/auth/refresh', {
        token: current,
      });
      expect(refreshed.status).toBe(200);
      current = refreshed.body.token;
    }
    expect((await t.request('GET', '/api/auth/me', { token: current })).status).toBe(200);
    // Idle past the limit: the session is over.
    t.advanceClock(ttl + MINUTE);
    expect((await t.request('GET', '/api/auth/me', { token: current })).status).toBe(401);
  });

  it('never slides a session past its maximum age', async () => {
    const { token } = await t.buildUser();
    const maxMs = t.config.sessionMaxDays * 24 * 60 * MINUTE;
    const ttl = t.config.sessionTtlHours * 60 * MINUTE;
    let current = token;
    let lastExpiry = '';
    let signedInAt: number | null = null;
    for (let elapsed = 0; elapsed < maxMs; elapsed += 6 * 60 * MINUTE) {
      const refreshed = await t.request<{ token: string; expires_at: string }>('POST', '/api/auth/refresh', {
        token: current,
      });
      expect(refreshed.status).toBe(200);
      current = refreshed.body.token;
      lastExpiry = refreshed.body.expires_at;
      signedInAt ??= new Date(lastExpiry).getTime() - ttl;
      t.advanceClock(6 * 60 * MINUTE);
    }
    expect(new Date(lastExpiry).getTime()).toBeLessThanOrEqual((signedInAt ?? 0) + maxMs + MINUTE);
    expect((await t.request('GET', '/api/auth/me', { token: current })).status).toBe(401);
    expect((await t.request('POST', '/api/auth/refresh', { token: current })).status).toBe(401);
  });

  it('refuses missing, unknown and expired tokens with 401', async () => {
    expect((await t.request('GET', '/api/auth/me')).body).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect((await t.request('GET', '/api/auth/me', { token: 'made-up' })).body).toMatchObject({
      code: 'SESSION_EXPIRED',
    });
    const { token } = await t.buildUser();
    t.advanceClock((t.config.sessionTtlHours + 1) * 60 * MINUTE);
    const expired = await t.request('GET', '/api/auth/me', { token });
    expect(expired.status).toBe(401);
  });

  it('ends sessions when a user is deactivated, deleted or has the password changed', async () => {
    const admin = await t.adminToken();
    const a = await t.buildUser();
    const b = await t.buildUser();
    const c = await t.buildUser();
    await t.request('PUT', `/api/users/${a.user.id}`, { token: admin, body: { isActive: false } });
    await t.request('PUT', `/api/users/${b.user.id}/password`, { token: admin, body: { newPassword: 'another-pass' } });
    await t.request('DELETE', `/api/users/${c.user.id}`, { token: admin });
    for (const token of [a.token, b.token, c.token]) {
      expect((await t.request('GET', '/api/auth/me', { token })).status).toBe(401);
    }
    expect(await t.login(b.user.username, 'another-pass')).toBeTruthy();
  });
});
