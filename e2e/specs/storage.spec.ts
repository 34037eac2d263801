import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, createUser } from '../support/api';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { MOBILE, newPage, screenshot, signIn, signInTo } from '../support/browser';
import { createProduct, makePng } from '../support/catalogue';
import { useShop } from '../support/shop';

const OWNER = { username: 'owner', password: 'owner-pass-123', name: 'เจ้าของร้าน', role: 'admin' as const };
const MANAGER = { username: 'manager', password: 'manager-pass-123', name: 'ผู้จัดการ', role: 'manager' as const };
/** One more than a page (20), so that "load more" has something to fetch. */
const PICTURES = 21;

async function seeToast(page: Page, text: string): Promise<void> {
  await page.locator('[data-sonner-toast]').getByText(text).first().waitFor();
}

describe('storage screen', () => {
  const shop = useShop();

  beforeAll(async () => {
    const admin = await shop.adminToken();
    for (const user of [OWNER, MANAGER]) await createUser(shop.url, user);
    const products = [];
    for (let i = 0; i < PICTURES; i++) {
      const seed = { name: `สินค้ารูป ${i + 1}`, sku: `IMG-${i + 1}`, category: 'เสื้อผ้า', price: 100 };
      products.push(await createProduct(shop.url, admin, seed, { bytes: makePng(40 + i, 40), name: `p${i}.png` }));
    }
    // Two products go (never sold): their pictures are now unused.
    for (const product of products.slice(0, 2)) await api(shop, admin, 'DELETE', `/products/${product.id}`);
    // Cleanup leaves files younger than an hour (a product may be about to name one): these were stored earlier.
    const earlier = new Date(Date.now() - 2 * 60 * 60 * 1000);
    const uploads = path.join(shop.server.built.deps.config.dataDir, 'uploads');
    for (const file of fs.readdirSync(uploads, { recursive: true, withFileTypes: true })) {
      if (file.isFile()) fs.utimesSync(path.join(file.parentPath, file.name), earlier, earlier);
    }
  });

  it('shows usage, lists files 20 at a time, analyses and deletes unused images', async () => {
    const { context, page } = await newPage(shop.browser, shop.url);
    await signIn(page, OWNER.username, OWNER.password, /\/dashboard$/);
    await page.getByRole('navigation', { name: 'เมนูหลัก' }).getByRole('link', { name: 'จัดการพื้นที่เก็บข้อมูล' }).click();
    await page.getByRole('heading', { name: 'จัดการพื้นที่เก็บข้อมูล', level: 1 }).waitFor();
    const products = page.getByTestId('storage-card-products');
    await products.getByText(`19 / 19`).waitFor();
    await page.getByTestId('storage-card-bandwidth').getByText('ไม่ได้นับ').waitFor();
    expect(await page.getByTestId('storage-card-storage').locator('[data-tone]').getAttribute('data-tone')).toBe(
      'green',
    );
    await page.getByText(/^อัปเดตล่าสุด:/).waitFor();
    await page.getByTestId('storage-folders').getByText('products').waitFor();
    await expectNoSeriousA11yViolations(page, 'storage overview');
    await screenshot(page, 'storage-overview');

    await page.getByRole('tab', { name: 'ไฟล์รูปภาพ' }).click();
    const files = page.getByTestId('storage-files').getByRole('listitem');
    await page.getByText(`ทั้งหมด ${PICTURES} ไฟล์`, { exact: false }).waitFor();
    await expect.poll(() => files.count()).toBe(20);
    await page.getByRole('button', { name: 'โหลดเพิ่มเติม' }).click();
    await expect.poll(() => files.count()).toBe(PICTURES);
    await page.getByRole('button', { name: 'โหลดเพิ่มเติม' }).waitFor({ state: 'detached' });
    await expectNoSeriousA11yViolations(page, 'storage files');
    await screenshot(page, 'storage-files');

    await page.getByRole('tab', { name: 'ล้างข้อมูล' }).click();
    expect(await page.getByRole('button', { name: 'ลบไฟล์ที่ไม่ใช้' }).count()).toBe(0);
    await page.getByRole('button', { name: 'วิเคราะห์ไฟล์ที่ไม่ใช้' }).click();
    await seeToast(page, 'พบไฟล์ที่ไม่ใช้ 2 ไฟล์');
    expect(await page.getByTestId('cleanup-total').innerText()).toBe(String(PICTURES));
    expect(await page.getByTestId('cleanup-in-use').innerText()).toBe(String(PICTURES - 2));
    await page
      .getByTestId('cleanup-unused')
      .getByText(/^2 ไฟล์/)
      .waitFor();
    await expectNoSeriousA11yViolations(page, 'storage cleanup analysis');
    await page.getByRole('button', { name: 'ลบไฟล์ที่ไม่ใช้' }).click();
    // Nothing goes before the owner says yes.
    const confirm = page.getByRole('alertdialog', { name: 'ลบไฟล์ที่ไม่ใช้?' });
    await confirm.getByText('2 ไฟล์').waitFor();
    await confirm.getByRole('button', { name: 'ลบไฟล์ที่ไม่ใช้' }).click();
    await seeToast(page, 'ลบไฟล์ที่ไม่ใช้ 2 ไฟล์');
    expect(await page.getByTestId('cleanup-deleted').innerText()).toBe('2 ไฟล์');
    await screenshot(page, 'storage-cleanup');
    // The storage data reloads: the files tab now counts what is left.
    await page.getByRole('tab', { name: 'ไฟล์รูปภาพ' }).click();
    await page.getByText(`ทั้งหมด ${PICTURES - 2} ไฟล์`, { exact: false }).waitFor();
    await context.close();
  });

  it('tells a manager (no settings_manage) that cleanup is not theirs, at 390 px', async () => {
    const { context, page } = await newPage(shop.browser, shop.url, MOBILE);
    await signInTo(page, MANAGER.username, MANAGER.password, '/storage');
    await page.getByTestId('storage-card-storage').waitFor();
    await page.getByRole('tab', { name: 'ล้างข้อมูล' }).click();
    await page.getByRole('button', { name: 'วิเคราะห์ไฟล์ที่ไม่ใช้' }).click();
    await seeToast(page, 'คุณไม่มีสิทธิ์ในการจัดการพื้นที่เก็บข้อมูล');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page, 'storage cleanup at 390 px');
    await screenshot(page, 'storage-manager');
    await context.close();
  });
});
