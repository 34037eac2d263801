import { FIRST_USE_ADMIN } from '@pos/core';
import { describe, expect, it } from 'vitest';
import { ENGINES, useTestApp, type TestApp } from './helpers/test-app';

/** Passwords the audit found accepted (issue 30 item 8): common, or a pattern guessed at once. */
const COMMON = ['12345678', 'password', 'aaaaaaaa', 'admin123', 'qwertyui'];

const SAME_AS_CURRENT = 'รหัสผ่านใหม่ต้องไม่ซ้ำกับรหัสผ่านปัจจุบัน';
const IS_DEFAULT = /รหัสผ่านเริ่มต้น/;
const TOO_COMMON = /เดาง่ายเกินไป/;

function changeOwn(t: TestApp, token: string, currentPassword: string, newPassword: string) {
  return t.request<{ token?: string; fields?: Record<string, string> }>('PUT', '/api/auth/password', {
    token,
    body: { currentPassword, newPassword },
  });
}

describe.each(ENGINES)('password rules on %s', (engine) => {
  const t = useTestApp(engine);

  it('keeps the first-use admin on the forced change until a password that is not the current, the default or common', async () => {
    const token = await t.login(FIRST_USE_ADMIN.username, FIRST_USE_ADMIN.password);

    const same = await changeOwn(t, token, FIRST_USE_ADMIN.password, FIRST_USE_ADMIN.password);
    expect(same.status).toBe(400);
    expect(same.body).toMatchObject({
      code: 'PASSWORD_SAME_AS_CURRENT',
      error: SAME_AS_CURRENT,
      fields: { newPassword: SAME_AS_CURRENT },
    });
    for (const newPassword of [...COMMON, 'Password1', `${FIRST_USE_ADMIN.username}12345`]) {
      const weak = await changeOwn(t, token, FIRST_USE_ADMIN.password, newPassword);
      expect(weak.status, newPassword).toBe(400);
      expect(weak.body, newPassword).toMatchObject({ code: 'PASSWORD_TOO_COMMON' });
      expect(weak.body.fields?.newPassword).toMatch(TOO_COMMON);
    }

    // Nothing changed: the flag, the first-use hint, the session and the default password all stay.
    const me = await t.request<{ user: { must_change_password: boolean } }>('GET', '/api/auth/me', { token });
    expect(me.status).toBe(200);
    expect(me.body.user.must_change_password).toBe(true);
    expect((await t.request('GET', '/api/auth/first-use')).body).toMatchObject({ show: true });
    expect(await t.login(FIRST_USE_ADMIN.username, FIRST_USE_ADMIN.password)).toBeTruthy();

    const changed = await changeOwn(t, token, FIRST_USE_ADMIN.password, 'ร้านเรา-เปิด-2569');
    expect(changed.status).toBe(200);
    expect((await t.request('GET', '/api/auth/first-use')).body).toEqual({ show: false });
  });

  it('refuses the documented default password to anyone, in every way a password is set', async () => {
    const admin = await t.buildUser({ role: 'admin' });
    const forced = await t.buildUser({ mustChangePassword: true });
    const own = await changeOwn(t, forced.token, forced.password, FIRST_USE_ADMIN.password);
    expect(own.status).toBe(400);
    expect(own.body).toMatchObject({ code: 'PASSWORD_IS_DEFAULT' });
    expect(own.body.fields?.newPassword).toMatch(IS_DEFAULT);

    const reset = await t.request('PUT', `/api/users/${forced.user.id}/password`, {
      token: admin.token,
      body: { newPassword: FIRST_USE_ADMIN.password.toUpperCase() },
    });
    expect(reset.status).toBe(400);
    expect(reset.body).toMatchObject({ code: 'PASSWORD_IS_DEFAULT' });

    const created = await t.request('POST', '/api/users', {
      token: admin.token,
      body: { username: `def_${engine}`, password: FIRST_USE_ADMIN.password, name: 'ค่าเริ่มต้น', role: 'cashier' },
    });
    expect(created.status).toBe(400);
    expect(created.body).toMatchObject({ code: 'PASSWORD_IS_DEFAULT' });
    expect((created.body as { fields: { password: string } }).fields.password).toMatch(IS_DEFAULT);
    // The user was not created, nor the password changed.
    const users = await t.request<{ users: { username: string }[] }>('GET', '/api/users', { token: admin.token });
    expect(users.body.users.map((u) => u.username)).not.toContain(`def_${engine}`);
    expect(await t.login(forced.user.username, forced.password)).toBeTruthy();
  });

  it('refuses common passwords and ones made of the username on the users screen', async () => {
    const admin = await t.buildUser({ role: 'admin' });
    const { user, password } = await t.buildUser();
    for (const newPassword of [...COMMON, `${user.username}1`]) {
      const reset = await t.request('PUT', `/api/users/${user.id}/password`, {
        token: admin.token,
        body: { newPassword },
      });
      expect(reset.status, newPassword).toBe(400);
      expect(reset.body, newPassword).toMatchObject({ code: 'PASSWORD_TOO_COMMON' });
      expect((reset.body as { fields: { newPassword: string } }).fields.newPassword).toMatch(TOO_COMMON);
    }
    expect(await t.login(user.username, password)).toBeTruthy();

    for (const weak of [...COMMON, 'somsak2569']) {
      const created = await t.request('POST', '/api/users', {
        token: admin.token,
        body: { username: 'somsak', password: weak, name: 'สมศักดิ์', role: 'cashier' },
      });
      expect(created.status, weak).toBe(400);
      expect(created.body, weak).toMatchObject({ code: 'PASSWORD_TOO_COMMON' });
    }
    const ok = await t.request('POST', '/api/users', {
      token: admin.token,
      body: { username: 'somsak', password: 'ขายดี-ทุกวัน-99', name: 'สมศักดิ์', role: 'cashier' },
    });
    expect(ok.status).toBe(201);
  });

  it('refuses an admin setting their own current password again on the users screen', async () => {
    const admin = await t.buildUser({ role: 'admin', password: 'owner-secret-2569' });
    const same = await t.request('PUT', `/api/users/${admin.user.id}/password`, {
      token: admin.token,
      body: { newPassword: 'owner-secret-2569' },
    });
    expect(same.status).toBe(400);
    expect(same.body).toMatchObject({ code: 'PASSWORD_SAME_AS_CURRENT' });
    // Setting someone else's password to what it already is forces them to change it at sign-in:
    // allowed, so the admin learns nothing about another person's password.
    const other = await t.buildUser({ password: 'cashier-secret-2569' });
    const again = await t.request('PUT', `/api/users/${other.user.id}/password`, {
      token: admin.token,
      body: { newPassword: 'cashier-secret-2569' },
    });
    expect(again.status).toBe(200);
  });
});
