import type { Product, Sale } from '@pos/core';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, apiLogin, createUser, registerForVat, sellByApi } from '../support/api';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { DESKTOP, MOBILE, newPage, screenshot, settle, signIn, signInTo } from '../support/browser';
import { useShop } from '../support/shop';

/**
 * Issue 31, back office (items 12 to 16): the sales history fits ten sales at 1280 × 800 with labelled
 * actions, money figures never wrap, the dashboard's axis is round, the VAT summary reads at 390 and
 * in English at 1280, and the English customer history is axe-clean. Layout is measured with boxes.
 */
const OWNER = { username: 'owner', password: 'owner-pass-2569', name: 'เจ้าของร้าน', role: 'admin' as const };
const PRODUCTS = [
  { name: 'เสื้อโปโลคอปกแขนสั้นสีกรมท่า', sku: 'BO-POLO', price: 250, stock: 1_000 },
  { name: 'กางเกงขายาวผ้ายืดทรงกระบอก', sku: 'BO-PANTS', price: 390, stock: 1_000 },
  { name: 'ถุงเท้าข้อสั้น', sku: 'BO-SOCKS', price: 59, stock: 1_000 },
  { name: 'นาฬิกาข้อมือสแตนเลส', sku: 'BO-WATCH', price: 100_000, stock: 100 },
];
const SCREENS = [
  { path: '/refund-history', name: 'back-office-sales-history' },
  { path: '/dashboard', name: 'back-office-dashboard' },
  { path: '/reports', name: 'back-office-reports' },
  { path: '/customer-history', name: 'back-office-customer-history' },
  { path: '/customers', name: 'back-office-customers' },
] as const;

/** Every money figure on the page is one line tall: its box no taller than its line height. */
async function expectMoneyOnOneLine(page: Page, label: string): Promise<number> {
  const figures = await page.getByTestId('money-figure').evaluateAll((nodes) =>
    nodes
      .filter((n) => (n as HTMLElement).offsetParent !== null)
      .map((n) => ({
        text: (n as HTMLElement).innerText,
        height: n.getBoundingClientRect().height,
        line: parseFloat(getComputedStyle(n).lineHeight),
      })),
  );
  for (const f of figures) expect(f.height, `${label}: "${f.text}" wraps`).toBeLessThanOrEqual(f.line + 1);
  return figures.length;
}

async function useLocale(page: Page, locale: 'th' | 'en'): Promise<void> {
  await page.evaluate((value) => localStorage.setItem('pos_locale', value), locale);
}

