import { FIRST_USE_ADMIN, type User } from '@pos/core';
import { describe, expect, it } from 'vitest';
import { api, apiLogin, createUser } from '../support/api';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { DESKTOP, MOBILE, newPage, screenshot } from '../support/browser';
import { useShop } from '../support/shop';

describe('sign-in screen', () => {
  const shop = useShop();

  it('renders in Thai at desktop and phone widths', async () => {
    for (const viewport of [DESKTOP, MOBILE]) {
      const { context, page } = await newPage(shop.browser, shop.url, viewport);
      await page.goto('/users');
      await page.waitForURL(/\/login$/);
      await page.getByText(`รหัสผ่าน: ${FIRST_USE_ADMIN.password}`).waitFor();
      const submit = page.getByRole('button', { name: 'เข้าสู่ระบบ' });
      expect(await submit.isDisabled()).toBe(true);
      await screenshot(page, 'login');
      await expectNoSeriousA11yViolations(page, `sign-in ${viewport.width}`);
      await context.close();
    }
  });

  it('refuses a wrong password, signs admin in, asks for a new password, then hides the first-use box', async () => {
    const { context, page } = await newPage(shop.browser, shop.url);
    await page.goto('/login');
    await page.getByLabel('ชื่อผู้ใช้').fill('admin');
    await page.getByLabel('รหัสผ่าน', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'เข้าสู่ระบบ' }).click();
    await page.getByText('ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง').first().waitFor();
    await page.getByText('เข้าสู่ระบบไม่สำเร็จ').first().waitFor();
    expect(page.url()).toMatch(/\/login$/);
    await screenshot(page, 'login-failed');
    await expectNoSeriousA11yViolations(page, 'sign-in with error');

    // The show/hide button reveals the password.
    const password = page.getByLabel('รหัสผ่าน', { exact: true });
    await password.fill(FIRST_USE_ADMIN.password);
    expect(await password.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'แสดงรหัส' }).click();
    expect(await password.getAttribute('type')).toBe('text');

    await page.getByRole('button', { name: 'เข้าสู่ระบบ' }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.getByText('เข้าสู่ระบบสำเร็จ').first().waitFor();

    const prompt = page.getByRole('dialog', { name: 'กรุณาเปลี่ยนรหัสผ่าน' });
    await prompt.waitFor();
    // Nothing else is drawn (the server would refuse it); the only other way out is signing out.
    expect(await page.getByRole('navigation', { name: 'เมนูหลัก' }).count()).toBe(0);
    await prompt.getByRole('button', { name: 'ออกจากระบบ' }).waitFor();
    await screenshot(page, 'must-change-password');
    await expectNoSeriousA11yViolations(page, 'forced change-password dialog');
    await prompt.getByLabel('รหัสผ่านปัจจุบัน', { exact: true }).fill(FIRST_USE_ADMIN.password);
    // The server refuses keeping the first-use password, and says why at the field.
    await prompt.getByLabel('รหัสผ่านใหม่', { exact: true }).fill(FIRST_USE_ADMIN.password);
    await prompt.getByLabel('ยืนยันรหัสผ่าน', { exact: true }).fill(FIRST_USE_ADMIN.password);
    await prompt.getByRole('button', { name: 'เปลี่ยนรหัสผ่าน' }).click();
    const newPassword = prompt.getByLabel('รหัสผ่านใหม่', { exact: true });
    await prompt.getByText('รหัสผ่านใหม่ต้องไม่ซ้ำกับรหัสผ่านปัจจุบัน').first().waitFor();
    expect(await newPassword.getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, 'must-change-password-refused');
    await expectNoSeriousA11yViolations(page, 'forced change-password refusal');
    await prompt.getByLabel('รหัสผ่านใหม่', { exact: true }).fill('shop-owner-2569');
    await prompt.getByLabel('ยืนยันรหัสผ่าน', { exact: true }).fill('shop-owner-2569');
    await prompt.getByRole('button', { name: 'เปลี่ยนรหัสผ่าน' }).click();
    await page.getByText('เปลี่ยนรหัสผ่านสำเร็จ').first().waitFor();
    await prompt.waitFor({ state: 'hidden' });

    // Still signed in with the rotated token.
    await page.reload();
    await page.waitForURL(/\/dashboard$/);
    await page.getByRole('navigation', { name: 'เมนูหลัก' }).waitFor();

    await page.getByRole('button', { name: 'ออกจากระบบ' }).click();
    await page.waitForURL(/\/login$/);
    await page.getByText('ออกจากระบบสำเร็จ').first().waitFor();
    await page.getByLabel('ชื่อผู้ใช้').waitFor();
    expect(await page.getByText(`รหัสผ่าน: ${FIRST_USE_ADMIN.password}`).count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
    await context.close();
  });
});

