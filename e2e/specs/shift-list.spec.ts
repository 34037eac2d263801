import fs from 'node:fs';
import type { Product, Settings, Shift, Till } from '@pos/core';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, apiLogin, createUser } from '../support/api';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { MOBILE, newPage, screenshot, settle, signIn } from '../support/browser';
import { useShop } from '../support/shop';

const MANAGER = { username: 'manager1', password: 'manager-pass-123', name: 'สมหญิง ผู้จัดการ', role: 'manager' as const };
const CASHIER = { username: 'cashier1', password: 'cashier-pass-123', name: 'สมชาย แคชเชียร์', role: 'cashier' as const };
const SOAP = { name: 'สบู่สมุนไพร', sku: 'SP-100', price: 100, stock: 100 };
/** Shifts made before the ones the tests look at, so the list has a second page (50 a page). */
const FILLER_SHIFTS = 52;

describe('managers: tills and shift settings, the shift list', () => {
  const shop = useShop();
  let admin: string;
  let soap: Product;
  const tills: Record<'front' | 'back' | 'filler', Till> = {} as Record<'front' | 'back' | 'filler', Till>;
  const shifts: Record<'even' | 'short' | 'over' | 'open', Shift> = {} as Record<
    'even' | 'short' | 'over' | 'open',
    Shift
  >;

  /** A cash sale of one soap at a till, as the till sends it (a fresh install charges no VAT). */
  const sell = (token: string, tillId: number) =>
    api(shop, token, 'POST', '/sales', {
      customerId: null,
      items: [{ productId: soap.id, quantity: 1, price: SOAP.price }],
      subtotal: SOAP.price,
      discount: 0,
      tax: 0,
      total: SOAP.price,
      paymentMethod: 'cash',
      pointsUsed: 0,
      tillId,
    });
  const open = async (token: string, tillId: number, openingFloat: number) =>
    (await api<{ shift: Shift }>(shop, token, 'POST', '/shifts', { tillId, openingFloat })).shift;
  const close = async (token: string, id: number, body: Record<string, unknown>) =>
    (await api<{ shift: Shift }>(shop, token, 'POST', `/shifts/${id}/close`, body)).shift;

  beforeAll(async () => {
    admin = await shop.adminToken();
    await createUser(shop.url, MANAGER);
    await createUser(shop.url, CASHIER);
    const cashier = await apiLogin(shop.url, CASHIER.username, CASHIER.password);
    await api(shop, admin, 'POST', '/products', { ...SOAP, category: 'เสื้อผ้า' });
    const { products } = await api<{ products: Product[] }>(shop, admin, 'GET', '/products?limit=100');
    soap = products.find((p) => p.sku === SOAP.sku)!;
    for (const [key, name] of [
      ['filler', 'เครื่องสำรอง'],
      ['front', 'เคาน์เตอร์หน้าร้าน'],
      ['back', 'เคาน์เตอร์หลังร้าน'],
    ] as const) {
      ({ till: tills[key] } = await api<{ till: Till }>(shop, admin, 'POST', '/tills', { name }));
    }
    for (let i = 0; i < FILLER_SHIFTS; i += 1) {
      const s = await open(admin, tills.filler.id, 0);
      await close(admin, s.id, { countedCash: 0 });
    }
    // Even: ฿1,000 float + ฿100 sold = ฿1,100 counted.
    shifts.even = await open(admin, tills.front.id, 1000);
    await sell(admin, tills.front.id);
    shifts.even = await close(admin, shifts.even.id, { countedCash: 1100 });
    // Short ฿10, within the ฿100 limit: the cashier closes it alone.
    shifts.short = await open(cashier, tills.back.id, 500);
    await sell(cashier, tills.back.id);
    shifts.short = await close(cashier, shifts.short.id, { countedCash: 590 });
    // Over ฿150, above the limit: the manager approves on the spot, with a note.
    shifts.over = await open(cashier, tills.front.id, 1000);
    shifts.over = await close(cashier, shifts.over.id, {
      countedCash: 1150,
      note: 'ลูกค้าไม่รับเงินทอน',
      approver: { username: MANAGER.username, password: MANAGER.password },
    });
    shifts.open = await open(cashier, tills.back.id, 500);
    expect([shifts.even.difference, shifts.short.difference, shifts.over.difference]).toEqual([0, -10, 150]);
  });

  async function signInAsManager(page: Page, path: string): Promise<void> {
    await signIn(page, MANAGER.username, MANAGER.password, /\/dashboard$/);
    await page.goto(path);
  }

  it('settings: adds, renames and switches off a till (refusals at the field), saves the shift settings', async () => {
    const { context, page } = await newPage(shop.browser, shop.url);
    await signInAsManager(page, '/settings');
    await page.getByRole('tab', { name: 'เครื่องขายและกะ' }).click();
    const list = page.getByTestId('settings-tills');
    await list.getByText('เคาน์เตอร์หน้าร้าน').waitFor();
    // The till with a shift open says so.
    await page.getByTestId(`settings-till-${tills.back.id}`).getByText('มีกะเปิดอยู่').waitFor();

    // A name already used is refused by the server, in Thai, at the box.
    const newName = page.getByLabel('ชื่อเครื่องขายใหม่');
    await newName.fill('เคาน์เตอร์หน้าร้าน');
    await page.getByRole('button', { name: 'เพิ่มเครื่องขาย' }).click();
    await page
      .locator('#settings-new-till-error')
      .getByText(/มีอยู่แล้ว/)
      .waitFor();
    expect(await newName.getAttribute('aria-invalid')).toBe('true');
    await newName.fill('เครื่องขายชั่วคราว');
    await newName.press('Enter');
    await list.getByText('เครื่องขายชั่วคราว').waitFor();
    expect(await newName.inputValue()).toBe('');
    const { tills: after } = await api<{ tills: Till[] }>(shop, admin, 'GET', '/tills');
    const added = after.find((t) => t.name === 'เครื่องขายชั่วคราว')!;
    expect(added.active).toBe(true);

    // Renamed, then switched off; the till with an open shift cannot be switched off.
    const row = page.getByTestId(`settings-till-${added.id}`);
    await row.getByRole('button', { name: 'เปลี่ยนชื่อ เครื่องขายชั่วคราว' }).click();
    const rename = page.getByLabel('ชื่อใหม่ของ เครื่องขายชั่วคราว');
    await rename.fill('เคาน์เตอร์หลังร้าน');
    await rename.press('Enter');
    await row.getByText(/มีอยู่แล้ว/).waitFor();
    expect(await rename.getAttribute('aria-invalid')).toBe('true');
    await rename.fill('เครื่องขายงานวัด');
    await row.getByRole('button', { name: 'บันทึกชื่อ' }).click();
    await row.getByText('เครื่องขายงานวัด').waitFor();
    await row.getByRole('button', { name: 'ปิดใช้งาน เครื่องขายงานวัด' }).click();
    await page.waitForSelector(`[data-testid="settings-till-${added.id}"][data-active="false"]`);
    await row.getByText('ปิดใช้งาน', { exact: true }).waitFor();
    const back = page.getByTestId(`settings-till-${tills.back.id}`);
    await back.getByRole('button', { name: 'ปิดใช้งาน เคาน์เตอร์หลังร้าน' }).click();
    await back
      .getByRole('alert')
      .getByText(/กะที่เปิดอยู่แล้ว/)
      .waitFor();

    // The shift settings go with the other settings, by the header's save button.
    await page.getByLabel('ต้องเปิดกะก่อนจึงจะขายได้').uncheck();
    await page.getByLabel('วงเงินส่วนต่างที่ยอมรับได้ (บาท)').fill('50');
    await page.getByRole('button', { name: 'เพิ่มเหตุผล' }).click();
    const reasons = page.getByTestId('settings-cash-reasons').getByRole('textbox');
    const count = await reasons.count();
    // An empty reason is refused where it is.
    await page.getByTestId('settings-save').click();
    await page.locator(`#settings-shifts-reason-${count - 1}-error`).waitFor();
    await reasons.nth(count - 1).fill('ค่าน้ำแข็ง');
    await page.getByRole('button', { name: 'ลบเหตุผล "ซื้อถุง"' }).click();
    await settle(page);
    await screenshot(page, 'settings-shifts');
    await expectNoSeriousA11yViolations(page, 'settings-shifts');
    await page.getByTestId('settings-save').click();
    await page.getByText('บันทึกการตั้งค่าสำเร็จ').first().waitFor();
    const { settings } = await api<{ settings: Settings }>(shop, admin, 'GET', '/settings');
    expect(settings.shifts.requireOpenShift).toBe(false);
    expect(settings.shifts.differenceLimit).toBe(50);
    expect(settings.shifts.cashReasons).not.toContain('ซื้อถุง');
    expect(settings.shifts.cashReasons.at(-1)).toBe('ค่าน้ำแข็ง');
    await context.close();
  });

  it('settings at 390 px: nothing wider than the screen', async () => {
    const { context, page } = await newPage(shop.browser, shop.url, MOBILE);
    await signInAsManager(page, '/settings?tab=shifts');
    await page.getByTestId('settings-tills').getByText('เคาน์เตอร์หน้าร้าน').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await screenshot(page, 'settings-shifts');
    await expectNoSeriousA11yViolations(page, 'settings-shifts-mobile');
    await context.close();
  });

  it('lists shifts newest first, filters by till and by difference, shows over/short, opens a report, exports', async () => {
    const { context, page } = await newPage(shop.browser, shop.url);
    await signIn(page, MANAGER.username, MANAGER.password, /\/dashboard$/);
    await page.getByRole('navigation', { name: 'เมนูหลัก' }).getByRole('link', { name: 'รายการกะ' }).click();
    await page.getByRole('heading', { name: 'รายการกะ' }).waitFor();
    const rows = page.locator('tbody tr');
    await page.getByTestId(`shift-row-${shifts.open.id}`).waitFor();
    const ids = async () =>
      (await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-testid')))).map((id) =>
        Number(id?.replace('shift-row-', '')),
      );
    // Newest first, 50 a page, then the next page older than the last shown.
    expect((await ids()).slice(0, 4)).toEqual([shifts.open.id, shifts.over.id, shifts.short.id, shifts.even.id]);
    await page.getByText('แสดง 50 กะ').waitFor();
    await page.getByRole('button', { name: 'โหลดเพิ่ม' }).click();
    await page.getByText(`แสดง ${FILLER_SHIFTS + 4} กะ`).waitFor();
    expect(await page.getByRole('button', { name: 'โหลดเพิ่ม' }).count()).toBe(0);

    // Over and short in words (not colour alone), the approver, the open one with no count yet.
    const over = page.getByTestId(`shift-row-${shifts.over.id}`);
    await over.getByText('เงินเกิน ฿150.00').waitFor();
    await over.getByText(MANAGER.name).waitFor();
    await page.getByTestId(`shift-row-${shifts.short.id}`).getByText('เงินขาด ฿10.00').waitFor();
    await page.getByTestId(`shift-row-${shifts.even.id}`).getByText('ตรงยอด').waitFor();
    await page.getByTestId(`shift-row-${shifts.open.id}`).getByText('เปิดอยู่').waitFor();
    const tone = (id: number) =>
      page
        .getByTestId(`shift-row-${id}`)
        .locator('[data-difference]')
        .evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(await tone(shifts.over.id)).not.toBe(await tone(shifts.short.id));

    // By till: only its shifts.
    await page.getByLabel('เครื่องขาย', { exact: true }).selectOption({ label: 'เคาน์เตอร์หน้าร้าน' });
    await page.getByText('แสดง 2 กะ').waitFor();
    expect(await ids()).toEqual([shifts.over.id, shifts.even.id]);
    // By difference only, every till: the over and the short.
    await page.getByLabel('เครื่องขาย', { exact: true }).selectOption({ label: 'ทุกเครื่องขาย' });
    await page.getByLabel('มีส่วนต่างเท่านั้น').check();
    await page.getByText('แสดง 2 กะ').waitFor();
    expect(await ids()).toEqual([shifts.over.id, shifts.short.id]);
    // By person: who opened or closed it (the manager lists the people seen in the shifts).
    await page.getByLabel('พนักงาน (เปิดหรือปิดกะ)').selectOption({ label: CASHIER.name });
    await page.getByText('แสดง 2 กะ').waitFor();
    await settle(page);
    await screenshot(page, 'shift-list');
    await expectNoSeriousA11yViolations(page, 'shift-list');

    // The CSV holds what the list shows.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'ส่งออก CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^shifts_\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = fs.readFileSync(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
    expect(csv).toHaveLength(3);
    expect(csv.slice(1).join('\n')).toContain('เคาน์เตอร์หลังร้าน');

    // The report of a closed shift: its difference, approver and note, then the Z report with its print button.
    await page.getByLabel('พนักงาน (เปิดหรือปิดกะ)').selectOption({ label: 'ทุกคน' });
    await over.getByRole('button', { name: /ดูรายงาน/ }).click();
    const detail = page.getByRole('dialog', { name: `กะ #${shifts.over.id} · เคาน์เตอร์หน้าร้าน` });
    await detail.getByTestId('shift-report-document').waitFor();
    expect(await detail.getByTestId('shift-report-document').getAttribute('data-kind')).toBe('Z');
    const close = detail.getByTestId('shift-detail-close');
    await close.getByText('เงินเกิน ฿150.00').waitFor();
    await close.getByText(MANAGER.name).waitFor();
    await close.getByText('ลูกค้าไม่รับเงินทอน').waitFor();
    await detail.getByTestId('shift-report-print').waitFor();
    await settle(page);
    await screenshot(page, 'shift-list-detail');
    await expectNoSeriousA11yViolations(page, 'shift-list-detail');
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'detached' });
    await context.close();
  });

  it('at 390 px: cards, nothing wider than the screen, the detail of an open shift (X)', async () => {
    const { context, page } = await newPage(shop.browser, shop.url, MOBILE);
    await signInAsManager(page, '/shifts');
    const card = page.getByTestId(`shift-card-${shifts.short.id}`);
    await card.getByText('เงินขาด ฿10.00').waitFor();
    expect(await page.getByRole('table').isVisible()).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    // No text of a card spills out of it.
    const spill = await card.evaluate((el) => {
      const box = el.getBoundingClientRect();
      return Array.from(el.querySelectorAll('*')).some((child) => {
        const r = child.getBoundingClientRect();
        return r.width > 0 && (r.left < box.left - 0.5 || r.right > box.right + 0.5);
      });
    });
    expect(spill).toBe(false);
    // One till's two shifts, so the full-page picture stays readable (the whole list is 56 cards).
    await page.getByLabel('เครื่องขาย', { exact: true }).selectOption({ label: 'เคาน์เตอร์หลังร้าน' });
    await page.getByText('แสดง 2 กะ').waitFor();
    await page.getByTestId(`shift-card-${shifts.open.id}`).getByText('ยังไม่ปิดกะ').waitFor();
    await screenshot(page, 'shift-list');
    await expectNoSeriousA11yViolations(page, 'shift-list-mobile');
    await page
      .getByTestId(`shift-card-${shifts.open.id}`)
      .getByRole('button', { name: /ดูรายงาน/ })
      .click();
    const detail = page.getByRole('dialog');
    await detail.getByTestId('shift-report-document').waitFor();
    expect(await detail.getByTestId('shift-report-document').getAttribute('data-kind')).toBe('X');
    await settle(page);
    await screenshot(page, 'shift-list-detail');
    await expectNoSeriousA11yViolations(page, 'shift-list-detail-mobile');
    await context.close();
  });

  it('says when it is loading, when it failed (retry), when nothing matches and when there is no shift', async () => {
    const { context, page } = await newPage(shop.browser, shop.url);
    await signIn(page, MANAGER.username, MANAGER.password, /\/dashboard$/);
    let answer: 'hold' | 'fail' | 'empty' | 'real' = 'hold';
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/shifts?**', async (route) => {
      if (answer === 'hold') await held;
      if (answer === 'fail') {
        await route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":"INTERNAL_ERROR"}' });
      } else if (answer === 'empty') {
        await route.fulfill({ status: 200, contentType: 'application/json', body: '{"shifts":[],"hasMore":false}' });
      } else {
        await route.fallback();
      }
    });
    await page.goto('/shifts');
    // The screen drawn (its chunk loaded), its list held: the skeleton, with "loading" said to screen readers.
    await page.getByRole('heading', { name: 'รายการกะ' }).waitFor();
    await page.getByRole('main').getByRole('status').filter({ hasText: 'กำลังโหลด' }).waitFor({ state: 'attached' });
    await screenshot(page, 'shift-list-loading');
    answer = 'fail';
    release();
    await page.getByText('โหลดรายการกะไม่สำเร็จ').waitFor({ timeout: 20_000 });
    await settle(page);
    await screenshot(page, 'shift-list-error');
    await expectNoSeriousA11yViolations(page, 'shift-list-error');
    answer = 'empty';
    await page.getByRole('button', { name: 'ลองใหม่' }).click();
    await page.getByText('ยังไม่มีกะ').waitFor();
    await screenshot(page, 'shift-list-empty');
    await expectNoSeriousA11yViolations(page, 'shift-list-empty');

    // The real list filtered to days with no shift: "nothing matches", and a way back.
    // A fresh load (the empty answer stays cached for "no filters"), then days with no shift.
    answer = 'real';
    await page.reload();
    await page.getByTestId(`shift-row-${shifts.open.id}`).waitFor();
    await page.getByLabel('ตั้งแต่วันที่').fill('2020-01-01');
    await page.getByLabel('ถึงวันที่').fill('2020-01-31');
    await page.getByText('ไม่พบกะที่ตรงกับตัวกรอง').waitFor();
    await page.getByRole('main').getByRole('button', { name: 'ล้างตัวกรอง' }).last().click();
    await page.getByTestId(`shift-row-${shifts.open.id}`).waitFor();
    await context.close();
  });
});
