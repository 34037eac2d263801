import type { Sale } from '@pos/core';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, apiLogin, createUser } from '../support/api';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { DESKTOP, MOBILE, newPage, screenshot, settle, signIn } from '../support/browser';
import { saleAction } from '../support/sale-actions';
import { useShop } from '../support/shop';

const BOSS = { username: 'splitboss', password: 'split-pass-2569', name: 'เจ้าของร้าน', role: 'admin' as const };
const JACKET = { name: 'แจ็กเก็ตยีนส์', sku: 'JK-500', price: 500, stock: 10 };

/** Sales history's refund dialog of the sale numbered `documentNumber`. */
async function openRefund(page: Page, documentNumber: string, language: 'th' | 'en' = 'th') {
  await page.goto('/refund-history');
  // A table row at 1280, a card on a phone.
  const mobile = (page.viewportSize()?.width ?? 0) < 768;
  const row = page.getByTestId(`${mobile ? 'sale-card' : 'sale-row'}-${documentNumber}`);
  await (await saleAction(page, row, language === 'th' ? 'คืนเงิน' : 'Refund')).click();
  return page.getByRole('dialog', { name: language === 'th' ? 'ยืนยันการคืนเงิน' : 'Confirm refund' });
}

/** The till, the jacket in the cart, the payment dialog's split view open (535 due: 500 + 7 %). */
async function openSplit(page: Page, language: 'th' | 'en') {
  // Full-page screenshots of a QR code took over 10 s on a loaded 2-core machine.
  page.context().setDefaultTimeout(30_000);
  await signIn(page, BOSS.username, BOSS.password, /\/dashboard$/);
  if (language === 'en') await page.evaluate(() => localStorage.setItem('pos_locale', 'en'));
  return openSplitView(page, language);
}

/** `openSplit` for a signed-in page. */
async function openSplitView(page: Page, language: 'th' | 'en') {
  await page.goto('/pos');
  await page.getByTestId(`pos-product-${JACKET.sku}`).click();
  // On a phone the cart sits behind a button.
  if ((page.viewportSize()?.width ?? 0) < 1024) {
    await page.getByRole('button', { name: language === 'th' ? /เปิดตะกร้าสินค้า/ : /Open cart/ }).click();
  }
  await page.getByRole('button', { name: language === 'th' ? 'ชำระเงิน' : 'Pay', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: language === 'th' ? 'เลือกวิธีการชำระเงิน' : 'Choose a payment method' });
  await dialog.getByTestId('payment-amount-due').getByText('฿535.00').waitFor();
  await dialog.getByTestId('payment-split').click();
  await dialog.getByTestId('split-payment').waitFor();
  return dialog;
}

