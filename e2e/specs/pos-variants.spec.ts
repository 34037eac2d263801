import type { Customer, Sale } from '@pos/core';
import { expectNoSeriousA11yViolations } from '../support/axe';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, createUser, registerForVat } from '../support/api';
import { MOBILE, newPage, screenshot, settle, signInTo } from '../support/browser';
import { createProduct } from '../support/catalogue';
import { useShop } from '../support/shop';

const BOSS = { username: 'boss', password: 'boss-pass-123', name: 'เจ้าของร้าน', role: 'admin' as const };
const POLO = {
  name: 'เสื้อโปโลผ้าจูติ',
  sku: 'PL-100',
  category: 'เสื้อผ้า',
  price: 299,
  original_price: 399,
  stock: 6,
  sizes: ['S', 'M', 'L', 'XL'],
  colors: ['แดง', 'น้ำเงิน', 'ขาว'],
};
// One size and one colour: a scan adds it without asking.
const BEANIE = {
  name: 'หมวกไหมพรม',
  sku: '8850000000103',
  category: 'เครื่องประดับ/อุปกรณ์เสริม',
  price: 99.5,
  stock: 5,
  sizes: ['Free'],
  colors: ['ดำ'],
};

function cartOf(page: Page): Locator {
  return page.getByRole('region', { name: 'ตะกร้าสินค้า' });
}

/** Clicks a value's button (the label around its radio). */
async function pickValue(picker: Locator, value: string): Promise<void> {
  await picker.getByRole('radio', { name: value, exact: true }).locator('..').click();
}

async function searchHasFocus(page: Page): Promise<boolean> {
  return page.getByRole('searchbox', { name: 'ค้นหาสินค้า' }).evaluate((el) => el === document.activeElement);
}

