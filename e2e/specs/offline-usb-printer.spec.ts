import path from 'node:path';
import { receiptBlocks, type PrintJob, type Sale, type Settings, type Till } from '@pos/core';
import sharp from 'sharp';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { rasterize } from '../../packages/server/src/features/printing/raster';
import { decodeEscPos, type DecodedJob } from '../../packages/server/test/helpers/fake-printer';
import { api, apiLogin, createUser } from '../support/api';
import { expectNoSeriousA11yViolations } from '../support/axe';
import {
  DESKTOP,
  expectNotCoveredByToasts,
  MOBILE,
  newPage,
  SCREENSHOT_DIR,
  screenshot,
  settle,
  signIn,
} from '../support/browser';
import { fakeDevices } from '../support/fake-printer-devices';
import { untilControlled, waitForOfflineCache } from '../support/offline';
import { useShop } from '../support/shop';

/**
 * Offline receipts on the till's own printer (issue 38 on issue 37): with the network down, a sale's receipt
 * still prints by itself on the till's USB or serial printer (fake WebUSB / Web Serial keeping the bytes), drawn
 * by the browser at the printer's dot width in the app's font (the service worker keeps the font and the
 * encoder), the drawer's pulse for cash only, then the cut; a printer that fails says so with "พิมพ์อีกครั้ง";
 * once the network returns and the sales sync, nothing prints again. A network printer cannot be reached offline:
 * the receipt says so and keeps the browser's print dialog.
 */

const CASHIER = { username: 'offusb', password: 'offusb-pass-123', name: 'ส้ม แคชเชียร์', role: 'cashier' as const };
const SCARF = { name: 'ผ้าพันคอไหมไทย', sku: 'SCARF-OFF', price: 250, stock: 30 };
const USB_TILL = 'เคาน์เตอร์ USB ออฟไลน์';
const SERIAL_TILL = 'เคาน์เตอร์ Serial ออฟไลน์';
const NETWORK_TILL = 'เคาน์เตอร์ LAN ออฟไลน์';
const THAI_TILL = 'เคาน์เตอร์ภาษาไทย ออฟไลน์';
const USB_PRINTER = 'ใบเสร็จ USB';
const SERIAL_PRINTER = 'ใบเสร็จ Serial';
const NETWORK_PRINTER = 'ใบเสร็จ LAN';
const THAI_PRINTER = 'ใบเสร็จ มีภาษาไทย';

function cartOf(page: Page): Locator {
  return page.getByRole('region', { name: 'ตะกร้าสินค้า' });
}

/** One scarf, paid as `method` says; the receipt dialog once it says the sale is not yet sent. */
async function sellScarf(page: Page, method: 'cash' | 'transfer'): Promise<Locator> {
  await page.getByRole('searchbox', { name: 'ค้นหาสินค้า' }).fill(SCARF.sku);
  await page.getByTestId(`pos-product-${SCARF.sku}`).click();
  await cartOf(page).getByRole('button', { name: 'ชำระเงิน' }).click();
  const payment = page.getByRole('dialog', { name: 'เลือกวิธีการชำระเงิน' });
  if (method === 'cash') {
    await payment.getByRole('button', { name: /เงินสด/ }).click();
    await payment.getByLabel('รับเงินมา (บาท)').fill('300');
    await payment.getByLabel('รับเงินมา (บาท)').press('Enter');
  } else {
    await payment.getByRole('button', { name: /โอนเงิน/ }).click();
    await payment.getByLabel('เลขอ้างอิงการโอน').fill('SLIP-OFF-1');
    await payment.getByRole('button', { name: 'ยืนยันได้รับเงินโอนแล้ว' }).click();
  }
  const receipt = page.getByRole('dialog', { name: 'ใบเสร็จรับเงิน' });
  await receipt.getByTestId('receipt-not-sent').waitFor();
  return receipt;
}

async function closeReceipt(receipt: Locator): Promise<void> {
  await receipt.getByRole('button', { name: 'ปิด' }).first().click();
  await receipt.waitFor({ state: 'detached' });
}

/** What the fake printer was sent since it was last emptied, decoded; then emptied. */
async function takePrinted(page: Page): Promise<DecodedJob> {
  const bytes = Buffer.from(await page.evaluate(() => window.__printerBytes));
  await page.evaluate(() => {
    window.__printerBytes = [];
  });
  return decodeEscPos(bytes);
}

