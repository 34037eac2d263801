import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../support/api';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { DESKTOP, MOBILE, newPage, screenshot, signIn } from '../support/browser';
import { useShop } from '../support/shop';

describe('layout', () => {
  const shop = useShop();

  beforeAll(async () => {
    await createUser(shop.url, { username: 'owner', password: 'owner-pass-1', name: 'สมศรี มีสุข', role: 'admin' });
  });

  it('turns the sidebar into a drawer at 390 px', async () => {
    const { context, page } = await newPage(shop.browser, shop.url, MOBILE);
    await signIn(page, 'owner', 'owner-pass-1', /\/dashboard$/);
    const nav = page.getByRole('navigation', { name: 'เมนูหลัก' });
    expect(await nav.isVisible()).toBe(false);
    await expectNoSeriousA11yViolations(page, 'dashboard, drawer closed');
    await page.getByRole('button', { name: 'เปิดเมนู' }).click();
    await nav.waitFor();
    await screenshot(page, 'drawer');
    await expectNoSeriousA11yViolations(page, 'mobile drawer open');
    await nav.getByRole('link', { name: 'จัดการผู้ใช้' }).click();
    await page.waitForURL(/\/users$/);
    await nav.waitFor({ state: 'hidden' });
    await context.close();
  });

  it('collapses the desktop sidebar to icons and shows the Thai date and the user', async () => {
    const { context, page } = await newPage(shop.browser, shop.url, DESKTOP);
    await signIn(page, 'owner', 'owner-pass-1', /\/dashboard$/);
    await page.getByText('สมศรี มีสุข').first().waitFor();
    const today = new Intl.DateTimeFormat('th-TH', { dateStyle: 'full', timeZone: 'Asia/Bangkok' }).format(new Date());
    await page.getByText(today).waitFor();
    await screenshot(page, 'dashboard');
    await expectNoSeriousA11yViolations(page, 'dashboard');
    await page.getByRole('button', { name: 'ย่อเมนู' }).click();
    await page.getByRole('button', { name: 'ขยายเมนู' }).waitFor();
    await screenshot(page, 'sidebar-collapsed');
    await expectNoSeriousA11yViolations(page, 'dashboard, sidebar collapsed');
    await context.close();
  });

  it('opens every back-office screen from the menu, each axe-clean', async () => {
    const { context, page } = await newPage(shop.browser, shop.url, DESKTOP);
    await signIn(page, 'owner', 'owner-pass-1', /\/dashboard$/);
    for (const [path, title] of [
      ['/reports', 'รายงาน'],
      ['/refund-history', 'ประวัติการขาย'],
      ['/storage', 'จัดการพื้นที่เก็บข้อมูล'],
      ['/settings', 'ตั้งค่า'],
    ] as const) {
      await page.getByRole('navigation', { name: 'เมนูหลัก' }).getByRole('link', { name: title, exact: true }).click();
      await page.waitForURL(new RegExp(`${path}$`));
      await page.getByRole('heading', { level: 1 }).waitFor();
      await expectNoSeriousA11yViolations(page, path);
    }
    await context.close();
  });
});
