import { formatBaht, type Product, type Shift, type Till } from '@pos/core';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, FIRST_ADMIN_PASSWORD, sellByApi } from '../support/api';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { MOBILE, newPage, screenshot, settle, signIn, signInTo } from '../support/browser';
import { createProduct } from '../support/catalogue';
import { useShop } from '../support/shop';

/** Reports and the dashboard of one till (issue 35): two tills sell, each one's figures shown on their own. */

const SHIRT = { name: 'เสื้อรายงานเครื่อง', sku: 'SHIRT-TILL', category: 'เสื้อผ้า', price: 200, stock: 50 };

function card(page: Page, label: string): Locator {
  return page.locator('div', { has: page.getByText(label, { exact: true }) }).last();
}

async function chooseTill(page: Page, id: string, name: string): Promise<void> {
  await page.locator(`#${id}`).click();
  await page.getByRole('option', { name }).click();
}

describe('reports and the dashboard by till', () => {
  const shop = useShop();
  let tills: Till[];

  beforeAll(async () => {
    const admin = await shop.adminToken();
    const shirt = await createProduct(shop.url, admin, SHIRT);
    tills = [];
    for (const name of ['หน้าร้าน', 'ชั้นสอง']) {
      const { till } = await api<{ till: Till }>(shop, admin, 'POST', '/tills', { name });
      await api<{ shift: Shift }>(shop, admin, 'POST', '/shifts', { tillId: till.id, openingFloat: 500 });
      tills.push(till);
    }
    const [front, upstairs] = tills as [Till, Till];
    // The front sells 3 shirts in 2 sales, upstairs 1.
    await sellByApi(shop, admin, [{ product: shirt as Product, quantity: 2 }], null, { tillId: front.id });
    await sellByApi(shop, admin, [{ product: shirt as Product, quantity: 1 }], null, { tillId: front.id });
    await sellByApi(shop, admin, [{ product: shirt as Product, quantity: 1 }], null, { tillId: upstairs.id });
  });

  it("shows the whole shop's figures, then one till's, on the reports screen and the dashboard", async () => {
    const { context, page } = await newPage(shop.browser, shop.url);
    await signIn(page, 'admin', FIRST_ADMIN_PASSWORD, /\/dashboard$/);
    const sales = card(page, 'ยอดขาย');
    await expect.poll(() => sales.innerText()).toContain(formatBaht(800));
    await chooseTill(page, 'dashboard-till', 'ชั้นสอง');
    await expect.poll(() => sales.innerText()).toContain(formatBaht(200));
    await settle(page);
    await screenshot(page, 'dashboard-by-till');
    await expectNoSeriousA11yViolations(page, 'dashboard by till');

    await page.goto('/reports');
    const total = card(page, 'ยอดขายรวม');
    const orders = card(page, 'จำนวนออร์เดอร์');
    await expect.poll(() => total.innerText()).toContain(formatBaht(800));
    await chooseTill(page, 'reports-till', 'หน้าร้าน');
    await expect.poll(() => total.innerText()).toContain(formatBaht(600));
    expect(await orders.innerText()).toContain('2');
    await chooseTill(page, 'reports-till', 'ทุกเครื่องขาย (ทั้งร้าน)');
    await expect.poll(() => total.innerText()).toContain(formatBaht(800));
    await settle(page);
    await screenshot(page, 'reports-by-till');
    await expectNoSeriousA11yViolations(page, 'reports by till');
    await context.close();
  });

  it('keeps the till filter usable on a phone', async () => {
    const { context, page } = await newPage(shop.browser, shop.url, MOBILE);
    await signInTo(page, 'admin', FIRST_ADMIN_PASSWORD, '/reports');
    await chooseTill(page, 'reports-till', 'ชั้นสอง');
    await expect.poll(() => card(page, 'ยอดขายรวม').innerText()).toContain(formatBaht(200));
    // The filter fits the screen: nothing of it past the right edge.
    const box = await page.locator('#reports-till').boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x + box!.width).toBeLessThanOrEqual(MOBILE.width);
    await settle(page);
    await screenshot(page, 'reports-by-till');
    await context.close();
  });
});
