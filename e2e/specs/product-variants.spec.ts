import type { Product, ProductWithVariants } from '@pos/core';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, apiLogin, createUser } from '../support/api';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { MOBILE, newPage, screenshot, signInTo } from '../support/browser';
import { createProduct } from '../support/catalogue';
import { useShop } from '../support/shop';

// The product dialog's size × colour grid and the list's sizes and colours (issue 34, screens).

const BOSS = { username: 'boss', password: 'boss-pass-123', name: 'เจ้าของร้าน', role: 'admin' as const };
const TEE = {
  name: 'เสื้อยืดคอกลม',
  sku: 'TEE-100',
  category: 'เสื้อผ้า',
  price: 250,
  // Counted before sizes were tracked: all of it unassigned.
  stock: 5,
  sizes: ['S', 'M', 'L'],
  colors: ['ดำ', 'ขาว'],
};
// Reading order: S ดำ, S ขาว, M ดำ, M ขาว, L ดำ, L ขาว. L ดำ stays sold out.
const COUNTS = ['4', '12', '2', '9', '0', '3'];

/** A screenshot with a viewport tall enough for the whole dialog, then the viewport as it was. */
async function tallScreenshot(page: Page, name: string): Promise<void> {
  const size = page.viewportSize() ?? { width: 1280, height: 800 };
  await page.setViewportSize({ width: size.width, height: 1800 });
  await screenshot(page, name);
  await page.setViewportSize(size);
}

