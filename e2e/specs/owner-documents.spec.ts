import type { Product, StoreSettings } from '@pos/core';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, createUser, sellByApi, TEST_TAX_ID } from '../support/api';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { DESKTOP, MOBILE, newPage, screenshot, settle, signIn, signInTo } from '../support/browser';
import { saleAction } from '../support/sale-actions';
import { useShop, type Shop } from '../support/shop';

/** Issue 31 items 1-3 and the checklist's PromptPay tick: what an owner prints and answers first. */

const OWNER = { username: 'pim', password: 'pim-pass-123', name: 'พิม เจ้าของร้าน', role: 'admin' as const };
const SHIRT = { name: 'เสื้อเชิ้ตลินิน', sku: 'LN-001', price: 500, stock: 50 };
const PX_PER_MM = 96 / 25.4;
const LOCALE_KEY = 'pos_locale';

async function storeSystem(shop: Shop, token: string): Promise<StoreSettings['system']> {
  return (await api<{ settings: StoreSettings }>(shop, token, 'GET', '/settings/store')).settings.system;
}

async function setLocale(page: Page, locale: 'th' | 'en'): Promise<void> {
  await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [LOCALE_KEY, locale]);
}

/** Opens the sales history with a sale's row (a card at phone width) in view. */
async function openHistory(page: Page, number: string): Promise<Locator> {
  await page.goto('/refund-history');
  const phone = (page.viewportSize()?.width ?? 0) < 768;
  const row = page.getByTestId(`${phone ? 'sale-card' : 'sale-row'}-${number}`);
  await row.waitFor();
  return row;
}

/** Where the text itself (not its cell) is drawn: the box of the contents of the element reading exactly `text`. */
async function textBox(scope: Locator, text: string) {
  return scope
    .getByText(text, { exact: true })
    .first()
    .evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      const box = range.getBoundingClientRect();
      return { x: box.x, width: box.width };
    });
}

/** Prints the dialog's document (window.print stubbed) and answers the printed root's and its table's widths. */
async function printedWidths(page: Page, dialog: Locator, table: string) {
  await page.evaluate(() => {
    window.print = () => undefined;
  });
  await dialog.getByRole('button', { name: /^(พิมพ์|Print)$/ }).click();
  await page.emulateMedia({ media: 'print' });
  const root = page.locator('.receipt-print-root');
  await root.waitFor({ state: 'visible' });
  const rootBox = await root.boundingBox();
  const tableBox = await root.locator(table).first().boundingBox();
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  const sizes = [...pdf.toString('latin1').matchAll(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g)].map((m) => ({
    width: (Number(m[1]) * 25.4) / 72,
    height: (Number(m[2]) * 25.4) / 72,
  }));
  await page.emulateMedia({ media: 'screen' });
  await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
  return { root: rootBox!.width / PX_PER_MM, table: tableBox!.width / PX_PER_MM, page: sizes[0]! };
}

