import fs from 'node:fs';
import path from 'node:path';
import type { Customer, Product, Sale, TaxInvoice } from '@pos/core';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, createUser, registerForVat, sellByApi } from '../support/api';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { DESKTOP, MOBILE, SCREENSHOT_DIR, newPage, screenshot, settle, signIn, signInTo } from '../support/browser';
import { useShop } from '../support/shop';

/** Issue 36: full tax invoices (86/4) issued from the till and from the sales history, printed on A4 and 80 mm. */

const CASHIER = { username: 'kaew', password: 'kaew-pass-123', name: 'แก้ว แคชเชียร์', role: 'cashier' as const };
const OWNER = { username: 'pim', password: 'pim-pass-123', name: 'พิม เจ้าของร้าน', role: 'admin' as const };
const SHIRT = { name: 'เสื้อเชิ้ตลินิน', sku: 'LN-001', price: 535, stock: 50 };
const BUYER = {
  name: 'บริษัท ตัวอย่างการค้า จำกัด',
  address: '99/1 ถนนสุขุมวิท แขวงคลองเตย\nเขตคลองเตย กรุงเทพมหานคร 10110',
  taxId: '0105556123453',
};
/** A regular company buyer kept as a customer with its tax details. */
const COMPANY = {
  name: 'คุณวิชัย (บริษัท มั่นคง)',
  phone: '0891234567',
  address: '45/6 ถนนมิตรภาพ ขอนแก่น 40000',
  tax_name: 'บริษัท มั่นคงดี จำกัด',
  tax_id: '0105561122338',
  tax_branch: '00002',
};
const PX_PER_MM = 96 / 25.4;

/** The page sizes (mm) of a PDF, one a page. */
function pdfPages(pdf: Buffer): { width: number; height: number }[] {
  return [...pdf.toString('latin1').matchAll(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g)].map((m) => ({
    width: (Number(m[1]) * 25.4) / 72,
    height: (Number(m[2]) * 25.4) / 72,
  }));
}

/**
 * Prints the dialog's invoice (window.print stubbed) on its chosen paper and answers the printed root's boxes and
 * the PDF of the print layout (also saved beside the screenshots to look at).
 */
async function printInvoice(page: Page, dialog: Locator, name: string) {
  await page.evaluate(() => {
    window.print = () => undefined;
  });
  await dialog.getByRole('button', { name: 'พิมพ์', exact: true }).click();
  await page.emulateMedia({ media: 'print' });
  const root = page.getByTestId('tax-invoice-print');
  await root.waitFor({ state: 'visible' });
  const rootBox = (await root.boundingBox())!;
  const original =
    (await root
      .getByTestId('tax-invoice-page-original')
      .boundingBox()
      .catch(() => null)) ?? null;
  const table = await root.locator('table').first().boundingBox();
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  fs.writeFileSync(path.join(SCREENSHOT_DIR, `${name}.pdf`), pdf);
  await page.emulateMedia({ media: 'screen' });
  await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
  return {
    rootWidth: rootBox.width / PX_PER_MM,
    tableWidth: (table?.width ?? 0) / PX_PER_MM,
    originalHeight: original ? original.height / PX_PER_MM : null,
    pages: pdfPages(pdf),
    text: await root.evaluate((el) => el.textContent ?? ''),
  };
}

/** Moves focus with Tab (Shift+Tab when `back`) until the focused element's accessible text matches. */
async function tabTo(page: Page, pattern: RegExp, back = false): Promise<void> {
  for (let i = 0; i < 30; i++) {
    const text = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el) return '';
      const label = el.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent : null;
      return `${el.getAttribute('aria-label') ?? ''} ${label ?? ''} ${el.textContent ?? ''}`;
    });
    if (pattern.test(text)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`focus never reached ${pattern}`);
}

async function saleOf(shopUrl: string, token: string, id: number): Promise<Sale> {
  return (await api<{ sale: Sale }>({ url: shopUrl }, token, 'GET', `/sales/${id}`)).sale;
}