/** How far the page is wider than the window (0 or less: no sideways scroll). */
const pageOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('product variants: the size × colour grid', () => {
  const shop = useShop();
  let token: string;
  let tee: Product;

  beforeAll(async () => {
    await createUser(shop.url, BOSS);
    token = await apiLogin(shop.url, BOSS.username, BOSS.password);
    tee = await createProduct(shop.url, token, TEE);
  });

  it('types a grid’s stock with the keyboard, a barcode and a price, saves them and shows them in the list', async () => {
    const { context, page } = await newPage(shop.browser, shop.url);
    await signInTo(page, BOSS.username, BOSS.password, '/products');

    // The notice: this style still holds stock counted before sizes were tracked.
    const notice = page.getByTestId('unassigned-notice');
    await notice.getByText('สินค้า 1 แบบยังมีสต็อกที่นับรวมไว้ก่อนแยกไซส์/สี', { exact: false }).waitFor();
    await screenshot(page, 'product-variants-notice');
    await expectNoSeriousA11yViolations(page, 'product-variants-notice');

    // Every variant is at 0 (the 5 are unassigned): the style is marked.
    const row = page.getByTestId('product-row').filter({ hasText: TEE.name });
    await row.getByTestId('low-variant').waitFor();

    await row.getByRole('button', { name: `แก้ไข ${TEE.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'แก้ไขสินค้า' });
    const grid = dialog.getByTestId('variant-grid');
    await grid.waitFor();
    expect(await grid.getByTestId('variant-cell').count()).toBe(6);
    await dialog.getByTestId('unassigned-stock').getByText('มีสต็อก 5 ชิ้นที่ยังไม่ได้แยกไซส์/สี').waitFor();

    // Keyboard only: each count then Enter to the next cell's stock; Tab into the last cell's barcode and price.
    await dialog.getByLabel('สต็อก S / ดำ', { exact: true }).focus();
    for (const [i, count] of COUNTS.entries()) {
      await page.keyboard.type(count);
      if (i < COUNTS.length - 1) await page.keyboard.press('Enter');
    }
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('สต็อก L / ขาว');
    await page.keyboard.press('Tab');
    await page.keyboard.type('8850000000201');
    await page.keyboard.press('Tab');
    await page.keyboard.type('279');
    for (const [i, label] of ['S / ดำ', 'S / ขาว', 'M / ดำ', 'M / ขาว', 'L / ดำ', 'L / ขาว'].entries()) {
      expect(await dialog.getByLabel(`สต็อก ${label}`, { exact: true }).inputValue()).toBe(COUNTS[i]);
    }
    // The dialog was not submitted by any of those Enters.
    expect(await dialog.isVisible()).toBe(true);

    // Fill a column: the price of L ขาว copied up the ขาว column, then put back (the column's first cell is S).
    await dialog.getByLabel('ค่าที่จะเติม').selectOption('price');
    await dialog.getByLabel('ราคา S / ขาว', { exact: true }).fill('260');
    await dialog.getByRole('button', { name: 'เติมคอลัมน์ ขาว' }).click();
    expect(await dialog.getByLabel('ราคา M / ขาว', { exact: true }).inputValue()).toBe('260');
    expect(await dialog.getByLabel('ราคา L / ขาว', { exact: true }).inputValue()).toBe('260');
    for (const label of ['S / ขาว', 'M / ขาว']) await dialog.getByLabel(`ราคา ${label}`, { exact: true }).fill('');
    await dialog.getByLabel('ราคา L / ขาว', { exact: true }).fill('279');

    await dialog.getByRole('checkbox', { name: 'นับครบทุกไซส์แล้ว' }).check();

    // The grid scrolls inside its box at most; the page never widens.
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await tallScreenshot(page, 'product-variants-dialog');
    await expectNoSeriousA11yViolations(page, 'product-variants-dialog');

    await dialog.getByRole('button', { name: 'บันทึกการแก้ไข' }).click();
    await page.getByText('แก้ไขสินค้าสำเร็จ').first().waitFor();
    await dialog.waitFor({ state: 'hidden' });

    const saved = (await api<{ product: ProductWithVariants }>(shop, token, 'GET', `/products/${tee.id}`)).product;
    const cells = saved.variants.map((v) => [v.size, v.color, v.stock, v.barcode, v.price, v.active]);
    expect(cells).toEqual([
      ['S', 'ดำ', 4, expect.any(String), null, true],
      ['S', 'ขาว', 12, expect.any(String), null, true],
      ['M', 'ดำ', 2, expect.any(String), null, true],
      ['M', 'ขาว', 9, expect.any(String), null, true],
      ['L', 'ดำ', 0, expect.any(String), null, true],
      ['L', 'ขาว', 3, '8850000000201', 279, true],
    ]);
    expect(saved).toMatchObject({ stock: 30, unassigned_stock: 0 });

    // The list: still marked (L ดำ is sold out); the expanded row shows the stock per cell.
    await row.getByTestId('low-variant').waitFor();
    // The low-stock figure counts what the list marks: 30 in all, but one size out.
    const lowFigure = page.getByRole('region', { name: 'สรุปสินค้า' }).getByText('สินค้าใกล้หมด', { exact: true });
    await lowFigure.locator('xpath=..').getByText('1', { exact: true }).waitFor();
    await row.getByRole('button', { name: 'ดูไซส์/สี' }).click();
    const view = page.getByTestId('variant-grid-view');
    await view.waitFor();
    expect(await view.getByTestId('variant-view-cell').allInnerTexts()).toEqual(['4', '12', '2', '9', '0หมด', '3']);
    expect(await view.locator('[data-sold-out]').count()).toBe(1);
    // Counted: the notice has nothing left to say.
    expect(await page.getByTestId('unassigned-notice').count()).toBe(0);
    await screenshot(page, 'product-variants-list');
    await expectNoSeriousA11yViolations(page, 'product-variants-list');
    await context.close();
  });

  it('marks the cell whose barcode is taken, and reloads a figure a sale moved while the dialog was open', async () => {
    const holder = await createProduct(shop.url, token, {
      name: 'ถุงเท้าข้อสั้น',
      sku: '8850000000999',
      category: 'เสื้อผ้า',
      price: 59,
    });
    const hat = await createProduct(shop.url, token, {
      name: 'หมวกบักเก็ต',
      sku: 'HAT-300',
      category: 'เสื้อผ้า',
      price: 150,
      stock: 0,
      sizes: ['M', 'L'],
    });
    const { context, page } = await newPage(shop.browser, shop.url);
    await signInTo(page, BOSS.username, BOSS.password, '/products');
    const row = page.getByTestId('product-row').filter({ hasText: hat.name });
    await row.getByRole('button', { name: `แก้ไข ${hat.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'แก้ไขสินค้า' });
    await dialog.getByTestId('variant-grid').waitFor();
    // Sizes only: one column, a row per size.
    expect(await dialog.getByTestId('variant-cell').count()).toBe(2);

    const barcodeL = dialog.getByLabel('บาร์โค้ด L', { exact: true });
    await barcodeL.fill(holder.sku);
    await dialog.getByRole('button', { name: 'บันทึกการแก้ไข' }).click();
    await dialog.getByRole('alert').getByText(`ถูกใช้กับสินค้า "${holder.name}"`, { exact: false }).waitFor();
    expect(await barcodeL.getAttribute('aria-invalid')).toBe('true');
    await barcodeL.fill('');

    // A delivery of 2 M is booked while the owner types 6: the count is refused and the figure reloaded.
    const stockM = dialog.getByLabel('สต็อก M', { exact: true });
    await stockM.fill('6');
    const opened = (await api<{ product: ProductWithVariants }>(shop, token, 'GET', `/products/${hat.id}`)).product;
    const m = opened.variants.find((v) => v.size === 'M');
    await api(shop, token, 'PATCH', `/products/${hat.id}/stock`, {
      variantId: m?.id,
      mode: 'add',
      amount: 2,
      expected: 0,
      reason: 'received',
    });
    await dialog.getByRole('button', { name: 'บันทึกการแก้ไข' }).click();
    await dialog.getByRole('alert').getByText('สต็อกของ M เปลี่ยนเป็น 2', { exact: false }).waitFor();
    expect(await stockM.inputValue()).toBe('2');
    expect(await stockM.getAttribute('aria-invalid')).toBe('true');
    await stockM.fill('5');
    await dialog.getByRole('button', { name: 'บันทึกการแก้ไข' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const saved = (await api<{ product: ProductWithVariants }>(shop, token, 'GET', `/products/${hat.id}`)).product;
    expect(saved.variants.map((v) => [v.size, v.stock])).toEqual([
      ['M', 5],
      ['L', 0],
    ]);
    await context.close();
  });

  it('keeps a 500-cell grid usable: it opens, and typed counts move from cell to cell by Enter', async () => {
    const big = await createProduct(shop.url, token, {
      name: 'เสื้อเชิ้ตลายสก๊อต',
      sku: 'SHIRT-500',
      category: 'เสื้อผ้า',
      price: 390,
      stock: 0,
      sizes: Array.from({ length: 25 }, (_, i) => `${30 + i}`),
      colors: Array.from({ length: 20 }, (_, i) => `สี${i + 1}`),
    });
    const { context, page } = await newPage(shop.browser, shop.url);
    await signInTo(page, BOSS.username, BOSS.password, '/products');
    const row = page.getByTestId('product-row').filter({ hasText: big.name });
    await row.getByRole('button', { name: `แก้ไข ${big.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'แก้ไขสินค้า' });
    await dialog.getByTestId('variant-grid').waitFor();
    expect(await dialog.getByTestId('variant-cell').count()).toBe(500);
    await dialog.getByLabel('สต็อก 30 / สี1', { exact: true }).focus();
    for (let i = 0; i < 40; i += 1) {
      await page.keyboard.type(String(i + 1));
      await page.keyboard.press('Enter');
    }
    // The 41st cell has the focus (the third row's first colour) and the 40th holds its count.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('สต็อก 32 / สี1');
    expect(await dialog.getByLabel('สต็อก 31 / สี20', { exact: true }).inputValue()).toBe('40');
    await context.close();
  });

  it('fits a phone: the grid scrolls inside its box, the page does not; the notice is dismissed once', async () => {
    const other = await createProduct(shop.url, token, {
      name: 'กางเกงขาสั้นผ้าร่ม',
      sku: 'SHORT-200',
      category: 'เสื้อผ้า',
      price: 190,
      stock: 8,
      sizes: ['S', 'M', 'L', 'XL'],
      colors: ['ดำ', 'กรม', 'เทา', 'ครีม'],
    });
    const { context, page } = await newPage(shop.browser, shop.url, MOBILE);
    await signInTo(page, BOSS.username, BOSS.password, '/products');
    const notice = page.getByTestId('unassigned-notice');
    await notice.waitFor();
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'product-variants-notice');
    await expectNoSeriousA11yViolations(page, 'product-variants-notice (phone)');

    const card = page.getByTestId('product-card').filter({ hasText: other.name });
    await card.getByRole('button', { name: 'แก้ไข', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'แก้ไขสินค้า' });
    const box = dialog.getByTestId('variant-grid-scroll');
    await box.waitFor();
    expect(await dialog.getByTestId('variant-cell').count()).toBe(16);
    // Four colours are wider than a phone: the box scrolls, inside the dialog, inside the window.
    const widths = await box.evaluate((el) => ({
      scroll: el.scrollWidth,
      client: el.clientWidth,
      right: el.getBoundingClientRect().right,
    }));
    expect(widths.scroll).toBeGreaterThan(widths.client);
    expect(widths.right).toBeLessThanOrEqual(MOBILE.width);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    // A cell keeps room for a 13-digit barcode.
    const barcode = dialog.getByLabel('บาร์โค้ด S / ดำ', { exact: true });
    expect((await barcode.boundingBox())?.width).toBeGreaterThanOrEqual(120);
    // The dialog scrolls inside itself: bring the grid into the picture.
    await box.scrollIntoViewIfNeeded();
    await screenshot(page, 'product-variants-dialog');
    await expectNoSeriousA11yViolations(page, 'product-variants-dialog (phone)');
    await dialog.getByRole('button', { name: 'ยกเลิก' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await card.getByRole('button', { name: 'ดูไซส์/สี' }).click();
    await card.getByTestId('variant-grid-view').waitFor();
    expect(await card.getByTestId('variant-view-cell').count()).toBe(16);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'product-variants-list');
    await expectNoSeriousA11yViolations(page, 'product-variants-list (phone)');

    // Dismissed: remembered by this browser.
    await notice.getByRole('button', { name: 'รับทราบ' }).click();
    await notice.waitFor({ state: 'hidden' });
    await page.reload();
    await page.getByTestId('product-card').first().waitFor();
    expect(await page.getByTestId('unassigned-notice').count()).toBe(0);
    await context.close();
  });
});
