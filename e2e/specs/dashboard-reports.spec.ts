import fs from 'node:fs';
import { formatBaht, type Product } from '@pos/core';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, createUser, FIRST_ADMIN_PASSWORD, registerForVat, sellByApi } from '../support/api';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { MOBILE, newPage, screenshot, settle, signIn, signInTo } from '../support/browser';
import { useShop } from '../support/shop';

/**
 * The dashboard and the reports screen (issue 15) over sales made through the API: the figures are the
 * server's, the period buttons ask for other periods, the chart draws them, the exports are the server's
 * sales as CSV, and a role without reports_export sees no export.
 */

const VIEWER = { username: 'wan', password: 'wan-pass-123', name: 'วันดี ดูอย่างเดียว', role: 'viewer' as const };
const SHIRT = { name: 'เสื้อเชิ้ตลายทาง', sku: 'SHIRT-01', price: 250, stock: 40 };
const SHOES = { name: 'รองเท้าผ้าใบ', sku: 'SHOES-01', price: 1200, stock: 10 };
// The spec's columns, then the payment method in Thai (issue 31).
const SALES_COLUMNS =
  'Sale ID,Timestamp,Customer,Subtotal,Discount,Tax,Total,Payment Method,Items,วิธีชำระเงิน,สินค้า (สี / ไซส์)';

function card(page: Page, label: string): Locator {
  return page.locator('div', { has: page.getByText(label, { exact: true }) }).last();
}

/** The rows of the chart's table for screen readers: [day or month, sales]. */
async function trendRows(page: Page): Promise<string[][]> {
  return page.locator('figure table tr').evaluateAll((rows) =>
    rows.map((r) =>
      Array.from(r.children)
        .slice(0, 2)
        .map((c) => c.textContent ?? ''),
    ),
  );
}

async function csvOf(page: Page, button: Locator): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), button.press('Enter')]);
  return { name: download.suggestedFilename(), bytes: fs.readFileSync(await download.path()) };
}

