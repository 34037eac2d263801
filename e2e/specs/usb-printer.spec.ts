import type { PrintJob, Till } from '@pos/core';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeEscPos } from '../../packages/server/test/helpers/fake-printer';
import { api, apiLogin, createUser } from '../support/api';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { DESKTOP, MOBILE, newPage, screenshot, settle, signIn } from '../support/browser';
import { useShop } from '../support/shop';
import { fakeDevices } from '../support/fake-printer-devices';
import { sellOneForCash } from '../support/sale-actions';

/**
 * USB and serial receipt printers driven by the till's browser (issue 37), with a fake `navigator.usb` and
 * `navigator.serial` whose device keeps every byte it is sent: the cashier connects the printer once by the
 * till's button; a cash sale's receipt goes to it exactly as the server rendered it (ending with the cut) and
 * shows printed; a device that fails shows the failure with "พิมพ์อีกครั้ง", which then prints.
 */

const CASHIER = { username: 'usbkaew', password: 'usbkaew-pass-123', name: 'แก้ว แคชเชียร์', role: 'cashier' as const };
const BAG = { name: 'กระเป๋าผ้าลายช้าง', sku: 'BAG-USB', price: 250, stock: 20 };
const USB_TILL = 'เคาน์เตอร์ USB';
const SERIAL_TILL = 'เคาน์เตอร์ Serial';
const USB_PRINTER = 'ใบเสร็จ USB';
const SERIAL_PRINTER = 'ใบเสร็จ Serial';

async function look(page: Page, name: string): Promise<void> {
  await settle(page);
  await screenshot(page, name);
  await expectNoSeriousA11yViolations(page, name);
}

/** The page at both widths: a screenshot and axe at 1280 and at 390, back to 1280. */
async function lookBoth(page: Page, name: string): Promise<void> {
  await look(page, name);
  await page.setViewportSize(MOBILE);
  await look(page, name);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(MOBILE.width);
  await page.setViewportSize(DESKTOP);
}

/** A cash sale of one bag at the till, paid with ฿300; the receipt dialog it opens. */
const sellBag = (page: Page) => sellOneForCash(page, BAG.sku, 300);

