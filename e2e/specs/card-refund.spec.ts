import type { Product, Sale } from '@pos/core';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, apiLogin, createUser, registerForVat } from '../support/api';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { MOBILE, newPage, screenshot, settle, signInTo } from '../support/browser';
import { saleAction } from '../support/sale-actions';
import { useShop } from '../support/shop';

const OWNER = { username: 'malee', password: 'malee-pass-123', name: 'มาลี เจ้าของร้าน', role: 'admin' as const };
const SCARF = { name: 'ผ้าพันคอไหมไทย', sku: 'SC-410', price: 450, stock: 20 };

describe('refunding a card sale in sales history', () => {
  const shop = useShop({ fakeStripe: true });
  let token: string;
  let scarf: Product;

  beforeAll(async () => {
    // These tests are about a shop registered for VAT (3 % on top): a fresh install charges none.
    await registerForVat(shop);
    const admin = await shop.adminToken();
    await api(shop, admin, 'PUT', '/settings', {
      settings: { payment: { stripeEnabled: true, stripePublishableKey: 'pk_test_e2e' } },
    });
    ({ product: scarf } = await api<{ product: Product }>(shop, admin, 'POST', '/products', {
      ...SCARF,
      category: 'กระเป๋า',
    }));
    await createUser(shop.url, OWNER);
    token = await apiLogin(shop.url, OWNER.username, OWNER.password);
  });

  /** A card sale of `quantity` scarves, checked out, paid on the fake Stripe and confirmed. */
  async function cardSale(quantity: number): Promise<{ sale: Sale; paymentIntent: string }> {
    const subtotal = SCARF.price * quantity;
    const tax = Math.round(subtotal * 3) / 100;
    const res = await fetch(`${shop.url}/api/payments/stripe/checkout`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'idempotency-key': crypto.randomUUID(),
      },
      body: JSON.stringify({
        customerId: null,
        items: [{ productId: scarf.id, quantity, price: scarf.price }],
        subtotal,
        discount: 0,
        tax,
        total: subtotal + tax,
        paymentMethod: 'card',
      }),
    });
    expect(res.status).toBe(201);
    const { sessionId } = (await res.json()) as { sessionId: string };
    const session = shop.stripe.pay(sessionId);
    const paid = await api<{ sale: Sale }>(shop, token, 'POST', '/payments/stripe/confirm', { sessionId });
    return { sale: paid.sale, paymentIntent: session.payment_intent! };
  }

  async function openRefund(page: Page, sale: Sale, mobile: boolean) {
    const row = page.getByTestId(`${mobile ? 'sale-card' : 'sale-row'}-${sale.document_number}`);
    await (await saleAction(page, row, 'คืนเงิน')).click();
    return { row, dialog: page.getByRole('dialog', { name: 'ยืนยันการคืนเงิน' }) };
  }

  it('at 1280 px: back to the card by default, Stripe refusing is said, then refunded; cash needs a reason', async () => {
    const { sale, paymentIntent } = await cardSale(2);
    const { context, page } = await newPage(shop.browser, shop.url);
    await signInTo(page, OWNER.username, OWNER.password, '/refund-history');
    let { row, dialog } = await openRefund(page, sale, false);

    // A card sale's money goes back to the card unless changed.
    expect(await dialog.getByLabel('คืนเงินทาง').inputValue()).toBe('card');
    await dialog
      .getByTestId('refund-to-card-note')
      .getByText(/คืนเข้าบัตรที่ลูกค้าใช้ชำระผ่าน Stripe/)
      .waitFor();
    await settle(page);
    await screenshot(page, 'card-refund-dialog');
    await expectNoSeriousA11yViolations(page, 'card refund dialog');

    // Stripe refuses: the dialog says so and nothing is recorded.
    shop.stripe.refundFault = { status: 400, code: 'charge_disputed' };
    await dialog.getByRole('button', { name: 'ยืนยันคืนเงิน' }).click();
    await dialog
      .getByRole('alert')
      .getByText(/คืนเงินเข้าบัตรไม่สำเร็จ/)
      .waitFor();
    shop.stripe.refundFault = null;
    await settle(page);
    await screenshot(page, 'card-refund-failed');
    await expectNoSeriousA11yViolations(page, 'card refund dialog with the Stripe failure');
    expect(shop.stripe.refundsOf(paymentIntent)).toHaveLength(0);
    const { sale: untouched } = await api<{ sale: Sale }>(shop, token, 'GET', `/sales/${sale.id}`);
    expect(untouched.refunds).toHaveLength(0);

    // Choosing cash asks why the money does not go back to the card.
    await dialog.getByLabel('คืนเงินทาง').selectOption('cash');
    await dialog.getByText(/การคืนด้วยวิธีนี้จะไม่คืนเงินเข้าบัตร/).waitFor();
    await dialog.getByRole('button', { name: 'ยืนยันคืนเงิน' }).click();
    await dialog.getByText('กรุณาระบุเหตุผลที่ไม่คืนเข้าบัตร').waitFor();
    await settle(page);
    await screenshot(page, 'card-refund-cash-reason');
    await expectNoSeriousA11yViolations(page, 'card refund dialog asking why not to the card');

    // Back to the card after all: refunded through Stripe, for the whole sale in satang.
    await dialog.getByLabel('คืนเงินทาง').selectOption('card');
    await dialog.getByRole('button', { name: 'ยืนยันคืนเงิน' }).click();
    await dialog.waitFor({ state: 'detached' });
    const made = shop.stripe.refundsOf(paymentIntent);
    expect(made).toHaveLength(1);
    expect(made[0]!.amount).toBe(Math.round(sale.total * 100));
    await row.getByTestId('refund-stripe-id').getByText(`คืนเข้าบัตร · Stripe ${made[0]!.id}`).waitFor();

    // The credit note says the money went back to the card.
    await (await saleAction(page, row, 'ใบลดหนี้/ใบคืนเงิน')).click();
    const notes = page.getByRole('dialog', { name: 'ใบลดหนี้/ใบคืนเงิน' });
    const note = notes.getByTestId('credit-note-document');
    await note.getByText('คืนเข้าบัตรที่ใช้ชำระ (ผ่าน Stripe)').waitFor();
    await note.getByText(`เลขอ้างอิงการคืนเงิน: ${made[0]!.id}`).waitFor();
    await settle(page);
    await screenshot(page, 'card-refund-credit-note');
    await page.keyboard.press('Escape');
    await notes.waitFor({ state: 'detached' });

    // Another card sale paid back in cash, deliberately, with the reason.
    const other = await cardSale(1);
    await page.reload();
    ({ row, dialog } = await openRefund(page, other.sale, false));
    await dialog.getByLabel('คืนเงินทาง').selectOption('cash');
    await dialog.getByLabel('เหตุผลที่ไม่คืนเข้าบัตร').fill('บัตรของลูกค้าถูกยกเลิกแล้ว');
    await dialog.getByRole('button', { name: 'ยืนยันคืนเงิน' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row.getByText('ไม่คืนเข้าบัตร: บัตรของลูกค้าถูกยกเลิกแล้ว').waitFor();
    const { sale: inCash } = await api<{ sale: Sale }>(shop, token, 'GET', `/sales/${other.sale.id}`);
    expect(inCash.refunds.map((r) => [r.refund_method, r.off_card_reason, r.stripe_refund_id])).toEqual([
      ['cash', 'บัตรของลูกค้าถูกยกเลิกแล้ว', null],
    ]);
    expect(shop.stripe.refundsOf(other.paymentIntent)).toHaveLength(0);
    await context.close();
  }, 60_000);

  it('at 1280 px: editing a card sale refunds it to the card first', async () => {
    const { sale, paymentIntent } = await cardSale(1);
    const { context, page } = await newPage(shop.browser, shop.url);
    await signInTo(page, OWNER.username, OWNER.password, '/refund-history');
    await (await saleAction(page, page.getByTestId(`sale-row-${sale.document_number}`), 'แก้ไข')).click();
    const edit = page.getByRole('dialog', { name: 'แก้ไขรายการขาย' });
    expect(await edit.getByLabel('คืนเงินทาง').inputValue()).toBe('card');
    await edit.getByLabel('เหตุผลในการแก้ไข').selectOption({ label: 'เลือกสินค้าผิด' });
    await settle(page);
    await screenshot(page, 'card-refund-edit');
    await expectNoSeriousA11yViolations(page, 'edit dialog of a card sale');
    await edit.getByRole('button', { name: 'คืนเงินและไปหน้าขาย' }).click();
    await page.waitForURL(/\/pos$/);
    const made = shop.stripe.refundsOf(paymentIntent);
    expect(made).toHaveLength(1);
    const { sale: edited } = await api<{ sale: Sale }>(shop, token, 'GET', `/sales/${sale.id}`);
    expect(edited.refunds.map((r) => [r.reason, r.refund_method, r.stripe_refund_id])).toEqual([
      ['edit_sale', 'card', made[0]!.id],
    ]);
    await context.close();
  }, 60_000);

  it('at 390 px: the card refund dialog and its cash reason fit the phone', async () => {
    const { sale, paymentIntent } = await cardSale(1);
    const { context, page } = await newPage(shop.browser, shop.url, MOBILE);
    await signInTo(page, OWNER.username, OWNER.password, '/refund-history');
    const { row, dialog } = await openRefund(page, sale, true);
    expect(await dialog.getByLabel('คืนเงินทาง').inputValue()).toBe('card');
    await settle(page);
    await screenshot(page, 'card-refund-dialog');
    await expectNoSeriousA11yViolations(page, 'card refund dialog at 390 px');
    await dialog.getByLabel('คืนเงินทาง').selectOption('cash');
    await dialog.getByLabel('เหตุผลที่ไม่คืนเข้าบัตร').waitFor();
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await settle(page);
    await screenshot(page, 'card-refund-cash-reason');
    await expectNoSeriousA11yViolations(page, 'card refund dialog asking why not to the card at 390 px');
    await dialog.getByLabel('คืนเงินทาง').selectOption('card');
    await dialog.getByRole('button', { name: 'ยืนยันคืนเงิน' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row.getByTestId('refund-stripe-id').waitFor();
    expect(shop.stripe.refundsOf(paymentIntent)).toHaveLength(1);
    await context.close();
  }, 60_000);
});