describe('dashboard and reports', () => {
  const shop = useShop();
  let admin: string;

  beforeAll(async () => {
    // These tests are about a shop registered for VAT (3 % on top): a fresh install charges none.
    await registerForVat(shop);
    admin = await shop.adminToken();
    await createUser(shop.url, VIEWER);
  });

  it('an empty shop: loading skeleton, error with retry, empty states, nothing to export', async () => {
    const { context, page } = await newPage(shop.browser, shop.url);
    // Hold the dashboard's first answer to see the skeleton, then fail the next one to see the error.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let calls = 0;
    await page.route('**/api/sales/stats/dashboard?**', async (route) => {
      calls += 1;
      if (calls === 1) {
        await held;
        await route.continue();
      } else if (calls === 2) {
        await route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"x","code":"X"}' });
      } else {
        await route.continue();
      }
    });
    await signIn(page, 'admin', FIRST_ADMIN_PASSWORD, /\/dashboard$/);
    await page.getByTestId('dashboard-skeleton').waitFor();
    await screenshot(page, 'dashboard-loading');
    release();
    await page.getByText('ยอดขาย', { exact: true }).waitFor();
    expect(await card(page, 'ยอดขาย').innerText()).toContain(formatBaht(0));
    await page.getByText('ยังไม่มีการขายในช่วงเวลานี้').waitFor();
    await screenshot(page, 'dashboard-empty');
    await expectNoSeriousA11yViolations(page, 'dashboard, no sales');

    await page.getByRole('button', { name: 'สัปดาห์นี้' }).click();
    await page.getByRole('alert').getByText('ไม่สามารถโหลดข้อมูลได้ กรุณาลองใหม่อีกครั้ง').waitFor();
    await settle(page);
    await screenshot(page, 'dashboard-error');
    await expectNoSeriousA11yViolations(page, 'dashboard, load failed');
    await page.getByRole('button', { name: 'ลองใหม่' }).click();
    // This week runs: it meets the same days of last week up to now (issue 31).
    await page
      .getByTestId('comparison-against')
      .getByText(/^เทียบช่วงเดียวกัน: .+ ถึง \d{2}:\d{2} น\.$/)
      .waitFor();

    await page.goto('/reports');
    await page.getByText('ไม่มีข้อมูลการขายในช่วงเวลานี้').waitFor();
    expect(await page.getByRole('button', { name: 'ส่งออก CSV', exact: true }).isDisabled()).toBe(true);
    await screenshot(page, 'reports-empty');
    await expectNoSeriousA11yViolations(page, 'reports, no sales');
    await context.close();
  });

  it('shows the server figures of each period, charts them, and exports every sale as CSV', async () => {
    const products = [];
    for (const p of [SHIRT, SHOES]) {
      products.push(await api<{ product: Product }>(shop, admin, 'POST', '/products', { ...p, category: 'เสื้อผ้า' }));
    }
    const [shirt, shoes] = products.map((p) => p.product);
    const sell = (product: Product | undefined, quantity: number) =>
      sellByApi(shop, admin, [{ product: product!, quantity }]);
    const kept = [await sell(shirt, 3), await sell(shoes, 1)];
    const refunded = await sell(shoes, 2);
    await api(shop, admin, 'POST', `/sales/${refunded.id}/refund`, { reason: 'customer_request' });
    // A wholly refunded sale counts nothing: the figures are the two kept sales.
    const total = kept.reduce((sum, s) => sum + s.total, 0);

    const { context, page } = await newPage(shop.browser, shop.url);
    await signIn(page, 'admin', FIRST_ADMIN_PASSWORD, /\/dashboard$/);
    await page.getByText('แนวโน้มยอดขาย').waitFor();
    expect(await card(page, 'ยอดขาย').innerText()).toContain(formatBaht(total));
    expect(await card(page, 'จำนวนออร์เดอร์').innerText()).toContain('2');
    expect(await card(page, 'จำนวนออร์เดอร์').innerText()).toContain('เมื่อวาน 0 ออร์เดอร์');
    expect(await card(page, 'สินค้าคงเหลือทั้งหมด').innerText()).toContain(`${SHIRT.stock - 3 + SHOES.stock - 1} ชิ้น`);

    // Today: 7 days, today's bar the only one, and the tallest is 200 px.
    // The chart's code arrives after the figures (its own chunk).
    await expect.poll(async () => (await trendRows(page)).length).toBe(7);
    let rows = await trendRows(page);
    expect(rows.at(-1)?.[1]).toBe(formatBaht(total));
    expect(rows.slice(0, -1).every((r) => r[1] === formatBaht(0))).toBe(true);
    const bars = page.locator('[data-testid="trend-chart"] .recharts-bar-rectangle path');
    await bars.first().waitFor();
    const heights = await bars.evaluateAll((paths) => paths.map((p) => p.getBoundingClientRect().height));
    expect(Math.max(...heights)).toBeCloseTo(200, 0);
    const recent = page.getByRole('list', { name: 'การขายล่าสุด' });
    expect(await recent.getByRole('listitem').count()).toBe(3);
    await recent.getByText('คืนเงินแล้ว').waitFor();
    const best = page.getByRole('list', { name: 'สินค้าขายดี' });
    expect(await best.getByRole('listitem').first().innerText()).toContain(SHIRT.name);
    await settle(page);
    await screenshot(page, 'dashboard-today');
    await expectNoSeriousA11yViolations(page, 'dashboard, today');

    // This year: 12 months, this month holding the sales; the comparison panel in whole baht.
    await page.getByRole('button', { name: 'ปีนี้' }).click();
    // The year still runs: it meets the same stretch of last year (issue 31), up to this time of day.
    await page
      .getByTestId('comparison-against')
      .getByText(/^เทียบช่วงเดียวกัน: .+ ถึง \d{2}:\d{2} น\.$/)
      .waitFor();
    rows = await trendRows(page);
    expect(rows).toHaveLength(12);
    expect(rows.filter((r) => r[1] === formatBaht(total))).toHaveLength(1);
    expect(await page.getByTestId('comparison-sales').innerText()).toContain(
      `฿${Math.round(total).toLocaleString('en-US')}`,
    );
    await screenshot(page, 'dashboard-year');
    // This month: 30 days.
    await page.getByRole('button', { name: 'เดือนนี้' }).click();
    await page
      .getByTestId('comparison-against')
      .getByText(/^(เทียบกับเดือนก่อน|เทียบช่วงเดียวกัน: .+ ถึง \d{2}:\d{2} น\.)$/)
      .waitFor();
    await expect.poll(async () => (await trendRows(page)).length).toBe(30);

    // Export of every sale, the refunded one included, from the server's list.
    const all = await csvOf(page, page.getByRole('button', { name: 'ส่งออกรายงานทั้งหมด' }));
    expect(all.name).toMatch(/^all_sales_report_\d{4}-\d{2}-\d{2}\.csv$/);
    expect([...all.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const allLines = all.bytes.toString('utf8').slice(1).trim().split('\r\n');
    expect(allLines[0]).toBe(SALES_COLUMNS);
    expect(allLines).toHaveLength(4);
    expect(allLines[1]).toContain(`${SHIRT.name} x3`);

    // Reports: the last 7 days by default; the same figures; export of the period.
    await page.getByRole('link', { name: 'ดูทั้งหมด' }).first().click();
    await page.waitForURL(/\/reports$/);
    await page.getByText('ยอดขายรายวัน (7 วันล่าสุด)').waitFor();
    expect(await card(page, 'ยอดขายรวม').innerText()).toContain(formatBaht(total));
    expect(await card(page, 'สินค้าที่ขายได้').innerText()).toContain('4 ชิ้น');
    expect(await card(page, 'ยอดขายรวม').innerText()).toContain('หักคืนเงินแล้ว');
    await page.getByRole('button', { name: '1 ปีล่าสุด' }).click();
    await expect.poll(() => page.getByRole('button', { name: '1 ปีล่าสุด' }).getAttribute('aria-pressed')).toBe('true');
    const report = await csvOf(page, page.getByRole('button', { name: 'ส่งออก CSV', exact: true }));
    expect(report.name).toMatch(/^sales_report_\d{4}-\d{2}-\d{2}\.csv$/);
    expect([...report.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(report.bytes.toString('utf8').slice(1).split('\r\n')[0]).toBe(SALES_COLUMNS);
    await page.getByRole('table').getByText('รวม').waitFor();
    await settle(page);
    await screenshot(page, 'reports-loaded');
    await expectNoSeriousA11yViolations(page, 'reports, loaded');
    await context.close();
  });

  it('a viewer on a phone sees the figures and no export', async () => {
    const { context, page } = await newPage(shop.browser, shop.url, MOBILE);
    await signInTo(page, VIEWER.username, VIEWER.password, '/dashboard');
    await page.getByText('แนวโน้มยอดขาย').waitFor();
    await page.locator('[data-testid="trend-chart"] .recharts-bar-rectangle').first().waitFor();
    expect(await page.getByRole('button', { name: 'ส่งออกรายงานทั้งหมด' }).count()).toBe(0);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(MOBILE.width);
    await settle(page);
    await screenshot(page, 'dashboard-viewer');
    await expectNoSeriousA11yViolations(page, 'dashboard, viewer on a phone');

    await page.goto('/reports');
    await page.getByText('ยอดขายรายวัน (7 วันล่าสุด)').waitFor();
    expect(await page.getByRole('button', { name: /ส่งออก/ }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await settle(page);
    await screenshot(page, 'reports-viewer');
    await expectNoSeriousA11yViolations(page, 'reports, viewer on a phone');
    await context.close();
  });
});
