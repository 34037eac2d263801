import type { Shift, ShiftDetailResponse, Till } from '@pos/core';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, apiLogin, createUser } from '../support/api';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { MOBILE, newPage, screenshot, settle, signIn } from '../support/browser';
import { useShop } from '../support/shop';

const CASHIER = { username: 'kaew', password: 'kaew-pass-123', name: 'แก้ว แคชเชียร์', role: 'cashier' as const };
const MANAGER = { username: 'somchai', password: 'somchai-pass-123', name: 'สมชาย ผู้จัดการ', role: 'manager' as const };
const BAG = { name: 'กระเป๋าผ้าลายช้าง', sku: 'BAG-35', price: 250, stock: 20 };
const TILL = 'เคาน์เตอร์หน้า';

/** Replaces window.print: records what the print root held, then ends the print as a browser would. */
async function stubPrint(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { printed: { paper: string; kind: string; text: string }[] };
    w.printed = [];
    window.print = () => {
      const root = document.querySelector<HTMLElement>('.receipt-print-root');
      const doc = root?.querySelector<HTMLElement>('[data-testid="shift-report-document"]');
      w.printed.push({
        paper: root?.dataset.paper ?? '',
        kind: doc?.dataset.kind ?? '',
        text: doc?.textContent ?? '',
      });
      window.dispatchEvent(new Event('afterprint'));
    };
  });
}

async function printed(page: Page): Promise<{ paper: string; kind: string; text: string }[]> {
  return page.evaluate(
    () => (window as unknown as { printed: { paper: string; kind: string; text: string }[] }).printed,
  );
}

async function look(page: Page, name: string): Promise<void> {
  await settle(page);
  await screenshot(page, name);
  await expectNoSeriousA11yViolations(page, name);
}

/** Picks this browser's till from the shift bar. */
async function chooseTill(page: Page): Promise<Locator> {
  const bar = page.getByTestId('pos-shift-bar');
  await bar.getByText('ยังไม่ได้เลือกเครื่อง').waitFor();
  await bar.getByRole('button', { name: 'เลือกเครื่อง' }).click();
  const dialog = page.getByRole('dialog', { name: 'เครื่องนี้คือเครื่องไหน' });
  await dialog.getByRole('button', { name: TILL }).click();
  await dialog.waitFor({ state: 'detached' });
  await bar.getByText(`เครื่องนี้: ${TILL}`).waitFor();
  return bar;
}

/** Types counts down the denomination list by keyboard only: each count, then Enter to the next field. */
async function countByKeyboard(page: Page, counts: number[]): Promise<void> {
  for (const count of counts) {
    if (count > 0) await page.keyboard.type(String(count));
    await page.keyboard.press('Enter');
  }
}

async function shiftMenu(page: Page, item: string): Promise<void> {
  await page.getByTestId('pos-shift-menu').click();
  await page.getByRole('menuitem', { name: item }).click();
}