const inkOf = (job: DecodedJob) => job.bits.reduce((sum, bit) => sum + bit, 0);

/** The picture the printer was sent, as e2e/screenshots/<name>-<width>.png, for people to look at. */
async function savePrinted(job: DecodedJob, name: string): Promise<void> {
  const grey = Buffer.from(job.bits.map((bit) => (bit ? 0 : 255)));
  await sharp(grey, { raw: { width: job.width, height: job.height, channels: 1 } })
    .png()
    .toFile(path.join(SCREENSHOT_DIR, `${name}-${job.width}.png`));
}

async function look(page: Page, name: string): Promise<void> {
  await settle(page);
  await screenshot(page, name);
  await expectNoSeriousA11yViolations(page, name);
}

/** The page at 1280 and at 390 px (nothing wider than the phone), back to 1280. */
async function lookBoth(page: Page, name: string): Promise<void> {
  await look(page, name);
  await page.setViewportSize(MOBILE);
  await look(page, name);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
  await page.setViewportSize(DESKTOP);
}

describe("offline receipts on the till's own printer", () => {
  const shop = useShop();
  let admin: string;
  let cashier: string;
  const tills: Record<string, Till> = {};

  beforeAll(async () => {
    admin = await shop.adminToken();
    await api(shop, admin, 'POST', '/products', { ...SCARF, category: 'เสื้อผ้า' });
    await createUser(shop.url, CASHIER);
    for (const name of [USB_TILL, SERIAL_TILL, NETWORK_TILL, THAI_TILL]) {
      ({ till: tills[name] } = await api<{ till: Till }>(shop, admin, 'POST', '/tills', { name }));
    }
    await api(shop, admin, 'PUT', '/settings', {
      settings: {
        printing: {
          printers: [
            { name: USB_PRINTER, type: 'usb', width: 80, language: 'esc-pos', cashDrawer: true },
            { name: SERIAL_PRINTER, type: 'serial', width: 58, language: 'esc-pos', cashDrawer: true },
            // Nothing listens there: the server is never asked to print on it (the till is offline).
            { name: NETWORK_PRINTER, type: 'network', host: '127.0.0.1', port: 9, width: 80, language: 'esc-pos' },
            // Thai in its character set, on code page 26: the till prints the receipt as text on it.
            {
              name: THAI_PRINTER,
              type: 'usb',
              width: 80,
              language: 'esc-pos',
              thaiCodePage: true,
              thaiCodePageNumber: 26,
              cashDrawer: false,
            },
          ],
          tills: {
            [tills[USB_TILL]!.id]: USB_PRINTER,
            [tills[SERIAL_TILL]!.id]: SERIAL_PRINTER,
            [tills[NETWORK_TILL]!.id]: NETWORK_PRINTER,
            [tills[THAI_TILL]!.id]: THAI_PRINTER,
          },
        },
      },
    });
    cashier = await apiLogin(shop.url, CASHIER.username, CASHIER.password);
    for (const till of Object.values(tills)) {
      await api(shop, cashier, 'POST', '/shifts', { tillId: till.id, openingFloat: 1000 });
    }
  });

  async function receiptJobsOf(tillName: string): Promise<PrintJob[]> {
    const tillId = tills[tillName]!.id;
    const { jobs } = await api<{ jobs: PrintJob[] }>(shop, cashier, 'GET', `/print-jobs?tillId=${tillId}`);
    return jobs.filter((job) => job.kind === 'receipt');
  }

  async function salesOf(tillName: string): Promise<Sale[]> {
    const { sales } = await api<{ sales: Sale[] }>(shop, admin, 'GET', '/sales?limit=100');
    return sales.filter((sale) => sale.till_id === tills[tillName]!.id);
  }

  /**
   * The cashier's till, installed (the service worker keeps the app, the font and the encoder), its printer
   * connected when it has a USB or serial one, its catalogue and numbers kept for offline selling.
   */
  async function openTill(
    tillName: string,
    device: 'usb' | 'serial' | null,
  ): Promise<{ context: BrowserContext; page: Page }> {
    const { context, page } = await newPage(shop.browser, shop.url, DESKTOP, { serviceWorkers: 'allow' });
    const tillId = tills[tillName]!.id;
    await context.addInitScript((id) => localStorage.setItem('pos_till_id', String(id)), tillId);
    if (device) await context.addInitScript(fakeDevices, device);
    await signIn(page, CASHIER.username, CASHIER.password, /\/pos$/);
    await untilControlled(page);
    const bar = page.getByTestId('pos-shift-bar');
    await bar.getByText(`กะเปิดอยู่ · ${tillName}`).waitFor();
    if (device) {
      const kind = device === 'usb' ? 'USB' : 'Serial';
      await bar.getByRole('button', { name: `เชื่อมต่อเครื่องพิมพ์ ${kind}` }).click();
      await bar.getByRole('button', { name: /\(เครื่องพิมพ์ที่ต่ออยู่\)$/ }).waitFor();
    }
    await page.getByTestId(`pos-product-${SCARF.sku}`).waitFor();
    await waitForOfflineCache(page, tillId);
    return { context, page };
  }

  async function goOffline(context: BrowserContext, page: Page): Promise<void> {
    await context.setOffline(true);
    await expect.poll(() => page.getByTestId('offline-badge').getAttribute('data-online')).toBe('false');
  }

  it('a USB printer (80 mm): cash opens the drawer, transfer does not, a failure prints again, sync prints nothing', async () => {
    const { context, page } = await openTill(USB_TILL, 'usb');
    await goOffline(context, page);

    // Cash: printed by itself, a 576-dot picture with ink, the drawer's pulse, then the cut.
    const cash = await sellScarf(page, 'cash');
    const status = cash.getByTestId('sale-print-status');
    await status.getByText('พิมพ์แล้ว').waitFor({ timeout: 15_000 });
    expect(await status.getAttribute('data-phase')).toBe('printed');
    expect(await status.innerText()).toContain(`ที่เครื่องพิมพ์ ${USB_PRINTER}`);
    const cashJob = await takePrinted(page);
    expect([cashJob.width, cashJob.drawerPulses, cashJob.cut, cashJob.cutLast]).toEqual([576, 1, true, true]);
    // A receipt's worth of lines (this one is about 520 rows), and ink on it.
    expect(cashJob.height).toBeGreaterThan(400);
    expect(cashJob.height % 8).toBe(0);
    expect(inkOf(cashJob)).toBeGreaterThan(5_000);
    await savePrinted(cashJob, 'offline-usb-receipt-printed');
    // The browser's print dialog stays beside it; Enter closes rather than printing again.
    expect(await cash.getByTestId('receipt-print').getAttribute('data-print-to')).toBe('browser');
    await lookBoth(page, 'offline-usb-printed');
    await closeReceipt(cash);

    // Transfer: printed, no pulse.
    const transfer = await sellScarf(page, 'transfer');
    await transfer.getByTestId('sale-print-status').getByText('พิมพ์แล้ว').waitFor({ timeout: 15_000 });
    const transferJob = await takePrinted(page);
    expect([transferJob.width, transferJob.drawerPulses, transferJob.cutLast]).toEqual([576, 0, true]);
    await closeReceipt(transfer);

    // The printer fails mid-job: the receipt says so; "print again" prints it once it is back, pulse and all.
    await page.evaluate(() => {
      window.__printerFailing = true;
    });
    const failing = await sellScarf(page, 'cash');
    const failed = failing.getByTestId('sale-print-status');
    await failed.getByTestId('sale-print-failure').waitFor({ timeout: 15_000 });
    expect(await failed.getAttribute('data-phase')).toBe('failed');
    expect(await failed.innerText()).toContain('ส่งงานไปเครื่องพิมพ์ไม่สำเร็จ');
    // The receipt says it is kept on the device: no "sold offline" toast over its title (there was one).
    await expectNotCoveredByToasts(page, failing.getByRole('heading', { name: 'ใบเสร็จรับเงิน' }).first());
    await lookBoth(page, 'offline-usb-failed');
    await page.evaluate(() => {
      window.__printerFailing = false;
      window.__printerBytes = [];
    });
    await failed.getByRole('button', { name: 'พิมพ์อีกครั้ง' }).click();
    await failed.getByText('พิมพ์แล้ว').waitFor({ timeout: 15_000 });
    const again = await takePrinted(page);
    expect([again.width, again.drawerPulses, again.cutLast]).toEqual([576, 1, true]);
    await closeReceipt(failing);

    // The network returns: the 3 sales sync, and the till's printer prints nothing more.
    const badge = page.getByTestId('offline-badge');
    await expect.poll(() => badge.getAttribute('data-waiting')).toBe('3');
    await context.setOffline(false);
    await expect.poll(() => badge.getAttribute('data-waiting'), { timeout: 20_000 }).toBe('0');
    const synced = await salesOf(USB_TILL);
    expect(synced).toHaveLength(3);
    // One layout: the server draws the synced cash sale's receipt (Pango) as tall as the till drew it (canvas), within
    // 5 % (both are kept beside each other in e2e/screenshots to look at).
    const { settings } = await api<{ settings: Settings }>(shop, admin, 'GET', '/settings');
    const first = synced.find((sale) => sale.document_number.endsWith('-000001'))!;
    const server = await rasterize(receiptBlocks(first, settings, 'Asia/Bangkok'), 576);
    await sharp(server.data, { raw: { width: server.width, height: server.height, channels: 4 } })
      .png()
      .toFile(path.join(SCREENSHOT_DIR, 'offline-usb-receipt-server-576.png'));
    expect(Math.abs(server.height - cashJob.height) / server.height).toBeLessThan(0.05);
    // Two readings of the till's pending jobs after the sync (the runner prints what they list): none listed.
    for (let reading = 0; reading < 2; reading++) {
      await page.waitForResponse((res) => res.url().includes(`/api/print-jobs?tillId=${tills[USB_TILL]!.id}`));
    }
    expect(await receiptJobsOf(USB_TILL)).toEqual([]);
    expect(await page.evaluate(() => window.__printerBytes.length)).toBe(0);
    await context.close();
  });

  it('a serial printer (58 mm): the receipt prints 384 dots wide with the pulse for cash', async () => {
    const { context, page } = await openTill(SERIAL_TILL, 'serial');
    await goOffline(context, page);
    const receipt = await sellScarf(page, 'cash');
    await receipt.getByTestId('sale-print-status').getByText('พิมพ์แล้ว').waitFor({ timeout: 15_000 });
    const job = await takePrinted(page);
    expect([job.width, job.drawerPulses, job.cutLast]).toEqual([384, 1, true]);
    // Narrower paper, more lines: Thai wrapped between words rather than cut off.
    expect(job.height).toBeGreaterThan(400);
    expect(await page.evaluate(() => window.__serialOpens)).toEqual([9600]);
    await savePrinted(job, 'offline-serial-receipt-printed');
    await context.close();
  });

  it('a printer with a Thai code page: the receipt prints as Thai text on it, as the server prints for it', async () => {
    const { context, page } = await openTill(THAI_TILL, 'usb');
    await goOffline(context, page);
    const receipt = await sellScarf(page, 'cash');
    await receipt.getByTestId('sale-print-status').getByText('พิมพ์แล้ว').waitFor({ timeout: 15_000 });
    const job = await takePrinted(page);
    // No picture: the code page the settings name, the lines in TIS-620, no drawer on this printer, the cut.
    expect([job.width, job.codePages, job.drawerPulses, job.cutLast]).toEqual([0, [26], 0, true]);
    const lines = job.text.map((line) => line.trim());
    expect(lines).toContain('ใบเสร็จรับเงิน');
    expect(lines).toContain(SCARF.name);
    expect(lines).toContain('ขอบคุณที่ใช้บริการ');
    expect(lines.some((line) => /^ยอดสุทธิ\s+฿250\.00$/.test(line))).toBe(true);
    await context.close();
  });

  it('a network printer cannot be reached offline: the receipt says so and prints through the browser', async () => {
    const { context, page } = await openTill(NETWORK_TILL, null);
    await goOffline(context, page);
    const receipt = await sellScarf(page, 'cash');
    const notice = receipt.getByTestId('offline-print-notice');
    await notice.waitFor();
    expect(await notice.innerText()).toContain(`เครื่องพิมพ์เครือข่าย ${NETWORK_PRINTER} ไม่ได้`);
    expect(await receipt.getByTestId('sale-print-status').count()).toBe(0);
    const print = receipt.getByTestId('receipt-print');
    expect(await print.getAttribute('data-print-to')).toBe('browser');
    // Nothing prints by itself here: "print" (focused, as without a printer) is the way.
    expect(await print.evaluate((button) => button === document.activeElement)).toBe(true);
    await look(page, 'offline-network-printer');
    await context.close();
  });
});
