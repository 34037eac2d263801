import { formatBaht, type ProductWithVariants, type Sale } from '@pos/core';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, apiLogin, createUser } from '../support/api';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { MOBILE, newPage, screenshot, settle, signIn } from '../support/browser';
import { createProduct } from '../support/catalogue';
import { useShop } from '../support/shop';

const BOSS = { username: 'boss', password: 'boss-pass-123', name: 'เจ้าของร้าน', role: 'admin' as const };
const SHOE = {
  name: 'รองเท้าผ้าใบ',
  sku: 'SN-200',
  category: 'รองเท้า',
  price: 990,
  sizes: ['39', '40', '41'],
  colors: ['ดำ', 'ขาว'],
};
/** The barcode printed on 39 / ขาว's label, and 40 / ขาว's own price. */
const WHITE_39 = '8850000003912';
const WHITE_40_PRICE = 1290;

/** Per size and colour: 40 / ดำ sold out, 41 / ดำ switched off, the rest on the shelf. */
const COUNTED: Record<string, number> = { '39/ดำ': 2, '39/ขาว': 3, '40/ขาว': 1, '41/ขาว': 1 };

describe('point of sale: stock per size and colour', () => {
  const shop = useShop();
  let token: string;
  let shoe: ProductWithVariants;

  beforeAll(async () => {
    await createUser(shop.url, BOSS);
    token = await apiLogin(shop.url, BOSS.username, BOSS.password);
    const created = await createProduct(shop.url, token, SHOE);
    const grid = await api<{ product: ProductWithVariants }>(shop, token, 'PUT', `/products/${created.id}/variants`, {
      variants: [
        { size: '39', color: 'ดำ' },
        { size: '39', color: 'ขาว', barcode: WHITE_39 },
        { size: '40', color: 'ดำ' },
        { size: '40', color: 'ขาว', price: WHITE_40_PRICE },
        { size: '41', color: 'ดำ', active: false },
        { size: '41', color: 'ขาว' },
      ],
    });
    const counts = grid.product.variants.flatMap((v) => {
      const counted = COUNTED[`${v.size}/${v.color}`];
      return counted ? [{ variantId: v.id, expected: 0, counted }] : [];
    });
    shoe = (
      await api<{ product: ProductWithVariants }>(shop, token, 'POST', `/products/${created.id}/stock-count`, {
        counts,
        clearUnassigned: true,
      })
    ).product;
  });

  async function openPicker(page: Page) {
    await page.goto('/pos');
    await page.getByTestId(`pos-product-${SHOE.sku}`).click();
    const picker = page.getByRole('dialog', { name: SHOE.name });
    await picker.waitFor();
    return picker;
  }

  for (const mobile of [false, true]) {
    it(`at ${mobile ? 390 : 1280} px: greys and refuses a sold-out cell, shows each cell's stock and own price`, async () => {
      const { context, page } = await newPage(shop.browser, shop.url, mobile ? MOBILE : undefined);
      await signIn(page, BOSS.username, BOSS.password, /\/dashboard$/);
      const picker = await openPicker(page);
      const radio = (name: string) => picker.getByRole('radio', { name, exact: true });
      // Before a size is chosen each size shows what its colours hold.
      expect(await radio('39').getAttribute('aria-describedby')).not.toBeNull();
      await picker.getByText('เหลือ 5').first().waitFor();
      await radio('40').locator('..').click();
      // 40 / ดำ is sold out: greyed, disabled, and its number key does nothing.
      expect(await radio('ดำ').isDisabled()).toBe(true);
      await picker.getByText('สินค้าหมด').waitFor();
      await radio('ขาว').focus();
      await page.keyboard.press('1');
      expect(await radio('ดำ').isChecked()).toBe(false);
      expect(await radio('40').isChecked()).toBe(true);
      // 40 / ขาว: one left, at its own price, which the dialog's price then shows.
      await picker.getByText(`เหลือ 1 · ${formatBaht(WHITE_40_PRICE)}`).waitFor();
      await radio('ขาว').locator('..').click();
      await picker.getByText(formatBaht(WHITE_40_PRICE), { exact: true }).waitFor();
      // The dialog fits the screen: nothing of it off the sides, the page does not scroll sideways.
      const box = (await picker.boundingBox())!;
      const width = page.viewportSize()!.width;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      await settle(page);
      await screenshot(page, 'pos-variant-stock-picker');
      await expectNoSeriousA11yViolations(page, 'pos-variant-stock-picker');
      await picker.getByRole('button', { name: 'ใส่ตะกร้า' }).click();
      await picker.waitFor({ state: 'detached' });
      await context.close();
    });
  }

  it('adds a variant at once from its barcode, and records the variants sold', async () => {
    const { context, page } = await newPage(shop.browser, shop.url);
    await signIn(page, BOSS.username, BOSS.password, /\/dashboard$/);
    const picker = await openPicker(page);
    await picker.getByRole('radio', { name: '40', exact: true }).locator('..').click();
    await picker.getByRole('radio', { name: 'ขาว', exact: true }).locator('..').click();
    await picker.getByRole('button', { name: 'ใส่ตะกร้า' }).click();
    await picker.waitFor({ state: 'detached' });

    // A scanner types the label's barcode and Enter: 39 / ขาว goes in without a question.
    const search = page.getByRole('searchbox', { name: 'ค้นหาสินค้า' });
    await search.pressSequentially(WHITE_39, { delay: 5 });
    await search.press('Enter');
    const cart = page.getByRole('region', { name: 'ตะกร้าสินค้า' });
    const lines = cart.getByTestId(`cart-line-${SHOE.sku}`);
    await lines.filter({ hasText: 'ไซส์ 39 · สี ขาว' }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await lines.filter({ hasText: 'ไซส์ 40 · สี ขาว' }).getByText(formatBaht(WHITE_40_PRICE)).first().waitFor();
    // 40 / ขาว had one: the cart will not take a second.
    await cart.getByRole('button', { name: `เพิ่มจำนวน ${SHOE.name} (ไซส์ 40 · สี ขาว)` }).click();
    expect(await cart.getByRole('spinbutton', { name: `จำนวน ${SHOE.name} (ไซส์ 40 · สี ขาว)` }).inputValue()).toBe('1');
    await settle(page);
    await screenshot(page, 'pos-variant-stock-cart');
    await expectNoSeriousA11yViolations(page, 'pos-variant-stock-cart');

    await cart.getByRole('button', { name: 'ชำระเงิน' }).click();
    const payment = page.getByRole('dialog', { name: 'เลือกวิธีการชำระเงิน' });
    await payment.getByRole('button', { name: /เงินสด/ }).click();
    await payment.getByLabel('รับเงินมา (บาท)').press('Enter');
    await page.getByRole('dialog', { name: 'ใบเสร็จรับเงิน' }).waitFor();

    const id = (variant: string) => shoe.variants.find((v) => `${v.size}/${v.color}` === variant)!.id;
    const { sale } = await api<{ sale: Sale }>(shop, token, 'GET', '/sales/1');
    expect(sale.items.map((i) => [i.variant_id, i.price, i.quantity])).toEqual([
      [id('40/ขาว'), WHITE_40_PRICE, 1],
      [id('39/ขาว'), SHOE.price, 1],
    ]);
    const after = await api<{ product: ProductWithVariants }>(shop, token, 'GET', `/products/${shoe.id}`);
    expect(after.product.variants.find((v) => v.id === id('40/ขาว'))!.stock).toBe(0);
    expect(after.product.variants.find((v) => v.id === id('39/ขาว'))!.stock).toBe(2);
    await context.close();
  });
});