describe('USB and serial receipt printers at the till', () => {
  const shop = useShop();
  let admin: string;
  let cashier: string;
  const tills: Record<string, Till> = {};

  beforeAll(async () => {
    admin = await shop.adminToken();
    await api(shop, admin, 'POST', '/products', { ...BAG, category: 'กระเป๋า' });
    await createUser(shop.url, CASHIER);
    for (const name of [USB_TILL, SERIAL_TILL]) {
      ({ till: tills[name] } = await api<{ till: Till }>(shop, admin, 'POST', '/tills', { name }));
    }
    await api(shop, admin, 'PUT', '/settings', {
      settings: {
        printing: {
          printers: [
            { name: USB_PRINTER, type: 'usb', width: 80, language: 'esc-pos', cashDrawer: true },
            { name: SERIAL_PRINTER, type: 'serial', width: 58, language: 'esc-pos', cashDrawer: false },
          ],
          tills: { [tills[USB_TILL]!.id]: USB_PRINTER, [tills[SERIAL_TILL]!.id]: SERIAL_PRINTER },
        },
      },
    });
    cashier = await apiLogin(shop.url, CASHIER.username, CASHIER.password);
    for (const till of Object.values(tills)) {
      await api(shop, cashier, 'POST', '/shifts', { tillId: till.id, openingFloat: 1000 });
    }
  });

  /** The cashier's page at a till, with the fake devices of `kind` in its browser. */
  async function openTill(kind: 'usb' | 'serial', tillName: string): Promise<{ context: BrowserContext; page: Page }> {
    const { context, page } = await newPage(shop.browser, shop.url);
    await context.addInitScript(fakeDevices, kind);
    await signIn(page, CASHIER.username, CASHIER.password, /\/pos$/);
    const bar = page.getByTestId('pos-shift-bar');
    await bar.getByRole('button', { name: 'เลือกเครื่อง' }).click();
    const choice = page.getByRole('dialog', { name: 'เครื่องนี้คือเครื่องไหน' });
    await choice.getByRole('button', { name: tillName }).click();
    await choice.waitFor({ state: 'detached' });
    await bar.getByText(`กะเปิดอยู่ · ${tillName}`).waitFor();
    return { context, page };
  }

  /** The till's newest receipt job (the sale just made), and the bytes the server rendered for it. */
  async function receiptJob(tillName: string): Promise<{ job: PrintJob; bytes: Buffer }> {
    const tillId = tills[tillName]!.id;
    const { jobs } = await api<{ jobs: PrintJob[] }>(shop, cashier, 'GET', `/print-jobs?tillId=${tillId}`);
    const job = jobs.find((j) => j.kind === 'receipt');
    if (!job) throw new Error(`no receipt job at ${tillName}`);
    const res = await fetch(`${shop.url}/api/print-jobs/${job.id}/bytes`, {
      headers: { authorization: `Bearer ${cashier}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/octet-stream');
    return { job, bytes: Buffer.from(await res.arrayBuffer()) };
  }

  it('a USB printer: connected once by the button, prints each receipt as the server rendered it', async () => {
    const { context, page } = await openTill('usb', USB_TILL);
    const bar = page.getByTestId('pos-shift-bar');
    const connect = bar.getByRole('button', { name: 'เชื่อมต่อเครื่องพิมพ์ USB' });
    await connect.waitFor();
    await lookBoth(page, 'pos-usb-printer-connect');

    await connect.click();
    const connected = bar.getByRole('button', { name: 'Xprinter XP-80C (เครื่องพิมพ์ที่ต่ออยู่)' });
    await connected.waitFor();
    await lookBoth(page, 'pos-usb-printer-connected');

    const receipt = await sellBag(page);
    const sold = Date.now();
    // Within 2 s of the sale on an idle machine; the busy test machine gets some slack.
    await page.waitForFunction(() => window.__printerBytes.length > 0, undefined, { timeout: 5_000 });
    const status = receipt.getByTestId('sale-print-status');
    await status.getByText('พิมพ์แล้ว').waitFor({ timeout: 10_000 });
    const firstPrint = Date.now() - sold;
    const { job, bytes } = await receiptJob(USB_TILL);
    expect([job.transport, job.status, job.printerName, job.openDrawer]).toEqual([
      'till',
      'printed',
      USB_PRINTER,
      true,
    ]);
    const sent = Buffer.from(await page.evaluate(() => window.__printerBytes));
    expect(sent.equals(bytes)).toBe(true);
    const decoded = decodeEscPos(sent);
    expect([decoded.width, decoded.drawerPulses, decoded.cut, decoded.cutLast]).toEqual([576, 1, true, true]);
    expect(decoded.height).toBeGreaterThan(100);
    expect(firstPrint).toBeLessThan(5_000);
    await look(page, 'pos-usb-printed');
    await page.keyboard.press('Enter');
    await receipt.waitFor({ state: 'detached' });

    // The next visit finds the printer without asking.
    await page.reload();
    await page
      .getByTestId('pos-shift-bar')
      .getByRole('button', { name: /Xprinter XP-80C/ })
      .waitFor();
    expect(await page.evaluate(() => window.__printerRequests)).toBe(0);

    // On another screen the till's printer still prints: a receipt printed again (as the sales history does).
    await page.getByRole('navigation').getByRole('link', { name: 'ประวัติการขาย' }).click();
    await page.waitForURL(/\/refund-history/);
    await page.evaluate(() => {
      window.__printerBytes = [];
    });
    const copy = await api<{ job: PrintJob }>(shop, cashier, 'POST', '/print-jobs', {
      kind: 'receipt',
      tillId: tills[USB_TILL]!.id,
      saleId: job.saleId,
    });
    await expect
      .poll(async () => (await api<{ job: PrintJob }>(shop, cashier, 'GET', `/print-jobs/${copy.job.id}`)).job.status)
      .toBe('printed');
    const copyBytes = Buffer.from(
      await (
        await fetch(`${shop.url}/api/print-jobs/${copy.job.id}/bytes`, {
          headers: { authorization: `Bearer ${cashier}` },
        })
      ).arrayBuffer(),
    );
    expect(Buffer.from(await page.evaluate(() => window.__printerBytes)).equals(copyBytes)).toBe(true);
    // A copy opens no drawer.
    expect(decodeEscPos(copyBytes).drawerPulses).toBe(0);
    await page.getByRole('navigation').getByRole('link', { name: 'ขายสินค้า (POS)' }).click();
    await page.waitForURL(/\/pos$/);

    // The printer fails mid-job: the receipt says so, and "print again" prints it once it is back.
    await page.evaluate(() => {
      window.__printerFailing = true;
    });
    const second = await sellBag(page);
    const failed = second.getByTestId('sale-print-status');
    await failed.getByTestId('sale-print-failure').waitFor({ timeout: 10_000 });
    expect(await failed.innerText()).toContain('ส่งงานไปเครื่องพิมพ์ไม่สำเร็จ');
    const failedJob = await receiptJob(USB_TILL);
    expect([failedJob.job.status, failedJob.job.failure]).toEqual(['failed', 'PRINTER_OFFLINE']);
    await look(page, 'pos-usb-print-failed');

    await page.evaluate(() => {
      window.__printerFailing = false;
      window.__printerBytes = [];
    });
    await failed.getByRole('button', { name: 'พิมพ์อีกครั้ง' }).click();
    await failed.getByText('พิมพ์แล้ว').waitFor({ timeout: 10_000 });
    const again = Buffer.from(await page.evaluate(() => window.__printerBytes));
    expect(again.equals(failedJob.bytes)).toBe(true);
    expect(decodeEscPos(again).cutLast).toBe(true);
    await context.close();
  });

  it('a serial printer: opened at 9600 baud, prints the receipt on 58 mm paper', async () => {
    const { context, page } = await openTill('serial', SERIAL_TILL);
    const bar = page.getByTestId('pos-shift-bar');
    await bar.getByRole('button', { name: 'เชื่อมต่อเครื่องพิมพ์ Serial' }).click();
    await bar.getByRole('button', { name: 'Serial 067b:2303 (เครื่องพิมพ์ที่ต่ออยู่)' }).waitFor();

    const receipt = await sellBag(page);
    await receipt.getByTestId('sale-print-status').getByText('พิมพ์แล้ว').waitFor({ timeout: 10_000 });
    const { job, bytes } = await receiptJob(SERIAL_TILL);
    expect([job.transport, job.status, job.openDrawer]).toEqual(['till', 'printed', false]);
    const sent = Buffer.from(await page.evaluate(() => window.__printerBytes));
    expect(sent.equals(bytes)).toBe(true);
    const decoded = decodeEscPos(sent);
    expect([decoded.width, decoded.drawerPulses, decoded.cutLast]).toEqual([384, 0, true]);
    expect(await page.evaluate(() => window.__serialOpens)).toEqual([9600]);
    await page.keyboard.press('Enter');
    await receipt.waitFor({ state: 'detached' });

    // The printer is set to 38400 baud: chosen in the printer's dialog, the port opens at it for the next job.
    await bar.getByRole('button', { name: /Serial 067b:2303/ }).click();
    const dialog = page.getByRole('dialog', { name: 'เครื่องพิมพ์ที่ต่อกับคอมพิวเตอร์เครื่องนี้' });
    await dialog.waitFor();
    await look(page, 'pos-serial-printer-dialog');
    await dialog.getByLabel('ความเร็วพอร์ต').click();
    await page.getByRole('option', { name: '38400 baud' }).click();
    await dialog.getByRole('button', { name: 'ปิด' }).first().click();
    await dialog.waitFor({ state: 'detached' });
    await page.evaluate(() => {
      window.__printerBytes = [];
    });
    const next = await sellBag(page);
    await next.getByTestId('sale-print-status').getByText('พิมพ์แล้ว').waitFor({ timeout: 10_000 });
    expect(
      Buffer.from(await page.evaluate(() => window.__printerBytes)).equals((await receiptJob(SERIAL_TILL)).bytes),
    ).toBe(true);
    expect(await page.evaluate(() => window.__serialOpens)).toEqual([9600, 38400]);
    await context.close();
  });

  it('a browser without WebUSB says so at the till and keeps the print dialog', async () => {
    const { context, page } = await newPage(shop.browser, shop.url);
    // Chromium has WebUSB: taken away, as Firefox and Safari have none.
    await context.addInitScript(() => {
      Object.defineProperty(navigator, 'usb', { configurable: true, value: undefined });
    });
    await signIn(page, CASHIER.username, CASHIER.password, /\/pos$/);
    const bar = page.getByTestId('pos-shift-bar');
    await bar.getByRole('button', { name: 'เลือกเครื่อง' }).click();
    await page.getByRole('dialog', { name: 'เครื่องนี้คือเครื่องไหน' }).getByRole('button', { name: USB_TILL }).click();
    const state = bar.getByTestId('till-printer-state');
    await state.waitFor();
    expect(await state.getAttribute('data-state')).toBe('unsupported');
    expect(await state.innerText()).toContain('Chrome หรือ Edge');
    await lookBoth(page, 'pos-usb-printer-unsupported');
    await context.close();
  });
});
