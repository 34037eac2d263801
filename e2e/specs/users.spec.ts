import type { User } from '@pos/core';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, createUser, loginStatus } from '../support/api';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { MOBILE, newPage, screenshot, signIn, signInTo } from '../support/browser';
import { useShop, type Shop } from '../support/shop';

async function usersFromApi(shop: Shop, token: string): Promise<User[]> {
  const res = await fetch(`${shop.url}/api/users`, { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as { users: User[] }).users;
}

async function toast(page: Page, text: string): Promise<void> {
  await page.getByText(text).first().waitFor();
}

describe('users screen', () => {
  const shop = useShop();
  const bossPassword = 'boss-pass-123';

  beforeAll(async () => {
    await createUser(shop.url, { username: 'boss', password: bossPassword, name: 'เจ้าของร้าน', role: 'admin' });
  });

  it('adds, edits, changes the password of, deactivates and deletes a user', async () => {
    const { context, page } = await newPage(shop.browser, shop.url);
    await signIn(page, 'boss', bossPassword, /\/dashboard$/);
    await page.getByRole('navigation', { name: 'เมนูหลัก' }).getByRole('link', { name: 'จัดการผู้ใช้' }).click();
    await page.waitForURL(/\/users$/);
    await page.getByRole('heading', { name: 'จัดการผู้ใช้' }).waitFor();
    await page.getByTestId('user-card-boss').waitFor();
    await expectNoSeriousA11yViolations(page, 'users');

    // Own row: toggle and delete are disabled.
    const own = page.getByTestId('user-card-boss');
    expect(await own.getByRole('button', { name: 'ปิดใช้งาน' }).isDisabled()).toBe(true);
    expect(await own.getByRole('button', { name: 'ลบ' }).isDisabled()).toBe(true);

    // Add
    await page.getByRole('button', { name: 'เพิ่มผู้ใช้' }).click();
    let dialog = page.getByRole('dialog', { name: 'เพิ่มผู้ใช้' });
    await dialog.waitFor();
    await dialog.getByLabel('ชื่อผู้ใช้').fill('nid');
    await dialog.getByLabel('รหัสผ่าน', { exact: true }).fill('short');
    await dialog.getByLabel('ชื่อ-นามสกุล').fill('นิด ขายเก่ง');
    await dialog.getByLabel('อีเมล').fill('nid@example.com');
    await dialog.getByRole('button', { name: 'เพิ่มผู้ใช้' }).click();
    await dialog.getByText('รหัสผ่านต้องมีอย่างน้อย 8 ตัวอักษร').waitFor();
    await dialog.getByLabel('รหัสผ่าน', { exact: true }).fill('nid-pass-123');
    await dialog.getByRole('combobox', { name: 'บทบาท' }).click();
    await page.getByRole('option', { name: 'ผู้จัดการ' }).waitFor();
    await expectNoSeriousA11yViolations(page, 'add-user dialog, role list open');
    await page.getByRole('option', { name: 'ผู้จัดการ' }).click();
    await screenshot(page, 'users-add-dialog');
    await expectNoSeriousA11yViolations(page, 'add-user dialog with an error');
    await dialog.getByRole('button', { name: 'เพิ่มผู้ใช้' }).click();
    await toast(page, 'เพิ่มผู้ใช้สำเร็จ');
    await dialog.waitFor({ state: 'hidden' });
    const card = page.getByTestId('user-card-nid');
    await card.getByText('นิด ขายเก่ง').waitFor();
    await card.getByText('ผู้จัดการ').waitFor();
    await card.getByText('ใช้งาน', { exact: true }).waitFor();

    // Duplicate username: the server's message shows in the dialog.
    await page.getByRole('button', { name: 'เพิ่มผู้ใช้' }).click();
    dialog = page.getByRole('dialog', { name: 'เพิ่มผู้ใช้' });
    await dialog.getByLabel('ชื่อผู้ใช้').fill('NID');
    await dialog.getByLabel('รหัสผ่าน', { exact: true }).fill('nid-pass-123');
    await dialog.getByLabel('ชื่อ-นามสกุล').fill('ซ้ำ');
    await dialog.getByRole('button', { name: 'เพิ่มผู้ใช้' }).click();
    await dialog.getByText('ชื่อผู้ใช้นี้มีอยู่แล้ว').first().waitFor();
    await dialog.getByRole('button', { name: 'ยกเลิก' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // Edit
    await card.getByRole('button', { name: 'แก้ไข' }).click();
    dialog = page.getByRole('dialog', { name: 'แก้ไขผู้ใช้' });
    await dialog.getByLabel('ชื่อ-นามสกุล').waitFor();
    await expectNoSeriousA11yViolations(page, 'edit-user dialog');
    await dialog.getByLabel('ชื่อ-นามสกุล').fill('นิดา ขายเก่ง');
    await dialog.getByRole('combobox', { name: 'บทบาท' }).click();
    await page.getByRole('option', { name: 'พนักงานขาย' }).click();
    await dialog.getByRole('button', { name: 'บันทึกการแก้ไข' }).click();
    await toast(page, 'อัปเดตผู้ใช้สำเร็จ');
    await card.getByText('นิดา ขายเก่ง').waitFor();
    await card.getByText('พนักงานขาย').waitFor();

    // Change password
    await card.getByRole('button', { name: 'เปลี่ยนรหัสผ่าน' }).click();
    dialog = page.getByRole('dialog', { name: 'เปลี่ยนรหัสผ่าน' });
    await dialog.getByLabel('รหัสผ่านใหม่', { exact: true }).waitFor();
    await expectNoSeriousA11yViolations(page, 'change-password dialog');
    // A common password is refused by the server, which says why at the field.
    await dialog.getByLabel('รหัสผ่านใหม่', { exact: true }).fill('password');
    await dialog.getByRole('button', { name: 'เปลี่ยนรหัสผ่าน' }).click();
    await dialog
      .getByText(/รหัสผ่านนี้เดาง่ายเกินไป/)
      .first()
      .waitFor();
    expect(await dialog.getByLabel('รหัสผ่านใหม่', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await expectNoSeriousA11yViolations(page, 'change-password dialog with a refused password');
    await dialog.getByLabel('รหัสผ่านใหม่', { exact: true }).fill('nida-new-pass');
    await dialog.getByRole('button', { name: 'เปลี่ยนรหัสผ่าน' }).click();
    await toast(page, 'เปลี่ยนรหัสผ่านสำเร็จ');
    expect(await loginStatus(shop.url, 'nid', 'nida-new-pass')).toBe(200);

    // Deactivate
    await card.getByRole('button', { name: 'ปิดใช้งาน' }).click();
    await toast(page, 'ปิดใช้งานผู้ใช้สำเร็จ');
    await card.getByRole('button', { name: 'เปิดใช้งาน' }).waitFor();
    // Answered as a wrong password, so a guesser cannot tell the password was right.
    expect(await loginStatus(shop.url, 'nid', 'nida-new-pass')).toBe(401);
    await screenshot(page, 'users');

    // Delete, with confirmation
    await card.getByRole('button', { name: 'ลบ' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('คุณแน่ใจหรือไม่ที่จะลบผู้ใช้ นิดา ขายเก่ง?').waitFor();
    await screenshot(page, 'users-delete-confirm');
    await expectNoSeriousA11yViolations(page, 'delete-user confirmation');
    await confirm.getByRole('button', { name: 'ลบ' }).click();
    await toast(page, 'ลบผู้ใช้สำเร็จ');
    await card.waitFor({ state: 'detached' });

    const token = await apiLogin(shop.url, 'boss', bossPassword);
    expect((await usersFromApi(shop, token)).map((u) => u.username)).not.toContain('nid');
    await context.close();
    // Six axe checks and a dozen server round trips: more than the default on a busy machine.
  }, 120_000);

  it('fits a phone screen', async () => {
    const { context, page } = await newPage(shop.browser, shop.url, MOBILE);
    await signInTo(page, 'boss', bossPassword, '/users');
    await page.getByTestId('user-card-boss').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'users');
    await expectNoSeriousA11yViolations(page, 'users 390');
    await context.close();
  });
});
