import { promptPayPayload, type Till } from '@pos/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, createUser } from '../support/api';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { DESKTOP, MOBILE, newPage, screenshot, settle, signIn } from '../support/browser';
import { useShop } from '../support/shop';

// The customer display (issue 37): /display on another device pairs with the till's code, then follows a sale
// from the first line through the PromptPay QR to the thank-you, and then a cash sale's change.

const CASHIER = { username: 'kaew', password: 'kaew-pass-123', name: 'แก้ว แคชเชียร์', role: 'cashier' as const };
const SHIRT = { name: 'เสื้อเชิ้ตลินิน', sku: 'LIN-01', price: 535, stock: 20 };
const TILL = 'เคาน์เตอร์หน้า';

describe('the customer display', () => {
  const shop = useShop();
  let till: Till;

  beforeAll(async () => {
    const admin = await shop.adminToken();
    await api(shop, admin, 'PUT', '/settings', {
      settings: {
        system: { storeName: 'ร้านลินินดี' },
        payment: { promptpayEnabled: true, promptpayId: '0812345678' },
      },
    });
    await api(shop, admin, 'POST', '/products', { ...SHIRT, category: 'เสื้อผ้า' });
    await createUser(shop.url, CASHIER);
    ({ till } = await api<{ till: Till }>(shop, admin, 'POST', '/tills', { name: TILL }));
    await api(shop, admin, 'POST', '/shifts', { tillId: till.id, openingFloat: 1000 });
  });

  it('pairs with the till by code and follows a sale to the QR and the thank-you', async () => {
    const cashier = await newPage(shop.browser, shop.url, DESKTOP);
    const { page } = cashier;
    await page.addInitScript((id) => localStorage.setItem('pos_till_id', id), String(till.id));
    await signIn(page, CASHIER.username, CASHIER.password, /\/pos$/);
    const bar = page.getByTestId('pos-shift-bar');
    await bar.getByText(`เครื่องนี้: ${TILL}`).waitFor();
    await bar.getByRole('button', { name: 'จอลูกค้า' }).click();
    const dialog = page.getByTestId('customer-display-dialog');
    const code = (await dialog.getByTestId('customer-display-code').innerText()).trim();
    expect(code).toMatch(/^\d{6}$/);
    await settle(page);
    await screenshot(page, 'customer-display-code');
    await expectNoSeriousA11yViolations(page, 'customer display code at the till');
    await dialog.getByRole('button', { name: 'ปิด', exact: true }).last().click();

    // The display: another browser, nobody signed in.
    const display = await newPage(shop.browser, shop.url, { width: 1280, height: 800 });
    const screen = display.page;
    await screen.goto('/display');
    await screen.getByRole('heading', { name: 'จับคู่จอกับเครื่องขาย' }).waitFor();
    await settle(screen);
    await screenshot(screen, 'customer-display-pair');
    await expectNoSeriousA11yViolations(screen, 'customer display pairing');
    await screen.getByLabel('รหัสจับคู่').fill('000000' === code ? '000001' : '000000');
    await screen.keyboard.press('Enter');
    await screen.getByText('รหัสจับคู่ไม่ถูกต้องหรือหมดอายุแล้ว', { exact: false }).waitFor();
    await screen.getByLabel('รหัสจับคู่').fill(code);
    await screen.keyboard.press('Enter');
    await screen.getByText('ยินดีต้อนรับ').waitFor();
    await screen.getByText(`เครื่องขาย ${TILL}`).waitFor();
    await settle(screen);
    await screenshot(screen, 'customer-display-idle');

    // A line at the till appears on the display with the total.
    await page.getByTestId(`pos-product-${SHIRT.sku}`).click();
    const lines = screen.getByTestId('display-lines');
    await lines.getByText(SHIRT.name).waitFor();
    await screen.getByTestId('display-total').getByText('฿535.00').waitFor();
    await settle(screen);
    await screenshot(screen, 'customer-display-cart');
    await expectNoSeriousA11yViolations(screen, 'customer display cart');

    // PromptPay chosen at the till: the display shows the QR for the amount (made by the server).
    await page.getByRole('region', { name: 'ตะกร้าสินค้า' }).getByRole('button', { name: 'ชำระเงิน' }).click();
    const payment = page.getByRole('dialog', { name: 'เลือกวิธีการชำระเงิน' });
    await payment.getByRole('button', { name: /PromptPay QR/ }).click();
    const qr = screen.getByRole('img', { name: 'QR พร้อมเพย์ยอด ฿535.00' });
    await qr.waitFor();
    expect(promptPayPayload('0812345678', 53_500)).toMatch(/5406535\.00/);
    await settle(screen);
    await screenshot(screen, 'customer-display-qr');
    await expectNoSeriousA11yViolations(screen, 'customer display QR');
    // The QR on the display fills its box without covering the total.
    const [qrBox, totalBox] = await Promise.all([qr.boundingBox(), screen.getByTestId('display-total').boundingBox()]);
    expect(qrBox!.y).toBeGreaterThanOrEqual(totalBox!.y + totalBox!.height);

    await payment.getByRole('button', { name: 'ยืนยันได้รับเงินแล้ว' }).click();
    await page.getByRole('dialog', { name: 'ใบเสร็จรับเงิน' }).waitFor();
    await screen.getByTestId('display-thanks').getByText('ขอบคุณที่ใช้บริการ').waitFor();
    await settle(screen);
    await screenshot(screen, 'customer-display-thanks');

    // A phone-sized display reads the same.
    await screen.setViewportSize(MOBILE);
    await settle(screen);
    await screenshot(screen, 'customer-display-thanks');
    await expectNoSeriousA11yViolations(screen, 'customer display thanks at 390');

    // The till unpairs it: the display asks for a code again.
    await page.keyboard.press('Escape');
    await screen.getByText('ยินดีต้อนรับ').waitFor();
    await bar.getByRole('button', { name: 'จอลูกค้า' }).click();
    await page.getByTestId('customer-display-dialog').getByRole('button', { name: 'ยกเลิกการจับคู่จอทั้งหมด' }).click();
    await screen.getByText('จอนี้ถูกยกเลิกการจับคู่แล้ว กรุณาจับคู่ใหม่').waitFor();
    await display.context.close();
    await cashier.context.close();
  }, 120_000);
});
