import type { Customer, Product } from '@pos/core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSmtp, type FakeSmtp } from '../../packages/server/test/helpers/fake-smtp';
import { api, createUser, registerForVat, sellByApi } from '../support/api';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { DESKTOP, MOBILE, newPage, screenshot, settle, signInTo } from '../support/browser';
import { useShop } from '../support/shop';

/**
 * Issue 36: a sale's e-Receipt (ETDA T01 ใบเสร็จรับเงิน) e-mailed from the receipt dialog of the sales history, by
 * keyboard, through the shop's SMTP server (a fake one here) to the customer with ETDA's time-stamp address in copy.
 */

const SMTP_PASSWORD = 'e2e-smtp-password';
const OWNER = { username: 'pim', password: 'pim-pass-123', name: 'พิม เจ้าของร้าน', role: 'admin' as const };
const SHIRT = { name: 'เสื้อเชิ้ตลินิน', sku: 'LN-001', price: 535, stock: 50 };
const CUSTOMER = { name: 'คุณสมหญิง ใจงาม', phone: '0891112222', email: 'somying@example.com' };

/** Moves focus with Tab (Shift+Tab when `back`) until the focused element's text matches. */
async function tabTo(page: Page, pattern: RegExp, back = false): Promise<void> {
  for (let i = 0; i < 30; i++) {
    const text = await page.evaluate(() => document.activeElement?.textContent ?? '');
    if (pattern.test(text)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`focus never reached ${pattern}`);
}

describe('the e-Receipt by e-mail', () => {
  const shop = useShop({ env: { ETAX_SMTP_PASSWORD: SMTP_PASSWORD } });
  let smtp: FakeSmtp;
  let admin: string;
  let shirt: Product;
  let customer: Customer;

  beforeAll(async () => {
    smtp = await startFakeSmtp();
    smtp.password = SMTP_PASSWORD;
    admin = await shop.adminToken();
    await registerForVat(shop, { taxRate: 7, pricesIncludeVat: true });
    await api(shop, admin, 'PUT', '/settings', {
      settings: {
        system: {
          storeName: 'ร้านลินินดี',
          address: '12 ถนนนิมมานเหมินท์ ตำบลสุเทพ อำเภอเมือง เชียงใหม่ 50200',
          addressBuildingNumber: '12',
          addressSubdistrict: '500108',
          addressDistrict: '5001',
          addressProvince: '50',
          postcode: '50200',
        },
        etax: {
          enabled: true,
          smtpHost: smtp.host,
          smtpPort: smtp.port,
          smtpUser: smtp.user,
          senderAddress: 'shop@linendee.example',
        },
      },
    });
    await createUser(shop.url, OWNER);
    ({ product: shirt } = await api<{ product: Product }>(shop, admin, 'POST', '/products', {
      ...SHIRT,
      category: 'เสื้อผ้า',
    }));
    ({ customer } = await api<{ customer: Customer }>(shop, admin, 'POST', '/customers', CUSTOMER));
  });
  afterAll(() => smtp?.close());

  it('sends a sale’s receipt from the history by keyboard, to the customer’s e-mail, and shows it sent', async () => {
    const sale = await sellByApi(shop, admin, [{ product: shirt, quantity: 2 }], customer.id);
    const { context, page } = await newPage(shop.browser, shop.url);
    await signInTo(page, OWNER.username, OWNER.password, '/refund-history');
    const row = page.getByTestId(`sale-row-${sale.document_number}`);
    await row.waitFor();
    await row.getByRole('button', { name: 'ใบเสร็จ', exact: true }).focus();
    await page.keyboard.press('Enter');
    const receipt = page.getByRole('dialog', { name: 'ใบเสร็จรับเงิน' });
    await receipt.waitFor();
    const button = receipt.getByRole('button', { name: 'ส่งใบเสร็จทางอีเมล (e-Receipt)' });
    await button.waitFor();
    for (const viewport of [MOBILE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await settle(page);
      // A row of its own inside the dialog, its words on one line, the print button's line left as it was.
      const dialogBox = (await receipt.boundingBox())!;
      const buttonBox = (await button.boundingBox())!;
      expect(buttonBox.x).toBeGreaterThanOrEqual(dialogBox.x);
      expect(buttonBox.x + buttonBox.width).toBeLessThanOrEqual(dialogBox.x + dialogBox.width + 0.5);
      expect(buttonBox.height).toBeLessThanOrEqual(48);
      for (const name of ['ใบกำกับภาษีเต็มรูป', 'พิมพ์']) {
        const other = (await receipt.getByRole('button', { name, exact: true }).boundingBox())!;
        expect(other.height, name).toBeLessThanOrEqual(48);
        expect(other.y, name).toBeGreaterThan(buttonBox.y);
      }
      await screenshot(page, 'e-receipt-receipt-dialog');
      await expectNoSeriousA11yViolations(page, `receipt dialog with e-Receipt ${viewport.width}`);
    }

    // Keyboard: from print (focused), Shift+Tab back to the e-Receipt button, Enter.
    await receipt.getByRole('button', { name: 'พิมพ์', exact: true }).focus();
    await tabTo(page, /ส่งใบเสร็จทางอีเมล/, true);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'ส่งใบเสร็จทางอีเมล (e-Receipt)' });
    await dialog.waitFor();
    const field = dialog.getByLabel('อีเมลผู้รับ');
    // Filled with the customer's e-mail, the field has focus.
    await expect.poll(() => field.inputValue()).toBe(CUSTOMER.email);
    await dialog.getByText(`ใช้อีเมลของลูกค้า ${CUSTOMER.name}`).waitFor();
    expect(await field.evaluate((el) => el === document.activeElement)).toBe(true);

    // A wrong address is refused in Thai before anything is sent.
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('somying@');
    await page.keyboard.press('Enter');
    await dialog.getByText('รูปแบบอีเมลไม่ถูกต้อง').waitFor();
    for (const viewport of [MOBILE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await settle(page);
      await screenshot(page, 'e-receipt-dialog-error');
      await expectNoSeriousA11yViolations(page, `e-Receipt dialog error ${viewport.width}`);
    }
    expect(smtp.received).toHaveLength(0);

    await field.focus();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(CUSTOMER.email);
    await page.keyboard.press('Enter');
    const status = dialog.getByTestId('e-receipt-status');
    // Queued, then sent by the server's worker (woken at once); the dialog reads its state again meanwhile.
    await status.getByText(new RegExp(`(จะส่งไปที่|ส่งไปที่) ${CUSTOMER.email}`)).waitFor();
    await status.getByText(`ส่งไปที่ ${CUSTOMER.email} แล้ว`).waitFor({ timeout: 20_000 });
    await dialog.getByRole('button', { name: 'ส่งอีกครั้ง' }).waitFor();
    for (const viewport of [MOBILE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await settle(page);
      await screenshot(page, 'e-receipt-dialog-sent');
      await expectNoSeriousA11yViolations(page, `e-Receipt dialog sent ${viewport.width}`);
    }

    // The message arrived: to the customer, ETDA in copy, the PDF/A-3 and the receipt's XML attached.
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.envelopeTo.sort()).toEqual(['csemail@etda.or.th', CUSTOMER.email]);
    expect(mail.parsed.subject).toBe(`ใบเสร็จรับเงิน เลขที่ ${sale.document_number} จาก ร้านลินินดี`);
    expect(mail.parsed.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      [`${sale.document_number}.pdf`, 'application/pdf'],
      [`${sale.document_number}.xml`, 'application/xml'],
    ]);
    const xml = mail.parsed.attachments[1]!.content.toString('utf8');
    expect(xml).toContain('<ram:TypeCode>T01</ram:TypeCode>');
    expect(xml).toContain(`<ram:Name>${CUSTOMER.name}</ram:Name>`);

    // Esc closes it, back to the receipt.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await receipt.waitFor();
    await context.close();
  }, 120_000);
});
