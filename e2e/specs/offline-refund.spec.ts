import type { Product, Sale, Shift, Till } from '@pos/core';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, apiLogin, createUser, sellByApi } from '../support/api';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { DESKTOP, expectNotCoveredByToasts, MOBILE, newPage, screenshot, settle, signIn } from '../support/browser';
import { untilControlled, waitForOfflineCache } from '../support/offline';
import { useShop } from '../support/shop';

/**
 * Refunds while the network is down (issue 38): the till keeps its recent sales; offline, the sales history shows
 * them (saying so), and a refund of one (a sale read while online, or one the till made offline and has not sent)
 * is made on the device with a credit note number from the till's own block. Back online, the sale goes first,
 * then the refunds, each recorded once under the number printed, the stock back.
 */

const OWNER = { username: 'pim', password: 'pim-pass-123', name: 'พิมพ์ เจ้าของร้าน', role: 'admin' as const };
const SHIRT = { name: 'เสื้อเชิ้ตลินิน', sku: 'LINEN-01', price: 590, stock: 20 };
const TILL = 'หน้าร้าน';
// A shop registered for VAT: its refunds get credit notes (and their numbers).
const TAX_ID = '0105556123453';

const badgeOf = (page: Page) => page.getByTestId('offline-badge');

/** Opens the refund dialog of `documentNumber` from the history's list (the menu at 1280 px, the row's buttons at 390). */
async function openRefund(page: Page, documentNumber: string, narrow: boolean): Promise<Locator> {
  if (narrow) {
    const actions = page.getByRole('group', { name: new RegExp(documentNumber) });
    await actions.getByRole('button', { name: 'คืนเงิน' }).click();
  } else {
    await page.getByRole('button', { name: `จัดการ ${documentNumber}` }).click();
    await page.getByRole('menuitem', { name: 'คืนเงิน' }).click();
  }
  const dialog = page.getByRole('dialog', { name: 'ยืนยันการคืนเงิน' });
  await dialog.waitFor();
  return dialog;
}

