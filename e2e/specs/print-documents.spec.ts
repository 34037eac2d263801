import type { PrintJob, Product, Sale, Shift, Till } from '@pos/core';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeEscPos, startFakePrinter, type FakePrinter } from '../../packages/server/test/helpers/fake-printer';
import { api, apiLogin, createUser, registerForVat, sellByApi } from '../support/api';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { MOBILE, newPage, screenshot, settle, signIn } from '../support/browser';
import { useShop } from '../support/shop';

/**
 * Every document prints on the till's printer from the screens (issue 37), with a fake network printer on
 * 127.0.0.1: from the sales history a receipt reprinted and a refund's credit note, and the open shift's X
 * report, each reaching the printer (an image, then the cut, never the drawer) and shown as printed in place;
 * with the printer off the job shows as failed with "พิมพ์อีกครั้ง", which prints it once the printer is back.
 */

const OWNER = { username: 'owner', password: 'owner-pass-123', name: 'เจ้าของร้าน', role: 'admin' as const };
const CASHIER = { username: 'kaew', password: 'kaew-pass-123', name: 'แก้ว แคชเชียร์', role: 'cashier' as const };
const SCARF = { name: 'ผ้าพันคอไหมไทย', sku: 'SCARF-37', price: 390, stock: 20 };
const TILL = 'เคาน์เตอร์ 1';
const PRINTER = 'หน้าร้าน';

async function look(page: Page, name: string): Promise<void> {
  await settle(page);
  await screenshot(page, name);
  await expectNoSeriousA11yViolations(page, name);
}

