import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Customer, FlaggedOfflineSalesResponse, OfflinePeriod, Product, Sale, Shift, Till } from '@pos/core';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, apiLogin, createUser, sellByApi } from '../support/api';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { DESKTOP, launchKeptBrowser, MOBILE, newPage, screenshot, settle, signIn } from '../support/browser';
import { untilControlled, waitForOfflineCache } from '../support/offline';
import { useShop } from '../support/shop';

/**
 * Selling while the network is down (issue 38): the till, loaded online, goes offline (Playwright's
 * setOffline, no reload), sells from what it keeps in IndexedDB with numbers from its reserved block, shows
 * how many sales wait, refuses to sign out, and sends them once when the network returns; a sale whose answer
 * was lost after the server recorded it is sent again from a reopened page and stays one sale.
 */

const CASHIER = { username: 'nok', password: 'nok-pass-123', name: 'นก ขายดี', role: 'cashier' as const };
const TEA = { name: 'ชาไทยแก้วใหญ่', sku: 'TEA-01', price: 100, stock: 50 };
const TILL = 'หน้าร้าน 1';

interface SalesList {
  sales: Sale[];
}

function cartOf(page: Page): Locator {
  return page.getByRole('region', { name: 'ตะกร้าสินค้า' });
}

function badgeOf(page: Page): Locator {
  return page.getByTestId('offline-badge');
}

async function addTea(page: Page): Promise<void> {
  await page.getByRole('searchbox', { name: 'ค้นหาสินค้า' }).fill(TEA.sku);
  await page.getByTestId(`pos-product-${TEA.sku}`).click();
}

/** Opens the payment dialog and picks `method` (its button's name). */
async function pay(page: Page, method: RegExp): Promise<Locator> {
  await cartOf(page).getByRole('button', { name: 'ชำระเงิน' }).click();
  const payment = page.getByRole('dialog', { name: 'เลือกวิธีการชำระเงิน' });
  await payment.getByRole('button', { name: method }).click();
  return payment;
}

/** The receipt shown after the sale: its number, once it says it is not yet sent. */
async function offlineReceipt(page: Page): Promise<{ receipt: Locator; number: string }> {
  const receipt = page.getByRole('dialog', { name: 'ใบเสร็จรับเงิน' });
  await receipt.getByTestId('receipt-not-sent').waitFor();
  const description = await receipt.getByText(/^เลขที่เอกสาร /).innerText();
  return { receipt, number: description.replace('เลขที่เอกสาร ', '').trim() };
}

async function closeReceipt(receipt: Locator): Promise<void> {
  await receipt.getByRole('button', { name: 'ปิด' }).first().click();
  await receipt.waitFor({ state: 'detached' });
}

async function sellForCash(page: Page): Promise<{ receipt: Locator; number: string }> {
  await addTea(page);
  const payment = await pay(page, /เงินสด/);
  await payment.getByLabel('รับเงินมา (บาท)').press('Enter');
  return offlineReceipt(page);
}

async function openTill(page: Page, till: Till): Promise<void> {
  await page.context().addInitScript((id) => localStorage.setItem('pos_till_id', String(id)), till.id);
  await signIn(page, CASHIER.username, CASHIER.password, /\/pos$/);
  await page.getByTestId(`pos-product-${TEA.sku}`).waitFor();
  await waitForOfflineCache(page, till.id, { customers: true });
}

