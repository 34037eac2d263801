import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, createUser } from '../support/api';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { MOBILE, newPage, screenshot, signIn, signInTo } from '../support/browser';
import { makePng } from '../support/catalogue';
import { useShop } from '../support/shop';

const OWNER = { username: 'owner', password: 'owner-pass-123', name: 'เจ้าของร้าน', role: 'admin' as const };
const MANAGER = { username: 'manager', password: 'manager-pass-123', name: 'ผู้จัดการ', role: 'manager' as const };
const VIEWER = { username: 'viewer', password: 'viewer-pass-123', name: 'ผู้ดูข้อมูล', role: 'viewer' as const };
const SHIRT = { name: 'เสื้อเชิ้ตลายทาง', sku: 'SH-201', price: 250, stock: 10 };

async function seeToast(page: Page, text: string): Promise<void> {
  await page.locator('[data-sonner-toast]').getByText(text).first().waitFor();
}

async function openTab(page: Page, name: string): Promise<void> {
  await page.getByRole('tab', { name }).click();
  await page.getByRole('tab', { name, selected: true }).waitFor();
}

describe('settings screen', () => {
  const shop = useShop();

  beforeAll(async () => {
    const admin = await shop.adminToken();
    await api(shop, admin, 'POST', '/products', { ...SHIRT, category: 'เสื้อผ้า' });
    for (const user of [OWNER, MANAGER, VIEWER]) await createUser(shop.url, user);
  });

  it('saves the name and tax rate, uploads a logo, and the sidebar and the till follow without a reload', async () => {
    const { context, page } = await newPage(shop.browser, shop.url);
    await signIn(page, OWNER.username, OWNER.password, /\/dashboard$/);
    await page.getByRole('navigation', { name: 'เมนูหลัก' }).getByRole('link', { name: 'ตั้งค่า' }).click();
    await page.getByRole('heading', { name: 'ตั้งค่า', level: 1 }).waitFor();
    const nameBox = page.getByLabel('ชื่อร้าน');
    expect(await nameBox.inputValue()).toBe('Universal POS');
    // The first-run checklist: the VAT question is not answered yet, a product already exists.
    const checklist = page.getByTestId('setup-checklist');
    await checklist.getByRole('link', { name: /บอกว่าร้านจดทะเบียนภาษีมูลค่าเพิ่ม/ }).waitFor();
    await checklist.getByRole('link', { name: /เพิ่มสินค้าชิ้นแรก/ }).waitFor();
    await expectNoSeriousA11yViolations(page, 'settings, store tab');
    await screenshot(page, 'settings-store');

    // A page-lifetime marker: it survives only if nothing reloads the page.
    await page.evaluate(() => Object.assign(window, { __noReload: true }));

    // Store name and tax rate, then the header's save button.
    await nameBox.fill('ร้านแต่งตัวดี สาขาอีทูอี');
    await page.getByLabel('ที่อยู่').fill('99 ถนนสุขุมวิท กรุงเทพฯ');
    // Registered for VAT with its tax id, "7 %, prices include VAT" in one click: saved, and the open form takes it.
    const question = checklist.getByTestId('vat-question');
    await question.getByRole('button', { name: 'จดทะเบียน VAT แล้ว' }).click();
    await question.getByLabel('เลขประจำตัวผู้เสียภาษี').fill('0105561234560');
    await question.getByRole('button', { name: 'ใช้ VAT 7% ราคารวม VAT' }).click();
    await question.getByRole('button', { name: 'บันทึกข้อมูล VAT' }).click();
    await seeToast(page, 'บันทึกแล้ว: ร้านจดทะเบียน VAT');
    await question.waitFor({ state: 'detached' });
    await openTab(page, 'ระบบและภาษี');
    expect(await page.getByLabel('อัตราภาษี (%)').inputValue()).toBe('7');
    expect(await page.getByLabel('ราคาสินค้ารวม VAT แล้ว').isChecked()).toBe(true);
    // Back to tax on top, at 10 %.
    await page.getByLabel('ราคาสินค้ารวม VAT แล้ว').uncheck();
    await page.getByLabel('อัตราภาษี (%)').fill('abc');
    await page.getByTestId('settings-save').click();
    await page.getByText('อัตราภาษีต้องเป็นตัวเลข').waitFor();
    await page.getByLabel('อัตราภาษี (%)').fill('10');
    await page.getByTestId('settings-save').click();
    await seeToast(page, 'บันทึกการตั้งค่าสำเร็จ');
    const sidebar = page.locator('aside');
    await sidebar.getByText('ร้านแต่งตัวดี สาขาอีทูอี').waitFor();
    await checklist.getByRole('link', { name: /ตั้งชื่อร้านและที่อยู่/ }).waitFor();

    // Logo: uploaded at once, shown here and in the sidebar.
    await openTab(page, 'ข้อมูลร้าน');
    await page.getByTestId('settings-logo-input').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: makePng(200, 200),
    });
    await seeToast(page, 'อัปโหลดโลโก้สำเร็จ');
    const logo = page.getByTestId('settings-logo');
    await logo.waitFor();
    const logoSrc = await logo.getAttribute('src');
    expect(logoSrc).toMatch(/^\/uploads\/logo\//);
    await sidebar.locator(`img[src="${logoSrc}"]`).waitFor();
    // A save from this form (opened before the upload) keeps the new logo.
    await page.getByLabel('เบอร์โทร').fill('021234567');
    await page.getByTestId('settings-save').click();
    await seeToast(page, 'บันทึกการตั้งค่าสำเร็จ');
    expect(await page.getByTestId('settings-logo').getAttribute('src')).toBe(logoSrc);

    // Categories: Enter adds, delete removes.
    await openTab(page, 'หมวดหมู่');
    const newCategory = page.getByLabel('ชื่อหมวดหมู่ใหม่');
    await newCategory.fill('หมวกแฟชั่น');
    await newCategory.press('Enter');
    await page.getByTestId('settings-categories').getByText('หมวกแฟชั่น').waitFor();
    expect(await newCategory.inputValue()).toBe('');
    await page.getByRole('button', { name: 'ลบหมวดหมู่ หมวกแฟชั่น' }).click();
    await seeToast(page, 'ลบหมวดหมู่ "หมวกแฟชั่น" แล้ว');
    await page.getByTestId('settings-categories').getByText('หมวกแฟชั่น').waitFor({ state: 'detached' });

    // Barcode: a preset colour is kept in pos_barcode_settings and drawn in the preview.
    await openTab(page, 'บาร์โค้ด');
    await page.getByRole('button', { name: 'สี #991b1b' }).click();
    const stored = await page.evaluate(() => localStorage.getItem('pos_barcode_settings'));
    expect(JSON.parse(stored ?? '{}')).toMatchObject({ lineColor: '#991b1b' });
    await page
      .getByTestId('barcode-label')
      .locator('rect[style*="#991b1b"], rect[fill="#991b1b"], g[style*="#991b1b"], g[fill="#991b1b"]')
      .first()
      .waitFor({ state: 'attached' });
    await expectNoSeriousA11yViolations(page, 'settings, barcode tab');
    await screenshot(page, 'settings-barcode');

    // Payment: the PromptPay id shows only while PromptPay is on.
    await openTab(page, 'การชำระเงิน');
    expect(await page.getByLabel('หมายเลขพร้อมเพย์').count()).toBe(0);
    await page.getByLabel('รับพร้อมเพย์').check();
    await page.getByLabel('หมายเลขพร้อมเพย์').waitFor();
    // Card on a server without STRIPE_SECRET_KEY and with no pk_ key: both said plainly; the price id is explained.
    await page.getByLabel('รับบัตรเครดิต (Stripe)').check();
    const cardWarnings = page.getByRole('status', { name: 'สิ่งที่ต้องตั้งค่าก่อนรับบัตรเครดิต' });
    await cardWarnings.getByText(/เซิร์ฟเวอร์ยังไม่ได้ตั้งค่า Secret key \(STRIPE_SECRET_KEY\)/).waitFor();
    await cardWarnings.getByText(/ยังไม่มี Publishable key ที่ขึ้นต้นด้วย pk_/).waitFor();
    await page.getByText(/ระบบเรียกเก็บยอดตามบิลจริงทุกครั้ง/).waitFor();
    await expectNoSeriousA11yViolations(page, 'settings, payment tab with card warnings');
    await screenshot(page, 'settings-payment-card-warnings');
    await page.getByLabel('Publishable key').fill('pk_test_shop');
    await expect.poll(() => cardWarnings.getByText(/Publishable key/).count()).toBe(0);
    await page.getByLabel('รับบัตรเครดิต (Stripe)').uncheck();

    // LINE test: incomplete fields are caught before any call.
    await openTab(page, 'การแจ้งเตือน');
    await page.getByRole('button', { name: 'ทดสอบการแจ้งเตือน' }).click();
    await seeToast(page, 'ข้อมูลไม่ครบถ้วน กรุณากรอก Channel Access Token และ User ID ก่อน');
    await expectNoSeriousA11yViolations(page, 'settings, notifications tab');

    // The till follows the new tax rate (10 % on top) with no reload.
    await page
      .getByRole('navigation', { name: 'เมนูหลัก' })
      .getByRole('link', { name: /ขายสินค้า/ })
      .click();
    await page.getByTestId(`pos-product-${SHIRT.sku}`).click();
    const cart = page.getByRole('region', { name: 'ตะกร้าสินค้า' });
    await expect.poll(() => cart.getByTestId('pos-total').innerText()).toBe('฿275.00');
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
    await context.close();
  });

  it('fits 390 px for a manager, and stays closed to a viewer (no settings_view)', async () => {
    const { context, page } = await newPage(shop.browser, shop.url, MOBILE);
    await signInTo(page, MANAGER.username, MANAGER.password, '/settings?tab=payment');
    await page.getByRole('tab', { name: 'การชำระเงิน', selected: true }).waitFor();
    expect(await page.getByLabel('รับเงินสด').isDisabled()).toBe(false);
    await page.getByTestId('settings-save').waitFor();
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page, 'settings payment tab at 390 px');
    await screenshot(page, 'settings-payment');
    await page.getByLabel('รับบัตรเครดิต (Stripe)').check();
    await page.getByRole('status', { name: 'สิ่งที่ต้องตั้งค่าก่อนรับบัตรเครดิต' }).waitFor();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page, 'settings payment tab with card warnings at 390 px');
    await screenshot(page, 'settings-payment-card-warnings');
    await page.getByLabel('รับบัตรเครดิต (Stripe)').uncheck();
    await page.getByRole('tab', { name: 'บาร์โค้ด' }).click();
    await page.getByTestId('barcode-label').waitFor();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await screenshot(page, 'settings-barcode');
    await context.close();

    const viewer = await newPage(shop.browser, shop.url, MOBILE);
    await signInTo(viewer.page, VIEWER.username, VIEWER.password, '/settings');
    await viewer.page.getByText('ไม่มีสิทธิ์เข้าถึง').waitFor();
    expect(await viewer.page.getByLabel('ชื่อร้าน').count()).toBe(0);
    await viewer.context.close();
  });
});