describe('printing documents on the till printer', () => {
  const shop = useShop();
  let printer: FakePrinter;
  let till: Till;
  let shift: Shift;
  let owner: string;
  let sold: Sale;
  let refunded: Sale;
  let toRefund: Sale;
  let product: Product;
  let vatSale: Sale;

  /** Once no job is waiting (the sale's own receipt, a refund's), how many the printer has had. */
  async function printedSoFar(): Promise<number> {
    await expect
      .poll(async () => (await api<{ jobs: PrintJob[] }>(shop, owner, 'GET', '/print-jobs?status=pending')).jobs)
      .toEqual([]);
    return printer.jobs.length;
  }

  /** The job the printer got after `before`: an image across the 80 mm roll, cut after it, no drawer pulse. */
  async function expectPrinted(before: number): Promise<void> {
    const job = decodeEscPos((await printer.waitForJobs(before + 1))[before]!);
    expect([job.width, job.cut, job.cutLast, job.drawerPulses]).toEqual([576, true, true, 0]);
    expect(job.height).toBeGreaterThan(100);
  }

  /** Signed in as the owner on a device whose till is the counter with the printer. */
  async function atTheTill(viewport?: typeof MOBILE) {
    const opened = await newPage(shop.browser, shop.url, viewport);
    await signIn(opened.page, OWNER.username, OWNER.password, /\/dashboard$/);
    await opened.page.evaluate((id) => localStorage.setItem('pos_till_id', String(id)), till.id);
    return opened;
  }

  /** The credit note dialog of the refunded sale, from the sales history. */
  async function openCreditNote(page: Page, mobile: boolean): Promise<Locator> {
    await page.goto('/refund-history');
    if (mobile) {
      const actions = page.getByRole('group', { name: new RegExp(refunded.document_number) });
      await actions.getByRole('button', { name: 'ใบลดหนี้/ใบคืนเงิน' }).click();
    } else {
      await page.getByRole('button', { name: `จัดการ ${refunded.document_number}` }).click();
      await page.getByRole('menuitem', { name: 'ใบลดหนี้/ใบคืนเงิน' }).click();
    }
    const dialog = page.getByRole('dialog', { name: 'ใบลดหนี้/ใบคืนเงิน' });
    await dialog.waitFor();
    return dialog;
  }

  beforeAll(async () => {
    const admin = await shop.adminToken();
    ({ product } = await api<{ product: Product }>(shop, admin, 'POST', '/products', {
      ...SCARF,
      category: 'เครื่องประดับ/อุปกรณ์เสริม',
    }));
    for (const user of [OWNER, CASHIER]) await createUser(shop.url, user);
    owner = await apiLogin(shop.url, OWNER.username, OWNER.password);
    ({ till } = await api<{ till: Till }>(shop, admin, 'POST', '/tills', { name: TILL }));
    const cashier = await apiLogin(shop.url, CASHIER.username, CASHIER.password);
    ({ shift } = await api<{ shift: Shift }>(shop, cashier, 'POST', '/shifts', {
      tillId: till.id,
      openingFloat: 1000,
    }));
    printer = await startFakePrinter();
    await api(shop, admin, 'PUT', '/settings', {
      settings: {
        printing: {
          printers: [{ name: PRINTER, type: 'network', host: '127.0.0.1', port: printer.port, width: 80 }],
          tills: { [till.id]: PRINTER },
        },
      },
    });
    const line = [{ product, quantity: 1 }];
    sold = await sellByApi(shop, cashier, line, null, { tillId: till.id, cashReceived: 400 });
    refunded = await sellByApi(shop, cashier, line, null, { tillId: till.id, cashReceived: 400 });
    await api(shop, owner, 'POST', `/sales/${refunded.id}/refund`, { reason: 'defective', tillId: till.id });
    toRefund = await sellByApi(shop, cashier, line, null, { tillId: till.id, cashReceived: 400 });
  });
  afterAll(() => printer.close());

  it('reprints a receipt from the sales history on the till printer and shows it printed, at 1280 and 390 px', async () => {
    for (const viewport of [undefined, MOBILE]) {
      const { context, page } = await atTheTill(viewport);
      await page.goto('/refund-history');
      const row = viewport
        ? page.getByRole('group', { name: new RegExp(sold.document_number) })
        : page.getByTestId(`sale-row-${sold.document_number}`);
      await row.getByRole('button', { name: 'ใบเสร็จ' }).click();
      const receipt = page.getByRole('dialog', { name: 'ใบเสร็จรับเงิน' });
      const print = receipt.getByTestId('receipt-print');
      expect(await print.getAttribute('data-print-to')).toBe('till');
      expect(await receipt.getByRole('button', { name: 'พิมพ์ผ่านเบราว์เซอร์' }).isVisible()).toBe(true);

      const before = await printedSoFar();
      // The request held until the pending state is pictured (a real printer answers too fast to see it).
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/print-jobs', async (route) => {
        await held;
        await route.continue();
      });
      await print.click();
      const status = receipt.getByTestId('print-status');
      await receipt.locator('[data-testid="print-status"][data-phase="pending"]').waitFor();
      expect(await print.isDisabled()).toBe(true);
      await look(page, 'print-receipt-pending');
      release();
      await status.getByText('พิมพ์แล้ว').waitFor({ timeout: 15_000 });
      expect(await status.innerText()).toContain(`ที่เครื่องพิมพ์ ${PRINTER}`);
      await expectPrinted(before);
      await look(page, 'print-receipt-printed');
      // A4 is not the till's roll: "print" goes back to the browser's dialog, and its second button goes.
      await receipt.getByRole('button', { name: 'A4' }).click();
      expect(await print.getAttribute('data-print-to')).toBe('browser');
      expect(await receipt.getByRole('button', { name: 'พิมพ์ผ่านเบราว์เซอร์' }).count()).toBe(0);
      await context.close();
    }
  });

  it("prints a refund's credit note from the sales history, at 1280 and 390 px", async () => {
    for (const viewport of [undefined, MOBILE]) {
      const { context, page } = await atTheTill(viewport);
      const dialog = await openCreditNote(page, viewport !== undefined);
      const before = await printedSoFar();
      await dialog.getByTestId('credit-note-print').click();
      await dialog.getByTestId('print-status').getByText('พิมพ์แล้ว').waitFor({ timeout: 15_000 });
      await expectPrinted(before);
      await look(page, 'print-credit-note-printed');
      await context.close();
    }
  });

  it('refunds in the sales history, then prints the refund note from the notice', async () => {
    const { context, page } = await atTheTill();
    await page.goto('/refund-history');
    await page.getByRole('button', { name: `จัดการ ${toRefund.document_number}` }).click();
    await page.getByRole('menuitem', { name: 'คืนเงิน' }).click();
    const refund = page.getByRole('dialog', { name: 'ยืนยันการคืนเงิน' });
    await refund.getByRole('button', { name: 'ยืนยันคืนเงิน' }).click();
    await refund.waitFor({ state: 'detached' });
    await page.locator('[data-sonner-toast]').getByRole('button', { name: 'พิมพ์ใบลดหนี้/ใบคืนเงิน' }).click();
    const dialog = page.getByRole('dialog', { name: 'ใบลดหนี้/ใบคืนเงิน' });
    await dialog.getByText(`เอกสารการคืนเงินของรายการ ${toRefund.document_number}`).waitFor();
    const before = await printedSoFar();
    await dialog.getByTestId('credit-note-print').click();
    await dialog.getByTestId('print-status').getByText('พิมพ์แล้ว').waitFor({ timeout: 15_000 });
    await expectPrinted(before);
    const { sale } = await api<{ sale: Sale }>(shop, owner, 'GET', `/sales/${toRefund.id}`);
    const jobs = await api<{ jobs: PrintJob[] }>(shop, owner, 'GET', `/print-jobs?refundId=${sale.refunds[0]!.id}`);
    expect(jobs.jobs.find((job) => job.kind === 'credit_note')).toMatchObject({ status: 'printed', openDrawer: false });
    await context.close();
  });

  it("prints the open shift's X report from the POS", async () => {
    const { context, page } = await atTheTill();
    await page.goto('/pos');
    const bar = page.getByTestId('pos-shift-bar');
    await bar.getByTestId('pos-shift-menu').click();
    await page.getByRole('menuitem', { name: 'รายงาน X' }).click();
    const dialog = page.getByTestId('shift-report-dialog');
    await dialog.getByTestId('shift-report-document').waitFor();
    const before = await printedSoFar();
    await dialog.getByTestId('shift-report-print').click();
    await dialog.getByTestId('print-status').getByText('พิมพ์แล้ว').waitFor({ timeout: 15_000 });
    await expectPrinted(before);
    const jobs = await api<{ jobs: PrintJob[] }>(shop, owner, 'GET', `/print-jobs?shiftId=${shift.id}`);
    expect(jobs.jobs[0]).toMatchObject({ kind: 'shift_report', status: 'printed', openDrawer: false });
    await look(page, 'print-x-report-printed');
    await context.close();
  });

  it('shows a printer that is off as failed, in view at 390 px, and prints again once it is back', async () => {
    const port = printer.port;
    await printer.close();
    for (const viewport of [undefined, MOBILE]) {
      const { context, page } = await atTheTill(viewport);
      const dialog = await openCreditNote(page, viewport !== undefined);
      await dialog.getByTestId('credit-note-print').click();
      const status = dialog.getByTestId('print-status');
      await status.getByTestId('print-failure').waitFor({ timeout: 15_000 });
      expect(await status.innerText()).toContain('พิมพ์ไม่สำเร็จ');
      expect(await status.innerText()).toContain('เชื่อมต่อเครื่องพิมพ์ไม่ได้');
      const again = status.getByRole('button', { name: 'พิมพ์อีกครั้ง' });
      await look(page, 'print-credit-note-failed');

      // The status and its button stay inside the dialog, and on the screen, at either width.
      const box = (await dialog.boundingBox())!;
      const size = page.viewportSize()!;
      for (const part of [status, again]) {
        const b = (await part.boundingBox())!;
        expect(b.x).toBeGreaterThanOrEqual(box.x);
        expect(b.x + b.width).toBeLessThanOrEqual(box.x + box.width + 0.5);
        expect(b.y).toBeGreaterThanOrEqual(box.y);
        expect(b.y + b.height).toBeLessThanOrEqual(Math.min(box.y + box.height, size.height) + 0.5);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);

      if (viewport !== undefined) {
        printer = await startFakePrinter(port);
        await again.click();
        await status.getByText('พิมพ์แล้ว').waitFor({ timeout: 15_000 });
        await expectPrinted(0);
      }
      await context.close();
    }
  });

  it('keeps an unsaved printer while another settings tab is shown; the printer form fits at 390 px', async () => {
    const { context, page } = await atTheTill(MOBILE);
    await page.goto('/settings?tab=printers');
    const tabs = page.getByRole('tablist', { name: 'หมวดการตั้งค่า' });
    const tab = page.getByTestId('printers-tab');
    await tab.getByRole('button', { name: 'เพิ่มเครื่องพิมพ์' }).click();
    const form = page.getByTestId('printer-form');
    await form.getByLabel('ชื่อเครื่องพิมพ์').fill('หลังร้าน');
    await form.getByLabel('ที่อยู่ IP').fill('192.168.1.60');
    await form.getByLabel('มีภาษาไทยในเครื่อง (code page)').check();
    expect(await form.getByLabel('หมายเลขชุดอักขระภาษาไทย (code page)').inputValue()).toBe('21');
    await look(page, 'settings-printer-form-narrow');
    // The port's hint stays on one line below its field, alone in a column (390) or beside the address (700).
    const hint = form.getByText('เครื่องส่วนใหญ่ใช้ 9100');
    const line = await hint.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
    for (const width of [MOBILE.width, 700]) {
      await page.setViewportSize({ width, height: MOBILE.height });
      expect((await hint.boundingBox())!.height).toBeLessThanOrEqual(line * 1.5);
    }
    await page.setViewportSize(MOBILE);

    await tabs.getByRole('tab', { name: 'ข้อมูลร้าน' }).click();
    await tab.waitFor({ state: 'hidden' });
    await tabs.getByRole('tab', { name: 'เครื่องพิมพ์' }).click();
    expect(await form.getByLabel('ชื่อเครื่องพิมพ์').inputValue()).toBe('หลังร้าน');
    expect(await form.getByLabel('ที่อยู่ IP').inputValue()).toBe('192.168.1.60');
    await context.close();
  });

  it('offers "open drawer" only while the till has an open shift', async () => {
    const { context, page } = await atTheTill();
    await page.goto('/pos');
    const bar = page.getByTestId('pos-shift-bar');
    await bar.getByTestId('pos-shift-status').waitFor();
    expect(await bar.getByTestId('pos-open-drawer').isVisible()).toBe(true);

    const { report } = await api<{ report: { cash: { expected: number } } }>(shop, owner, 'GET', `/shifts/${shift.id}`);
    await api(shop, owner, 'POST', `/shifts/${shift.id}/close`, { countedCash: report.cash.expected });
    await page.reload();
    await bar.getByTestId('pos-no-shift').waitFor();
    expect(await bar.getByTestId('pos-open-drawer').count()).toBe(0);
    await context.close();
  });

  it("prints the closed shift's Z report from the shift list", async () => {
    const { context, page } = await atTheTill(MOBILE);
    await page.goto('/shifts');
    await page
      .getByTestId(`shift-card-${shift.id}`)
      .getByRole('button', { name: /ดูรายงาน/ })
      .click();
    const detail = page.getByRole('dialog');
    const document = detail.getByTestId('shift-report-document');
    await document.waitFor();
    expect(await document.getAttribute('data-kind')).toBe('Z');
    const before = await printedSoFar();
    await detail.getByTestId('shift-report-print').click();
    await detail.getByTestId('print-status').getByText('พิมพ์แล้ว').waitFor({ timeout: 15_000 });
    await expectPrinted(before);
    await look(page, 'print-z-report-printed');
    await context.close();
  });

  it("keeps a VAT sale's receipt buttons (full invoice and both prints) inside the dialog", async () => {
    await registerForVat(shop);
    // A shift to sell in (the one of the tests above is closed by now).
    const current = await api<{ shift: Shift | null }>(shop, owner, 'GET', `/shifts/current?tillId=${till.id}`);
    if (!current.shift) await api(shop, owner, 'POST', '/shifts', { tillId: till.id, openingFloat: 500 });
    vatSale = await sellByApi(shop, owner, [{ product, quantity: 1 }], null, {
      tillId: till.id,
      cashReceived: 500,
    });
    for (const viewport of [undefined, MOBILE]) {
      const { context, page } = await atTheTill(viewport);
      await page.goto('/refund-history');
      const row = viewport
        ? page.getByRole('group', { name: new RegExp(vatSale.document_number) })
        : page.getByTestId(`sale-row-${vatSale.document_number}`);
      await row.getByRole('button', { name: 'ใบเสร็จ' }).click();
      const receipt = page.getByRole('dialog', { name: /ใบกำกับภาษีอย่างย่อ|ใบเสร็จรับเงิน/ });
      await receipt.getByTestId('receipt-full-tax-invoice').waitFor();
      const box = (await receipt.boundingBox())!;
      for (const button of await receipt.getByRole('button').all()) {
        const b = (await button.boundingBox())!;
        expect(b.x).toBeGreaterThanOrEqual(box.x);
        expect(b.x + b.width).toBeLessThanOrEqual(box.x + box.width + 0.5);
      }
      await look(page, 'print-receipt-vat');
      await context.close();
    }
  });

  it("prints a sale's full tax invoice on the roll at the till printer; A4 stays with the browser", async () => {
    await api(shop, owner, 'POST', `/sales/${vatSale.id}/tax-invoice`, {
      buyer: { name: 'บริษัท ผู้ซื้อ จำกัด', address: '1 ถนนสีลม กรุงเทพมหานคร 10500', taxId: '0105536112014', branch: '00000' },
    });
    const { context, page } = await atTheTill();
    await page.goto('/refund-history');
    await page.getByRole('button', { name: `จัดการ ${vatSale.document_number}` }).click();
    await page.locator('[role="menuitem"][data-action="full-tax-invoice"]').click();
    const dialog = page.getByTestId('tax-invoice-dialog');
    const print = dialog.getByTestId('tax-invoice-print-button');
    await print.waitFor();
    // A4 first: the browser prints it.
    expect(await print.getAttribute('data-print-to')).toBe('browser');
    await dialog.getByRole('button', { name: 'ม้วน 80 มม.' }).click();
    expect(await print.getAttribute('data-print-to')).toBe('till');
    const before = await printedSoFar();
    await print.click();
    await dialog.getByTestId('print-status').getByText('พิมพ์แล้ว').waitFor({ timeout: 15_000 });
    await expectPrinted(before);
    const jobs = await api<{ jobs: PrintJob[] }>(shop, owner, 'GET', `/print-jobs?saleId=${vatSale.id}`);
    expect(jobs.jobs[0]).toMatchObject({ kind: 'tax_invoice', status: 'printed', openDrawer: false });
    await look(page, 'print-tax-invoice-printed');
    await context.close();
  });
});
