import type { Product, Shift, Till } from '@pos/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { api, apiLogin, createUser, sellByApi } from '../support/api';
import { MOBILE, newPage, screenshot, settle, signIn } from '../support/browser';
import { useShop } from '../support/shop';

// Issue 35: a cash refund at a till whose shift is closed is refused with SHIFT_REQUIRED; the refund dialog
// offers to open the shift there and then (by keyboard), and the refund then goes through.

const CASHIER = { username: 'nok', password: 'nok-pass-123', name: 'นก แคชเชียร์', role: 'cashier' as const };
const OWNER = { username: 'boss', password: 'boss-pass-123', name: 'เจ้าของ', role: 'admin' as const };
const TILL = 'หน้าร้าน';
const CAP = { name: 'หมวกแก๊ป', sku: 'CAP-9', price: 150, stock: 20 };

describe('a cash refund without an open shift', () => {
  const shop = useShop();
  let owner: string;
  let cap: Product;
  let till: Till;

  beforeAll(async () => {
    const admin = await shop.adminToken();
    cap = (
      await api<{ product: Product }>(shop, admin, 'POST', '/products', { ...CAP, category: 'เครื่องประดับ/อุปกรณ์เสริม' })
    ).product;
    for (const user of [CASHIER, OWNER]) await createUser(shop.url, user);
    owner = await apiLogin(shop.url, OWNER.username, OWNER.password);
    ({ till } = await api<{ till: Till }>(shop, admin, 'POST', '/tills', { name: TILL }));
  });

  it('offers to open the shift beside the refusal, then refunds, at 1280 and 390 px', async () => {
    for (const [width, options] of [
      ['', undefined],
      ['-390', MOBILE],
    ] as const) {
      // A cash sale in a shift that is closed since.
      const { shift } = await api<{ shift: Shift }>(shop, owner, 'POST', '/shifts', {
        tillId: till.id,
        openingFloat: 500,
      });
      const sale = await sellByApi(shop, owner, [{ product: cap, quantity: 1 }], null, {
        tillId: till.id,
        cashReceived: 200,
      });
      await api(shop, owner, 'POST', `/shifts/${shift.id}/close`, { countedCash: 650 });

      const { context, page } = await newPage(shop.browser, shop.url, options);
      await signIn(page, OWNER.username, OWNER.password, /\/(pos|dashboard)$/);
      await page.evaluate((id) => localStorage.setItem('pos_till_id', String(id)), till.id);
      await page.goto('/refund-history');
      if (width === '') {
        await page.getByRole('button', { name: `จัดการ ${sale.document_number}` }).click();
        await page.getByRole('menuitem', { name: 'คืนเงิน' }).click();
      } else {
        const actions = page.getByRole('group', { name: new RegExp(sale.document_number) });
        await actions.getByRole('button', { name: 'คืนเงิน' }).click();
      }
      const dialog = page.getByRole('dialog', { name: 'ยืนยันการคืนเงิน' });
      await dialog.getByRole('button', { name: 'ยืนยันคืนเงิน' }).click();
      await dialog.getByText(/ยังไม่ได้เปิดกะที่เครื่องขาย/).waitFor();
      const openButton = dialog.getByTestId('refund-open-shift');
      await settle(page);
      await screenshot(page, `refund-shift-required${width}`);
      await expectNoSeriousA11yViolations(page, `refund-shift-required${width}`);

      // Open the shift by keyboard: a typed total of 500.
      await openButton.focus();
      await page.keyboard.press('Enter');
      const open = page.getByRole('dialog', { name: 'เปิดกะ' });
      await open.waitFor();
      await open.getByLabel('จำนวนธนบัตร 1,000 บาท').waitFor();
      await page.waitForFunction(() => document.activeElement?.id === 'open-float-100000');
      for (const count of [0, 1]) {
        if (count > 0) await page.keyboard.type(String(count));
        await page.keyboard.press('Enter');
      }
      await open.getByRole('button', { name: 'เปิดกะ', exact: true }).last().click();
      await open.waitFor({ state: 'detached' });
      expect(await dialog.getByTestId('refund-open-shift').count()).toBe(0);

      await dialog.getByRole('button', { name: 'ยืนยันคืนเงิน' }).click();
      await dialog.waitFor({ state: 'detached' });
      const current = await api<{ shift: Shift | null }>(shop, owner, 'GET', `/shifts/current?tillId=${till.id}`);
      expect(current.shift).toMatchObject({ status: 'open', openingFloat: 500 });
      const { sale: after } = await api<{ sale: { status: string; refunds: { id: number }[] } }>(
        shop,
        owner,
        'GET',
        `/sales/${sale.id}`,
      );
      expect(after.status).toBe('refunded');
      // Close it again for the next width.
      await api(shop, owner, 'POST', `/shifts/${current.shift!.id}/close`, { countedCash: 350 });
      await context.close();
    }
  });
});
