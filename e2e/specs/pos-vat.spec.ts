import type { Sale } from '@pos/core';
import { expectNoSeriousA11yViolations } from '../support/axe';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, apiLogin, createUser, registerForVat } from '../support/api';
import { MOBILE, newPage, screenshot, settle, signIn } from '../support/browser';
import { useShop, type Shop } from '../support/shop';

const CASHIER = { username: 'pim', password: 'pim-pass-123', name: 'พิมพ์ แคชเชียร์', role: 'cashier' as const };
const OWNER = { username: 'owner', password: 'owner-pass-123', name: 'เจ้าของร้าน ใจดี', role: 'admin' as const };
// A manager edits settings but holds no pos_refund, so may not approve.
const MANAGER = { username: 'mana', password: 'mana-pass-123', name: 'มานะ ผู้จัดการ', role: 'manager' as const };
const SHIRT = { name: 'เสื้อเชิ้ตลายทาง', sku: 'SH-101', price: 250, stock: 10 };

/** Ticks "ไม่รวม VAT" and gets it approved, first by the wrong people, then by the owner. */
async function approveExclusion(page: Page, cart: Locator, width: string): Promise<void> {
  const checkbox = cart.getByRole('checkbox', { name: 'ไม่รวม VAT' });
  // While the approval dialog is open the cart is hidden from the accessibility tree; the box itself is still there.
  const box = page.locator('#pos-exclude-vat');
  await cart.getByText('ต้องให้ผู้มีสิทธิ์คืนเงินอนุมัติ').waitFor();
  await checkbox.click();
  const dialog = page.getByRole('dialog', { name: 'ขออนุมัติขายแบบไม่รวม VAT' });
  await dialog.waitFor();
  // Not ticked until someone approves.
  expect(await box.isChecked()).toBe(false);
  await settle(page);
  await screenshot(page, `pos-vat-approval${width}`);
  await expectNoSeriousA11yViolations(page, `pos-vat-approval${width}`);

  const username = dialog.getByLabel('ชื่อผู้ใช้ของผู้อนุมัติ');
  const password = dialog.getByLabel('รหัสผ่านของผู้อนุมัติ', { exact: true });
  await username.fill(MANAGER.username);
  await password.fill(MANAGER.password);
  await dialog.getByRole('button', { name: 'อนุมัติ' }).click();
  await dialog.getByText('ผู้ใช้นี้ไม่มีสิทธิ์อนุมัติ ต้องเป็นผู้ที่มีสิทธิ์คืนเงิน').waitFor();

  await username.fill(OWNER.username);
  await password.fill('not-the-password');
  await dialog.getByRole('button', { name: 'อนุมัติ' }).click();
  await dialog.getByText('ชื่อผู้ใช้หรือรหัสผ่านของผู้อนุมัติไม่ถูกต้อง').waitFor();
  expect(await password.inputValue()).toBe('');
  await screenshot(page, `pos-vat-approval-error${width}`);
  await expectNoSeriousA11yViolations(page, `pos-vat-approval-error${width}`);

  await password.fill(OWNER.password);
  await dialog.getByRole('button', { name: 'อนุมัติ' }).click();
  await dialog.waitFor({ state: 'detached' });
  expect(await checkbox.isChecked()).toBe(true);
  await cart.getByText(`อนุมัติโดย ${OWNER.name}`).waitFor();
}

async function checkReceipt(page: Page, shop: Shop, owner: string, width: string): Promise<void> {
  const receipt = page.getByRole('dialog', { name: 'ใบเสร็จรับเงิน' });
  await receipt.waitFor();
  const doc = receipt.getByTestId('receipt-document');
  await doc.getByRole('heading', { name: 'ใบเสร็จรับเงิน', exact: true }).waitFor();
  await doc.getByText('ขายแบบไม่รวมภาษีมูลค่าเพิ่ม เอกสารนี้ไม่ใช่ใบกำกับภาษี').waitFor();
  await doc.getByText('ไม่รวม VAT โดย', { exact: true }).waitFor();
  await doc.getByText(CASHIER.name).first().waitFor();
  await doc.getByText('อนุมัติไม่รวม VAT โดย', { exact: true }).waitFor();
  await doc.getByText(OWNER.name).waitFor();
  // No tax invoice copy for a sale without VAT.
  expect(await receipt.getByRole('button', { name: 'สำเนาใบกำกับภาษี' }).count()).toBe(0);
  await settle(page);
  await screenshot(page, `pos-vat-receipt${width}`);
  await expectNoSeriousA11yViolations(page, `pos-vat-receipt${width}`);

  const number = /R\d{4}-\d{6}/.exec(await doc.innerText())?.[0];
  const sales = await shop.server.built.deps.db.kysely
    .selectFrom('sales')
    .select('id')
    .where('document_number', '=', number ?? '')
    .execute();
  expect(sales).toHaveLength(1);
  const { sale } = await api<{ sale: Sale }>(shop, owner, 'GET', `/sales/${sales[0]!.id}`);
  expect(sale).toMatchObject({
    exclude_vat: true,
    tax: 0,
    total: 250,
    vat_excluded_by_name: CASHIER.name,
    vat_exclusion_approved_by_name: OWNER.name,
  });
}

