import { can, ROLES } from '@pos/core';
import { describe, expect, it } from 'vitest';
import { ENGINES, useTestApp } from './helpers/test-app';

/**
 * Every /api route × every role: allowed or 403, decided by the same table in
 * core that the web uses. Generated from the routes the app registered, so a
 * new route is covered as soon as it exists.
 */
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

  it('keeps a cashier out of the users API', async () => {
    const { token } = await t.buildUser({ role: 'cashier' });
    const res = await t.request('GET', '/api/users', { token });
    expect(res.status).toBe(403);
    expect(res.body.error).toMatch(/ไม่มีสิทธิ์/);
  });
});