describe('owner documents', () => {
  const shop = useShop();
  let admin: string;
  let shirt: Product;

  beforeAll(async () => {
    admin = await shop.adminToken();
    await createUser(shop.url, OWNER);
    ({ product: shirt } = await api<{ product: Product }>(shop, admin, 'POST', '/products', {
      ...SHIRT,
      category: 'เสื้อผ้า',
    }));
    await api(shop, admin, 'PUT', '/settings', {
      settings: { system: { storeName: 'ร้านลินินดี', address: '12 ถนนนิมมานเหมินท์ เชียงใหม่', phone: '053123456' } },
    });
  });

  it('asks first whether the shop is registered for VAT: no turns VAT off, yes needs the tax id', async () => {
    // A fresh install charges no VAT before anyone answered.
    expect(await storeSystem(shop, admin)).toMatchObject({ vatRegistered: null, vatApplies: false, taxRate: 3 });
    const { context, page } = await newPage(shop.browser, shop.url);
    await signInTo(page, OWNER.username, OWNER.password, '/settings');
    const checklist = page.getByTestId('setup-checklist');
    const question = checklist.getByTestId('vat-question');
    await question.getByText('ร้านจดทะเบียนภาษีมูลค่าเพิ่ม (VAT) แล้วหรือยัง?').waitFor();
    // The VAT question comes first.
    expect(await checklist.getByRole('listitem').first().getByTestId('vat-question').count()).toBe(1);
    // PromptPay switched on without its number does not tick the payment step.
    await api(shop, admin, 'PUT', '/settings', { settings: { payment: { promptpayEnabled: true } } });
    await page.reload();
    await question.waitFor();
    const payment = checklist.getByRole('link', { name: /เลือกวิธีชำระเงินและกรอกพร้อมเพย์/ });
    expect(await payment.innerText()).not.toMatch(/^เสร็จแล้ว/);
    expect(await payment.locator('.sr-only').innerText()).toContain('ยังไม่ได้ทำ');

    // "No": VAT off, saved at once.
    await question.getByRole('button', { name: 'ยังไม่ได้จดทะเบียน (ไม่คิด VAT)' }).click();
    await question.waitFor({ state: 'detached' });
    expect(await storeSystem(shop, admin)).toMatchObject({ vatRegistered: false, vatApplies: false });

    // Undecided again, then "yes": the rate and mode offered with the spec's 3 % on top, the tax id required.
    await api(shop, admin, 'PUT', '/settings', { settings: { system: { vatRegistered: null } } });
    for (const viewport of [DESKTOP, MOBILE]) {
      for (const locale of ['th', 'en'] as const) {
        await page.setViewportSize(viewport);
        await setLocale(page, locale);
        await page.reload();
        await question.waitFor();
        await question.getByRole('button', { name: /^(จดทะเบียน VAT แล้ว|Registered for VAT)$/ }).click();
        await question.getByRole('textbox', { name: /^(เลขประจำตัวผู้เสียภาษี|Tax ID)$/ }).waitFor();
        await settle(page);
        await screenshot(page, `owner-documents-vat-question-${locale}`);
        await expectNoSeriousA11yViolations(page, `vat question ${locale} ${viewport.width}`);
      }
    }
    await setLocale(page, 'th');
    await page.setViewportSize(DESKTOP);
    await page.reload();
    await question.getByRole('button', { name: 'จดทะเบียน VAT แล้ว' }).click();
    expect(await question.getByLabel('อัตราภาษี (%)').inputValue()).toBe('3');
    expect(await question.getByLabel('ราคาสินค้ารวม VAT แล้ว').isChecked()).toBe(false);
    await question.getByRole('button', { name: 'บันทึกข้อมูล VAT' }).click();
    await question.getByText('ร้านที่จดทะเบียนภาษีมูลค่าเพิ่มต้องกรอกเลขประจำตัวผู้เสียภาษี 13 หลัก').waitFor();
    expect((await storeSystem(shop, admin)).vatRegistered).toBeNull();
    await question.getByLabel('เลขประจำตัวผู้เสียภาษี').fill(TEST_TAX_ID);
    await question.getByRole('button', { name: 'บันทึกข้อมูล VAT' }).click();
    await question.waitFor({ state: 'detached' });
    expect(await storeSystem(shop, admin)).toMatchObject({
      vatRegistered: true,
      vatApplies: true,
      taxId: TEST_TAX_ID,
      taxRate: 3,
      pricesIncludeVat: false,
    });
    await checklist.getByRole('link', { name: /เสร็จแล้ว: บอกว่าร้านจดทะเบียนภาษีมูลค่าเพิ่ม/ }).waitFor();
    await context.close();
  }, 120_000);

  it('prints Thai, Buddhist-era documents from an English screen, on the 80 mm roll and a real A4 page', async () => {
    await api(shop, admin, 'PUT', '/settings', { settings: { system: { vatRegistered: true, taxId: TEST_TAX_ID } } });
    const vatSale = await sellByApi(shop, admin, [{ product: shirt, quantity: 1 }]);
    expect(vatSale).toMatchObject({ tax: 15, total: 515, tax_rate: 3 });
    const { context, page } = await newPage(shop.browser, shop.url);
    await signIn(page, OWNER.username, OWNER.password, /\/dashboard$/);
    await setLocale(page, 'en');
    const row = await openHistory(page, vatSale.document_number);
    await row.getByRole('button', { name: 'Receipt', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Receipt' });
    const doc = dialog.getByTestId('receipt-document');
    await doc.getByText(vatSale.document_number).first().waitFor();
    const text = await doc.innerText();
    expect(text).toContain('ใบกำกับภาษีอย่างย่อ/ใบเสร็จรับเงิน');
    expect(text).toMatch(/\d{1,2} [ก-๙.]+ 25\d\d/);
    expect(text).not.toMatch(/Short tax invoice|Receipt|Nov|2026/);
    expect(await doc.getAttribute('lang')).toBe('th');
    // The dialog around it speaks the screen's language.
    await dialog.getByRole('button', { name: 'Print', exact: true }).waitFor();
    await settle(page);
    await screenshot(page, 'owner-documents-receipt-en');
    await expectNoSeriousA11yViolations(page, 'receipt from an English screen');

    // The roll: an 80 mm page. A4: the document fills the page between its margins, not a slip column.
    const roll = await printedWidths(page, dialog, 'table');
    expect(Math.round(roll.root)).toBe(80);
    expect(Math.round(roll.page.width)).toBe(80);
    await dialog.getByRole('button', { name: 'A4', exact: true }).click();
    const preview = dialog.getByTestId('receipt-document');
    expect(await preview.getAttribute('data-paper')).toBe('a4');
    await preview.getByTestId('a4-signatures').waitFor();
    await settle(page);
    await screenshot(page, 'owner-documents-receipt-a4-preview-en');
    const a4 = await printedWidths(page, dialog, '[data-testid="a4-lines"]');
    expect(Math.round(a4.page.width)).toBe(210);
    expect(Math.round(a4.page.height)).toBe(297);
    expect(a4.root).toBeGreaterThanOrEqual(179);
    expect(a4.table).toBeGreaterThanOrEqual(179);
    await page.emulateMedia({ media: 'print' });
    await page.evaluate(() => document.body.classList.add('receipt-printing'));
    await screenshot(page, 'owner-documents-receipt-a4-print');
    await page.evaluate(() => document.body.classList.remove('receipt-printing'));
    await page.emulateMedia({ media: 'screen' });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // A shop not registered, without a tax id: ใบเสร็จรับเงิน, no VAT line, no tax-invoice copy.
    await api(shop, admin, 'PUT', '/settings', { settings: { system: { vatRegistered: false, taxId: '' } } });
    const plainSale = await sellByApi(shop, admin, [{ product: shirt, quantity: 1 }]);
    expect(plainSale).toMatchObject({ tax: 0, total: 500, tax_rate: 0 });
    await setLocale(page, 'th');
    for (const sale of [plainSale, vatSale]) {
      const plainRow = await openHistory(page, sale.document_number);
      await plainRow.getByRole('button', { name: 'ใบเสร็จ', exact: true }).click();
      const receipt = page.getByRole('dialog', { name: 'ใบเสร็จรับเงิน' });
      const plain = receipt.getByTestId('receipt-document');
      await plain.getByText(sale.document_number).first().waitFor();
      await plain.getByRole('heading', { name: 'ใบเสร็จรับเงิน', exact: true }).waitFor();
      const plainText = await plain.innerText();
      expect(plainText).not.toContain('ใบกำกับภาษี');
      expect(plainText).not.toContain('ภาษีมูลค่าเพิ่ม');
      expect(plainText).not.toContain('เลขประจำตัวผู้เสียภาษี');
      expect(await receipt.getByRole('button', { name: 'สำเนาใบกำกับภาษี' }).count()).toBe(0);
      if (sale === plainSale) {
        for (const viewport of [MOBILE, DESKTOP]) {
          await page.setViewportSize(viewport);
          await settle(page);
          await screenshot(page, 'owner-documents-plain-receipt');
        }
        await expectNoSeriousA11yViolations(page, 'plain receipt');
      }
      await page.keyboard.press('Escape');
      await receipt.waitFor({ state: 'detached' });
    }
    await context.close();
  }, 120_000);

  it('prints the credit note on the roll and on A4, its quantity and amount headings apart', async () => {
    await api(shop, admin, 'PUT', '/settings', { settings: { system: { vatRegistered: true, taxId: TEST_TAX_ID } } });
    const sale = await sellByApi(shop, admin, [{ product: shirt, quantity: 1 }]);
    await api(shop, admin, 'POST', `/sales/${sale.id}/refund`, { reason: 'defective' });
    const { context, page } = await newPage(shop.browser, shop.url);
    await signIn(page, OWNER.username, OWNER.password, /\/dashboard$/);
    for (const viewport of [DESKTOP, MOBILE]) {
      for (const locale of ['th', 'en'] as const) {
        await page.setViewportSize(viewport);
        await setLocale(page, locale);
        const row = await openHistory(page, sale.document_number);
        await (await saleAction(page, row, locale === 'th' ? 'ใบลดหนี้/ใบคืนเงิน' : 'Credit / refund notes')).click();
        const dialog = page.getByRole('dialog', { name: /^(ใบลดหนี้\/ใบคืนเงิน|Credit \/ refund notes)$/ });
        const note = dialog.getByTestId('credit-note-document');
        await note.getByRole('heading', { name: 'ใบลดหนี้', exact: true }).waitFor();
        expect(await note.innerText()).not.toMatch(/Credit note|Reason|2026/);

        // "จำนวน" and "จำนวนเงิน" with a clear gap between them.
        const quantity = await textBox(note, 'จำนวน');
        const amount = await textBox(note, 'จำนวนเงิน');
        expect(amount.x - (quantity.x + quantity.width)).toBeGreaterThanOrEqual(8);
        await settle(page);
        await screenshot(page, `owner-documents-credit-note-${locale}`);
        await expectNoSeriousA11yViolations(page, `credit note ${locale} ${viewport.width}`);

        if (viewport === DESKTOP && locale === 'th') {
          const roll = await printedWidths(page, dialog, 'table');
          expect(Math.round(roll.page.width)).toBe(80);
          await dialog.getByRole('button', { name: 'A4', exact: true }).click();
          await dialog.getByTestId('credit-note-document').getByTestId('a4-signatures').waitFor();
          await settle(page);
          await screenshot(page, 'owner-documents-credit-note-a4-preview');
          const a4 = await printedWidths(page, dialog, '[data-testid="a4-lines"]');
          expect(Math.round(a4.page.width)).toBe(210);
          expect(a4.table).toBeGreaterThanOrEqual(179);
          await page.emulateMedia({ media: 'print' });
          await page.evaluate(() => document.body.classList.add('receipt-printing'));
          await screenshot(page, 'owner-documents-credit-note-a4-print');
          await page.evaluate(() => document.body.classList.remove('receipt-printing'));
          await page.emulateMedia({ media: 'screen' });
        }
      }
    }
    await context.close();
  }, 120_000);
});
