import type { Locator, Page } from 'playwright-core';

/**
 * A sale's action by its label: a button on a phone's card, an item of the row's "จัดการ" menu in the
 * table (issue 31), the menu opened first.
 */
export async function saleAction(page: Page, sale: Locator, name: string): Promise<Locator> {
  await sale.waitFor();
  const menu = sale.getByTestId('sale-actions-menu');
  if ((await menu.count()) === 0) return sale.getByRole('button', { name, exact: true });
  if ((await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
  return page.getByRole('menu').getByRole('menuitem', { name, exact: true });
}

/** A cash sale at the till of one product found by its SKU, paid with `cash` baht; the receipt dialog it opens. */
export async function sellOneForCash(page: Page, sku: string, cash: number): Promise<Locator> {
  await page.getByRole('searchbox', { name: 'ค้นหาสินค้า' }).fill(sku);
  await page.getByTestId(`pos-product-${sku}`).click();
  const cart = page.getByRole('region', { name: 'ตะกร้าสินค้า' });
  await cart.getByRole('button', { name: 'ชำระเงิน' }).click();
  const payment = page.getByRole('dialog', { name: 'เลือกวิธีการชำระเงิน' });
  await payment.getByRole('button', { name: /เงินสด/ }).click();
  await payment.getByLabel('รับเงินมา (บาท)').fill(String(cash));
  await payment.getByLabel('รับเงินมา (บาท)').press('Enter');
  const receipt = page.getByRole('dialog', { name: 'ใบเสร็จรับเงิน' });
  await receipt.waitFor();
  return receipt;
}