describe('refunds offline', () => {
  const shop = useShop();
  let owner: string;
  let till: Till;
  let shirt: Product;

  beforeAll(async () => {
    const admin = await shop.adminToken();
    await api(shop, admin, 'PUT', '/settings', { settings: { system: { vatRegistered: true, taxId: TAX_ID } } });
    ({ product: shirt } = await api<{ product: Product }>(shop, admin, 'POST', '/products', {
      ...SHIRT,
      category: 'เสื้อผ้า',
    }));
    await createUser(shop.url, OWNER);
    owner = await apiLogin(shop.url, OWNER.username, OWNER.password);
    ({ till } = await api<{ till: Till }>(shop, admin, 'POST', '/tills', { name: TILL }));
    await api<{ shift: Shift }>(shop, owner, 'POST', '/shifts', { tillId: till.id, openingFloat: 2000 });
  });

  it('refunds a kept sale and a sale made offline, then sends the sale and both refunds once, in order', async () => {
    const earlier = await sellByApi(shop, owner, [{ product: shirt, quantity: 2 }], null, { tillId: till.id });
    // The installed app (its service worker) holds every screen's code, the history's too, without the network.
    const { context, page } = await newPage(shop.browser, shop.url, DESKTOP, { serviceWorkers: 'allow' });
    await page.context().addInitScript((id) => localStorage.setItem('pos_till_id', String(id)), till.id);
    await signIn(page, OWNER.username, OWNER.password, /\/(pos|dashboard)$/);
    await page.goto('/pos');
    await untilControlled(page);
    await page.getByTestId(`pos-product-${SHIRT.sku}`).waitFor();
    await waitForOfflineCache(page, till.id, { creditNotes: true, sales: 1 });

    // Offline: a sale at the till, for cash.
    await context.setOffline(true);
    const badge = badgeOf(page);
    await expect.poll(() => badge.getAttribute('data-online')).toBe('false');
    await page.getByRole('searchbox', { name: 'ค้นหาสินค้า' }).fill(SHIRT.sku);
    await page.getByTestId(`pos-product-${SHIRT.sku}`).click();
    await page.getByRole('region', { name: 'ตะกร้าสินค้า' }).getByRole('button', { name: 'ชำระเงิน' }).click();
    const payment = page.getByRole('dialog', { name: 'เลือกวิธีการชำระเงิน' });
    await payment.getByRole('button', { name: /เงินสด/ }).click();
    await payment.getByLabel('รับเงินมา (บาท)').press('Enter');
    const receipt = page.getByRole('dialog', { name: 'ใบเสร็จรับเงิน' });
    await receipt.getByTestId('receipt-not-sent').waitFor();
    const offlineNumber = (await receipt.getByText(/^เลขที่เอกสาร /).innerText()).replace('เลขที่เอกสาร ', '').trim();
    expect(offlineNumber).toMatch(/^R25\d\d-T\d\d-000001$/);
    // The receipt says it is kept on the device; no toast covers its title.
    await expectNotCoveredByToasts(page, receipt.getByRole('heading', { name: 'ใบเสร็จรับเงิน' }).first());
    await receipt.getByRole('button', { name: 'ปิด' }).first().click();

    // The sales history, still offline: the till's kept sales, saying so.
    await page.getByRole('link', { name: 'ประวัติการขาย' }).first().click();
    await page.getByTestId('kept-sales-notice').waitFor();
    await page.getByRole('button', { name: `จัดการ ${offlineNumber}` }).waitFor();
    await page.getByRole('button', { name: `จัดการ ${earlier.document_number}` }).waitFor();
    await settle(page);
    await screenshot(page, 'offline-history-kept');
    await expectNoSeriousA11yViolations(page, 'offline history kept');

    // Refund one of the two shirts of the earlier sale: kept on the device, its credit note from the till's block.
    let dialog = await openRefund(page, earlier.document_number, false);
    await dialog.getByTestId('offline-refund-notice').waitFor();
    await dialog.getByRole('button', { name: 'เลือกสินค้าที่คืน' }).click();
    await dialog.getByRole('spinbutton').first().fill('1');
    await settle(page);
    await screenshot(page, 'offline-refund-dialog');
    await expectNoSeriousA11yViolations(page, 'offline refund dialog');
    await dialog.getByRole('button', { name: 'ยืนยันคืนเงิน' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.locator('[data-sonner-toast]').filter({ hasText: 'บันทึกไว้ในเครื่องแล้ว' }).first().waitFor();

    // And the whole of the sale made offline, not sent yet.
    dialog = await openRefund(page, offlineNumber, false);
    await dialog.getByRole('button', { name: 'ยืนยันคืนเงิน' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => badge.getAttribute('data-waiting')).toBe('3');

    // Back online: the sale, then both refunds, each once, under the numbers printed.
    await context.setOffline(false);
    await expect.poll(() => badge.getAttribute('data-waiting'), { timeout: 30_000 }).toBe('0');
    const { sale: first } = await api<{ sale: Sale }>(shop, owner, 'GET', `/sales/${earlier.id}`);
    expect(first.status).toBe('partially_refunded');
    expect(first.refunds.map((r) => r.credit_note_number)).toEqual([expect.stringMatching(/^CN25\d\d-T\d\d-000001$/)]);
    expect(first.refunds[0]!.amount).toBe(earlier.total / 2);
    const { sales } = await api<{ sales: Sale[] }>(shop, owner, 'GET', `/sales?search=${offlineNumber}`);
    const madeOffline = sales.find((s) => s.document_number === offlineNumber);
    expect(madeOffline?.status).toBe('refunded');
    expect(madeOffline?.refunds.map((r) => r.credit_note_number)).toEqual([
      expect.stringMatching(/^CN25\d\d-T\d\d-000002$/),
    ]);
    const { product } = await api<{ product: Product }>(shop, owner, 'GET', `/products/${shirt.id}`);
    // 20, 2 sold earlier, 1 offline, 1 + 1 back.
    expect(product.stock).toBe(19);
    await context.close();
  });

  it('at 390 px: the refund dialog says the refund is kept on the device, its confirm button on screen', async () => {
    const sale = await sellByApi(shop, owner, [{ product: shirt, quantity: 1 }], null, { tillId: till.id });
    const { context, page } = await newPage(shop.browser, shop.url, MOBILE);
    await page.context().addInitScript((id) => localStorage.setItem('pos_till_id', String(id)), till.id);
    await signIn(page, OWNER.username, OWNER.password, /\/(pos|dashboard)$/);
    await page.goto('/pos');
    await waitForOfflineCache(page, till.id, { creditNotes: true, sales: 1 });
    await page.goto('/refund-history');
    await page.getByRole('group', { name: new RegExp(sale.document_number) }).waitFor();
    await context.setOffline(true);
    await expect.poll(() => badgeOf(page).getAttribute('data-online')).toBe('false');
    const dialog = await openRefund(page, sale.document_number, true);
    await dialog.getByTestId('offline-refund-notice').waitFor();
    await settle(page);
    await screenshot(page, 'offline-refund-dialog-390');
    await expectNoSeriousA11yViolations(page, 'offline refund dialog 390');
    // The confirm button stays on screen at 390 px.
    const box = await dialog.getByRole('button', { name: 'ยืนยันคืนเงิน' }).boundingBox();
    expect(box).not.toBeNull();
    expect(box!.y + box!.height).toBeLessThanOrEqual(MOBILE.height);
    await context.close();
  });
});
