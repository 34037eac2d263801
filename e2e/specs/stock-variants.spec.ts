import type { ProductWithVariants } from '@pos/core';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, apiLogin, createUser } from '../support/api';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { MOBILE, newPage, screenshot, settle, signInTo } from '../support/browser';
import { createProduct } from '../support/catalogue';
import { useShop } from '../support/shop';

const BOSS = { username: 'boss', password: 'boss-pass-123', name: 'เจ้าของร้าน', role: 'admin' as const };
const POLO = {
  name: 'เสื้อโปโลคอปก',
  sku: 'PL-900',
  category: 'เสื้อผ้า',
  price: 350,
  original_price: 450,
  // Counted for the style before it had sizes: unassigned until a full count.
  stock: 6,
  sizes: ['S', 'M', 'L'],
  colors: ['ดำ', 'ขาว'],
};
/** The grid in the server's order (sizes, then colours), each with a barcode; M/ขาว has a price of its own. */
const CELLS = [
  { size: 'S', color: 'ดำ', barcode: '8851000000011' },
  { size: 'S', color: 'ขาว', barcode: '8851000000028' },
  { size: 'M', color: 'ดำ', barcode: '8851000000035' },
  { size: 'M', color: 'ขาว', barcode: '8851000000042', price: 390 },
  { size: 'L', color: 'ดำ', barcode: '8851000000059' },
  { size: 'L', color: 'ขาว', barcode: '8851000000066' },
];
const SHORTS = { name: 'กางเกงขาสั้น', sku: 'SH-200', category: 'เสื้อผ้า', price: 290, stock: 0, sizes: ['M'] };

async function styleOf(token: string, id: number, url: string): Promise<ProductWithVariants> {
  return (await api<{ product: ProductWithVariants }>({ url }, token, 'GET', `/products/${id}`)).product;
}

async function chooseOption(page: Page, dialog: Locator, field: string, option: string): Promise<void> {
  await dialog.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option }).click();
}

/** What a scanner does: types the code into the focused field and presses Enter. */
async function scan(page: Page, code: string): Promise<void> {
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
}

/** The tops of the first two rows of the count grid. */
async function countRowTops(dialog: Locator): Promise<number[]> {
  const rows = dialog.getByTestId('count-row');
  return [await rows.nth(0).boundingBox(), await rows.nth(1).boundingBox()].map((box) => Math.round(box!.y));
}

