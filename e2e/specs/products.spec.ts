import type { Product } from '@pos/core';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, createUser } from '../support/api';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { MOBILE, newPage, screenshot, signIn, signInTo } from '../support/browser';
import { createProduct, listProducts, makePng } from '../support/catalogue';
import { useShop } from '../support/shop';

async function toast(page: Page, text: string): Promise<void> {
  await page.getByText(text).first().waitFor();
}

/** A screenshot with a viewport tall enough for the whole dialog, then the viewport as it was. */
async function tallScreenshot(page: Page, name: string): Promise<void> {
  const size = page.viewportSize() ?? { width: 1280, height: 800 };
  await page.setViewportSize({ width: size.width, height: 1600 });
  await screenshot(page, name);
  await page.setViewportSize(size);
}

async function tagsOf(dialog: Locator, id: string): Promise<string[]> {
  const items = dialog.locator(`#${id}-tags li`);
  return (await items.allInnerTexts()).map((t) => t.trim());
}

describe('products screen', () => {
  const shop = useShop();
  let token: string;
  const password = 'boss-pass-123';

  beforeAll(async () => {
    await createUser(shop.url, { username: 'boss', password, name: 'เจ้าของร้าน', role: 'admin' });
    await createUser(shop.url, { username: 'viewer1', password, name: 'ผู้ดู', role: 'viewer' });
    token = await apiLogin(shop.url, 'boss', password);
    await createProduct(shop.url, token, {
      name: 'รองเท้าผ้าใบสีขาว',
      sku: 'SH-001',
      category: 'รองเท้า',
      price: 1290,
      stock: 25,
      sizes: ['40', '41', '42'],
    });
    await createProduct(shop.url, token, {
      name: 'กระเป๋าผ้าแคนวาส',
      sku: 'BAG-001',
      category: 'กระเป๋า',
      price: 390,
      stock: 15,
      colors: ['ครีม'],
    });
  });

  it('adds a product with sizes, colours and an image, edits it and deletes it with confirmation', async () => {
    const { context, page } = await newPage(shop.browser, shop.url);
    await signIn(page, 'boss', password, /\/dashboard$/);
    await page.getByRole('navigation', { name: 'เมนูหลัก' }).getByRole('link', { name: 'จัดการสินค้า' }).click();
    await page.waitForURL(/\/products$/);
    await page.getByRole('heading', { name: 'จัดการสินค้า', level: 1 }).waitFor();
    const stats = page.getByRole('region', { name: 'สรุปสินค้า' });
    await stats.getByText('2', { exact: true }).waitFor();

    // Add: every required field is checked, with the spec's messages.
    await page.getByRole('button', { name: 'เพิ่มสินค้าใหม่' }).click();
    let dialog = page.getByRole('dialog', { name: 'เพิ่มสินค้าใหม่' });
    await dialog.waitFor();
    expect(await dialog.getByRole('combobox', { name: 'หมวดหมู่' }).innerText()).toContain('เสื้อผ้า');
    await dialog.getByRole('button', { name: 'เพิ่มสินค้า', exact: true }).click();
    await toast(page, 'ข้อมูลไม่ครบถ้วน');
    await dialog.getByText('กรุณากรอกชื่อสินค้า').waitFor();
    await dialog.getByText('กรุณากรอก SKU').waitFor();
    await dialog.getByText('กรุณากรอกราคาสินค้า').waitFor();
    await expectNoSeriousA11yViolations(page, 'product dialog with errors');

    await dialog.getByLabel('ชื่อสินค้า').fill('เสื้อยืดคอกลม');
    await dialog.getByLabel('SKU (รหัสสินค้า)').fill('TS-001');
    await dialog.getByTestId('barcode-svg').waitFor();
    expect(await dialog.getByTestId('barcode-svg').getAttribute('aria-label')).toBe('TS-001');
    await dialog.getByLabel('ราคาขาย (บาท)').fill('250');
    await dialog.locator('#product-original-price').fill('300');
    await dialog.getByLabel('จำนวนสต็อก').fill('8');

    // Sizes: Enter adds, text is trimmed, empty and duplicate values are ignored, tags can be removed.
    const sizes = dialog.locator('#product-sizes');
    for (const typed of ['S', ' M ', 'M', '   ', 'XL']) {
      await sizes.fill(typed);
      await sizes.press('Enter');
    }
    expect(await tagsOf(dialog, 'product-sizes')).toEqual(['S', 'M', 'XL']);
    await dialog.getByRole('button', { name: 'ลบ XL' }).click();
    expect(await tagsOf(dialog, 'product-sizes')).toEqual(['S', 'M']);
    const colors = dialog.locator('#product-colors');
    await colors.fill('ขาว');
    await colors.press('Enter');
    await colors.fill('ดำ');
    await dialog.locator('#product-colors ~ button', { hasText: 'เพิ่ม' }).click();
    expect(await tagsOf(dialog, 'product-colors')).toEqual(['ขาว', 'ดำ']);
    expect(await dialog.isVisible()).toBe(true);

    await dialog
      .locator('#product-image')
      .setInputFiles({ name: 'shirt.png', mimeType: 'image/png', buffer: makePng() });
    await dialog.getByText('shirt.png').waitFor();
    const preview = dialog.getByRole('img', { name: 'ตัวอย่างรูปภาพสินค้า' });
    await preview.waitFor();
    expect(await preview.getAttribute('src')).toMatch(/^blob:/);
    await tallScreenshot(page, 'products-dialog');
    await expectNoSeriousA11yViolations(page, 'products-dialog');

    await dialog.getByRole('button', { name: 'เพิ่มสินค้า', exact: true }).click();
    await toast(page, 'เพิ่มสินค้าสำเร็จ');
    await dialog.waitFor({ state: 'hidden' });

    const row = page.getByTestId('product-row').filter({ hasText: 'เสื้อยืดคอกลม' });
    await row.waitFor();
    for (const text of ['TS-001', 'เสื้อผ้า', '฿250.00', 'S', 'M', 'ขาว', 'ดำ']) {
      await row.getByText(text, { exact: true }).first().waitFor();
    }
    expect(await row.locator('[data-stock-tone]').getAttribute('data-stock-tone')).toBe('red');
    const image = row.getByRole('img', { name: 'เสื้อยืดคอกลม' });
    expect(await image.getAttribute('src')).toMatch(/^\/uploads\//);
    await page.waitForFunction(
      (el) => el instanceof HTMLImageElement && el.complete && el.naturalWidth > 0,
      await image.elementHandle(),
    );
    await stats.getByText('3', { exact: true }).waitFor();

    let saved = (await listProducts(shop.url, token)).find((p) => p.sku === 'TS-001') as Product;
    expect(saved).toMatchObject({
      name: 'เสื้อยืดคอกลม',
      category: 'เสื้อผ้า',
      price: 250,
      original_price: 300,
      stock: 8,
      sizes: ['S', 'M'],
      colors: ['ขาว', 'ดำ'],
    });
    expect(saved.image_url).toMatch(/^\/uploads\//);
    const served = await fetch(`${shop.url}${saved.image_url}`);
    expect(served.status).toBe(200);

    // A SKU another product uses: the server's message shows on the SKU field.
    await page.getByRole('button', { name: 'เพิ่มสินค้าใหม่' }).click();
    dialog = page.getByRole('dialog', { name: 'เพิ่มสินค้าใหม่' });
    await dialog.getByLabel('ชื่อสินค้า').fill('รองเท้าซ้ำ');
    await dialog.getByLabel('SKU (รหัสสินค้า)').fill('SH-001');
    await dialog.getByLabel('ราคาขาย (บาท)').fill('100');
    await dialog.getByRole('button', { name: 'เพิ่มสินค้า', exact: true }).click();
    await dialog.locator('#product-sku-error').getByText('ถูกใช้กับสินค้า').waitFor();
    expect(await dialog.locator('#product-sku').getAttribute('aria-invalid')).toBe('true');
    // A file that only claims to be a PNG: the server refuses it and says so under the image field.
    await dialog.getByLabel('SKU (รหัสสินค้า)').fill('SH-NEW');
    await dialog.locator('#product-image').setInputFiles({
      name: 'page.png',
      mimeType: 'image/png',
      buffer: Buffer.from('<html><body>not an image</body></html>'),
    });
    await dialog.getByRole('button', { name: 'เพิ่มสินค้า', exact: true }).click();
    await dialog.locator('#product-image-error').getByText('รูปภาพ').waitFor();
    await dialog.getByRole('button', { name: 'ยกเลิก' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await listProducts(shop.url, token)).map((p) => p.sku)).not.toContain('SH-NEW');

    // Edit: the fields start with the product's values.
    await row.getByRole('button', { name: 'แก้ไข เสื้อยืดคอกลม' }).click();
    dialog = page.getByRole('dialog', { name: 'แก้ไขสินค้า' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('ชื่อสินค้า').inputValue()).toBe('เสื้อยืดคอกลม');
    expect(await tagsOf(dialog, 'product-sizes')).toEqual(['S', 'M']);
    await expectNoSeriousA11yViolations(page, 'edit-product dialog');
    await dialog.getByLabel('ราคาขาย (บาท)').fill('275');
    // The stock is shown, not edited: it changes through the adjust-stock dialog (e2e/specs/stock.spec.ts).
    expect(await dialog.getByTestId('product-stock').locator('[data-stock-tone]').innerText()).toBe('8');
    expect(await dialog.locator('input#product-stock').count()).toBe(0);
    await dialog.getByRole('button', { name: 'ลบ S' }).click();
    await dialog.getByRole('button', { name: 'ลบรูปภาพ' }).click();
    await dialog.getByRole('button', { name: 'บันทึกการแก้ไข' }).click();
    await toast(page, 'แก้ไขสินค้าสำเร็จ');
    await dialog.waitFor({ state: 'hidden' });
    await row.getByText('฿275.00').waitFor();
    expect(await row.locator('[data-stock-tone]').getAttribute('data-stock-tone')).toBe('red');
    expect(await row.getByRole('img').count()).toBe(0);
    saved = (await listProducts(shop.url, token)).find((p) => p.sku === 'TS-001') as Product;
    expect(saved).toMatchObject({ price: 275, stock: 8, sizes: ['M'], image_url: null });

    // Delete, with confirmation.
    await row.getByRole('button', { name: 'ลบ เสื้อยืดคอกลม' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('ยืนยันการลบสินค้า').waitFor();
    await confirm.getByText('คุณต้องการลบสินค้านี้หรือไม่?').waitFor();
    await screenshot(page, 'products-delete-confirm');
    await expectNoSeriousA11yViolations(page, 'products-delete-confirm');
    await confirm.getByRole('button', { name: 'ยกเลิก' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await row.waitFor();
    await row.getByRole('button', { name: 'ลบ เสื้อยืดคอกลม' }).click();
    await confirm.getByRole('button', { name: 'ลบ', exact: true }).click();
    await toast(page, 'ลบสินค้าสำเร็จ');
    await row.waitFor({ state: 'detached' });
    expect((await listProducts(shop.url, token)).map((p) => p.sku)).not.toContain('TS-001');
    await context.close();
  });

  it('filters by category and searches by name or SKU', async () => {
    const { context, page } = await newPage(shop.browser, shop.url);
    await signInTo(page, 'boss', password, '/products');
    const rows = page.getByTestId('product-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(2);
    expect(
      await rows.filter({ hasText: 'รองเท้าผ้าใบสีขาว' }).locator('[data-stock-tone]').getAttribute('data-stock-tone'),
    ).toBe('green');

    const filters = page.getByRole('group', { name: 'กรองตามหมวดหมู่' });
    expect(await filters.getByRole('button').allInnerTexts()).toEqual([
      'ทั้งหมด',
      'เสื้อผ้า',
      'รองเท้า',
      'กระเป๋า',
      'เครื่องประดับ/อุปกรณ์เสริม',
    ]);
    await filters.getByRole('button', { name: 'รองเท้า' }).click();
    expect(await filters.getByRole('button', { name: 'รองเท้า' }).getAttribute('aria-pressed')).toBe('true');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="product-row"]').length === 1);
    await rows.filter({ hasText: 'รองเท้าผ้าใบสีขาว' }).waitFor();
    await filters.getByRole('button', { name: 'เสื้อผ้า' }).click();
    await page.getByText('ไม่พบสินค้าที่ค้นหา').waitFor();
    await filters.getByRole('button', { name: 'ทั้งหมด' }).click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="product-row"]').length === 2);

    const search = page.getByRole('searchbox', { name: 'ค้นหาสินค้า' });
    await search.fill('แคนวาส');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="product-row"]').length === 1);
    await rows.filter({ hasText: 'กระเป๋าผ้าแคนวาส' }).waitFor();
    await search.fill('sh-001');
    await rows.filter({ hasText: 'รองเท้าผ้าใบสีขาว' }).waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="product-row"]').length === 1);
    await search.fill('ไม่มีสินค้านี้');
    await page.getByText('ไม่พบสินค้าที่ค้นหา').waitFor();
    await page.getByRole('button', { name: 'ล้างการค้นหา' }).click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="product-row"]').length === 2);
    expect(await search.inputValue()).toBe('');
    await screenshot(page, 'products');
    await expectNoSeriousA11yViolations(page, 'products');

    await page.getByRole('main').getByRole('link', { name: 'พิมพ์บาร์โค้ด' }).click();
    await page.waitForURL(/\/barcodes$/);
    await context.close();
  });

  it('shows a viewer the products without add, edit or delete', async () => {
    const { context, page } = await newPage(shop.browser, shop.url);
    await signInTo(page, 'viewer1', password, '/products');
    await page.getByTestId('product-row').first().waitFor();
    expect(await page.getByRole('button', { name: 'เพิ่มสินค้าใหม่' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^แก้ไข / }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^ลบ / }).count()).toBe(0);
    expect(await page.getByRole('main').getByRole('link', { name: 'พิมพ์บาร์โค้ด' }).count()).toBe(0);
    await expectNoSeriousA11yViolations(page, 'products (viewer)');
    await context.close();
  });

  it('draws the empty and error states, and retries after a load failure', async () => {
    const { context, page } = await newPage(shop.browser, shop.url);
    await signIn(page, 'boss', password, /\/dashboard$/);
    await page.route('**/api/products', (route) => route.fulfill({ json: { products: [] } }));
    await page.goto('/products');
    await page.getByText('ยังไม่มีสินค้า').waitFor();
    await page.getByRole('main').getByRole('button', { name: 'เพิ่มสินค้าใหม่' }).nth(1).waitFor();
    await screenshot(page, 'products-empty');
    await expectNoSeriousA11yViolations(page, 'products-empty');
    await page.unroute('**/api/products');

    await page.route('**/api/products', (route) =>
      route.fulfill({ status: 500, json: { error: 'ระบบขัดข้อง', code: 'INTERNAL_ERROR' } }),
    );
    await page.reload();
    const failure = page.getByRole('alert').filter({ hasText: 'ไม่สามารถโหลดข้อมูลสินค้าได้' });
    await failure.waitFor();
    // A code the web knows is shown in the web's own words, whatever text came with it.
    await failure.getByText('เกิดข้อผิดพลาดภายในระบบ กรุณาลองใหม่อีกครั้ง').waitFor();
    await toast(page, 'เกิดข้อผิดพลาด');
    await screenshot(page, 'products-error');
    await expectNoSeriousA11yViolations(page, 'products-error');
    await page.unroute('**/api/products');
    await failure.getByRole('button', { name: 'ลองใหม่' }).click();
    await page.getByTestId('product-row').first().waitFor();
    expect(await page.getByTestId('product-row').count()).toBe(2);
    await context.close();
  });

  it('fits a phone screen', async () => {
    const { context, page } = await newPage(shop.browser, shop.url, MOBILE);
    await signInTo(page, 'boss', password, '/products');
    await page.getByTestId('product-card').first().waitFor();
    expect(await page.getByTestId('product-card').count()).toBe(2);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'products');
    await expectNoSeriousA11yViolations(page, 'products');

    await page.getByRole('button', { name: 'เพิ่มสินค้าใหม่' }).click();
    const dialog = page.getByRole('dialog', { name: 'เพิ่มสินค้าใหม่' });
    await dialog.getByLabel('SKU (รหัสสินค้า)').fill('MOBILE-01');
    await dialog.getByTestId('barcode-svg').waitFor();
    await tallScreenshot(page, 'products-dialog');
    await expectNoSeriousA11yViolations(page, 'products-dialog');
    await context.close();
  });
});