describe('point of sale: sizes, colours and usual prices', () => {
  const shop = useShop();
  let token: string;
  let customer: Customer;

  beforeAll(async () => {
    // These tests are about a shop registered for VAT (3 % on top): a fresh install charges none.
    await registerForVat(shop);
    await createUser(shop.url, BOSS);
    token = await apiLogin(shop.url, BOSS.username, BOSS.password);
    await createProduct(shop.url, token, POLO);
    await createProduct(shop.url, token, BEANIE);
    const res = await fetch(`${shop.url}/api/customers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ name: 'มานี ใจดี', phone: '0891112222' }),
    });
    customer = ((await res.json()) as { customer: Customer }).customer;
  });

  it('asks a size and colour, keeps two sizes as two lines, and prints them on the receipt and in the history', async () => {
    const { context, page } = await newPage(shop.browser, shop.url);
    await signInTo(page, BOSS.username, BOSS.password, '/pos');
    const search = page.getByRole('searchbox', { name: 'ค้นหาสินค้า' });
    const card = page.getByTestId(`pos-product-${POLO.sku}`);
    await card.waitFor();
    // The usual price, struck through, on the card.
    const usual = card.getByText('ปกติ ฿399');
    expect(await usual.evaluate((el) => getComputedStyle(el).textDecorationLine)).toBe('line-through');

    // Keyboard: 2 picks the second size, 1 the first colour, Enter adds.
    await card.click();
    const picker = page.getByRole('dialog', { name: POLO.name });
    await picker.waitFor();
    await picker.getByRole('radio', { name: 'S', exact: true }).waitFor();
    expect(
      await picker.getByRole('radio', { name: 'S', exact: true }).evaluate((el) => el === document.activeElement),
    ).toBe(true);
    await settle(page);
    await screenshot(page, 'pos-variant-picker');
    await expectNoSeriousA11yViolations(page, 'pos-variant-picker');
    await page.keyboard.press('2');
    await page.waitForFunction(() => (document.activeElement as HTMLInputElement | null)?.name === 'pos-pick-color');
    await page.keyboard.press('1');
    expect(await picker.getByRole('radio', { name: 'M', exact: true }).isChecked()).toBe(true);
    expect(await picker.getByRole('radio', { name: 'แดง', exact: true }).isChecked()).toBe(true);
    await page.keyboard.press('Enter');
    await picker.waitFor({ state: 'detached' });
    await expect.poll(() => searchHasFocus(page)).toBe(true);

    // Arrow keys move within a group; the same product in another size is another line.
    await card.click();
    await picker.waitFor();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await picker.getByRole('radio', { name: 'L', exact: true }).isChecked()).toBe(true);
    // Enter before a colour is chosen goes to the colours instead of adding.
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => (document.activeElement as HTMLInputElement | null)?.name === 'pos-pick-color');
    await pickValue(picker, 'น้ำเงิน');
    await picker.getByRole('button', { name: 'ใส่ตะกร้า' }).click();
    await picker.waitFor({ state: 'detached' });

    // Escape cancels and hands the cursor back to the search box.
    await card.click();
    await picker.waitFor();
    await page.keyboard.press('Escape');
    await picker.waitFor({ state: 'detached' });
    await expect.poll(() => searchHasFocus(page)).toBe(true);

    // A scan of a product with one size and one colour adds it at once.
    await search.pressSequentially(BEANIE.sku, { delay: 5 });
    await search.press('Enter');
    const cart = cartOf(page);
    const beanie = cart.getByTestId(`cart-line-${BEANIE.sku}`);
    await beanie.getByText('ไซส์ Free · สี ดำ', { exact: true }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);

    const polo = cart.getByTestId(`cart-line-${POLO.sku}`);
    expect(await polo.count()).toBe(2);
    await polo.nth(0).getByText('ไซส์ M · สี แดง', { exact: true }).waitFor();
    await polo.nth(1).getByText('ไซส์ L · สี น้ำเงิน', { exact: true }).waitFor();
    await polo.nth(0).getByText('ปกติ ฿399').waitFor();
    await cart.getByRole('button', { name: `เพิ่มจำนวน ${POLO.name} (ไซส์ L · สี น้ำเงิน)` }).click();
    expect(await cart.getByRole('spinbutton', { name: `จำนวน ${POLO.name} (ไซส์ L · สี น้ำเงิน)` }).inputValue()).toBe('2');
    expect(await cart.getByRole('spinbutton', { name: `จำนวน ${POLO.name} (ไซส์ M · สี แดง)` }).inputValue()).toBe('1');
    // The card counts the product over both lines.
    await card.getByText(/^ในตะกร้า\s*3$/).waitFor();

    await cart.getByRole('combobox', { name: 'ลูกค้า' }).click();
    await page.getByRole('option', { name: /มานี ใจดี/ }).click();
    await settle(page);
    await screenshot(page, 'pos-variant-cart');
    await expectNoSeriousA11yViolations(page, 'pos-variant-cart');

    await cart.getByRole('button', { name: 'ชำระเงิน' }).click();
    const payment = page.getByRole('dialog', { name: 'เลือกวิธีการชำระเงิน' });
    await payment.getByRole('button', { name: /เงินสด/ }).click();
    await payment.getByLabel('รับเงินมา (บาท)').press('Enter');
    const receipt = page.getByRole('dialog', { name: 'ใบเสร็จรับเงิน' });
    await receipt.waitFor();
    // The receipt, then the copy of the short tax invoice (its tab and dialog names differ).
    for (const [tab, name] of [
      [null, 'ใบเสร็จรับเงิน'],
      ['สำเนาใบกำกับภาษี', 'สำเนาใบกำกับภาษีอย่างย่อ'],
    ] as const) {
      if (tab) await receipt.getByRole('button', { name: tab }).click();
      const doc = page.getByRole('dialog', { name }).getByTestId('receipt-document');
      await doc.getByText('ไซส์ M · สี แดง', { exact: true }).waitFor();
      await doc.getByText('ไซส์ L · สี น้ำเงิน', { exact: true }).waitFor();
      await doc.getByText('ไซส์ Free · สี ดำ', { exact: true }).waitFor();
      expect(await doc.getByText('ปกติ ฿399').count()).toBe(2);
    }
    await settle(page);
    await screenshot(page, 'pos-variant-receipt');
    await expectNoSeriousA11yViolations(page, 'pos-variant-receipt');

    const { sale } = (await (
      await fetch(`${shop.url}/api/sales/1`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { sale: Sale };
    expect(sale.items.map((i) => [i.sku, i.size, i.color, i.quantity])).toEqual([
      [`${POLO.sku}-M-C1`, 'M', 'แดง', 1],
      [`${POLO.sku}-L-C2`, 'L', 'น้ำเงิน', 2],
      [BEANIE.sku, 'Free', 'ดำ', 1],
    ]);

    // A line records its variant's SKU (made from the style's, a Thai colour written as its place: แดง C1,
    // น้ำเงิน C2); a style with one
    // size and one colour sells its one variant under the style's own codes. The customer's history names them.
    await page.goto('/customer-history');
    await page
      .getByTestId(`history-row-${customer.phone}`)
      .getByRole('button', { name: `ดูประวัติของ ${customer.name}` })
      .click();
    const history = page.getByRole('dialog', { name: customer.name });
    const lines = history.getByRole('list', { name: 'รายการสินค้า' });
    await lines.getByText(/ไซส์ M · สี แดง/).waitFor();
    expect(await lines.getByRole('listitem').allInnerTexts()).toEqual([
      `${POLO.name} × 1 · SKU ${POLO.sku}-M-C1 · ไซส์ M · สี แดง`,
      `${POLO.name} × 2 · SKU ${POLO.sku}-L-C2 · ไซส์ L · สี น้ำเงิน`,
      `${BEANIE.name} × 1 · SKU ${BEANIE.sku} · ไซส์ Free · สี ดำ`,
    ]);
    await settle(page);
    await screenshot(page, 'pos-variant-history');
    await expectNoSeriousA11yViolations(page, 'pos-variant-history');
    await context.close();
  });

  it('fits the picker and the cart line on a phone', async () => {
    const { context, page } = await newPage(shop.browser, shop.url, MOBILE);
    await signInTo(page, BOSS.username, BOSS.password, '/pos');
    await page.getByTestId(`pos-product-${POLO.sku}`).click();
    const picker = page.getByRole('dialog', { name: POLO.name });
    await picker.waitFor();
    await settle(page);
    await screenshot(page, 'pos-variant-picker');
    await expectNoSeriousA11yViolations(page, 'pos-variant-picker');
    await pickValue(picker, 'XL');
    await pickValue(picker, 'ขาว');
    await picker.getByRole('button', { name: 'ใส่ตะกร้า' }).click();
    await picker.waitFor({ state: 'detached' });
    await page.getByTestId('pos-cart-button').click();
    const line = cartOf(page).getByTestId(`cart-line-${POLO.sku}`);
    await line.getByText('ไซส์ XL · สี ขาว', { exact: true }).waitFor();
    await line.getByText('ปกติ ฿399').waitFor();
    await settle(page);
    await screenshot(page, 'pos-variant-cart');
    await expectNoSeriousA11yViolations(page, 'pos-variant-cart');
    await context.close();
  });
});