async function noSideways(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

describe('stock and labels per size and colour', () => {
  const shop = useShop();
  let token: string;
  let polo: ProductWithVariants;
  let shorts: ProductWithVariants;

  beforeAll(async () => {
    await createUser(shop.url, BOSS);
    token = await apiLogin(shop.url, BOSS.username, BOSS.password);
    const created = await createProduct(shop.url, token, POLO);
    polo = (
      await api<{ product: ProductWithVariants }>(shop, token, 'PUT', `/products/${created.id}/variants`, {
        variants: CELLS.map((cell) => ({ ...cell, active: true })),
      })
    ).product;
    const createdShorts = await createProduct(shop.url, token, SHORTS);
    shorts = (
      await api<{ product: ProductWithVariants }>(shop, token, 'PUT', `/products/${createdShorts.id}/variants`, {
        variants: [{ size: 'M', color: null, barcode: '8852000000010', active: true }],
      })
    ).product;
  });

  it('adjusts one variant, counts the style by scanning, names the variants in the history and prints a label per variant', async () => {
    expect(polo.variants.map((v) => [v.size, v.color, v.barcode, v.stock])).toEqual(
      CELLS.map((c) => [c.size, c.color, c.barcode, 0]),
    );
    const variantId = (size: string, color: string) =>
      polo.variants.find((v) => v.size === size && v.color === color)!.id;
    const { context, page } = await newPage(shop.browser, shop.url);
    await signInTo(page, BOSS.username, BOSS.password, '/products');
    const row = page.getByTestId('product-row').filter({ hasText: POLO.name });
    await row.waitFor();

    // Adjust: the variant is required, then its stock is what the preview starts from, with the style's total.
    await row.getByRole('button', { name: `ปรับสต็อก ${POLO.name}` }).click();
    const adjust = page.getByRole('dialog', { name: 'ปรับสต็อก' });
    await adjust.getByText('เสื้อโปโลคอปก · สต็อกตอนนี้ 6 ชิ้น').waitFor();
    await adjust.getByLabel('จำนวนที่เพิ่ม (ชิ้น)').fill('5');
    await adjust.getByTestId('stock-preview').getByText('เลือกไซส์/สีเพื่อดูสต็อกหลังปรับ').waitFor();
    await chooseOption(page, adjust, 'เหตุผล', 'รับสินค้าเข้า');
    await adjust.getByRole('button', { name: 'บันทึกการปรับสต็อก' }).click();
    await adjust.getByText('กรุณาเลือกไซส์/สีที่จะปรับสต็อก').waitFor();
    await chooseOption(page, adjust, 'ไซส์ / สี', 'ไซส์ M · สี ดำ · มี 0 ชิ้น');
    const preview = adjust.getByTestId('stock-preview');
    await preview.getByText('สต็อก ไซส์ M · สี ดำ หลังปรับ').waitFor();
    await preview.getByText('0 → 5').waitFor();
    await preview.getByTestId('stock-preview-style').getByText('6 → 11').waitFor();
    await settle(page);
    await screenshot(page, 'stock-variants-adjust');
    await expectNoSeriousA11yViolations(page, 'stock-variants-adjust');
    await adjust.getByRole('button', { name: 'บันทึกการปรับสต็อก' }).click();
    await page.getByText('เสื้อโปโลคอปก ดำ / M: สต็อก 0 → 5 ชิ้น').waitFor();
    await adjust.waitFor({ state: 'hidden' });
    let style = await styleOf(token, polo.id, shop.url);
    expect(style.variants.find((v) => v.id === variantId('M', 'ดำ'))?.stock).toBe(5);
    expect([style.stock, style.unassigned_stock]).toEqual([11, 6]);
    await row.locator('[data-stock-tone]').getByText('11', { exact: true }).waitFor();

    // Count mode: each scan adds one to its variant; another style's code is refused and counts nothing.
    await row.getByRole('button', { name: `นับสต็อก ${POLO.name}` }).click();
    const count = page.getByRole('dialog', { name: 'นับสต็อก' });
    const scanField = count.getByRole('textbox', { name: 'สแกนบาร์โค้ด' });
    await scanField.waitFor();
    await expect.poll(() => scanField.evaluate((el) => el === document.activeElement)).toBe(true);
    for (const code of ['8851000000011', '8851000000011', '8851000000035', '8851000000035', '8851000000035']) {
      await scan(page, code);
    }
    await count.getByText('ไซส์ M · สี ดำ: นับได้ 3 ชิ้น').waitFor();
    await scan(page, '8852000000010');
    await count.getByText('บาร์โค้ด "8852000000010" ไม่ใช่ของสินค้า เสื้อโปโลคอปก จึงไม่ได้นับ').waitFor();
    await scan(page, '8851000000066');
    const counted = (variant: string) => count.getByRole('spinbutton', { name: `จำนวนที่นับได้ของ ${variant}` });
    expect(await counted('ไซส์ S · สี ดำ').inputValue()).toBe('2');
    expect(await counted('ไซส์ M · สี ดำ').inputValue()).toBe('3');
    expect(await counted('ไซส์ L · สี ขาว').inputValue()).toBe('1');
    expect(await counted('ไซส์ S · สี ขาว').inputValue()).toBe('');
    // The buttons and typing count too.
    await count.getByRole('button', { name: 'เพิ่ม ไซส์ S · สี ขาว 1 ชิ้น' }).click();
    await counted('ไซส์ M · สี ขาว').fill('4');
    // Enter in a figure goes back to the scan field instead of saving the count.
    await counted('ไซส์ M · สี ขาว').press('Enter');
    await expect.poll(() => scanField.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await count.isVisible()).toBe(true);
    await count.getByRole('button', { name: 'ลด ไซส์ M · สี ขาว 1 ชิ้น' }).click();
    expect(await counted('ไซส์ M · สี ขาว').inputValue()).toBe('3');
    // The whole style counted: L/ดำ (not counted) is 0 and the 6 without a size go.
    await count.getByRole('checkbox', { name: 'นับครบทุกไซส์แล้ว' }).check();
    await count.getByLabel('หมายเหตุ').fill('นับสิ้นเดือน');
    await count.getByTestId('count-summary').getByText('นับแล้ว 5 จาก 6 รายการ · สต็อกรวม 11 → 10').waitFor();
    // Two variants across on a wide screen, so a style's grid fits without a scroll of its own.
    const [first, second] = await countRowTops(count);
    expect(second).toBe(first);
    expect(
      await count.getByRole('list', { name: 'ไซส์ / สี' }).evaluate((el) => el.scrollHeight - el.clientHeight),
    ).toBeLessThanOrEqual(0);
    await settle(page);
    await screenshot(page, 'stock-variants-count');
    await expectNoSeriousA11yViolations(page, 'stock-variants-count');

    // Meanwhile one M/ดำ goes out: the save is refused naming it, and it is reloaded.
    await api(shop, token, 'PATCH', `/products/${polo.id}/stock`, {
      variantId: variantId('M', 'ดำ'),
      mode: 'remove',
      amount: 1,
      expected: 5,
      reason: 'damaged',
    });
    await count.getByRole('button', { name: 'บันทึกการนับ' }).click();
    const changed = count.getByRole('alert').filter({ hasText: 'สต็อกเปลี่ยนไประหว่างนับ' });
    await changed.getByText('ไซส์ M · สี ดำ มีการขายหรือปรับสต็อกระหว่างนับ ตอนนี้ในระบบมี 4 ชิ้น', { exact: false }).waitFor();
    expect((await styleOf(token, polo.id, shop.url)).unassigned_stock).toBe(6);
    await changed.getByRole('button', { name: 'โหลดจำนวนใหม่' }).click();
    await changed.waitFor({ state: 'hidden' });
    await count.getByTestId('count-row').filter({ hasText: 'ไซส์ M · สี ดำ' }).getByText('ในระบบ 4').waitFor();
    await count.getByRole('button', { name: 'บันทึกการนับ' }).click();
    await count.waitFor({ state: 'hidden' });
    await page.getByText('บันทึกการนับสต็อกแล้ว').first().waitFor();

    style = await styleOf(token, polo.id, shop.url);
    expect(style.variants.map((v) => [v.size, v.color, v.stock])).toEqual([
      ['S', 'ดำ', 2],
      ['S', 'ขาว', 1],
      ['M', 'ดำ', 3],
      ['M', 'ขาว', 3],
      ['L', 'ดำ', 0],
      ['L', 'ขาว', 1],
    ]);
    expect([style.stock, style.unassigned_stock]).toEqual([10, 0]);
    await row.locator('[data-stock-tone]').getByText('10', { exact: true }).waitFor();

    // The history names each movement's variant.
    await row.getByRole('button', { name: `ประวัติสต็อก ${POLO.name}` }).click();
    const history = page.getByRole('dialog', { name: 'ประวัติสต็อก' });
    const items = history.getByTestId('stock-movement');
    await items.first().waitFor();
    const adjusted = items.filter({ hasText: 'ปรับสต็อก: รับสินค้าเข้า' });
    expect(await adjusted.getByTestId('stock-movement-variant').innerText()).toBe('ไซส์ M · สี ดำ');
    await adjusted.getByText('ไซส์ M · สี ดำ').waitFor();
    // The count's note is on each of its movements.
    expect(await items.filter({ hasText: 'นับสิ้นเดือน' }).count()).toBe(6);
    const damaged = items.filter({ hasText: 'ปรับสต็อก: สินค้าเสียหาย' });
    expect(await damaged.getByTestId('stock-movement-variant').innerText()).toBe('ไซส์ M · สี ดำ');
    const countedNames = await items
      .filter({ hasText: 'ปรับสต็อก: ตรวจนับสต็อก' })
      .evaluateAll((els) =>
        els.map((el) => el.querySelector('[data-testid="stock-movement-variant"]')?.textContent ?? null),
      );
    // Five variants changed, and the unassigned stock (no variant) was cleared.
    expect(countedNames.sort()).toEqual(
      ['ไซส์ L · สี ขาว', 'ไซส์ M · สี ขาว', 'ไซส์ M · สี ดำ', 'ไซส์ S · สี ขาว', 'ไซส์ S · สี ดำ', 'ไม่ระบุไซส์/สี'].sort(),
    );
    await settle(page);
    await screenshot(page, 'stock-variants-history');
    await expectNoSeriousA11yViolations(page, 'stock-variants-history');
    await page.keyboard.press('Escape');
    await history.waitFor({ state: 'hidden' });

    // Labels: the style prints one label kind per variant sold, counted from its stock unless changed.
    // Only a chosen style's variants are loaded, not the whole list's.
    const detailCalls: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (/^\/api\/products\/\d+$/.test(path)) detailCalls.push(path);
    });
    await page.goto('/barcodes');
    await page.getByRole('checkbox', { name: `เลือก ${SHORTS.name}` }).waitFor();
    expect(detailCalls).toEqual([]);
    await page.getByRole('checkbox', { name: `เลือก ${POLO.name}` }).check();
    // The table and the cards are both drawn, one of them hidden by the screen's width.
    const variantRows = page.locator('[data-testid="barcode-variant-row"]:visible');
    await expect.poll(() => variantRows.count()).toBe(6);
    const labelCount = (name: string) => page.getByRole('spinbutton', { name: `จำนวนป้ายของ ${POLO.name} ${name}` });
    expect(await labelCount('ดำ / S').inputValue()).toBe('2');
    expect(await labelCount('ดำ / L').inputValue()).toBe('0');
    await page.getByRole('button', { name: 'พิมพ์บาร์โค้ด (10 ป้าย)' }).waitFor();
    expect(detailCalls).toEqual([`/api/products/${polo.id}`]);
    // One of each: the sheet then holds one label per variant.
    for (const cell of CELLS) await labelCount(`${cell.color} / ${cell.size}`).fill('1');
    await page.getByText('เลือกแล้ว 1 สินค้า รวม 6 ป้าย').waitFor();
    await variantRows.filter({ hasText: '฿390.00' }).getByText('ไซส์ M · สี ขาว').waitFor();
    await screenshot(page, 'stock-variants-labels');
    await expectNoSeriousA11yViolations(page, 'stock-variants-labels');
    await page.getByRole('button', { name: 'พิมพ์บาร์โค้ด (6 ป้าย)' }).click();
    const sheet = page.getByRole('dialog', { name: 'ตัวอย่างก่อนพิมพ์' });
    const labels = sheet.getByTestId('barcode-label');
    await expect.poll(() => labels.count()).toBe(6);
    const printed = await labels.evaluateAll((els) =>
      els.map((el) => [
        el.querySelector('p')?.textContent ?? '',
        el.querySelector('[data-testid="barcode-svg"]')?.getAttribute('aria-label') ?? '',
      ]),
    );
    expect(printed).toEqual(CELLS.map((c) => [`${POLO.name} ${c.color} / ${c.size}`, c.barcode]));
    await labels.filter({ hasText: 'ขาว / M' }).getByText('฿390', { exact: true }).waitFor();
    await labels.filter({ hasText: 'ดำ / S' }).getByText('฿350', { exact: true }).waitFor();
    await settle(page);
    await screenshot(page, 'stock-variants-label-sheet');
    await expectNoSeriousA11yViolations(page, 'stock-variants-label-sheet');
    await context.close();
  });

  it('fits a phone: the adjust dialog with variants, the count and the label sheet', async () => {
    const { context, page } = await newPage(shop.browser, shop.url, MOBILE);
    await signInTo(page, BOSS.username, BOSS.password, '/products');
    const card = page.getByTestId('product-card').filter({ hasText: POLO.name });
    await card.waitFor();
    await card.getByRole('button', { name: 'ปรับสต็อก' }).click();
    const adjust = page.getByRole('dialog', { name: 'ปรับสต็อก' });
    await chooseOption(page, adjust, 'ไซส์ / สี', 'ไซส์ L · สี ดำ · มี 0 ชิ้น');
    await adjust.getByLabel('จำนวนที่เพิ่ม (ชิ้น)').fill('2');
    await adjust.getByTestId('stock-preview-style').getByText('10 → 12').waitFor();
    await noSideways(page);
    await settle(page);
    await screenshot(page, 'stock-variants-adjust');
    await expectNoSeriousA11yViolations(page, 'stock-variants-adjust');
    await adjust.getByRole('button', { name: 'ยกเลิก' }).click();
    await adjust.waitFor({ state: 'hidden' });

    await card.getByRole('button', { name: 'นับสต็อก' }).click();
    const count = page.getByRole('dialog', { name: 'นับสต็อก' });
    await count.getByRole('textbox', { name: 'สแกนบาร์โค้ด' }).waitFor();
    await expect
      .poll(() => count.getByRole('textbox', { name: 'สแกนบาร์โค้ด' }).evaluate((el) => el === document.activeElement))
      .toBe(true);
    await scan(page, '8851000000042');
    await scan(page, 'NOT-A-CODE');
    // One variant a line on a phone.
    const tops = await countRowTops(count);
    expect(tops[1]! - tops[0]!).toBeGreaterThan(40);
    await count.getByText('บาร์โค้ด "NOT-A-CODE" ไม่ใช่ของสินค้า เสื้อโปโลคอปก จึงไม่ได้นับ').waitFor();
    await noSideways(page);
    await settle(page);
    await screenshot(page, 'stock-variants-count');
    await expectNoSeriousA11yViolations(page, 'stock-variants-count');
    await count.getByRole('button', { name: 'ยกเลิก' }).click();
    await count.waitFor({ state: 'hidden' });

    await page.goto('/barcodes');
    await page.getByRole('checkbox', { name: `เลือก ${POLO.name}` }).check();
    await page.getByRole('checkbox', { name: `เลือก ${SHORTS.name}` }).check();
    // The table and the cards are both drawn, one of them hidden by the screen's width.
    const variantRows = page.locator('[data-testid="barcode-variant-row"]:visible');
    // The shorts' one size prints as a variant too (its own barcode), at its stock: none.
    await expect.poll(() => variantRows.count()).toBe(7);
    await page.getByRole('spinbutton', { name: `จำนวนป้ายของ ${SHORTS.name} / M` }).fill('1');
    await page.getByText('เลือกแล้ว 2 สินค้า รวม 11 ป้าย').waitFor();
    await noSideways(page);
    await screenshot(page, 'stock-variants-labels');
    await expectNoSeriousA11yViolations(page, 'stock-variants-labels');
    await page.getByRole('button', { name: 'พิมพ์บาร์โค้ด (11 ป้าย)' }).click();
    const sheet = page.getByRole('dialog', { name: 'ตัวอย่างก่อนพิมพ์' });
    await expect.poll(() => sheet.getByTestId('barcode-label').count()).toBe(11);
    expect(
      await sheet
        .getByTestId('barcode-label')
        .filter({ hasText: SHORTS.name })
        .getByTestId('barcode-svg')
        .getAttribute('aria-label'),
    ).toBe(shorts.variants[0]?.barcode);
    await settle(page);
    await screenshot(page, 'stock-variants-label-sheet');
    await expectNoSeriousA11yViolations(page, 'stock-variants-label-sheet');
    await context.close();
  });
});
