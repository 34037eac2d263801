import { can, ROLES } from '@pos/core';
import { describe, expect, it, vi } from 'vitest';
import { ENGINES, useTestApp } from './helpers/test-app';

/**
 * Every /api route × every role: allowed or 403, decided by the same table in
 * core that the web uses. Generated from the routes the app registered, so a
 * new route is covered as soon as it exists.
 */
// The walks grow with the routes and sign in per call: on a busy machine they need more than the default.
vi.setConfig({ testTimeout: 120_000 });

describe.each(ENGINES)('permission matrix on %s', (engine) => {
  const t = useTestApp(engine);

  it('enforces each route’s declared permission for every role, and 401 without a session', async () => {
    const routes = t.built.routes;
    expect(routes.length).toBeGreaterThan(10);
    const users = Object.fromEntries(
      await Promise.all(ROLES.map(async (role) => [role, await t.buildUser({ role })] as const)),
    );
    const checked: string[] = [];
    for (const route of routes) {
      if ('public' in route.access) continue;
      // Unknown ids and empty bodies: nothing is changed, yet access is decided first.
      const url = route.url.replace(/:(\w+)/g, '999999');
      const body = ['POST', 'PUT', 'PATCH'].includes(route.method) ? {} : undefined;
      const anonymous = await t.request(route.method, url, { body });
      expect(anonymous.status, `${route.method} ${route.url} without a session`).toBe(401);
      for (const role of ROLES) {
        // A fresh session per call: logout and refresh end the one they use.
        const token = await t.login(users[role]!.user.username, users[role]!.password);
        const res = await t.request(route.method, url, { token, body });
        const allowed = 'signedIn' in route.access || can(role, route.access.permission);
        if (allowed) expect(res.status, `${role} ${route.method} ${route.url}`).not.toBe(403);
        else {
          expect(res.status, `${role} ${route.method} ${route.url}`).toBe(403);
          expect(res.body).toMatchObject({ code: 'FORBIDDEN' });
        }
        expect(res.status).not.toBe(401);
        expect(res.status).toBeLessThan(500);
        checked.push(`${role} ${route.method} ${route.url}`);
      }
    }
    expect(checked.length).toBe(routes.filter((r) => !('public' in r.access)).length * ROLES.length);
  });

  it('refuses a user who must change the password on every route but me, password and logout', async () => {
    const allowed = new Set(['GET /api/auth/me', 'PUT /api/auth/password', 'POST /api/auth/logout']);
    const users = await Promise.all(ROLES.map((role) => t.buildUser({ role, mustChangePassword: true })));
    let refused = 0;
    for (const route of t.built.routes) {
      if ('public' in route.access) continue;
      const url = route.url.replace(/:(\w+)/g, '999999');
      const body = ['POST', 'PUT', 'PATCH'].includes(route.method) ? {} : undefined;
      const key = `${route.method} ${route.url}`;
      for (const u of users) {
        const res = await t.request(route.method, url, { token: u.token, body });
        // Signing out is allowed and ends the session; nothing else refused here changes it.
        if (key === 'POST /api/auth/logout') u.token = await t.login(u.user.username, u.password);
        const { user } = u;
        if (allowed.has(key)) {
          expect([401, 403], `${user.role} ${key}`).not.toContain(res.status);
          expect(res.status, `${user.role} ${key}`).toBeLessThan(500);
        } else {
          expect(res.status, `${user.role} ${key}`).toBe(403);
          expect(res.body, `${user.role} ${key}`).toMatchObject({ code: 'PASSWORD_CHANGE_REQUIRED' });
          refused += 1;
        }
      }
    }
    expect(refused).toBeGreaterThan(10 * ROLES.length);
  });

  it('answers junk bodies, ids and queries on every route with a 4xx, never a 500', async () => {
    const { user, password } = await t.buildUser({ role: 'admin' });
    const junkBodies = ['[]', '"text"', 'null', '{"name":{"$gt":""}}', '{"a":', '{"__proto__":{"x":1}}', '1e309'];
    for (const route of t.built.routes) {
      if (route.url === '/api/auth/login') continue; // would trip the throttle; covered in auth tests
      const url = route.url.replace(/:(\w+)/g, '-1') + '?limit=abc&search[]=x';
      for (const rawBody of ['POST', 'PUT', 'PATCH'].includes(route.method) ? junkBodies : [undefined]) {
        const token = await t.login(user.username, password);
        const res = await t.request(route.method, url, {
          token,
          ...(rawBody === undefined ? {} : { rawBody, headers: { 'content-type': 'application/json' } }),
        });
        expect(res.status, `${route.method} ${url} ${rawBody}`).toBeLessThan(500);
        if (res.status >= 400) expect(res.body, `${route.method} ${url} ${rawBody}`).toHaveProperty('code');
      }
    }
  });

  it('keeps a cashier out of the users API', async () => {
    const { token } = await t.buildUser({ role: 'cashier' });
    const res = await t.request('GET', '/api/users', { token });
    expect(res.status).toBe(403);
    expect(res.body.error).toMatch(/ไม่มีสิทธิ์/);
  });

  it('keeps the full settings to settings_view and gives every role the store view', async () => {
    for (const role of ROLES) {
      const { token } = await t.buildUser({ role });
      const full = await t.request('GET', '/api/settings', { token });
      expect(full.status, role).toBe(can(role, 'settings_view') ? 200 : 403);
      expect((await t.request('GET', '/api/settings/store', { token })).status, role).toBe(200);
    }
    expect(can('cashier', 'settings_view') || can('viewer', 'settings_view')).toBe(false);
  });
});