describe('forced password change', () => {
  const shop = useShop();

  it('shows the change-password screen when the server asks for it, e.g. after an admin reset', async () => {
    const cashier = await createUser(shop.url, {
      username: 'somchai',
      password: 'cashier-pass-1',
      name: 'สมชาย ขายดี',
      role: 'cashier',
    });
    const admin = await shop.adminToken();
    await api(shop, admin, 'PUT', `/users/${cashier.id}/password`, { newPassword: 'given-by-admin' });
    const token = await apiLogin(shop.url, 'somchai', 'given-by-admin');

    // A browser that still believes the old answer (no change needed), and cannot reach /auth/me:
    // only the refusal of the screen's own calls can tell it.
    const { context, page } = await newPage(shop.browser, shop.url);
    await page.route('**/api/auth/me', (route) => route.abort());
    const stale: User = { ...cashier, must_change_password: false };
    await page.addInitScript(
      ([t, u]) => {
        if (!localStorage.getItem('auth_token')) {
          localStorage.setItem('auth_token', t);
          localStorage.setItem('user', u);
        }
      },
      [token, JSON.stringify(stale)] as const,
    );
    await page.goto('/pos');
    const prompt = page.getByRole('dialog', { name: 'กรุณาเปลี่ยนรหัสผ่าน' });
    await prompt.waitFor();
    expect(await page.getByRole('navigation', { name: 'เมนูหลัก' }).count()).toBe(0);

    // A password everyone tries first is refused at the field, on a phone too.
    await page.setViewportSize(MOBILE);
    await prompt.getByLabel('รหัสผ่านปัจจุบัน', { exact: true }).fill('given-by-admin');
    await prompt.getByLabel('รหัสผ่านใหม่', { exact: true }).fill('12345678');
    await prompt.getByLabel('ยืนยันรหัสผ่าน', { exact: true }).fill('12345678');
    await prompt.getByRole('button', { name: 'เปลี่ยนรหัสผ่าน' }).click();
    await prompt
      .getByText(/รหัสผ่านนี้เดาง่ายเกินไป/)
      .first()
      .waitFor();
    expect(await prompt.getByLabel('รหัสผ่านใหม่', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, 'must-change-password-refused');
    await expectNoSeriousA11yViolations(page, 'forced change-password refusal on a phone');
    await page.setViewportSize(DESKTOP);

    await prompt.getByLabel('รหัสผ่านปัจจุบัน', { exact: true }).fill('given-by-admin');
    await prompt.getByLabel('รหัสผ่านใหม่', { exact: true }).fill('somchai-own-pass');
    await prompt.getByLabel('ยืนยันรหัสผ่าน', { exact: true }).fill('somchai-own-pass');
    await prompt.getByRole('button', { name: 'เปลี่ยนรหัสผ่าน' }).click();
    await prompt.waitFor({ state: 'hidden' });
    await page.getByRole('navigation', { name: 'เมนูหลัก' }).waitFor();
    await context.close();
  });
});