describe('excluding VAT with a manager’s approval', () => {
  const shop = useShop();
  let owner: string;

  beforeAll(async () => {
    // These tests are about a shop registered for VAT (3 % on top): a fresh install charges none.
    await registerForVat(shop);
    const admin = await shop.adminToken();
    await api(shop, admin, 'POST', '/products', { ...SHIRT, category: 'เสื้อผ้า' });
    for (const user of [CASHIER, OWNER, MANAGER]) await createUser(shop.url, user);
    // Only those who may approve (pos_refund) may switch the requirement: the owner turns it on.
    await api(shop, admin, 'PUT', '/settings', {
      settings: { system: { storeName: 'ร้านแต่งตัวดี', taxId: '0105560123456', vatExclusionNeedsApproval: true } },
    });
    owner = await apiLogin(shop.url, OWNER.username, OWNER.password);
  });

  it('asks a pos_refund holder to approve at 1280 px, then names both on the receipt', async () => {
    const { context, page } = await newPage(shop.browser, shop.url);
    await signIn(page, CASHIER.username, CASHIER.password, /\/pos$/);
    await page.getByTestId(`pos-product-${SHIRT.sku}`).click();
    const cart = page.getByRole('region', { name: 'ตะกร้าสินค้า' });
    expect(await cart.getByTestId('pos-total').innerText()).toBe('฿257.50');

    // Cancelling leaves VAT in.
    await cart.getByRole('checkbox', { name: 'ไม่รวม VAT' }).click();
    const dialog = page.getByRole('dialog', { name: 'ขออนุมัติขายแบบไม่รวม VAT' });
    await dialog.getByRole('button', { name: 'ยกเลิก' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await cart.getByRole('checkbox', { name: 'ไม่รวม VAT' }).isChecked()).toBe(false);

    await approveExclusion(page, cart, '');
    expect(await cart.getByTestId('pos-total').innerText()).toBe('฿250.00');

    await cart.getByRole('button', { name: 'ชำระเงิน' }).click();
    const payment = page.getByRole('dialog', { name: 'เลือกวิธีการชำระเงิน' });
    await payment.getByRole('button', { name: /เงินสด/ }).click();
    const received = payment.getByLabel('รับเงินมา (บาท)');
    await received.fill('300');
    await received.press('Enter');
    await checkReceipt(page, shop, owner, '');
    await context.close();
  });

  it('works the same in the cart drawer at 390 px', async () => {
    const { context, page } = await newPage(shop.browser, shop.url, MOBILE);
    await signIn(page, CASHIER.username, CASHIER.password, /\/pos$/);
    await page.getByTestId(`pos-product-${SHIRT.sku}`).click();
    await page.getByRole('button', { name: 'เปิดตะกร้าสินค้า (1 ชิ้น)' }).click();
    const drawer = page.getByRole('dialog', { name: 'ตะกร้าสินค้า' });
    await approveExclusion(page, drawer, '-mobile');
    await drawer.getByRole('button', { name: 'ชำระเงิน' }).click();
    const payment = page.getByRole('dialog', { name: 'เลือกวิธีการชำระเงิน' });
    await payment.getByRole('button', { name: /โอนเงินผ่านธนาคาร/ }).click();
    await payment.getByRole('button', { name: 'ยืนยันได้รับเงินโอนแล้ว' }).click();
    await checkReceipt(page, shop, owner, '-mobile');
    await context.close();
  });
});