describe('the till offline', () => {
  const shop = useShop();
  let admin: string;
  let cashier: string;
  let till: Till;
  let tea: Product;
  let customer: Customer;

  beforeAll(async () => {
    admin = await shop.adminToken();
    ({ product: tea } = await api<{ product: Product }>(shop, admin, 'POST', '/products', {
      ...TEA,
      category: 'เสื้อผ้า',
    }));
    // One point is worth 1 baht; 100 baht earns 1 point.
    await api(shop, admin, 'PUT', '/settings', {
      settings: { loyalty: { onePointValueInBaht: 1, purchaseAmountForOnePoint: 100 } },
    });
    ({ customer } = await api<{ customer: Customer }>(shop, admin, 'POST', '/customers', {
      name: 'มาลี แต้มเยอะ',
      phone: '089-222-3333',
    }));
    await createUser(shop.url, CASHIER);
    cashier = await apiLogin(shop.url, CASHIER.username, CASHIER.password);
    ({ till } = await api<{ till: Till }>(shop, admin, 'POST', '/tills', { name: TILL }));
    await api<{ shift: Shift }>(shop, cashier, 'POST', '/shifts', { tillId: till.id, openingFloat: 1000 });
    // 20 × 100 baht earlier: 20 points to spend.
    await sellByApi(shop, admin, [{ product: tea, quantity: 20 }], customer.id, { tillId: till.id });
  });

  async function salesOnServer(): Promise<Sale[]> {
    const { sales } = await api<SalesList>(shop, admin, 'GET', '/sales?limit=100');
    return sales;
  }

  it('at 1280 px: sells 3 times offline (cash, transfer, points), refuses to sign out, syncs each once', async () => {
    const before = await salesOnServer();
    const { context, page } = await newPage(shop.browser, shop.url);
    await openTill(page, till);
    const badge = badgeOf(page);
    expect(await badge.getAttribute('data-online')).toBe('true');
    await page.getByRole('button', { name: 'ออนไลน์ ไม่มีรายการขายรอส่ง', exact: true }).waitFor();
    await screenshot(page, 'offline-badge-online');

    await context.setOffline(true);
    await expect.poll(() => badge.getAttribute('data-online')).toBe('false');
    await badge.getByText('ออฟไลน์').waitFor();
    await page.getByRole('button', { name: 'ออฟไลน์ ไม่มีรายการขายรอส่ง', exact: true }).waitFor();
    await screenshot(page, 'offline-badge-offline');

    // 1: cash, 500 handed over.
    await addTea(page);
    const cash = await pay(page, /เงินสด/);
    await cash.getByLabel('รับเงินมา (บาท)').fill('500');
    await cash.getByLabel('รับเงินมา (บาท)').press('Enter');
    const first = await offlineReceipt(page);
    expect(first.number).toMatch(/-000001$/);
    expect(await first.receipt.getByTestId('receipt-summary-change').innerText()).toBe('฿400.00');
    await settle(page);
    await screenshot(page, 'offline-receipt');
    await expectNoSeriousA11yViolations(page, 'offline receipt');
    await closeReceipt(first.receipt);

    // 2: transfer, with the slip's reference.
    await addTea(page);
    const transfer = await pay(page, /โอนเงิน/);
    await transfer.getByLabel('เลขอ้างอิงการโอน').fill('SLIP-1');
    await transfer.getByRole('button', { name: 'ยืนยันได้รับเงินโอนแล้ว' }).click();
    const second = await offlineReceipt(page);
    expect(second.number).toMatch(/-000002$/);
    await closeReceipt(second.receipt);

    // 3: two teas for a customer spending 20 points (180 baht in cash).
    await addTea(page);
    await addTea(page);
    const cart = cartOf(page);
    const picker = cart.getByRole('combobox', { name: 'ลูกค้า' });
    await picker.fill('0892223333');
    await picker.press('Enter');
    await cart.getByText('แต้มสะสม 20 แต้ม').waitFor();
    const points = cart.getByLabel('ใช้แต้มสะสมเป็นส่วนลด');
    await points.fill('20');
    await points.press('Enter');
    expect(await cart.getByTestId('pos-total').innerText()).toBe('฿180.00');
    const third = await pay(page, /เงินสด/);
    await third.getByLabel('รับเงินมา (บาท)').press('Enter');
    const last = await offlineReceipt(page);
    expect(last.number).toMatch(/-000003$/);
    await closeReceipt(last.receipt);

    // The badge says 3 wait, by name too; signing out is refused with the reason.
    await expect.poll(() => badge.getAttribute('data-waiting')).toBe('3');
    await page.getByRole('button', { name: 'ออฟไลน์ รอส่ง 3 รายการ', exact: true }).waitFor();
    await badge.getByText('รอส่ง 3').waitFor();
    await page.getByRole('button', { name: 'ออกจากระบบ' }).click();
    await page
      .locator('[data-sonner-toast]')
      .filter({ hasText: 'ยังออกจากระบบไม่ได้ มีรายการขาย 3 รายการที่ยังไม่ได้ส่งให้เซิร์ฟเวอร์' })
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/pos');
    // Closing the shift too: its cash would not count them.
    await page.getByTestId('pos-shift-menu').click();
    await page.getByRole('menuitem', { name: 'ปิดกะ' }).click();
    await page
      .locator('[data-sonner-toast]')
      .filter({ hasText: 'ยังปิดกะไม่ได้ มีรายการขาย 3 รายการที่ยังไม่ได้ส่งให้เซิร์ฟเวอร์' })
      .waitFor();
    expect(await page.getByRole('dialog', { name: 'ปิดกะ' }).count()).toBe(0);
    await screenshot(page, 'offline-badge-pending');
    await badge.click();
    const details = page.getByTestId('offline-details');
    await details.getByText('รอส่ง 3 รายการ').waitFor();
    await settle(page);
    await expectNoSeriousA11yViolations(page, 'offline badge details');
    await details.getByRole('button', { name: 'ปิด' }).first().click();

    // The network returns: everything is sent, once, under the numbers printed.
    await context.setOffline(false);
    await expect.poll(() => badge.getAttribute('data-waiting'), { timeout: 20_000 }).toBe('0');
    expect(await badge.getAttribute('data-online')).toBe('true');
    const after = await salesOnServer();
    const made = after.filter((s) => !before.some((b) => b.id === s.id));
    expect(made.map((s) => s.document_number).sort()).toEqual([first.number, second.number, last.number].sort());
    const byNumber = new Map(made.map((s) => [s.document_number, s]));
    expect(byNumber.get(first.number)).toMatchObject({ payment_method: 'cash', total: 100 });
    expect(byNumber.get(second.number)).toMatchObject({ payment_method: 'transfer', total: 100 });
    expect(byNumber.get(last.number)).toMatchObject({
      payment_method: 'cash',
      total: 180,
      points_used: 20,
      customer_id: customer.id,
    });
    // Stock: 50 − 20 earlier − 4 now; points: 20 − 20 + 1 earned on 180 baht.
    const { product } = await api<{ product: Product }>(shop, admin, 'GET', `/products/${tea.id}`);
    expect(product.stock).toBe(26);
    const { customer: now } = await api<{ customer: Customer }>(shop, admin, 'GET', `/customers/${customer.id}`);
    expect(now.loyalty_points).toBe(1);
    // Going offline was recorded: who, from when to when, and the sales made meanwhile.
    await expect
      .poll(async () => {
        const { periods } = await api<{ periods: OfflinePeriod[] }>(shop, admin, 'GET', '/offline/periods');
        return periods.map((p) => ({
          tillId: p.tillId,
          userName: p.userName,
          salesMade: p.salesMade,
          ended: !!p.endedAt,
        }));
      })
      .toEqual([{ tillId: till.id, userName: CASHIER.name, salesMade: 3, ended: true }]);
    await screenshot(page, 'offline-badge-synced');
    await context.close();
  });

  it('at 390 px: the page dies after the server recorded the sale; reopened, it sends again and stays one sale', async () => {
    const { context, page } = await newPage(shop.browser, shop.url, MOBILE);
    await openTill(page, till);
    const badge = badgeOf(page);
    await screenshot(page, 'offline-badge-online');
    await context.setOffline(true);
    await expect.poll(() => badge.getAttribute('data-online')).toBe('false');
    await screenshot(page, 'offline-badge-offline');

    await addTea(page);
    await page.getByRole('button', { name: 'เปิดตะกร้าสินค้า (1 ชิ้น)' }).click();
    const drawer = page.getByRole('dialog', { name: 'ตะกร้าสินค้า' });
    await drawer.getByRole('button', { name: 'ชำระเงิน' }).click();
    const payment = page.getByRole('dialog', { name: 'เลือกวิธีการชำระเงิน' });
    await payment.getByRole('button', { name: /เงินสด/ }).click();
    await payment.getByLabel('รับเงินมา (บาท)').press('Enter');
    const sold = await offlineReceipt(page);
    await settle(page);
    await screenshot(page, 'offline-receipt');
    await closeReceipt(sold.receipt);
    await expect.poll(() => badge.getAttribute('data-waiting')).toBe('1');
    await screenshot(page, 'offline-badge-pending');
    await expectNoSeriousA11yViolations(page, 'offline till at 390 px');

    // The sale reaches the server, which records it; its answer never reaches the page.
    const before = await salesOnServer();
    let reached = 0;
    await page.route('**/api/sales', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      reached += 1;
      await route.fetch();
      await route.abort('connectionreset');
    });
    await context.setOffline(false);
    await expect.poll(() => reached).toBe(1);
    await expect.poll(async () => (await salesOnServer()).length).toBe(before.length + 1);
    await page.close();

    // Reopened (same browser profile, IndexedDB kept): the outbox is sent again on start.
    const reopened = await context.newPage();
    const resent: number[] = [];
    reopened.on('response', (response) => {
      if (response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/sales') {
        resent.push(response.status());
      }
    });
    await reopened.goto('/pos');
    const again = badgeOf(reopened);
    // Sent again on start and answered with the sale recorded the first time: nothing new.
    await expect.poll(() => resent, { timeout: 20_000 }).toEqual([201]);
    await expect.poll(() => again.getAttribute('data-loaded')).toBe('true');
    await expect.poll(() => again.getAttribute('data-waiting')).toBe('0');
    const after = await salesOnServer();
    expect(after.length).toBe(before.length + 1);
    expect(after.filter((s) => s.document_number === sold.number)).toHaveLength(1);
    await context.close();
  });

  it('the browser is killed in the middle of the sync; started again on its data, every sale is on the server once', async () => {
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-e2e-till-'));
    try {
      const context = await launchKeptBrowser(profile, shop.url);
      const page = context.pages()[0] ?? (await context.newPage());
      await openTill(page, till);
      await context.setOffline(true);
      const numbers: string[] = [];
      for (let i = 0; i < 3; i++) {
        const sold = await sellForCash(page);
        numbers.push(sold.number);
        await closeReceipt(sold.receipt);
      }
      const before = await salesOnServer();

      // The second sale reaches the server, which records it; then the browser process dies (SIGKILL), mid-sync.
      let posts = 0;
      const killed = new Promise<void>((resolve) => {
        void page.route('**/api/sales', async (route) => {
          if (route.request().method() !== 'POST') return route.continue();
          posts += 1;
          if (posts < 2) return route.continue();
          await route.fetch();
          for (const pid of execFileSync('pgrep', ['-f', profile], { encoding: 'utf8' }).split(/\s+/).filter(Boolean)) {
            try {
              process.kill(Number(pid), 'SIGKILL');
            } catch {
              // gone with its parent already
            }
          }
          resolve();
        });
      });
      await context.setOffline(false);
      await killed;
      await expect.poll(async () => (await salesOnServer()).length).toBe(before.length + 2);
      await context.close().catch(() => {
        // the process is gone
      });

      // Started again on the same profile. The cashier signs in again (a browser killed seconds after signing in may
      // not have written its session to disk; IndexedDB it had, at each commit): the outbox kept on the device sends
      // what it had not heard back about.
      const again = await launchKeptBrowser(profile, shop.url);
      const reopened = again.pages()[0] ?? (await again.newPage());
      await openTill(reopened, till);
      const badge = badgeOf(reopened);
      await expect.poll(() => badge.getAttribute('data-loaded'), { timeout: 20_000 }).toBe('true');
      await expect.poll(() => badge.getAttribute('data-waiting'), { timeout: 20_000 }).toBe('0');
      const after = await salesOnServer();
      const made = after.filter((s) => !before.some((b) => b.id === s.id)).map((s) => s.document_number);
      expect(made.sort()).toEqual([...numbers].sort());
      await again.close();
    } finally {
      fs.rmSync(profile, { recursive: true, force: true });
    }
  }, 90_000);

  it('two tills sell the last one offline: both sales recorded, stock -1, the second flagged for the manager', async () => {
    const LAST = { name: 'ผ้าไหมผืนสุดท้าย', sku: 'SILK-LAST', price: 1200, stock: 1 };
    const { product: silk } = await api<{ product: Product }>(shop, admin, 'POST', '/products', {
      ...LAST,
      category: 'เสื้อผ้า',
    });
    const { till: other } = await api<{ till: Till }>(shop, admin, 'POST', '/tills', { name: 'หน้าร้าน 2' });
    await api<{ shift: Shift }>(shop, cashier, 'POST', '/shifts', { tillId: other.id, openingFloat: 1000 });
    const pages = [];
    for (const at of [till, other]) {
      const { context, page } = await newPage(shop.browser, shop.url);
      await openTill(page, at);
      pages.push({ context, page });
    }
    const numbers: string[] = [];
    for (const { context, page } of pages) {
      await context.setOffline(true);
      await page.getByRole('searchbox', { name: 'ค้นหาสินค้า' }).fill(LAST.sku);
      await page.getByTestId(`pos-product-${LAST.sku}`).click();
      const payment = await pay(page, /เงินสด/);
      await payment.getByLabel('รับเงินมา (บาท)').press('Enter');
      const sold = await offlineReceipt(page);
      numbers.push(sold.number);
      await closeReceipt(sold.receipt);
    }
    for (const { context, page } of pages) {
      await context.setOffline(false);
      await expect.poll(() => badgeOf(page).getAttribute('data-waiting'), { timeout: 20_000 }).toBe('0');
    }
    const made = (await salesOnServer()).filter((s) => numbers.includes(s.document_number));
    expect(made).toHaveLength(2);
    const { product } = await api<{ product: Product }>(shop, admin, 'GET', `/products/${silk.id}`);
    expect(product.stock).toBe(-1);
    const { sales: flagged } = await api<FlaggedOfflineSalesResponse>(shop, admin, 'GET', '/offline/flagged');
    const flags = flagged.filter((f) => numbers.includes(f.documentNumber));
    expect(flags.map((f) => ({ number: f.documentNumber, reasons: f.reasons }))).toEqual([
      {
        number: numbers[1],
        reasons: [{ reason: 'stock_shortfall', products: [{ productId: silk.id, name: LAST.name, short: 1 }] }],
      },
    ]);
    for (const { context } of pages) await context.close();
  }, 90_000);

  it('sells 3 times offline, is reloaded, comes online: exactly 3 sales with their numbers, stock and points', async () => {
    // The installed app (its service worker) is what opens without the network.
    const { context, page } = await newPage(shop.browser, shop.url, DESKTOP, { serviceWorkers: 'allow' });
    await openTill(page, till);
    await untilControlled(page);
    await waitForOfflineCache(page, till.id, { customers: true });
    const stockBefore = (await api<{ product: Product }>(shop, admin, 'GET', `/products/${tea.id}`)).product.stock;
    const pointsBefore = (await api<{ customer: Customer }>(shop, admin, 'GET', `/customers/${customer.id}`)).customer
      .loyalty_points;
    await context.setOffline(true);
    const numbers: string[] = [];
    for (let i = 0; i < 2; i++) {
      const sold = await sellForCash(page);
      numbers.push(sold.number);
      await closeReceipt(sold.receipt);
    }
    // The third to the customer, earning a point on its 100 baht.
    await addTea(page);
    const picker = cartOf(page).getByRole('combobox', { name: 'ลูกค้า' });
    await picker.fill('0892223333');
    await picker.press('Enter');
    await cartOf(page).getByText(`แต้มสะสม ${pointsBefore} แต้ม`).waitFor();
    const payment = await pay(page, /เงินสด/);
    await payment.getByLabel('รับเงินมา (บาท)').press('Enter');
    const third = await offlineReceipt(page);
    numbers.push(third.number);
    await closeReceipt(third.receipt);
    expect(numbers.map((n) => Number(n.slice(-6)))).toEqual([0, 1, 2].map((i) => Number(numbers[0]!.slice(-6)) + i));

    await page.reload();
    // The catalogue, the till and its open shift come from the device; the 3 sales still wait.
    await page.getByTestId(`pos-product-${TEA.sku}`).waitFor();
    await page.getByText(`กะเปิดอยู่ · ${TILL}`).waitFor();
    const badge = badgeOf(page);
    await expect.poll(() => badge.getAttribute('data-loaded')).toBe('true');
    expect(await badge.getAttribute('data-waiting')).toBe('3');

    const before = await salesOnServer();
    await context.setOffline(false);
    await expect.poll(() => badge.getAttribute('data-waiting'), { timeout: 20_000 }).toBe('0');
    const after = await salesOnServer();
    const made = after.filter((s) => !before.some((b) => b.id === s.id));
    expect(made.map((s) => s.document_number).sort()).toEqual([...numbers].sort());
    expect(made.find((s) => s.document_number === third.number)).toMatchObject({
      customer_id: customer.id,
      points_earned: 1,
    });
    const { product } = await api<{ product: Product }>(shop, admin, 'GET', `/products/${tea.id}`);
    expect(product.stock).toBe(stockBefore - 3);
    const { customer: now } = await api<{ customer: Customer }>(shop, admin, 'GET', `/customers/${customer.id}`);
    expect(now.loyalty_points).toBe(pointsBefore + 1);
    await context.close();
  });
});
