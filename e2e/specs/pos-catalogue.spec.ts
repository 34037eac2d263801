import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, createUser } from '../support/api';
import { MOBILE, newPage, SCREENSHOT_DIR, signIn } from '../support/browser';
import { createProduct, seedManyProducts } from '../support/catalogue';
import { useShop } from '../support/shop';

// Issue 10 items 6 and 10: scanning and the grid with a shop-sized catalogue, and category chips
// that do not fit on one line.
const CASHIER = { username: 'fon', password: 'fon-pass-123', name: 'ฝน ขายเก่ง', role: 'cashier' as const };
const PRODUCTS = 2000;
const EXTRA_CATEGORIES = [
  'ผ้าพันคอและผ้าคลุมไหล่',
  'ชุดว่ายน้ำ',
  'ชุดนอนและชุดอยู่บ้าน',
  'เสื้อผ้าเด็ก',
  'เสื้อกันหนาว',
  'นาฬิกาข้อมือ',
  'แว่นตากันแดด',
  'ของขวัญและของที่ระลึก',
];
const SCARF = { name: 'ผ้าพันคอไหมพรม', sku: 'SCARF-01', category: 'ของขวัญและของที่ระลึก', price: 390, stock: 4 };

/** The screen as the cashier sees it (a full-page picture of a 2,000-product grid is mostly empty rows). */
async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${page.viewportSize()?.width ?? 0}.png`) });
}

function cardsOf(page: Page): Locator {
  return page.locator('[data-testid^="pos-product-"]');
}

async function scan(search: Locator, code: string): Promise<void> {
  await search.pressSequentially(code, { delay: 2 });
  await search.press('Enter');
}

describe('point of sale with a shop-sized catalogue', () => {
  const shop = useShop();
  let admin: string;

  beforeAll(async () => {
    admin = await shop.adminToken();
    await seedManyProducts(shop.server, PRODUCTS);
    for (const name of EXTRA_CATEGORIES) {
      const res = await fetch(`${shop.url}/api/categories`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name }),
      });
      if (res.status !== 201) throw new Error(`category ${name}: ${res.status} ${await res.text()}`);
    }
    await createProduct(shop.url, admin, SCARF);
    await createUser(shop.url, CASHIER);
  });

  it('adds the exact scanned code among 2,000 products, draws only the cards near the screen and filters as typed', async () => {
    const { context, page } = await newPage(shop.browser, shop.url);
    await signIn(page, CASHIER.username, CASHIER.password, /\/pos$/);
    const search = page.getByRole('searchbox', { name: 'ค้นหาสินค้า' });
    const cart = page.getByRole('region', { name: 'ตะกร้าสินค้า' });
    const grid = page.getByRole('list', { name: 'รายการสินค้า' });
    await page.getByTestId(`pos-product-${SCARF.sku}`).waitFor();

    // Only a window of rows is drawn; the list still tells its full size.
    const drawn = await cardsOf(page).count();
    expect(drawn).toBeGreaterThan(3);
    expect(drawn).toBeLessThan(60);
    expect(await grid.getByRole('listitem').first().getAttribute('aria-setsize')).toBe(String(PRODUCTS + 1));

    // A barcode, then a SKU in lower case: each adds exactly that product.
    await scan(search, '8850000001234');
    await cart.getByTestId('cart-line-CAT-01234').waitFor();
    expect(await search.inputValue()).toBe('');
    await scan(search, 'cat-00042');
    await cart.getByTestId('cart-line-CAT-00042').waitFor();
    expect(await cart.locator('[data-testid^="cart-line-"]').count()).toBe(2);

    // Part of a code is not a scan: Enter adds nothing, the grid shows the ten products it matches.
    await scan(search, '885000000123');
    await page.getByTestId('pos-product-CAT-01239').waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid^="pos-product-"]').length === 10);
    expect(await search.inputValue()).toBe('885000000123');
    expect(await cart.locator('[data-testid^="cart-line-"]').count()).toBe(2);

    // Typing filters by any part of a name, SKU or barcode.
    await search.fill('777');
    const drawnSkus = () =>
      page.evaluate(() =>
        Array.from(document.querySelectorAll('[data-testid^="pos-product-"]'), (el) => el.getAttribute('data-testid')),
      );
    await expect.poll(drawnSkus).toEqual(['pos-product-CAT-01777', 'pos-product-CAT-00777']);
    await search.fill('ยีนส์ รุ่น 1776');
    await expect.poll(drawnSkus).toEqual(['pos-product-CAT-01776']);

    // With the search cleared, scrolling to the end of the page reaches the oldest product, which adds from its card.
    await search.fill('');
    await page.getByTestId(`pos-product-${SCARF.sku}`).waitFor();
    await expect
      .poll(async () => {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        return page.getByTestId('pos-product-CAT-00000').count();
      })
      .toBe(1);
    await page.getByTestId('pos-product-CAT-00000').click();
    await cart.getByTestId('cart-line-CAT-00000').waitFor();
    await context.close();
  });

  it('asks the server for each of the till’s reads once on a reload: the page’s first script starts them, the screen takes them', async () => {
    const { context, page } = await newPage(shop.browser, shop.url);
    await signIn(page, CASHIER.username, CASHIER.password, /\/pos$/);
    await page.getByTestId(`pos-product-${SCARF.sku}`).waitFor();
    const reads: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) reads.push(url.pathname);
    });
    await page.reload();
    await page.getByTestId(`pos-product-${SCARF.sku}`).waitFor();
    const count = (path: string) => reads.filter((r) => r === path).length;
    expect(count('/api/products/pos')).toBe(1);
    expect(count('/api/products/categories/list')).toBe(1);
    expect(count('/api/customers')).toBe(1);
    // The first read leaves before the app's own code could have asked for anything.
    expect(reads[0]).toBe('/api/products/pos');
    await context.close();
  });

  it('scrolls category chips that do not fit, with a visible hint, by mouse and by keyboard (1280 px)', async () => {
    const { context, page } = await newPage(shop.browser, shop.url);
    await signIn(page, CASHIER.username, CASHIER.password, /\/pos$/);
    const chips = page.getByRole('group', { name: 'หมวดหมู่สินค้า' });
    const forward = page.getByRole('button', { name: 'เลื่อนดูหมวดหมู่ถัดไป' });
    const back = page.getByRole('button', { name: 'เลื่อนดูหมวดหมู่ก่อนหน้า' });
    await forward.waitFor();
    expect(await back.count()).toBe(0);
    await page.getByTestId(`pos-product-${SCARF.sku}`).waitFor();
    await screenshot(page, 'pos-catalogue');

    const inView = (name: string) =>
      page.waitForFunction((label) => {
        const group = document.querySelector('[role="group"][aria-label="หมวดหมู่สินค้า"]');
        const chip = Array.from(group?.querySelectorAll('button') ?? []).find((b) => b.textContent === label);
        if (!group || !chip) return false;
        const g = group.getBoundingClientRect();
        const c = chip.getBoundingClientRect();
        return c.left >= g.left - 1 && c.right <= g.right + 1;
      }, name);

    // Keyboard: End goes to the last chip and brings it into view; Enter chooses it.
    const last = EXTRA_CATEGORIES[EXTRA_CATEGORIES.length - 1] ?? '';
    await chips.getByRole('button', { name: 'ทั้งหมด' }).focus();
    await page.keyboard.press('End');
    await inView(last);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(last);
    await back.waitFor();
    await page.keyboard.press('Enter');
    expect(await chips.getByRole('button', { name: last }).getAttribute('aria-pressed')).toBe('true');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid^="pos-product-"]').length === 1);
    await page.getByTestId(`pos-product-${SCARF.sku}`).waitFor();
    await screenshot(page, 'pos-catalogue-chips-end');

    // Arrow keys step back; Home returns to "all".
    await page.keyboard.press('ArrowLeft');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
      EXTRA_CATEGORIES[EXTRA_CATEGORIES.length - 2],
    );
    await page.keyboard.press('Home');
    await inView('ทั้งหมด');
    await page.keyboard.press('Enter');
    await page.getByTestId('pos-product-CAT-01999').waitFor();

    // Mouse: the arrow buttons scroll the row.
    const scrollLeft = () => chips.evaluate((el) => el.scrollLeft);
    // Home's scroll back to the first chip may still be easing in (CI once read 1 px).
    await expect.poll(scrollLeft).toBe(0);
    await forward.click();
    await expect.poll(scrollLeft).toBeGreaterThan(100);
    await back.click();
    await expect.poll(scrollLeft).toBe(0);
    await context.close();
  });

  it('keeps two columns of cards and the chip hint on a 390 px phone', async () => {
    const { context, page } = await newPage(shop.browser, shop.url, MOBILE);
    await signIn(page, CASHIER.username, CASHIER.password, /\/pos$/);
    await page.getByTestId(`pos-product-${SCARF.sku}`).waitFor();
    await page.getByRole('button', { name: 'เลื่อนดูหมวดหมู่ถัดไป' }).waitFor();
    const first = await page.getByTestId(`pos-product-${SCARF.sku}`).boundingBox();
    const second = await page.getByTestId('pos-product-CAT-01999').boundingBox();
    const third = await page.getByTestId('pos-product-CAT-01998').boundingBox();
    expect(second?.y).toBe(first?.y);
    expect(third?.y).toBeGreaterThan((first?.y ?? 0) + 100);
    await screenshot(page, 'pos-catalogue');
    await context.close();
  });

  // Last: the product it adds would change what the chip tests above see.
  it('revalidates the product list on a reload: a 304 while nothing changed, the new stock once it has', async () => {
    const mitten = await createProduct(shop.url, admin, {
      name: 'ถุงมือไหมพรม',
      sku: 'MITTEN-01',
      category: SCARF.category,
      price: 250,
      stock: 6,
    });
    const { context, page } = await newPage(shop.browser, shop.url);
    await signIn(page, CASHIER.username, CASHIER.password, /\/pos$/);
    const card = page.getByTestId(`pos-product-${mitten.sku}`);
    await card.waitFor();
    // What the browser sent and how many bytes of body came over the wire (Chromium hands the page a
    // revalidated answer as the stored 200, so the 304 shows as an empty transfer).
    const answers: { ifNoneMatch: string | undefined; bodyBytes: number }[] = [];
    page.on('requestfinished', async (request) => {
      if (new URL(request.url()).pathname !== '/api/products/pos') return;
      const headers = await request.allHeaders();
      answers.push({ ifNoneMatch: headers['if-none-match'], bodyBytes: (await request.sizes()).responseBodySize });
    });

    await page.reload();
    await card.waitFor();
    await expect.poll(() => answers.length).toBe(1);
    expect(answers[0]).toEqual({ ifNoneMatch: expect.stringMatching(/^W\//), bodyBytes: 0 });
    await expect.poll(() => card.textContent()).toContain('6');

    await api(shop, admin, 'PATCH', `/products/${mitten.id}/stock`, {
      mode: 'add',
      amount: 3,
      expected: 6,
      reason: 'received',
    });
    await page.reload();
    await expect.poll(() => answers.length).toBe(2);
    expect(answers[1]?.bodyBytes).toBeGreaterThan(1000);
    await expect.poll(() => card.textContent()).toContain('9');
    await context.close();
  });
});