describe('shifts at the till', () => {
  const shop = useShop();
  let admin: string;
  let manager: string;
  let till: Till;

  beforeAll(async () => {
    admin = await shop.adminToken();
    await api(shop, admin, 'POST', '/products', { ...BAG, category: 'กระเป๋า' });
    for (const user of [CASHIER, MANAGER]) await createUser(shop.url, user);
    ({ till } = await api<{ till: Till }>(shop, admin, 'POST', '/tills', { name: TILL }));
    manager = await apiLogin(shop.url, MANAGER.username, MANAGER.password);
  });

  it('at 1280 px: till, a refused sale opens the shift, cash sale, pay-out, blind close approved by a manager, Z printed', async () => {
    const { context, page } = await newPage(shop.browser, shop.url);
    await signIn(page, CASHIER.username, CASHIER.password, /\/pos$/);
    const bar = await chooseTill(page);
    await bar.getByText(`เครื่อง ${TILL} ยังไม่ได้เปิดกะ ต้องเปิดกะก่อนจึงจะขายได้`).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('pos_till_id'))).toBe(String(till.id));

    // Selling without a shift is refused by the server; the error offers to open one.
    await page.getByTestId(`pos-product-${BAG.sku}`).click();
    const cart = page.getByRole('region', { name: 'ตะกร้าสินค้า' });
    await cart.getByRole('button', { name: 'ชำระเงิน' }).click();
    const payment = page.getByRole('dialog', { name: 'เลือกวิธีการชำระเงิน' });
    await payment.getByRole('button', { name: /เงินสด/ }).click();
    await payment.getByLabel('รับเงินมา (บาท)').fill('300');
    await payment.getByLabel('รับเงินมา (บาท)').press('Enter');
    const refusal = page.locator('[data-sonner-toast]').filter({ hasText: 'ต้องเปิดกะก่อนขาย' });
    await refusal.getByRole('button', { name: 'เปิดกะ' }).click();

    // Open with the float counted by keyboard: 1×1000, 2×500, 5×100 (Enter moves down the list).
    const open = page.getByRole('dialog', { name: 'เปิดกะ' });
    await open.waitFor();
    await open.getByLabel('จำนวนธนบัตร 1,000 บาท').waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('open-float-100000');
    await countByKeyboard(page, [1, 2, 5]);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('open-float-5000');
    expect(await open.getByTestId('open-float-total').innerText()).toContain('฿2,500.00');
    await look(page, 'pos-shift-open');
    await open.getByRole('button', { name: 'เปิดกะ', exact: true }).last().click();
    await open.waitFor({ state: 'detached' });
    await bar.getByText(`กะเปิดอยู่ · ${TILL}`).waitFor();
    await bar.getByText(`เปิดโดย ${CASHIER.name}`, { exact: false }).waitFor();
    await look(page, 'pos-shift-bar');
    // The bar sits above the products, so the desktop cart keeps its height: its pay button is in view unscrolled.
    await page.evaluate(() => window.scrollTo(0, 0));
    const pay = (await cart.getByRole('button', { name: 'ชำระเงิน' }).boundingBox())!;
    expect(pay.y + pay.height).toBeLessThanOrEqual(800);
    const barBox = (await bar.boundingBox())!;
    const cartBox = (await cart.boundingBox())!;
    expect(barBox.x + barBox.width).toBeLessThanOrEqual(cartBox.x);

    // The cart was kept: the cash sale now goes through.
    await cart.getByRole('button', { name: 'ชำระเงิน' }).click();
    await payment.getByRole('button', { name: /เงินสด/ }).click();
    await payment.getByLabel('รับเงินมา (บาท)').fill('300');
    await payment.getByLabel('รับเงินมา (บาท)').press('Enter');
    const receipt = page.getByRole('dialog', { name: 'ใบเสร็จรับเงิน' });
    await receipt.waitFor();
    await receipt.getByRole('button', { name: 'ปิด' }).first().click();
    await receipt.waitFor({ state: 'detached' });

    // Pay out 100 for bags, a reason from the shop's list.
    await shiftMenu(page, 'นำเงินออก');
    const movement = page.getByRole('dialog', { name: 'นำเงินเข้า/ออก' });
    expect(await movement.getByRole('button', { name: 'นำเงินออก' }).getAttribute('aria-pressed')).toBe('true');
    await movement.getByLabel('จำนวนเงิน').fill('100');
    await movement.getByText('ซื้อถุง', { exact: true }).click();
    await movement.getByRole('button', { name: 'บันทึก' }).click();
    await movement.waitFor({ state: 'detached' });

    // Blind close: 2×1000 counted against 2,500 + 250 − 100 expected; nothing expected is shown first.
    await shiftMenu(page, 'ปิดกะ');
    const close = page.getByRole('dialog', { name: 'ปิดกะ' });
    await close.getByLabel('จำนวนธนบัตร 1,000 บาท').waitFor();
    expect(await close.getByText('เงินสดที่ควรมี').count()).toBe(0);
    expect(await close.innerText()).not.toContain('2,650');
    await page.waitForFunction(() => document.activeElement?.id === 'close-count-100000');
    await countByKeyboard(page, [2]);
    await close.getByRole('button', { name: 'ส่งยอดนับและปิดกะ' }).click();

    // Short by 650, above the 100 limit: a manager signs in on the spot and writes a note.
    const approval = close.getByTestId('close-approval');
    await approval.waitFor();
    expect(await approval.getByTestId('close-expected').innerText()).toBe('฿2,650.00');
    expect(await approval.getByTestId('close-counted').innerText()).toBe('฿2,000.00');
    expect(await approval.getByTestId('close-difference').innerText()).toBe('ขาด ฿650.00');
    await approval.getByLabel('ชื่อผู้ใช้ผู้จัดการ').fill(MANAGER.username);
    await approval.getByLabel('รหัสผ่านผู้จัดการ', { exact: true }).fill(MANAGER.password);
    await approval.getByRole('button', { name: 'อนุมัติและปิดกะ' }).click();
    // Without the note the form asks for it first.
    await approval.getByText('กรุณาระบุหมายเหตุ').waitFor();
    await approval.getByLabel('หมายเหตุ').fill('ทอนเงินผิด ตรวจกล้องแล้ว');
    await approval.getByRole('button', { name: 'อนุมัติและปิดกะ' }).click();

    const result = page.getByRole('dialog', { name: 'ปิดกะแล้ว: ผลการนับ' });
    await result.getByTestId('close-result').waitFor();
    expect(await result.getByTestId('close-difference').innerText()).toBe('ขาด ฿650.00');
    const doc = result.getByTestId('shift-report-document');
    await doc.getByText('รายงาน Z (ปิดกะ)').waitFor();
    expect(await doc.getByTestId('shift-doc-difference').innerText()).toContain('ขาด');
    expect(await doc.getByTestId('shift-doc-difference').innerText()).toContain('650.00');
    expect(await doc.getByTestId('shift-doc-movements').innerText()).toContain('ออก: ซื้อถุง');
    expect(await doc.getByTestId('shift-doc-expected').innerText()).toContain('2,650.00');
    await bar.getByText(`เครื่อง ${TILL} ยังไม่ได้เปิดกะ`, { exact: false }).waitFor();
    await look(page, 'pos-shift-close');

    // The receipt's print path: the copy in the print root alone, on the roll, then on A4.
    await stubPrint(page);
    await result.getByTestId('shift-report-print').click();
    await page.waitForFunction(() => (window as unknown as { printed: unknown[] }).printed.length === 1);
    await result.getByRole('button', { name: 'A4' }).click();
    await look(page, 'pos-shift-close-a4');
    await result.getByTestId('shift-report-print').click();
    await page.waitForFunction(() => (window as unknown as { printed: unknown[] }).printed.length === 2);
    const sheets = await printed(page);
    expect(sheets.map((s) => [s.paper, s.kind])).toEqual([
      ['roll', 'Z'],
      ['a4', 'Z'],
    ]);
    expect(sheets[1]?.text).toContain('ผู้ตรวจสอบ');

    // The server kept it as closed, short, approved by the manager, with the note.
    const { shift } = await api<{ shift: Shift | null }>(shop, manager, 'GET', `/shifts/current?tillId=${till.id}`);
    expect(shift).toBeNull();
    const list = await api<{ shifts: Shift[] }>(shop, manager, 'GET', `/shifts?tillId=${till.id}`);
    const closed = list.shifts[0]!;
    expect(closed).toMatchObject({
      status: 'closed',
      openingFloat: 2500,
      expectedCash: 2650,
      countedCash: 2000,
      difference: -650,
      closeNote: 'ทอนเงินผิด ตรวจกล้องแล้ว',
      differenceApprovedBy: { name: MANAGER.name },
    });
    const detail = await api<ShiftDetailResponse>(shop, manager, 'GET', `/shifts/${closed.id}`);
    expect(detail.report).toMatchObject({ kind: 'Z', sales: { count: 1, total: 250 } });
    await context.close();
  });

  it('at 390 px: open, the shift bar, X report and an exact close', async () => {
    const { context, page } = await newPage(shop.browser, shop.url, MOBILE);
    await signIn(page, CASHIER.username, CASHIER.password, /\/pos$/);
    const bar = await chooseTill(page);
    await bar.getByRole('button', { name: 'เปิดกะ' }).click();
    const open = page.getByRole('dialog', { name: 'เปิดกะ' });
    await open.getByLabel('จำนวนธนบัตร 1,000 บาท').waitFor();
    await countByKeyboard(page, [1, 0, 3]);
    expect(await open.getByTestId('open-float-total').innerText()).toContain('฿1,300.00');
    await look(page, 'pos-shift-open-mobile');
    await open.getByRole('button', { name: 'เปิดกะ', exact: true }).last().click();
    await open.waitFor({ state: 'detached' });
    await bar.getByText(`กะเปิดอยู่ · ${TILL}`).waitFor();
    await look(page, 'pos-shift-bar-mobile');
    // At 390 px the bar stacks: nothing runs past the screen's edge or out of the bar.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    const barBox = (await bar.boundingBox())!;
    for (const part of [bar.getByTestId('pos-shift-status'), bar.getByTestId('pos-shift-menu')]) {
      const box = (await part.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(barBox.x);
      expect(box.x + box.width).toBeLessThanOrEqual(barBox.x + barBox.width + 0.5);
    }

    await shiftMenu(page, 'รายงาน X');
    const x = page.getByRole('dialog', { name: 'รายงาน X' });
    await x.getByText('รายงาน X (ระหว่างกะ)').waitFor();
    await look(page, 'pos-shift-x-mobile');
    await x.getByRole('button', { name: 'ปิด' }).last().click();
    await x.waitFor({ state: 'detached' });

    await shiftMenu(page, 'ปิดกะ');
    const close = page.getByRole('dialog', { name: 'ปิดกะ' });
    await close.getByRole('button', { name: 'พิมพ์ยอดรวม' }).click();
    await close.getByLabel('ยอดเงินที่นับได้').fill('1300');
    await close.getByRole('button', { name: 'ส่งยอดนับและปิดกะ' }).click();
    const result = page.getByRole('dialog', { name: 'ปิดกะแล้ว: ผลการนับ' });
    await result.getByTestId('close-result').waitFor();
    expect(await result.getByTestId('close-difference').innerText()).toBe('ตรงพอดี');
    await result.getByTestId('shift-report-document').getByText('รายงาน Z (ปิดกะ)').waitFor();
    await look(page, 'pos-shift-close-mobile');
    await context.close();
  });
});