describe('owner back office (issue 31)', () => {
  const shop = useShop();
  const big: Sale[] = [];

  beforeAll(async () => {
    const admin = await shop.adminToken();
    // A shop registered for VAT, 3 % on top (a fresh install charges none until the owner says so).
    await registerForVat(shop, { taxRate: 3, pricesIncludeVat: false });
    const products: Product[] = [];
    for (const p of PRODUCTS) {
      products.push(
        (await api<{ product: Product }>(shop, admin, 'POST', '/products', { ...p, category: 'เสื้อผ้า' })).product,
      );
    }
    await createUser(shop.url, OWNER);
    const token = await apiLogin(shop.url, OWNER.username, OWNER.password);
    const customers: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const { customer } = await api<{ customer: { id: number } }>(shop, token, 'POST', '/customers', {
        name: `ลูกค้าประจำชื่อยาวมากคนที่ ${i + 1}`,
        phone: `081-555-000${i}`,
      });
      customers.push(customer.id);
    }
    const [polo, pants, socks, watch] = products as [Product, Product, Product, Product];
    // Twelve everyday sales of three or four lines, and seven large ones: over ฿6 million in all.
    for (let i = 0; i < 12; i += 1) {
      await sellByApi(
        shop,
        token,
        [
          { product: polo, quantity: 2 },
          { product: pants, quantity: 1 },
          { product: socks, quantity: 3 },
          ...(i % 2 === 0 ? [{ product: watch, quantity: 1 }] : []),
        ],
        customers[i % 4]!,
      );
    }
    for (let i = 0; i < 7; i += 1)
      big.push(await sellByApi(shop, token, [{ product: watch, quantity: 9 }], customers[0]!));
    // A partial refund: a credit note in this month's VAT summary.
    await api(shop, token, 'POST', `/sales/${big[0]!.id}/refund`, {
      reason: 'defective',
      lines: [{ saleItemId: big[0]!.items[0]!.id, quantity: 1 }],
    });
  }, 120_000);

  it('at 1280 × 800: ten sales fit with their lines summarised and labelled actions; round chart ticks; like-for-like comparison', async () => {
    const { context, page } = await newPage(shop.browser, shop.url, DESKTOP);
    await signInTo(page, OWNER.username, OWNER.password, '/refund-history');
    const rows = page.locator('tbody tr[data-testid^="sale-row-"]');
    await rows.nth(9).waitFor();
    const first = (await rows.first().boundingBox())!;
    const tenth = (await rows.nth(9).boundingBox())!;
    const head = (await page.locator('thead').first().boundingBox())!;
    // Ten rows and the table's head take less than the window (leaving room for the app's bar).
    expect(tenth.y + tenth.height - first.y + head.height).toBeLessThanOrEqual(DESKTOP.height - 64);
    // An everyday sale: its first line, then how many more, its units and method.
    const everyday = rows.filter({ hasText: 'และอีก' }).first();
    await everyday.getByText(/^เสื้อโปโลคอปกแขนสั้นสีกรมท่า/).waitFor();
    await everyday.getByText(/^และอีก [23] รายการ · [67] ชิ้น · เงินสด$/).waitFor();
    // The actions: the receipt a labelled button, the rest behind a labelled menu.
    await everyday.getByRole('button', { name: 'ใบเสร็จ', exact: true }).waitFor();
    await everyday.getByRole('button', { name: /^จัดการ / }).click();
    const menu = page.getByRole('menu');
    // Exact: the full tax invoice's item (issue 36) also says ใบกำกับภาษี.
    for (const name of ['ใบกำกับภาษี', 'แก้ไข', 'คืนเงิน'])
      await menu.getByRole('menuitem', { name, exact: true }).waitFor();
    await settle(page);
    await expectNoSeriousA11yViolations(page, 'sales-history actions menu');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });

    // The summary card's ฿6 million is one line: shortened, the exact amount as its title.
    expect(await expectMoneyOnOneLine(page, 'sales-history 1280')).toBeGreaterThan(0);
    const compact = page.locator('[data-testid="money-figure"] [data-compact]').first();
    if ((await compact.count()) > 0) expect(await compact.getAttribute('title')).toMatch(/^฿\d{1,3}(,\d{3})+\.\d{2}$/);

    // The year chart: round ticks with their ฿, nothing like ฿92,556.
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'ปีนี้' }).click();
    await page.locator('[data-testid="trend-chart"] .recharts-bar-rectangle').first().waitFor();
    const ticks = page.locator('[data-testid="trend-chart"] .recharts-yAxis-tick-labels text');
    await ticks.first().waitFor({ state: 'attached' });
    const labels = await ticks.allTextContents();
    expect(labels.length).toBeGreaterThan(1);
    for (const label of labels) expect(label).toMatch(/^฿\d+(\.\d{1,2})? ?(พัน|หมื่น|แสน|ล้าน)?$/);
    // This week runs: it is met with the same days of last week, up to this time.
    await page.getByRole('button', { name: 'สัปดาห์นี้' }).click();
    await page
      .getByTestId('comparison-against')
      .getByText(/เทียบช่วงเดียวกัน: .+ ถึง \d{2}:\d{2} น\./)
      .waitFor();
    await context.close();
  });

  it('shows every touched screen at 1280 and 390 in Thai and English: money on one line, axe clean; the VAT summary reads at 390', async () => {
    for (const viewport of [DESKTOP, MOBILE]) {
      const { context, page } = await newPage(shop.browser, shop.url, viewport);
      await signIn(page, OWNER.username, OWNER.password, /\/dashboard$/);
      for (const locale of ['th', 'en'] as const) {
        await useLocale(page, locale);
        for (const screen of SCREENS) {
          await page.goto(screen.path);
          await page.locator('main h1').first().waitFor();
          await page
            .locator('[aria-busy="true"]')
            .first()
            .waitFor({ state: 'detached' })
            .catch(() => undefined);
          await page.getByTestId('money-figure').first().waitFor();
          if (screen.path === '/reports')
            await page
              .locator('[data-testid="vat-month-card"]:visible, [data-testid="vat-table"]:visible')
              .first()
              .waitFor();
          if (screen.path === '/customer-history')
            await page
              .locator(
                '[data-testid="history-row-0815550000"]:visible, [data-testid="history-card-0815550000"]:visible',
              )
              .first()
              .waitFor();
          await expectMoneyOnOneLine(page, `${screen.path} ${locale} ${viewport.width}`);
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
          await screenshot(page, `${screen.name}-${locale}`);
          await expectNoSeriousA11yViolations(page, `${screen.path} ${locale} ${viewport.width}`);
        }

        // The VAT summary: month lists in the screen's language, Buddhist-era years in Thai.
        await page.goto('/reports');
        const from = page.getByRole('group', { name: locale === 'th' ? 'ตั้งแต่เดือน' : 'From month' });
        const month = from.getByRole('combobox').first();
        await month.waitFor();
        expect(await month.locator('option').first().innerText()).toBe(locale === 'th' ? 'มกราคม' : 'January');
        const year = await from.getByRole('combobox').nth(1).locator('option:checked').innerText();
        expect(year).toMatch(locale === 'th' ? /^(พ\.ศ\. )?25\d\d$/ : /^20\d\d$/);
        if (viewport === MOBILE) {
          // Each month a card of labelled figures, every one inside the screen.
          // The total: its credit notes with the minus sign held to the figure.
          const card = page.getByTestId('vat-month-card').last();
          await card.waitFor();
          for (const box of await card
            .locator('dd')
            .evaluateAll((dds) => dds.map((d) => d.getBoundingClientRect().right))) {
            expect(box).toBeLessThanOrEqual(MOBILE.width);
          }
          await card.getByText(/^−฿/).first().waitFor();
        } else {
          // The table at 1280: nothing cut off, English headers included.
          const region = page.getByRole('region', { name: locale === 'th' ? /สรุปภาษีขาย/ : /output VAT/ });
          const fits = await region.evaluate((el) => el.scrollWidth <= el.clientWidth);
          expect(fits).toBe(true);
        }
      }
      await context.close();
    }
  }, 240_000);
});
