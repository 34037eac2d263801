import { can, type Permission, type Role } from '@pos/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../support/api';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { newPage, screenshot, signIn, signInThroughForm } from '../support/browser';
import { useShop } from '../support/shop';

/** Sidebar entries and the permission each needs (spec 000 §2). */
const NAV: [label: string, permission: Permission][] = [
  ['แดชบอร์ด', 'reports_view'],
  ['ขายสินค้า (POS)', 'pos_view'],
  ['จัดการสินค้า', 'products_view'],
  ['พิมพ์บาร์โค้ด', 'barcodes_view'],
  ['จัดการลูกค้า', 'customers_view'],
  ['ประวัติลูกค้า', 'customers_view'],
  ['รายงาน', 'reports_view'],
  ['ประวัติการขาย', 'reports_view'],
  ['รายการกะ', 'shift_manage'],
  ['จัดการผู้ใช้', 'users_view'],
  ['จัดการพื้นที่เก็บข้อมูล', 'reports_view'],
  ['ตั้งค่า', 'settings_view'],
];

describe('roles in the browser', () => {
  const shop = useShop();
  const password = 'role-pass-123';

  beforeAll(async () => {
    for (const role of ['manager', 'cashier', 'viewer'] as const) {
      await createUser(shop.url, { username: `${role}1`, password, name: `ทดสอบ ${role}`, role });
    }
  });

  it.each([
    ['manager', /\/dashboard$/],
    ['cashier', /\/pos$/],
    ['viewer', /\/dashboard$/],
  ] as const)('%s lands on its home page and sees only its sidebar entries', async (role: Role, landing) => {
    const { context, page } = await newPage(shop.browser, shop.url);
    await signInThroughForm(page, `${role}1`, password, landing);
    const nav = page.getByRole('navigation', { name: 'เมนูหลัก' });
    await nav.waitFor();
    const shown = (await nav.getByRole('link').allInnerTexts()).map((s) => s.trim());
    const expected = NAV.filter(([, permission]) => can(role, permission)).map(([label]) => label);
    expect(shown).toEqual(expected);
    await screenshot(page, `home-${role}`);
    await context.close();
  });

  it('refuses a cashier the users screen and the users API', async () => {
    const { context, page } = await newPage(shop.browser, shop.url);
    await signIn(page, 'cashier1', password, /\/pos$/);
    await page.goto('/users');
    await page.getByText('ไม่มีสิทธิ์เข้าถึง').first().waitFor();
    await page.getByRole('button', { name: 'ย้อนกลับ' }).waitFor();
    await page.getByRole('button', { name: 'ออกจากระบบ' }).first().waitFor();
    await screenshot(page, 'no-access');
    await expectNoSeriousA11yViolations(page, 'no-access screen');
    const status = await page.evaluate(async () => {
      const res = await fetch('/api/users', {
        headers: { authorization: `Bearer ${localStorage.getItem('auth_token')}` },
      });
      return res.status;
    });
    expect(status).toBe(403);
    await context.close();
  });

  it('shows the POS no-access message to a viewer', async () => {
    const { context, page } = await newPage(shop.browser, shop.url);
    // A viewer lands on the dashboard (issue 31); the POS, opened by its address, says why it is closed.
    await signIn(page, 'viewer1', password, /\/dashboard$/);
    await page.goto('/pos');
    await page.getByText('คุณไม่มีสิทธิ์ในการเข้าถึงระบบ POS').waitFor();
    await context.close();
  });

  it('sends signed-out visitors to the sign-in screen and signed-in users away from it', async () => {
    const { context, page } = await newPage(shop.browser, shop.url);
    await page.goto('/settings');
    await page.waitForURL(/\/login$/);
    await signIn(page, 'manager1', password, /\/dashboard$/);
    await page.goto('/login');
    await page.waitForURL(/\/dashboard$/);
    await page.goto('/no-such-screen');
    await page.waitForURL(/\/dashboard$/);
    await context.close();
  });
});
