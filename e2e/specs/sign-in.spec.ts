import { FIRST_USE_ADMIN } from '@pos/core';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { DESKTOP, launchBrowser, MOBILE, newPage, screenshot } from '../support/browser';
import { startServer, type RunningServer } from '../support/server';

describe('sign-in screen', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('renders in Thai at desktop and phone widths', async () => {
    for (const viewport of [DESKTOP, MOBILE]) {
      const { context, page } = await newPage(browser, server.url, viewport);
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
    const { context, page } = await newPage(browser, server.url);
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
    await screenshot(page, 'must-change-password');
    await expectNoSeriousA11yViolations(page, 'forced change-password dialog');
    await prompt.getByLabel('รหัสผ่านปัจจุบัน', { exact: true }).fill(FIRST_USE_ADMIN.password);
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
