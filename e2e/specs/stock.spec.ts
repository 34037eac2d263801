import type { Product } from '@pos/core';
import { expectNoSeriousA11yViolations } from '../support/axe';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, createUser, registerForVat, sellByApi } from '../support/api';
import { MOBILE, newPage, screenshot, settle, signInTo } from '../support/browser';
import { createProduct, listProducts } from '../support/catalogue';
import { useShop } from '../support/shop';

/** Another manager's adjustment, through the API, while the dialog is open. */
async function adjustByApi(
  baseUrl: string,
  token: string,
  id: number,
  body: { mode: string; amount: number; expected: number; reason: string },
): Promise<void> {
  const res = await fetch(`${baseUrl}/api/products/${id}/stock`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  if (res.status !== 200) throw new Error(`adjust: ${res.status} ${await res.text()}`);
}

async function stockOf(baseUrl: string, token: string, sku: string): Promise<number> {
  return ((await listProducts(baseUrl, token)).find((p) => p.sku === sku) as Product).stock;
}

async function chooseReason(page: Page, dialog: Locator, reason: string): Promise<void> {
  await dialog.getByRole('combobox', { name: 'เหตุผล' }).click();
  await page.getByRole('option', { name: reason }).click();
}

describe('stock adjustments and history', () => {
  const shop = useShop();
  let token: string;
  let otherToken: string;
  let shirt: Product;
  let cap: Product;
  const password = 'boss-pass-123';

  beforeAll(async () => {
    // These tests are about a shop registered for VAT (3 % on top): a fresh install charges none.
    await registerForVat(shop);
    await createUser(shop.url, { username: 'boss', password, name: 'เจ้าของร้าน', role: 'admin' });
    await createUser(shop.url, { username: 'mgr', password, name: 'ผู้จัดการสาขา', role: 'manager' });
    await createUser(shop.url, { username: 'viewer1', password, name: 'ผู้ดู', role: 'viewer' });
    await createUser(shop.url, { username: 'till', password, name: 'พนักงานขาย', role: 'cashier' });
    token = await apiLogin(shop.url, 'boss', password);
    otherToken = await apiLogin(shop.url, 'mgr', password);
    shirt = await createProduct(shop.url, token, {
      name: 'เสื้อเชิ้ตลายทาง',
      sku: 'SHIRT-01',
      category: 'เสื้อผ้า',
      price: 590,
      stock: 8,
    });
    cap = await createProduct(shop.url, token, {
      name: 'หมวกแก๊ป',
      sku: 'CAP-01',
      category: 'กระเป๋า',
      price: 250,
      stock: 30,
    });
  });

  it('adjusts stock through the dialog, redoes after a concurrent change, and shows it in the history', async () => {
    const { context, page } = await newPage(shop.browser, shop.url);
    await signInTo(page, 'boss', password, '/products');
    const row = page.getByTestId('product-row').filter({ hasText: 'เสื้อเชิ้ตลายทาง' });
    await row.waitFor();

    // From the edit dialog: the stock is read-only, with the adjust action next to it.
    await row.getByRole('button', { name: 'แก้ไข เสื้อเชิ้ตลายทาง' }).click();
    const edit = page.getByRole('dialog', { name: 'แก้ไขสินค้า' });
    await edit.getByTestId('product-stock').getByText('8', { exact: true }).waitFor();
    await edit.getByRole('button', { name: 'ปรับสต็อก' }).click();
    let dialog = page.getByRole('dialog', { name: 'ปรับสต็อก' });
    await dialog.waitFor();

    // Required reason; the resulting stock shows before saving.
    await dialog.getByLabel('จำนวนที่เพิ่ม (ชิ้น)').fill('12');
    await dialog.getByTestId('stock-preview').getByText('8 → 20').waitFor();
    await dialog.getByRole('button', { name: 'บันทึกการปรับสต็อก' }).click();
    await dialog.getByText('กรุณาเลือกเหตุผลในการปรับสต็อก').waitFor();
    await chooseReason(page, dialog, 'รับสินค้าเข้า');
    await dialog.getByLabel('หมายเหตุ').fill('ล็อตใหม่จากโรงงาน');
    await screenshot(page, 'stock-adjust-dialog');
    await expectNoSeriousA11yViolations(page, 'stock-adjust-dialog');

    // Meanwhile another manager takes out 2: the save is refused and the fresh stock shown.
    await adjustByApi(shop.url, otherToken, shirt.id, { mode: 'remove', amount: 2, expected: 8, reason: 'damaged' });
    await dialog.getByRole('button', { name: 'บันทึกการปรับสต็อก' }).click();
    const changed = dialog.getByRole('alert').filter({ hasText: 'สต็อกเปลี่ยนไประหว่างนี้' });
    await changed.getByText('ตอนนี้มี 6 ชิ้น', { exact: false }).waitFor();
    await dialog.getByTestId('stock-preview').getByText('6 → 18').waitFor();
    await screenshot(page, 'stock-adjust-conflict');
    await expectNoSeriousA11yViolations(page, 'stock-adjust-conflict');
    // The edit dialog behind (hidden from the accessibility tree meanwhile) shows the fresh stock too.
    await page.getByTestId('product-stock').getByText('6', { exact: true }).waitFor();
    expect(await stockOf(shop.url, token, 'SHIRT-01')).toBe(6);

    // Redo against the fresh value.
    await dialog.getByRole('button', { name: 'บันทึกการปรับสต็อก' }).click();
    await page.getByText('ปรับสต็อกแล้ว').first().waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await edit.getByTestId('product-stock').getByText('18', { exact: true }).waitFor();
    expect(await stockOf(shop.url, token, 'SHIRT-01')).toBe(18);

    // Saving the edit afterwards leaves the stock alone.
    await edit.getByLabel('ราคาขาย (บาท)').fill('550');
    await edit.getByRole('button', { name: 'บันทึกการแก้ไข' }).click();
    await edit.waitFor({ state: 'hidden' });
    await row.getByText('฿550.00').waitFor();
    expect(await stockOf(shop.url, token, 'SHIRT-01')).toBe(18);
    expect(await row.locator('[data-stock-tone]').innerText()).toBe('18');

    // Remove below zero is refused on the spot, with the core's message.
    await row.getByRole('button', { name: 'ปรับสต็อก เสื้อเชิ้ตลายทาง' }).click();
    dialog = page.getByRole('dialog', { name: 'ปรับสต็อก' });
    await dialog.getByText('นำออก / ลด').click();
    await dialog.getByLabel('จำนวนที่ลด (ชิ้น)').fill('30');
    await chooseReason(page, dialog, 'อื่น ๆ');
    await dialog.getByRole('button', { name: 'บันทึกการปรับสต็อก' }).click();
    await dialog.getByText('ลดสต็อกได้ไม่เกินจำนวนที่มีอยู่ (18 ชิ้น)').waitFor();
    await dialog.getByText('กรุณาระบุรายละเอียดเมื่อเลือกเหตุผล "อื่น ๆ"').waitFor();
    // Set the counted quantity instead.
    await dialog.getByText('กำหนดจำนวนที่นับได้').click();
    await dialog.getByLabel('จำนวนที่นับได้ (ชิ้น)').fill('17');
    await chooseReason(page, dialog, 'ตรวจนับสต็อก');
    await dialog.getByRole('button', { name: 'บันทึกการปรับสต็อก' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row.locator('[data-stock-tone]').getByText('17', { exact: true }).waitFor();

    // The history: newest first, with reason, who, when and before → after.
    await row.getByRole('button', { name: 'ประวัติสต็อก เสื้อเชิ้ตลายทาง' }).click();
    const history = page.getByRole('dialog', { name: 'ประวัติสต็อก' });
    const items = history.getByTestId('stock-movement');
    await items.first().waitFor();
    expect(await items.count()).toBe(4);
    const texts = await items.allInnerTexts();
    expect(texts[0]).toContain('ปรับสต็อก: ตรวจนับสต็อก');
    expect(texts[0]).toContain('18 → 17');
    expect(texts[0]).toContain('โดย เจ้าของร้าน');
    expect(texts[1]).toContain('ปรับสต็อก: รับสินค้าเข้า');
    expect(texts[1]).toContain('6 → 18');
    expect(texts[1]).toContain('ล็อตใหม่จากโรงงาน');
    expect(texts[2]).toContain('ปรับสต็อก: สินค้าเสียหาย');
    expect(texts[2]).toContain('โดย ผู้จัดการสาขา');
    expect(texts[3]).toContain('สต็อกเริ่มต้น');
    expect(texts[3]).toContain('0 → 8');
    await settle(page);
    await screenshot(page, 'stock-history');
    await expectNoSeriousA11yViolations(page, 'stock-history');
    await context.close();
  });

  it('works on a phone: history (with a sale) and adjust from the product card; a viewer sees history only', async () => {
    const till = await apiLogin(shop.url, 'till', password);
    const { document_number: documentNumber } = await sellByApi(shop, till, [{ product: cap, quantity: 1 }]);
    const { context, page } = await newPage(shop.browser, shop.url, MOBILE);
    await signInTo(page, 'boss', password, '/products');
    const card = page.getByTestId('product-card').filter({ hasText: 'หมวกแก๊ป' });
    await card.waitFor();
    await card.getByRole('button', { name: 'ปรับสต็อก' }).click();
    const dialog = page.getByRole('dialog', { name: 'ปรับสต็อก' });
    await dialog.getByLabel('จำนวนที่เพิ่ม (ชิ้น)').fill('5');
    // Returning to the supplier only lowers stock: the reason is offered once the dialog removes.
    await dialog.getByText('นำออก / ลด').click();
    await chooseReason(page, dialog, 'คืนผู้จำหน่าย');
    await dialog.getByTestId('stock-preview').getByText('29 → 24').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'stock-adjust-dialog');
    await expectNoSeriousA11yViolations(page, 'stock-adjust-dialog');
    await dialog.getByRole('button', { name: 'บันทึกการปรับสต็อก' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await card.locator('[data-stock-tone]').getByText('24', { exact: true }).waitFor();

    await card.getByRole('button', { name: 'ประวัติสต็อก' }).click();
    const history = page.getByRole('dialog', { name: 'ประวัติสต็อก' });
    await history.getByText('ปรับสต็อก: คืนผู้จำหน่าย').waitFor();
    const sale = history.getByTestId('stock-movement').filter({ hasText: `ขาย ${documentNumber}` });
    await sale.getByText('30 → 29').waitFor();
    await sale.getByText('โดย พนักงานขาย', { exact: false }).waitFor();
    // The history opens right after the save: without this the phone's picture caught it half faded in.
    await settle(page);
    await screenshot(page, 'stock-history');
    await expectNoSeriousA11yViolations(page, 'stock-history');
    await context.close();

    const viewer = await newPage(shop.browser, shop.url);
    await signInTo(viewer.page, 'viewer1', password, '/products');
    const row = viewer.page.getByTestId('product-row').filter({ hasText: 'หมวกแก๊ป' });
    await row.waitFor();
    expect(await row.getByRole('button', { name: /^ปรับสต็อก/ }).count()).toBe(0);
    await row.getByRole('button', { name: 'ประวัติสต็อก หมวกแก๊ป' }).click();
    await viewer.page.getByRole('dialog', { name: 'ประวัติสต็อก' }).getByText('29 → 24').waitFor();
    await viewer.context.close();
  });
});