describe('split payment', () => {
  const shop = useShop({ fakeStripe: true });
  let token: string;

  beforeAll(async () => {
    const admin = await shop.adminToken();
    await createUser(shop.url, BOSS);
    token = await apiLogin(shop.url, BOSS.username, BOSS.password);
    await api(shop, admin, 'POST', '/products', { ...JACKET, category: 'เสื้อผ้า' });
    // VAT set explicitly (a fresh install's default may change): 7 % on top, with a tax id.
    await api(shop, admin, 'PUT', '/settings', {
      settings: {
        payment: {
          allowMultiplePaymentMethods: true,
          transferEnabled: true,
          promptpayEnabled: true,
          promptpayId: '0812345678',
          stripeEnabled: true,
          stripePublishableKey: 'pk_test_e2e',
        },
        system: {
          vatRegistered: true,
          taxRate: 7,
          pricesIncludeVat: false,
          taxId: '0105560123456',
          storeName: 'ร้านแบ่งจ่าย',
        },
      },
    });
  });

  it('sells for cash + transfer from the keyboard, refunds per part with amounts per part, and sells for cash + card through the card checkout', async () => {
    const { context, page } = await newPage(shop.browser, shop.url);
    const dialog = await openSplit(page, 'th');
    const cash = dialog.getByLabel('ยอดเงินสด');
    const transfer = dialog.getByLabel('ยอดโอนเงินผ่านธนาคาร');
    // The first amount has focus; the rest still due and the change follow what is typed.
    expect(await cash.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('240');
    expect(await dialog.getByTestId('split-remaining').innerText()).toBe('฿295.00');
    await transfer.fill('300');
    await dialog.getByLabel('เลขอ้างอิงการโอน').fill('SLIP-77');
    expect(await dialog.getByTestId('split-remaining').innerText()).toBe('฿0.00');
    expect(await dialog.getByTestId('split-change').innerText()).toBe('฿5.00');
    // Change beyond the cash handed over (it would come from the transfer) is refused before the server is asked.
    await transfer.fill('600');
    await dialog.getByText('ยอดชำระเกินยอดสุทธิ เงินทอนให้ได้จากส่วนที่จ่ายเป็นเงินสดเท่านั้น').waitFor();
    await transfer.fill('');
    await dialog.getByRole('button', { name: 'ใส่ยอดที่เหลือ เป็นโอนเงินผ่านธนาคาร' }).click();
    expect(await transfer.inputValue()).toBe('295');
    await transfer.fill('300');
    await settle(page);
    await screenshot(page, 'split-payment-th');
    await expectNoSeriousA11yViolations(page, 'split payment dialog');
    await cash.focus();
    await page.keyboard.press('Enter');

    const receipt = page.getByRole('dialog', { name: 'ใบเสร็จรับเงิน' });
    await receipt.waitFor();
    const parts = receipt.getByTestId('receipt-document').getByTestId('receipt-payment-part');
    await parts.first().waitFor();
    expect(await parts.allInnerTexts()).toEqual([
      expect.stringMatching(/เงินสด[\s\S]*235\.00/),
      expect.stringMatching(/โอนเงินผ่านธนาคาร \(SLIP-77\)[\s\S]*300\.00/),
    ]);
    expect(await receipt.getByTestId('receipt-summary-change').innerText()).toBe('฿5.00');
    await screenshot(page, 'split-payment-receipt');

    const { sales } = await api<{ sales: Sale[] }>(shop, token, 'GET', '/sales');
    const sale = sales[0]!;
    expect(sale.payment_method).toBe('split');
    expect(sale.payments.map((p) => [p.method, p.amount])).toEqual([
      ['cash', 235],
      ['transfer', 300],
    ]);

    // Refund: an amount per part, in proportion by default; amounts that do not add up are refused here.
    await page.keyboard.press('Escape');
    await page.goto('/refund-history');
    await page.getByTestId(`sale-row-${sale.document_number}`).getByText('เงินสด + โอนเงินผ่านธนาคาร').waitFor();
    const refund = await openRefund(page, sale.document_number);
    expect(await refund.getByLabel('คืนเงินทาง').inputValue()).toBe('split');
    const cashBack = refund.getByLabel(/^คืนทางเงินสด/);
    const transferBack = refund.getByLabel(/^คืนทางโอนเงินผ่านธนาคาร/);
    expect([await cashBack.inputValue(), await transferBack.inputValue()]).toEqual(['235', '300']);
    await refund.getByTestId('refund-parts').getByText('คืนได้อีก ฿235.00').waitFor();
    await cashBack.fill('200');
    const sum = refund.getByTestId('refund-parts-sum');
    await sum.getByText('ยอดคืนแต่ละวิธีรวมกันได้ ฿500.00 ยังขาดอีก ฿35.00 จึงจะเท่ากับยอดคืน ฿535.00').waitFor();
    await transferBack.fill('335');
    await refund.getByText('คืนทางโอนเงินผ่านธนาคารได้ไม่เกิน ฿300.00').waitFor();
    // Refused before the server is asked: the dialog stays, the first wrong field has focus.
    await refund.getByRole('button', { name: 'ยืนยันคืนเงิน' }).click();
    expect(await transferBack.evaluate((el) => el === document.activeElement)).toBe(true);
    await settle(page);
    await screenshot(page, 'split-refund-parts-error-th');
    await refund.getByRole('button', { name: 'แบ่งตามสัดส่วน' }).click();
    expect([await cashBack.inputValue(), await transferBack.inputValue()]).toEqual(['235', '300']);
    await sum.getByText('รวม ฿535.00 เท่ากับยอดคืน ฿535.00').waitFor();
    await settle(page);
    await screenshot(page, 'split-payment-refund');
    await expectNoSeriousA11yViolations(page, 'split refund dialog');
    await refund.getByRole('button', { name: 'ยืนยันคืนเงิน' }).click();
    await refund.waitFor({ state: 'detached' });
    const { sale: after } = await api<{ sale: Sale }>(shop, token, 'GET', `/sales/${sale.id}`);
    expect(after.status).toBe('refunded');
    expect(after.refunds[0]!.parts).toEqual([
      { method: 'cash', amount: 235 },
      { method: 'transfer', amount: 300 },
    ]);
    expect(after.payments.map((p) => p.refunded)).toEqual([235, 300]);

    // Cash + card: the card part is paid on Stripe's page, which charges that part only.
    const view = await openSplitView(page, 'th');
    await view.getByLabel('ยอดเงินสด').fill('120');
    await view.getByRole('button', { name: 'ใส่ยอดที่เหลือ เป็นบัตรเครดิต' }).click();
    expect(await view.getByLabel('ยอดบัตรเครดิต').inputValue()).toBe('415');
    await view.getByTestId('split-card-hint').waitFor();
    await settle(page);
    await screenshot(page, 'split-card-th');
    await expectNoSeriousA11yViolations(page, 'split payment with a card part');
    await view.getByRole('button', { name: 'ยืนยันและชำระส่วนบัตร' }).click();
    await page.waitForURL(/\/pay\/cs_test_/);
    expect(await page.locator('#amount').innerText()).toBe('415.00');
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.getByText('ชำระเงินผ่าน Stripe สำเร็จ! บันทึกการขายแล้ว').waitFor();
    const cardReceipt = page.getByRole('dialog', { name: 'ใบเสร็จรับเงิน' });
    const cardParts = cardReceipt.getByTestId('receipt-document').getByTestId('receipt-payment-part');
    await cardParts.first().waitFor();
    expect(await cardParts.allInnerTexts()).toEqual([
      expect.stringMatching(/เงินสด[\s\S]*120\.00/),
      expect.stringMatching(/บัตรเครดิต[\s\S]*415\.00/),
    ]);
    await settle(page);
    await screenshot(page, 'split-card-receipt');
    const { sales: afterCard } = await api<{ sales: Sale[] }>(shop, token, 'GET', '/sales');
    expect(afterCard[0]!.payments.map((p) => [p.method, p.amount])).toEqual([
      ['cash', 120],
      ['card', 415],
    ]);
    await page.keyboard.press('Escape');
    await context.close();
  }, 240_000);

  // A second test of the same server and browser (its own time limit on a loaded machine): the card
  // split sale the first one recorded.
  it('shows a card part and the refund part fields in both languages and widths, refunding the card part to the card', async () => {
    const { sales } = await api<{ sales: Sale[] }>(shop, token, 'GET', '/sales');
    const cardSale = sales.find((s) => s.payments.some((p) => p.method === 'card'))!;
    // The split view with a card part and the refund dialog's part fields at both widths, in Thai and
    // English, each checked with axe.
    for (const [language, viewport] of [
      ['th', MOBILE],
      ['en', DESKTOP],
      ['en', MOBILE],
    ] as const) {
      const shot = await newPage(shop.browser, shop.url, viewport);
      const view = await openSplit(shot.page, language);
      await view.getByLabel(language === 'th' ? 'ยอดเงินสด' : 'Cash amount').fill('240');
      await view.getByLabel(language === 'th' ? 'ยอดพร้อมเพย์' : 'PromptPay amount').fill('200');
      await view.getByLabel(language === 'th' ? 'ยอดบัตรเครดิต' : 'Credit card amount').fill('100');
      await view.getByTestId('split-card-hint').scrollIntoViewIfNeeded();
      await view.getByTestId('promptpay-qr').waitFor();
      await view.getByTestId('split-card-hint').waitFor();
      expect(await view.getByTestId('split-change').innerText()).toBe('฿5.00');
      await settle(shot.page);
      await screenshot(shot.page, `split-card-${language}`);
      await expectNoSeriousA11yViolations(shot.page, `split payment ${language} ${viewport.width}`);
      const dialog = await openRefund(shot.page, cardSale.document_number, language);
      await dialog.getByTestId('refund-parts').waitFor();
      await settle(shot.page);
      await screenshot(shot.page, `split-refund-parts-${language}`);
      await expectNoSeriousA11yViolations(shot.page, `split refund parts ${language} ${viewport.width}`);
      await shot.context.close();
    }

    // Its refund: the card part back through Stripe, exactly its amount, the cash part at the till.
    const last = await newPage(shop.browser, shop.url);
    await signIn(last.page, BOSS.username, BOSS.password, /\/dashboard$/);
    const cardRefund = await openRefund(last.page, cardSale.document_number);
    expect(await cardRefund.getByLabel(/^คืนทางบัตรเครดิต/).inputValue()).toBe('415');
    await settle(last.page);
    await screenshot(last.page, 'split-refund-parts-th');
    await cardRefund.getByRole('button', { name: 'ยืนยันคืนเงิน' }).click();
    await cardRefund.waitFor({ state: 'detached' });
    const session = [...shop.stripe.sessions.values()].find((s) => s.payment_status === 'paid')!;
    expect(shop.stripe.refundsOf(session.payment_intent!).map((r) => r.amount)).toEqual([41_500]);
    const { sale: refunded } = await api<{ sale: Sale }>(shop, token, 'GET', `/sales/${cardSale.id}`);
    expect(refunded.refunds[0]!.parts).toEqual([
      { method: 'cash', amount: 120 },
      { method: 'card', amount: 415 },
    ]);
    await last.context.close();
  }, 240_000);
});
