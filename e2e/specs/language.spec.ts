import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, createUser } from '../support/api';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { DESKTOP, MOBILE, newPage, screenshot, signIn } from '../support/browser';
import { useShop } from '../support/shop';

const CASHIER = { username: 'lang-till', password: 'lang-till-123', name: 'พนักงานสองภาษา', role: 'cashier' as const };

/** The English dictionary is its own file (issue 10 item 6): counts the page's requests of it. */
function countEnglishRequests(page: Page): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (/\/assets\/en-[\w-]+\.js$/.test(new URL(request.url()).pathname)) count++;
  });
  return () => count;
}

describe('interface language', () => {
  const shop = useShop();

  beforeAll(async () => {
    await createUser(shop.url, CASHIER);
    const admin = await shop.adminToken();
    await api(shop, admin, 'POST', '/products', {
      name: 'เสื้อยืดคอกลม',
      sku: 'TS-001',
      price: 250,
      stock: 10,
      category: 'เสื้อผ้า',
    });
  });

  it('loads only Thai until English is chosen, switches the till at runtime and keeps the choice', async () => {
    const { context, page } = await newPage(shop.browser, shop.url);
    const englishRequests = countEnglishRequests(page);
    await signIn(page, CASHIER.username, CASHIER.password, /\/pos$/);
    const search = page.getByRole('searchbox', { name: 'ค้นหาสินค้า' });
    await search.waitFor();
    await page.getByTestId('pos-product-TS-001').waitFor();
    expect(englishRequests()).toBe(0);

    await page.getByRole('button', { name: 'EN เปลี่ยนภาษา' }).click();
    await page.getByRole('searchbox', { name: 'Search products' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    expect(englishRequests()).toBe(1);
    await screenshot(page, 'pos-english');
    await expectNoSeriousA11yViolations(page, 'pos in English');

    // A cold load in the stored language: English from the first render on.
    await page.reload();
    await page.getByRole('searchbox', { name: 'Search products' }).waitFor();
    await page.getByTestId('pos-product-TS-001').waitFor();
    expect(await page.getByRole('searchbox', { name: 'ค้นหาสินค้า' }).count()).toBe(0);

    // And back to Thai, at once.
    await page.getByRole('button', { name: 'ไทย Change language' }).click();
    await search.waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('th');
    await context.close();
  });

  it('switches the sign-in screen to English and back', async () => {
    for (const viewport of [DESKTOP, MOBILE]) {
      const { context, page } = await newPage(shop.browser, shop.url, viewport);
      const englishRequests = countEnglishRequests(page);
      await page.goto('/login');
      await page.getByRole('button', { name: 'เข้าสู่ระบบ' }).waitFor();
      expect(englishRequests()).toBe(0);
      await page.getByRole('button', { name: 'EN เปลี่ยนภาษา' }).click();
      await page.getByRole('button', { name: 'Log in' }).waitFor();
      expect(englishRequests()).toBe(1);
      await screenshot(page, 'login-english');
      await expectNoSeriousA11yViolations(page, `sign-in in English ${viewport.width}`);
      await page.getByRole('button', { name: 'ไทย Change language' }).click();
      await page.getByRole('button', { name: 'เข้าสู่ระบบ' }).waitFor();
      await context.close();
    }
  });
});
