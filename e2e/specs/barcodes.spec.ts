import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, createUser } from '../support/api';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { DESKTOP, MOBILE, newPage, screenshot, settle, signIn, signInTo } from '../support/browser';
import { createProduct, makePng } from '../support/catalogue';
import { useShop } from '../support/shop';

async function toast(page: Page, text: string): Promise<void> {
  await page.getByText(text).first().waitFor();
}

/** Replaces window.print: records the title and the printed sheet, then ends the print as a browser would. */
async function stubPrint(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { printed: { title: string; labels: number }[] };
    w.printed = [];
    window.print = () => {
      const sheet = document.querySelector('[data-print-sheet]');
      w.printed.push({
        title: document.title,
        labels: sheet?.querySelectorAll('[data-testid="barcode-label"]').length ?? -1,
      });
      window.dispatchEvent(new Event('afterprint'));
    };
  });
}

describe('barcode printing screen', () => {
  const shop = useShop();
  const password = 'boss-pass-123';

  beforeAll(async () => {
    await createUser(shop.url, { username: 'boss', password, name: 'เจ้าของร้าน', role: 'admin' });
    const token = await apiLogin(shop.url, 'boss', password);
    await createProduct(
      shop.url,
      token,
      { name: 'เสื้อเชิ้ตลายทาง', sku: 'SHIRT-001', category: 'เสื้อผ้า', price: 459.5, original_price: 590, stock: 12 },
      { bytes: makePng(), name: 'shirt.png' },
    );
    await createProduct(shop.url, token, {
      name: 'รองเท้าแตะยาง',
      sku: '885099932001',
      category: 'รองเท้า',
      price: 199,
      stock: 40,
    });
    await createProduct(shop.url, token, {
      name: 'Leather Bag',
      sku: 'BAG-777',
      category: 'กระเป๋า',
      price: 1290,
      stock: 3,
    });
  });

  it('selects products, sets label counts, previews and prints the labels', async () => {
    const { context, page } = await newPage(shop.browser, shop.url);
    await signIn(page, 'boss', password, /\/dashboard$/);
    await page.getByRole('navigation', { name: 'เมนูหลัก' }).getByRole('link', { name: 'พิมพ์บาร์โค้ด' }).click();
    await page.waitForURL(/\/barcodes$/);
    await page.getByRole('heading', { name: 'พิมพ์บาร์โค้ด', level: 1 }).waitFor();
    const rows = page.getByTestId('barcode-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(3);
    await expectNoSeriousA11yViolations(page, 'barcodes, nothing selected');

    // Nothing selected: the print button is disabled, and Ctrl+P only warns.
    const printButton = page.getByRole('button', { name: /^พิมพ์บาร์โค้ด \(\d+ ป้าย\)$/ });
    expect(await printButton.innerText()).toContain('(0 ป้าย)');
    expect(await printButton.isDisabled()).toBe(true);
    await page.keyboard.press('Control+p');
    await toast(page, 'ยังไม่ได้เลือกสินค้า');
    expect(await page.getByRole('dialog').count()).toBe(0);
    // Toasts close by themselves (3 s), leaving the screen clear for the screenshot below.
    await page.getByText('ยังไม่ได้เลือกสินค้า').waitFor({ state: 'hidden' });
    expect(await page.getByRole('radio', { name: '4 ป้ายต่อแถว' }).isChecked()).toBe(true);

    // Search by name or barcode, ignoring case.
    const search = page.getByRole('searchbox', { name: 'ค้นหาสินค้า' });
    await search.fill('leather');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="barcode-row"]').length === 1);
    await search.fill('shirt-0');
    await rows.filter({ hasText: 'เสื้อเชิ้ตลายทาง' }).waitFor();
    expect(await rows.count()).toBe(1);

    // The header box selects (then clears) the filtered rows only.
    const selectAll = page.getByRole('checkbox', { name: 'เลือกสินค้าทั้งหมดที่แสดง' });
    await selectAll.check();
    await search.fill('');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="barcode-row"]').length === 3);
    expect(await printButton.innerText()).toContain('(1 ป้าย)');
    expect(await page.getByRole('checkbox', { name: 'เลือก Leather Bag' }).isChecked()).toBe(false);
    expect(await selectAll.evaluate((el) => (el as HTMLInputElement).indeterminate)).toBe(true);
    await selectAll.click();
    expect(await printButton.innerText()).toContain('(3 ป้าย)');
    await selectAll.click();
    expect(await printButton.innerText()).toContain('(0 ป้าย)');

    // Per-row counts: whole numbers from 1; anything else is ignored.
    await page.getByRole('checkbox', { name: 'เลือก เสื้อเชิ้ตลายทาง' }).check();
    await page.getByRole('checkbox', { name: 'เลือก รองเท้าแตะยาง' }).check();
    const shirtCount = page.getByRole('spinbutton', { name: 'จำนวนป้ายของ เสื้อเชิ้ตลายทาง' });
    expect(await shirtCount.inputValue()).toBe('1');
    expect(await page.getByRole('spinbutton', { name: 'จำนวนป้ายของ Leather Bag' }).count()).toBe(0);
    await shirtCount.fill('3');
    expect(await printButton.innerText()).toContain('(4 ป้าย)');
    await shirtCount.fill('0');
    expect(await printButton.innerText()).toContain('(4 ป้าย)');
    await shirtCount.fill('');
    await shirtCount.blur();
    expect(await shirtCount.inputValue()).toBe('3');
    await page.getByText('เลือกแล้ว 2 สินค้า รวม 4 ป้าย').waitFor();

    await page.getByText('3', { exact: true }).and(page.locator('span')).click();
    expect(await page.getByRole('radio', { name: '3 ป้ายต่อแถว' }).isChecked()).toBe(true);
    await screenshot(page, 'barcodes');
    await expectNoSeriousA11yViolations(page, 'barcodes');

    // The preview: the label count, the sheet in rows of 3, the labels' content.
    await printButton.click();
    const preview = page.getByRole('dialog', { name: 'ตัวอย่างก่อนพิมพ์' });
    await preview.waitFor();
    await preview.getByText('กระดาษ A4 แถวละ 3 ป้าย รวม 4 ป้าย').waitFor();
    const labels = preview.getByTestId('barcode-label');
    expect(await labels.count()).toBe(4);
    expect(await preview.getByTestId('barcode-svg').count()).toBe(4);
    const columns = await preview
      .getByTestId('label-sheet')
      .evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
    expect(columns).toBe(3);
    const shirt = labels.filter({ hasText: 'เสื้อเชิ้ตลายทาง' }).first();
    await expect.poll(() => labels.filter({ hasText: 'เสื้อเชิ้ตลายทาง' }).count()).toBe(3);
    await shirt.getByText('เสื้อเชิ้ตลายทาง').waitFor();
    await shirt.getByText('฿459.50', { exact: true }).waitFor();
    const original = shirt.getByText('ปกติ ฿590');
    expect(await original.evaluate((el) => getComputedStyle(el).textDecorationLine)).toBe('line-through');
    expect(await shirt.getByTestId('barcode-svg').getAttribute('aria-label')).toBe('SHIRT-001');
    const sandals = labels.filter({ hasText: 'รองเท้าแตะยาง' });
    await sandals.getByText('฿199', { exact: true }).waitFor();
    expect(await sandals.getByText(/^ปกติ/).count()).toBe(0);
    const printNow = preview.getByRole('button', { name: 'พิมพ์ (4 ป้าย)' });
    await printNow.waitFor();
    await screenshot(page, 'barcodes-preview');
    await expectNoSeriousA11yViolations(page, 'barcodes-preview');

    // Printing: only the sheet prints, under the title Barcode-Labels, and the title comes back.
    const titleBefore = await page.title();
    await stubPrint(page);
    await printNow.click();
    expect(await page.evaluate(() => (window as unknown as { printed: unknown[] }).printed)).toEqual([
      { title: 'Barcode-Labels', labels: 4 },
    ]);
    expect(await page.title()).toBe(titleBefore);

    await page.emulateMedia({ media: 'print' });
    const shown = await page.evaluate(() => ({
      root: getComputedStyle(document.getElementById('root')!).display,
      sheet: getComputedStyle(document.querySelector('[data-print-sheet]')!).display,
    }));
    expect(shown).toEqual({ root: 'none', sheet: 'block' });
    await screenshot(page, 'barcodes-print');
    await page.emulateMedia({ media: 'screen' });

    await preview.getByRole('button', { name: 'ปิด' }).first().click();
    await preview.waitFor({ state: 'hidden' });
    expect(await page.locator('[data-print-sheet]').count()).toBe(0);
    await context.close();
  });

  it("says in the screen's language (not the library's English) that a label's code cannot be drawn in the chosen format", async () => {
    const SAYS = {
      th: { print: 'พิมพ์บาร์โค้ด (2 ป้าย)', preview: 'ตัวอย่างก่อนพิมพ์', close: 'ปิด' },
      en: { print: 'Print barcodes (2 labels)', preview: 'Print preview', close: 'Close' },
    };
    const MESSAGE = {
      th: 'รหัส "SHIRT-001" พิมพ์เป็นบาร์โค้ด EAN13 ไม่ได้ แก้รหัสสินค้าหรือเลือกรูปแบบบาร์โค้ดอื่น',
      en: '"SHIRT-001" cannot be printed as a barcode in EAN13: change the product\'s code or choose another format',
    };
    for (const viewport of [DESKTOP, MOBILE]) {
      const { context, page } = await newPage(shop.browser, shop.url, viewport);
      await context.addInitScript(() => {
        localStorage.setItem('pos_barcode_settings', JSON.stringify({ format: 'EAN13', lineColor: '#1d4ed8' }));
      });
      await signInTo(page, 'boss', password, '/barcodes');
      await page.getByRole('checkbox', { name: 'เลือก เสื้อเชิ้ตลายทาง' }).check();
      await page.getByRole('checkbox', { name: 'เลือก รองเท้าแตะยาง' }).check();
      for (const locale of ['th', 'en'] as const) {
        if (locale === 'en') await page.getByRole('button', { name: /EN/ }).click();
        await page.getByRole('button', { name: SAYS[locale].print }).click();
        const preview = page.getByRole('dialog', { name: SAYS[locale].preview });
        const labels = preview.getByTestId('barcode-label');
        expect(await labels.count()).toBe(2);
        await labels
          .filter({ hasText: 'เสื้อเชิ้ตลายทาง' })
          .getByTestId('barcode-error')
          .getByText(MESSAGE[locale], { exact: true })
          .waitFor();
        // The numeric code still draws, in the colour from the settings.
        const svg = labels.filter({ hasText: 'รองเท้าแตะยาง' }).getByTestId('barcode-svg');
        await svg.waitFor();
        expect(await svg.locator('g').first().getAttribute('fill')).toBe('#1d4ed8');
        expect(await preview.getByTestId('barcode-error').count()).toBe(1);
        await settle(page);
        await screenshot(page, `barcodes-preview-invalid-${locale}`);
        await expectNoSeriousA11yViolations(page, `barcodes-preview-invalid ${locale} ${viewport.width}`);
        await preview.getByRole('button', { name: SAYS[locale].close }).first().click();
        await preview.waitFor({ state: 'hidden' });
      }
      await context.close();
    }
  });

  it('fits a phone screen', async () => {
    const { context, page } = await newPage(shop.browser, shop.url, MOBILE);
    await signInTo(page, 'boss', password, '/barcodes');
    const cards = page.getByTestId('barcode-card');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(3);
    await page.getByRole('checkbox', { name: 'เลือกสินค้าทั้งหมดที่แสดง' }).check();
    await page.getByRole('spinbutton', { name: 'จำนวนป้ายของ Leather Bag' }).fill('5');
    await page.getByText('เลือกแล้ว 3 สินค้า รวม 7 ป้าย').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'barcodes');
    await expectNoSeriousA11yViolations(page, 'barcodes');

    await page.getByRole('button', { name: 'พิมพ์บาร์โค้ด (7 ป้าย)' }).click();
    const preview = page.getByRole('dialog', { name: 'ตัวอย่างก่อนพิมพ์' });
    expect(await preview.getByTestId('barcode-label').count()).toBe(7);
    await preview.getByRole('button', { name: 'พิมพ์ (7 ป้าย)' }).waitFor();
    await screenshot(page, 'barcodes-preview');
    await expectNoSeriousA11yViolations(page, 'barcodes-preview');
    await context.close();
  });
});
