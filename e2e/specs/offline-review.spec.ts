import type { Product, Sale, Till } from '@pos/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, apiLogin, createUser, sellByApi } from '../support/api';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { DESKTOP, MOBILE, newPage, screenshot, settle, signIn, signInTo } from '../support/browser';
import { useShop } from '../support/shop';

/**
 * The manager's side of selling offline (issue 38): sales the tills sent after the network came back, recorded
 * although something did not match (here both tills sold the last unit), listed in sales history with why, the
 * till and who sold, until marked handled; and when the tills were offline.
 */

const CASHIER = { username: 'nok', password: 'nok-pass-1234', name: 'นก ขายดี', role: 'cashier' as const };
const OWNER = { username: 'wan', password: 'wan-pass-1234', name: 'วรรณ เจ้าของร้าน', role: 'admin' as const };
const TITLE = 'การขายระหว่างออฟไลน์ที่ต้องตรวจสอบ';
const SHORT = 'สต็อกในระบบไม่พอ (เช่น อีกเครื่องขายชิ้นสุดท้ายไปก่อน) สต็อกจึงติดลบ';

describe('offline sales to check', () => {
  const shop = useShop();
  let cashier: string;
  let tills: Till[];

  /** Both tills sell the last one of a new product offline; the second to arrive is flagged. */
  async function lastUnitTwice(name: string): Promise<Sale> {
    const admin = await shop.adminToken();
    const { product } = await api<{ product: Product }>(shop, admin, 'POST', '/products', {
      name,
      sku: `OFF-${Math.random().toString(36).slice(2, 8)}`,
      price: 350,
      stock: 1,
      category: 'เสื้อผ้า',
    });
    const sales: Sale[] = [];
    for (const till of tills) {
      sales.push(
        await sellByApi(shop, cashier, [{ product, quantity: 1 }], null, {
          tillId: till.id,
          offlineId: crypto.randomUUID(),
          createdAt: new Date().toISOString(),
        }),
      );
    }
    return sales[1]!;
  }

  beforeAll(async () => {
    await createUser(shop.url, CASHIER);
    await createUser(shop.url, OWNER);
    const admin = await shop.adminToken();
    cashier = await apiLogin(shop.url, CASHIER.username, CASHIER.password);
    tills = [];
    for (const name of ['หน้าร้าน 1', 'หน้าร้าน 2']) {
      const { till } = await api<{ till: Till }>(shop, admin, 'POST', '/tills', { name });
      await api(shop, cashier, 'POST', '/shifts', { tillId: till.id, openingFloat: 500 });
      tills.push(till);
    }
    // Till 1 was offline for 40 minutes and made 2 sales meanwhile.
    await api(shop, cashier, 'POST', '/offline/periods', {
      periodId: crypto.randomUUID(),
      tillId: tills[0]!.id,
      startedAt: new Date(Date.now() - 45 * 60_000).toISOString(),
      endedAt: new Date(Date.now() - 5 * 60_000).toISOString(),
      salesMade: 2,
    });
  });

  it('at 1280 px: lists the flagged sale with why, the till and the seller, and the offline times; marks it handled', async () => {
    const sale = await lastUnitTwice('เสื้อเชิ้ตลายสก็อตตัวสุดท้าย');
    const { context, page } = await newPage(shop.browser, shop.url, DESKTOP);
    await signIn(page, OWNER.username, OWNER.password, /\/dashboard$/);

    // The list cannot be loaded: said so in the panel, with a retry that then loads it.
    await page.route('**/api/offline/flagged', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":"INTERNAL_ERROR"}' }),
    );
    await page.goto('/refund-history');
    const panel = page.getByRole('region', { name: TITLE });
    await panel.getByRole('alert').waitFor();
    await page.unroute('**/api/offline/flagged');
    await panel.getByRole('button', { name: 'ลองใหม่' }).click();

    const row = panel.getByTestId('flagged-offline-sale').filter({ hasText: sale.document_number });
    await row.getByText(SHORT).waitFor();
    await row.getByText('เสื้อเชิ้ตลายสก็อตตัวสุดท้าย (ขาด 1 ชิ้น)').waitFor();
    expect(await row.innerText()).toContain('หน้าร้าน 2');
    expect(await row.innerText()).toContain(CASHIER.name);
    expect(await row.innerText()).toContain('฿350.00');
    const periods = panel.getByTestId('offline-periods');
    expect(await periods.innerText()).toMatch(/หน้าร้าน 1 · นก ขายดี · .+ – .+ · ขาย 2 รายการ/);
    await settle(page);
    await screenshot(page, 'offline-flags-panel');
    await expectNoSeriousA11yViolations(page, 'offline sales to check');

    await row.getByRole('button', { name: 'ดูในรายการขาย' }).click();
    await expect.poll(() => page.getByRole('searchbox').first().inputValue()).toBe(sale.document_number);
    await row.getByRole('button', { name: 'จัดการแล้ว' }).click();
    await panel.getByText('ไม่มีการขายระหว่างออฟไลน์ที่ต้องตรวจสอบ').waitFor();
    await settle(page);
    await screenshot(page, 'offline-flags-empty');
    await expectNoSeriousA11yViolations(page, 'offline sales to check, empty');
    await context.close();
  }, 60_000);

  it('at 390 px: the flagged offline sale fits the phone and is marked handled there', async () => {
    const sale = await lastUnitTwice('กระโปรงพลีทตัวสุดท้าย');
    const { context, page } = await newPage(shop.browser, shop.url, MOBILE);
    await signInTo(page, OWNER.username, OWNER.password, '/refund-history');
    const panel = page.getByRole('region', { name: TITLE });
    const row = panel.getByTestId('flagged-offline-sale').filter({ hasText: sale.document_number });
    await row.getByText(SHORT).waitFor();
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    const box = await row.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= MOBILE.width).toBe(true);
    await settle(page);
    await screenshot(page, 'offline-flags-panel');
    await expectNoSeriousA11yViolations(page, 'offline sales to check at 390 px');
    await row.getByRole('button', { name: 'จัดการแล้ว' }).click();
    await panel.getByText('ไม่มีการขายระหว่างออฟไลน์ที่ต้องตรวจสอบ').waitFor();
    await context.close();
  }, 60_000);
});