describe('full tax invoices', () => {
  const shop = useShop();
  let admin: string;
  let shirt: Product;
  let company: Customer;

  beforeAll(async () => {
    admin = await shop.adminToken();
    await registerForVat(shop, { taxRate: 7, pricesIncludeVat: true });
    await api(shop, admin, 'PUT', '/settings', {
      settings: {
        system: {
          storeName: 'ร้านลินินดี',
          address: '12 ถนนนิมมานเหมินท์ ตำบลสุเทพ อำเภอเมือง เชียงใหม่ 50200',
          phone: '053123456',
          branch: '00003',
          // ETDA's place codes, which e-Tax needs of the seller.
          addressBuildingNumber: '12',
          addressSubdistrict: '500108',
          addressDistrict: '5001',
          addressProvince: '50',
          postcode: '50200',
        },
      },
    });
    await createUser(shop.url, CASHIER);
    await createUser(shop.url, OWNER);
    ({ product: shirt } = await api<{ product: Product }>(shop, admin, 'POST', '/products', {
      ...SHIRT,
      category: 'เสื้อผ้า',
    }));
    ({ customer: company } = await api<{ customer: Customer }>(shop, admin, 'POST', '/customers', COMPANY));
  });

  it('issues one from the till by keyboard, then prints it on A4 (original, then the copy on page 2) and 80 mm', async () => {
    const { context, page } = await newPage(shop.browser, shop.url);
    await signIn(page, CASHIER.username, CASHIER.password, /\/pos$/);
    const search = page.getByRole('searchbox', { name: 'ค้นหาสินค้า' });
    await page.getByTestId(`pos-product-${SHIRT.sku}`).waitFor();
    await search.pressSequentially(SHIRT.sku, { delay: 5 });
    await search.press('Enter');
    await page.getByTestId(`cart-line-${SHIRT.sku}`).first().waitFor();
    // Keyboard only: Enter in the empty search box, Enter on cash, Enter for the exact amount.
    await search.press('Enter');
    const payment = page.getByRole('dialog', { name: 'เลือกวิธีการชำระเงิน' });
    await payment.waitFor();
    await page.waitForFunction(() => document.activeElement?.textContent?.includes('เงินสด'));
    await page.keyboard.press('Enter');
    await payment.getByLabel('รับเงินมา (บาท)').waitFor();
    await page.keyboard.press('Enter');
    const receipt = page.getByRole('dialog', { name: 'ใบเสร็จรับเงิน' });
    await receipt.waitFor();
    const number = /R\d{4}-\d{6}/.exec(await receipt.getByTestId('receipt-document').innerText())![0];

    // Beside print: the full tax invoice, reached with Shift+Tab from the print button.
    await tabTo(page, /^\s*ใบกำกับภาษีเต็มรูป\s*$/, true);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'ใบกำกับภาษีเต็มรูป' });
    await dialog.waitFor();
    await dialog.getByText(`ออกแทนใบกำกับภาษีอย่างย่อเลขที่ ${number}`).waitFor();
    // e-Tax is off: no e-mail asked for.
    expect(await dialog.getByLabel('อีเมลผู้ซื้อ').count()).toBe(0);
    for (const viewport of [MOBILE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await settle(page);
      await screenshot(page, 'tax-invoice-dialog-empty');
      await expectNoSeriousA11yViolations(page, `tax invoice dialog empty ${viewport.width}`);
    }

    // Enter with nothing typed: every required field says what it needs.
    await tabTo(page, /ชื่อผู้ซื้อ/);
    await page.keyboard.press('Enter');
    await dialog.getByText('กรุณากรอกชื่อผู้ซื้อ (บุคคลหรือบริษัท)').waitFor();
    await dialog.getByText('กรุณากรอกที่อยู่ของผู้ซื้อ').waitFor();
    await page.keyboard.type(BUYER.name);
    await page.keyboard.press('Tab');
    const [firstLine, secondLine] = BUYER.address.split('\n');
    await page.keyboard.type(firstLine!);
    // Enter in the address starts a new line; it does not issue.
    await page.keyboard.press('Enter');
    await page.keyboard.type(secondLine!);
    await page.keyboard.press('Tab');
    // A wrong check digit shows as soon as the field is left.
    await page.keyboard.type('0105556123457');
    await page.keyboard.press('Tab');
    const taxIdError = dialog.getByText('เลขประจำตัวผู้เสียภาษีไม่ถูกต้อง ต้องเป็นตัวเลข 13 หลักที่มีเลขตรวจสอบถูกต้อง');
    await taxIdError.waitFor();
    for (const viewport of [MOBILE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await settle(page);
      await screenshot(page, 'tax-invoice-dialog-errors');
      await expectNoSeriousA11yViolations(page, `tax invoice dialog errors ${viewport.width}`);
    }
    // Back to the field just left, which the resize kept focus beside.
    await dialog.getByLabel('เลขประจำตัวผู้เสียภาษี (13 หลัก)').focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(BUYER.taxId);
    await taxIdError.waitFor({ state: 'detached' });
    // Head office is chosen; the arrow key moves to สาขาที่ and the box for its number takes focus.
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowRight');
    const branch = dialog.getByLabel('เลขที่สาขา (5 หลัก)');
    await expect.poll(() => branch.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('00001');
    for (const viewport of [MOBILE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await settle(page);
      await screenshot(page, 'tax-invoice-dialog-filled');
    }
    await branch.focus();
    await page.keyboard.press('Enter');

    const issued = page.getByRole('dialog', { name: /^ใบกำกับภาษีเต็มรูป INV\d{4}-\d{6}$/ });
    await issued.waitFor();
    // A key that would be a scan at the till leaves the receipt and its invoice open while the invoice is in use.
    await page.keyboard.press('x');
    await settle(page);
    expect(await issued.isVisible()).toBe(true);
    const invoiceNumber = /INV\d{4}-\d{6}/.exec((await issued.getByRole('heading').first().innerText()) ?? '')![0];
    // The e-Tax files come from the server: the PDF/A-3 (in a new tab) and the ETDA XML (a download).
    const files = issued.getByRole('group', { name: 'ไฟล์ใบกำกับภาษีอิเล็กทรอนิกส์' });
    const pdf = page.waitForResponse((r) => r.url().endsWith('/pdf'));
    const pdfTab = context.waitForEvent('page');
    await files.getByRole('button', { name: 'PDF (e-Tax)' }).click();
    const pdfAnswer = await pdf;
    expect([pdfAnswer.status(), pdfAnswer.headers()['content-type']]).toEqual([200, 'application/pdf']);
    await (await pdfTab).close();
    const xml = page.waitForEvent('download');
    await files.getByRole('button', { name: 'XML (e-Tax)' }).click();
    expect((await xml).suggestedFilename()).toBe(`${invoiceNumber}.xml`);
    const preview = issued.getByTestId('tax-invoice-document');
    await preview.getByText('ใบเสร็จรับเงิน/ใบกำกับภาษี').first().waitFor();
    const previewText = await preview.innerText();
    for (const expected of [
      BUYER.name,
      `เลขประจำตัวผู้เสียภาษี ${BUYER.taxId} สาขาที่ 00001`,
      'สาขาที่ 00003',
      `ออกแทนใบกำกับภาษีอย่างย่อเลขที่ ${number}`,
      'มูลค่าสินค้าก่อนภาษี',
      'ภาษีมูลค่าเพิ่ม 7%',
      // ฿535 with 7 % VAT included: 500 + 35.
      '500.00',
      '35.00',
      '(ห้าร้อยสามสิบห้าบาทถ้วน)',
    ]) {
      expect(previewText, expected).toContain(expected);
    }
    await settle(page);
    await screenshot(page, 'tax-invoice-issued');
    await expectNoSeriousA11yViolations(page, 'tax invoice issued');

    // A4: a full-width document, the original on one page and the copy on the next.
    const a4 = await printInvoice(page, issued, 'tax-invoice-a4');
    expect(a4.pages).toHaveLength(2);
    for (const sheet of a4.pages) {
      expect(Math.round(sheet.width)).toBe(210);
      expect(Math.round(sheet.height)).toBe(297);
    }
    expect(a4.rootWidth).toBeGreaterThanOrEqual(179);
    expect(a4.tableWidth).toBeGreaterThanOrEqual(179);
    // The original fits its page between the 15 mm margins, so the break puts the copy at the top of page 2.
    expect(a4.originalHeight!).toBeLessThanOrEqual(267);
    expect(a4.text.indexOf('ต้นฉบับ')).toBeLessThan(a4.text.indexOf('สำเนา'));

    // 80 mm: the same fields in a narrow column on the roll.
    await issued.getByRole('button', { name: 'ม้วน 80 มม.', exact: true }).click();
    await issued.locator('[data-paper="roll"]').first().waitFor();
    const roll = await printInvoice(page, issued, 'tax-invoice-80mm');
    expect(roll.pages.length).toBeGreaterThanOrEqual(1);
    expect(Math.round(roll.pages[0]!.width)).toBe(80);
    expect(Math.round(roll.rootWidth)).toBe(80);
    for (const expected of ['ต้นฉบับ', 'สำเนา', BUYER.name, BUYER.taxId, 'จำนวนเงินรวมทั้งสิ้น', 'บาทถ้วน']) {
      expect(roll.text, expected).toContain(expected);
    }

    // Esc closes the invoice; the receipt names it now, and its reprint says it was replaced.
    await page.keyboard.press('Escape');
    await issued.waitFor({ state: 'detached' });
    await receipt.getByRole('button', { name: `ใบกำกับภาษีเต็มรูป ${invoiceNumber}` }).waitFor();
    await receipt.getByText(`ถูกแทนที่ด้วยใบกำกับภาษีเต็มรูปเลขที่ ${invoiceNumber}`).waitFor();

    const saleId = Number(
      (
        await shop.server.built.deps.db.kysely
          .selectFrom('sales')
          .select('id')
          .where('document_number', '=', number)
          .executeTakeFirstOrThrow()
      ).id,
    );
    const sale = await saleOf(shop.url, admin, saleId);
    expect(sale.tax_invoice_number).toBe(invoiceNumber);
    const { taxInvoice } = await api<{ taxInvoice: TaxInvoice }>(
      shop,
      admin,
      'GET',
      `/tax-invoices/${sale.tax_invoice_id}`,
    );
    expect(taxInvoice.buyer).toMatchObject({
      name: BUYER.name,
      address: BUYER.address,
      taxId: BUYER.taxId,
      branch: '00001',
    });
    await context.close();
  }, 180_000);

  it('issues one from the sales history by keyboard, a customer with saved tax details in one click', async () => {
    // Nothing listens at this port: the e-mail stays queued, and the form only needs e-Tax switched on.
    await api(shop, admin, 'PUT', '/settings', {
      settings: { etax: { enabled: true, smtpHost: '127.0.0.1', smtpPort: 9, senderAddress: 'shop@linendee.example' } },
    });
    const sale = await sellByApi(shop, admin, [{ product: shirt, quantity: 2 }]);
    const later = await sellByApi(shop, admin, [{ product: shirt, quantity: 1 }]);
    const { context, page } = await newPage(shop.browser, shop.url);
    await signInTo(page, OWNER.username, OWNER.password, '/refund-history');
    const row = page.getByTestId(`sale-row-${sale.document_number}`);
    await row.waitFor();

    // The row's menu by keyboard: focus, Enter, arrows to the item, Enter.
    await row.getByTestId('sale-actions-menu').focus();
    await page.keyboard.press('Enter');
    const item = page.getByRole('menuitem', { name: 'ออกใบกำกับภาษีเต็มรูป', exact: true });
    await item.waitFor();
    for (let i = 0; i < 6 && !(await item.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('ArrowDown');
    }
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'ใบกำกับภาษีเต็มรูป' });
    await dialog.waitFor();
    // With e-Tax on, the e-mail is asked for and says what it is for.
    await dialog.getByText('ใส่อีเมลเพื่อส่งใบกำกับภาษีอิเล็กทรอนิกส์ (e-Tax Invoice by Email) ให้ผู้ซื้อ').waitFor();

    // The search box has focus: type, Enter takes the first match and fills everything in.
    const pick = dialog.getByRole('searchbox', { name: 'ค้นหาลูกค้า' });
    await expect.poll(() => pick.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('วิชัย');
    await dialog.getByRole('button', { name: `ใช้ข้อมูลของ ${COMPANY.name}` }).waitFor();
    await dialog.getByText(`เลขผู้เสียภาษี ${COMPANY.tax_id}`).waitFor();
    await page.keyboard.press('Enter');
    await dialog.getByText(`กรอกจากข้อมูลของ ${COMPANY.name} แล้ว`).waitFor();
    expect(await dialog.getByLabel('ชื่อผู้ซื้อ (บุคคลหรือบริษัท)').inputValue()).toBe(COMPANY.tax_name);
    expect(await dialog.getByLabel('ที่อยู่').inputValue()).toBe(COMPANY.address);
    expect(await dialog.getByLabel('เลขประจำตัวผู้เสียภาษี (13 หลัก)').inputValue()).toBe(COMPANY.tax_id);
    expect(await dialog.getByRole('radio', { name: 'สาขาที่' }).isChecked()).toBe(true);
    expect(await dialog.getByLabel('เลขที่สาขา (5 หลัก)').inputValue()).toBe('00002');
    await dialog.getByRole('checkbox', { name: `บันทึกข้อมูลนี้ไว้กับลูกค้า ${COMPANY.name}` }).waitFor();
    for (const viewport of [MOBILE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await settle(page);
      await screenshot(page, 'tax-invoice-dialog-customer');
      await expectNoSeriousA11yViolations(page, `tax invoice dialog customer ${viewport.width}`);
    }
    // Enter in a one-line field issues it.
    await dialog.getByLabel('ชื่อผู้ซื้อ (บุคคลหรือบริษัท)').focus();
    await page.keyboard.press('Enter');
    const issued = page.getByRole('dialog', { name: /^ใบกำกับภาษีเต็มรูป INV\d{4}-\d{6}$/ });
    await issued.waitFor();
    await issued.getByTestId('tax-invoice-document').getByText(COMPANY.tax_name).waitFor();
    await page.keyboard.press('Escape');
    await issued.waitFor({ state: 'detached' });

    // The history names it; its menu offers the invoice to print instead of issuing another.
    const note = row.getByTestId('sale-full-tax-invoice');
    await note.waitFor();
    const invoiceNumber = /INV\d{4}-\d{6}/.exec(await note.innerText())![0];
    for (const viewport of [DESKTOP, MOBILE]) {
      await page.setViewportSize(viewport);
      const shown = page.getByTestId(`${viewport === MOBILE ? 'sale-card' : 'sale-row'}-${sale.document_number}`);
      await shown.getByTestId('sale-full-tax-invoice').waitFor();
      await settle(page);
      await screenshot(page, 'tax-invoice-history');
      await expectNoSeriousA11yViolations(page, `history with a full tax invoice ${viewport.width}`);
    }
    await page.setViewportSize(DESKTOP);
    await row.getByTestId('sale-actions-menu').click();
    await page.getByRole('menuitem', { name: `ใบกำกับภาษีเต็มรูป ${invoiceNumber}` }).click();
    const reopened = page.getByRole('dialog', { name: `ใบกำกับภาษีเต็มรูป ${invoiceNumber}` });
    await reopened.getByRole('button', { name: 'พิมพ์', exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await reopened.waitFor({ state: 'detached' });

    // Another till issued the later sale's invoice meanwhile: the refusal leads to that invoice.
    const laterRow = page.getByTestId(`sale-row-${later.document_number}`);
    await laterRow.getByTestId('sale-actions-menu').click();
    await page.getByRole('menuitem', { name: 'ออกใบกำกับภาษีเต็มรูป', exact: true }).click();
    const laterDialog = page.getByRole('dialog', { name: 'ใบกำกับภาษีเต็มรูป' });
    await laterDialog.waitFor();
    const { taxInvoice: elsewhere } = await api<{ taxInvoice: TaxInvoice }>(
      shop,
      admin,
      'POST',
      `/sales/${later.id}/tax-invoice`,
      { buyer: { name: BUYER.name, address: BUYER.address, taxId: BUYER.taxId, branch: '00000' } },
    );
    await laterDialog.getByLabel('ชื่อผู้ซื้อ (บุคคลหรือบริษัท)').fill('นายซ้ำ ซ้อน');
    await laterDialog.getByLabel('ที่อยู่').fill('1 ถนนใดก็ได้ กรุงเทพฯ 10200');
    await laterDialog.getByLabel('เลขประจำตัวผู้เสียภาษี (13 หลัก)').fill(BUYER.taxId);
    await laterDialog.getByLabel('เลขประจำตัวผู้เสียภาษี (13 หลัก)').press('Enter');
    const existing = page.getByRole('dialog', { name: `ใบกำกับภาษีเต็มรูป ${elsewhere.number}` });
    await existing.getByText(`รายการขายนี้ออกใบกำกับภาษีเต็มรูปไปแล้ว เลขที่ ${elsewhere.number}`, { exact: false }).waitFor();
    await existing.getByTestId('tax-invoice-document').getByText(BUYER.name).waitFor();
    await page.keyboard.press('Escape');
    await existing.waitFor({ state: 'detached' });

    // The details were kept on the customer: its card shows them.
    const kept = (await api<{ customer: Customer }>(shop, admin, 'GET', `/customers/${company.id}`)).customer;
    expect(kept).toMatchObject({ tax_name: COMPANY.tax_name, tax_id: COMPANY.tax_id, tax_branch: '00002' });
    await page.goto('/customers');
    const card = page.getByTestId(`customer-card-${COMPANY.phone}`);
    await card.getByTestId('customer-tax').getByText(`เลขประจำตัวผู้เสียภาษี ${COMPANY.tax_id} · สาขาที่ 00002`).waitFor();

    // A refund of the invoiced sale: its credit note refers to the full invoice and names the buyer's details.
    await api(shop, admin, 'POST', `/sales/${sale.id}/refund`, { reason: 'defective' });
    await page.goto('/refund-history');
    await row.getByTestId('sale-actions-menu').click();
    await page.getByRole('menuitem', { name: 'ใบลดหนี้/ใบคืนเงิน', exact: true }).click();
    const notes = page.getByRole('dialog', { name: 'ใบลดหนี้/ใบคืนเงิน' });
    const creditNote = notes.getByTestId('credit-note-document');
    await creditNote.getByText(`อ้างอิงใบกำกับภาษีเต็มรูปเลขที่ ${invoiceNumber}`, { exact: false }).waitFor();
    const noteText = await creditNote.innerText();
    expect(noteText).toContain(COMPANY.tax_name);
    expect(noteText).toContain(`เลขประจำตัวผู้เสียภาษี ${COMPANY.tax_id} สาขาที่ 00002`);
    // Its e-Tax XML (ETDA's credit note, 81) comes from the server, named by its number.
    const noteXml = page.waitForEvent('download');
    await notes
      .getByRole('group', { name: 'ไฟล์ใบกำกับภาษีอิเล็กทรอนิกส์' })
      .getByRole('button', { name: 'XML (e-Tax)' })
      .click();
    expect((await noteXml).suggestedFilename()).toMatch(/^CN.*\.xml$/);
    await expectNoSeriousA11yViolations(page, 'credit note of a full invoice');
    await context.close();
  }, 180_000);

  it('keeps tax details in the customer form, the seller branch and the e-Tax settings', async () => {
    const { context, page } = await newPage(shop.browser, shop.url);
    await signInTo(page, OWNER.username, OWNER.password, '/settings?tab=system');
    await page.getByRole('radio', { name: 'สาขาที่' }).waitFor();
    expect(await page.getByRole('radio', { name: 'สาขาที่' }).isChecked()).toBe(true);
    expect(await page.getByLabel('เลขที่สาขา (5 หลัก)').inputValue()).toBe('00003');
    await page.getByRole('radio', { name: 'สำนักงานใหญ่' }).check();
    await page.getByTestId('settings-save').click();
    await expect
      .poll(
        async () =>
          (await api<{ settings: { system: { branch: string } } }>(shop, admin, 'GET', '/settings')).settings.system
            .branch,
      )
      .toBe('00000');

    await page.goto('/settings?tab=etax');
    await page.getByLabel('เซิร์ฟเวอร์ SMTP ของร้าน').fill('smtp.linindee.example');
    await page.getByLabel('ชื่อผู้ใช้ SMTP').fill('shop@linindee.example');
    await page.getByLabel('อีเมลผู้ส่ง').fill('shop@linindee.example');
    // The password is never asked for: the tab says whether the server has it.
    await page
      .getByTestId('settings-etax-password')
      .getByText(/ETAX_SMTP_PASSWORD/)
      .waitFor();
    expect(await page.locator('input[type="password"]').count()).toBe(0);
    for (const viewport of [DESKTOP, MOBILE]) {
      await page.setViewportSize(viewport);
      await settle(page);
      await screenshot(page, 'tax-invoice-settings-etax');
      await expectNoSeriousA11yViolations(page, `e-Tax settings ${viewport.width}`);
    }
    await page.getByTestId('settings-save').click();
    await expect
      .poll(
        async () =>
          (await api<{ settings: { etax: { smtpHost: string } } }>(shop, admin, 'GET', '/settings')).settings.etax
            .smtpHost,
      )
      .toBe('smtp.linindee.example');

    // A customer's tax details: a wrong check digit is refused at the field, a right one kept.
    await page.setViewportSize(DESKTOP);
    await page.goto('/customers');
    const card = page.getByTestId(`customer-card-${COMPANY.phone}`);
    await card.getByRole('button', { name: 'แก้ไข' }).click();
    const edit = page.getByRole('dialog', { name: 'แก้ไขข้อมูลลูกค้า' });
    const taxId = edit.getByLabel('เลขประจำตัวผู้เสียภาษี (13 หลัก)');
    expect(await taxId.inputValue()).toBe(COMPANY.tax_id);
    await taxId.fill('0105561122339');
    await edit.getByRole('button', { name: 'บันทึกการแก้ไข' }).click();
    await edit.getByText('เลขประจำตัวผู้เสียภาษีไม่ถูกต้อง', { exact: false }).waitFor();
    await settle(page);
    await screenshot(page, 'tax-invoice-customer-form');
    await expectNoSeriousA11yViolations(page, 'customer form with tax details');
    await taxId.fill(BUYER.taxId);
    await edit.getByLabel('สาขา (5 หลัก)').fill('');
    await edit.getByRole('button', { name: 'บันทึกการแก้ไข' }).click();
    await edit.waitFor({ state: 'detached' });
    const kept = (await api<{ customer: Customer }>(shop, admin, 'GET', `/customers/${company.id}`)).customer;
    expect(kept).toMatchObject({ tax_id: BUYER.taxId, tax_branch: null });
    await card.getByTestId('customer-tax').getByText(`เลขประจำตัวผู้เสียภาษี ${BUYER.taxId} · สำนักงานใหญ่`).waitFor();
    await context.close();
  }, 120_000);
});
