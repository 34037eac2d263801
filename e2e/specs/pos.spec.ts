import { posProductsToColumns, type Customer, type Product, type Sale } from '@pos/core';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, apiLogin, createUser, registerForVat } from '../support/api';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { MOBILE, newPage, screenshot, settle, signIn, signInTo } from '../support/browser';
import { useShop, type Shop } from '../support/shop';

const CASHIER = { username: 'nok', password: 'nok-pass-123', name: 'นกน้อย ขายดี', role: 'cashier' as const };
const VIEWER = { username: 'dao', password: 'dao-pass-123', name: 'ดาว ดูอย่างเดียว', role: 'viewer' as const };

const SHIRT = { name: 'เสื้อยืดคอกลม', sku: 'TS-001', price: 250, stock: 10 };
const JEANS = { name: 'กางเกงยีนส์ทรงกระบอก', sku: 'JN-002', price: 890, stock: 5 };
const CAP = { name: 'หมวกแก๊ป', sku: '8850000000028', price: 199, stock: 3 };
const SOCKS = { name: 'ถุงเท้าข้อสั้น', sku: 'SK-004', price: 59, stock: 0 };

async function products(shop: Shop, token: string): Promise<Map<string, Product>> {
  const { products: list } = await api<{ products: Product[] }>(shop, token, 'GET', '/products?limit=10000');
  return new Map(list.map((p) => [p.sku, p]));
}

async function customerNamed(shop: Shop, token: string, name: string): Promise<Customer> {
  const { customers } = await api<{ customers: Customer[] }>(shop, token, 'GET', '/customers');
  const found = customers.find((c) => c.name === name);
  if (!found) throw new Error(`no customer ${name}`);
  return found;
}

async function toast(page: Page, text: string | RegExp): Promise<void> {
  await page.getByText(text).first().waitFor();
}

function cartOf(page: Page): Locator {
  return page.getByRole('region', { name: 'ตะกร้าสินค้า' });
}

async function addCard(page: Page, sku: string): Promise<void> {
  await page.getByTestId(`pos-product-${sku}`).click();
}

/** Page sizes in millimetres of a PDF that Chromium printed. */
function pageSizes(pdf: Buffer): { width: number; height: number }[] {
  const text = pdf.toString('latin1');
  return [...text.matchAll(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g)].map((m) => ({
    width: (Number(m[1]) * 25.4) / 72,
    height: (Number(m[2]) * 25.4) / 72,
  }));
}

async function readDocumentNumber(receipt: Locator): Promise<string> {
  const text = await receipt.getByTestId('receipt-document').innerText();
  const match = /R\d{4}-\d{6}/.exec(text);
  if (!match) throw new Error(`no document number in: ${text}`);
  return match[0];
}

describe('point of sale', () => {
  const shop = useShop();
  let admin: string;

  beforeAll(async () => {
    // These tests are about a shop registered for VAT (3 % on top): a fresh install charges none.
    await registerForVat(shop);
    admin = await shop.adminToken();
    for (const p of [SHIRT, JEANS, CAP, SOCKS]) {
      await api(shop, admin, 'POST', '/products', { ...p, category: 'เสื้อผ้า' });
    }
    await api(shop, admin, 'PUT', '/settings', {
      settings: {
        payment: { promptpayEnabled: true, promptpayId: '0812345678' },
        system: {
          storeName: 'ร้านแต่งตัวดี',
          address: '99/1 ถนนสุขุมวิท แขวงคลองเตย เขตคลองเตย กรุงเทพฯ 10110',
          phone: '02-123-4567',
          taxId: '0105560123456',
        },
      },
    });
    await createUser(shop.url, CASHIER);
    await createUser(shop.url, VIEWER);
  });

  it('sells two products to a new customer for cash, shows the change and the receipt', async () => {
    const { context, page } = await newPage(shop.browser, shop.url);
    await signIn(page, CASHIER.username, CASHIER.password, /\/pos$/);
    const search = page.getByRole('searchbox', { name: 'ค้นหาสินค้า' });
    await page.getByTestId(`pos-product-${SHIRT.sku}`).waitFor();
    // The search box has focus on open, so a scanner can fire at once.
    expect(await search.evaluate((el) => el === document.activeElement)).toBe(true);

    // Sold out: dimmed with a badge, and refused.
    const socks = page.getByTestId(`pos-product-${SOCKS.sku}`);
    await socks.getByText('สินค้าหมด').waitFor();
    await socks.click({ force: true });
    await toast(page, 'สินค้าหมด');

    // Search by name, and an empty result.
    await search.fill('ยีนส์');
    await page.getByTestId(`pos-product-${SHIRT.sku}`).waitFor({ state: 'detached' });
    await page.getByTestId(`pos-product-${JEANS.sku}`).waitFor();
    await search.fill('ไม่มีสินค้านี้แน่นอน');
    await page.getByText('ไม่พบสินค้า ลองใช้คำอื่นหรือเปลี่ยนหมวดหมู่').waitFor();
    await search.fill('');
    await page.getByRole('button', { name: 'ทั้งหมด' }).waitFor();
    await screenshot(page, 'pos');
    await expectNoSeriousA11yViolations(page, 'pos');

    await addCard(page, SHIRT.sku);
    await addCard(page, SHIRT.sku);
    await addCard(page, JEANS.sku);
    const cart = cartOf(page);
    expect(await cart.getByRole('spinbutton', { name: `จำนวน ${SHIRT.name}` }).inputValue()).toBe('2');
    // 2 × 250 + 890 = 1,390.00; VAT 3 % = 41.70; total 1,431.70
    expect(await cart.getByTestId('pos-total').innerText()).toBe('฿1,431.70');

    // Quantity above stock is clamped with a warning.
    await cart.getByRole('spinbutton', { name: `จำนวน ${JEANS.name}` }).fill('9');
    await toast(page, 'สินค้าในสต็อกไม่เพียงพอ: มีเพียง 5 ชิ้น');
    expect(await cart.getByRole('spinbutton', { name: `จำนวน ${JEANS.name}` }).inputValue()).toBe('5');
    await cart.getByRole('spinbutton', { name: `จำนวน ${JEANS.name}` }).fill('1');
    expect(await cart.getByTestId('pos-total').innerText()).toBe('฿1,431.70');
    // A walk-in sale earns nobody points, so the cart promises none.
    expect(await cart.getByText(/^จะได้รับ/).count()).toBe(0);

    // A new customer through the shared customer dialog, selected for this order.
    await cart.getByRole('button', { name: 'เพิ่มลูกค้าใหม่' }).click();
    const dialog = page.getByRole('dialog', { name: 'เพิ่มลูกค้าใหม่' });
    await dialog.getByLabel('ชื่อ-นามสกุล').fill('สมหญิง ใจงาม');
    await dialog.getByLabel('เบอร์โทรศัพท์').fill('089-123-4567');
    await dialog.getByRole('button', { name: 'เพิ่มลูกค้า', exact: true }).click();
    await toast(page, 'เพิ่มลูกค้าสำเร็จ');
    await dialog.waitFor({ state: 'hidden' });
    // The new customer is chosen for the order: the picker shows name and phone.
    await expect
      .poll(() => cart.getByRole('combobox', { name: 'ลูกค้า' }).inputValue())
      .toBe('สมหญิง ใจงาม · 089-123-4567');
    await cart.getByText('จะได้รับ 14 แต้ม').waitFor();
    await screenshot(page, 'pos-cart');
    await expectNoSeriousA11yViolations(page, 'pos-cart');

    await cart.getByRole('button', { name: 'ชำระเงิน' }).click();
    const payment = page.getByRole('dialog', { name: 'เลือกวิธีการชำระเงิน' });
    await payment.getByTestId('payment-amount-due').getByText('฿1,431.70').waitFor();
    // Card stays hidden; cash, transfer and PromptPay are offered.
    expect(await payment.getByRole('button', { name: /บัตร/ }).count()).toBe(0);
    await payment.getByRole('button', { name: /โอนเงินผ่านธนาคาร/ }).waitFor();
    await settle(page);
    await screenshot(page, 'pos-payment');
    await expectNoSeriousA11yViolations(page, 'pos-payment');
    await payment.getByRole('button', { name: /เงินสด/ }).click();
    const received = payment.getByLabel('รับเงินมา (บาท)');
    await received.fill('1000');
    await payment.getByText('จำนวนเงินที่รับมาน้อยกว่ายอดที่ต้องชำระ (ขาดอีก ฿431.70)').waitFor();
    await received.press('Enter');
    await payment.getByRole('button', { name: 'ยืนยันรับเงินสด' }).waitFor();
    await received.fill('2000');
    expect(await payment.getByTestId('payment-change').innerText()).toBe('฿568.30');
    await screenshot(page, 'pos-payment-cash');
    await expectNoSeriousA11yViolations(page, 'pos-payment-cash');
    await received.press('Enter');

    const receipt = page.getByRole('dialog', { name: 'ใบเสร็จรับเงิน' });
    await receipt.waitFor();
    await toast(page, 'รับเงินสดและบันทึกการขายเรียบร้อยแล้ว');
    const doc = receipt.getByTestId('receipt-document');
    const number = await readDocumentNumber(receipt);
    expect(number).toMatch(/^R25\d{2}-000001$/);
    for (const text of [
      'ร้านแต่งตัวดี',
      'เลขประจำตัวผู้เสียภาษี 0105560123456',
      'ใบกำกับภาษีอย่างย่อ/ใบเสร็จรับเงิน',
      'สมหญิง ใจงาม',
      CASHIER.name,
      '1,431.70',
      '2,000.00',
      '568.30',
    ]) {
      await doc.getByText(text).first().waitFor();
    }
    await doc.getByRole('img', { name: number }).waitFor();
    await settle(page);
    await screenshot(page, 'pos-receipt');
    await expectNoSeriousA11yViolations(page, 'pos-receipt');

    // The copy of the short tax invoice, and the print preview: only the document prints.
    await receipt.getByRole('button', { name: 'สำเนาใบกำกับภาษี' }).click();
    const invoice = page.getByRole('dialog', { name: 'สำเนาใบกำกับภาษีอย่างย่อ' });
    await invoice.waitFor();
    const copy = invoice.getByTestId('receipt-document');
    await copy.getByRole('heading', { name: 'ใบกำกับภาษีอย่างย่อ/ใบเสร็จรับเงิน' }).waitFor();
    await copy.getByText('สำเนา', { exact: true }).waitFor();
    await copy.getByText('ไม่ใช่ใบเสร็จรับเงินฉบับใหม่').waitFor();
    await settle(page);
    await screenshot(page, 'pos-receipt-copy');
    await expectNoSeriousA11yViolations(page, 'pos-invoice');
    await page.evaluate(() => {
      window.print = () => {
        (window as unknown as { printedWith: string }).printedWith = document.body.className;
      };
    });
    await page.getByRole('button', { name: 'พิมพ์' }).click();
    expect(await page.evaluate(() => (window as unknown as { printedWith: string }).printedWith)).toContain(
      'receipt-printing',
    );
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('#root').isVisible()).toBe(false);
    expect(await page.locator('.receipt-print-root').isVisible()).toBe(true);
    await page.locator('.receipt-print-root').getByText(number).first().waitFor();
    await page.setViewportSize({ width: 302, height: 800 });
    await screenshot(page, 'pos-receipt-print');
    await page.setViewportSize({ width: 1280, height: 800 });
    // What the printer gets: one 80 mm page, as long as the receipt.
    const roll = pageSizes(await page.pdf({ preferCSSPageSize: true, printBackground: true }));
    expect(roll).toHaveLength(1);
    expect(roll[0]?.width).toBeCloseTo(80, 0);
    expect(roll[0]?.height).toBeGreaterThan(80);
    await page.emulateMedia({ media: 'screen' });
    await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
    // The same document on A4.
    await invoice.getByRole('button', { name: 'A4' }).click();
    await page.getByRole('button', { name: 'พิมพ์' }).click();
    await page.emulateMedia({ media: 'print' });
    const a4 = pageSizes(await page.pdf({ preferCSSPageSize: true, printBackground: true }));
    expect(a4).toHaveLength(1);
    expect(a4[0]?.width).toBeCloseTo(210, 0);
    expect(a4[0]?.height).toBeCloseTo(297, 0);
    await page.emulateMedia({ media: 'screen' });
    await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
    expect(await page.evaluate(() => document.body.classList.contains('receipt-printing'))).toBe(false);

    // Closing the receipt puts the cursor back in the search box, and the cart is empty.
    // The dialog's own close button (a toast has one with the same name).
    await invoice.getByRole('button', { name: 'ปิด', exact: true }).first().click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    // The dialog hands focus back once it has unmounted, a moment after it leaves the page.
    await page.waitForFunction((el) => el === document.activeElement, await search.elementHandle(), {
      timeout: 5_000,
    });
    await cart.getByText('ยังไม่มีสินค้าในตะกร้า').waitFor();

    // The server took the stock and gave the points; the browser sent no updates of its own.
    const stock = await products(shop, admin);
    expect(stock.get(SHIRT.sku)?.stock).toBe(8);
    expect(stock.get(JEANS.sku)?.stock).toBe(4);
    const customer = await customerNamed(shop, admin, 'สมหญิง ใจงาม');
    expect(customer.loyalty_points).toBe(14);
    expect(customer.total_purchases).toBe(1);
    expect(customer.total_spent).toBe(1431.7);
    const { sale } = await api<{ sale: Sale }>(shop, admin, 'GET', '/sales/1');
    expect(sale.document_number).toBe(number);
    expect(sale.payment).toMatchObject({ method: 'cash', cash_received: 2000, change: 568.3 });
    await context.close();
  });

  it('redeems points on a second sale, with a scanner and the keyboard only', async () => {
    const { context, page } = await newPage(shop.browser, shop.url);
    await signIn(page, CASHIER.username, CASHIER.password, /\/pos$/);
    const search = page.getByRole('searchbox', { name: 'ค้นหาสินค้า' });
    await page.getByTestId(`pos-product-${CAP.sku}`).waitFor();

    // A keyboard-wedge scanner types the exact barcode and Enter.
    await search.pressSequentially(CAP.sku, { delay: 5 });
    await search.press('Enter');
    const cart = cartOf(page);
    await cart.getByTestId(`cart-line-${CAP.sku}`).waitFor();
    expect(await search.inputValue()).toBe('');
    await search.pressSequentially('0000000000000');
    await search.press('Enter');
    await toast(page, 'ไม่พบสินค้าที่มีรหัสหรือบาร์โค้ด "0000000000000"');

    await cart.getByRole('combobox', { name: 'ลูกค้า' }).click();
    await page.getByRole('option', { name: /สมหญิง ใจงาม/ }).waitFor();
    await expectNoSeriousA11yViolations(page, 'pos customer picker open');
    await page.getByRole('option', { name: /สมหญิง ใจงาม/ }).click();
    await cart.getByText('แต้มสะสม 14 แต้ม').waitFor();
    const points = cart.getByLabel('ใช้แต้มสะสมเป็นส่วนลด');
    await points.fill('20');
    await points.press('Enter');
    await cart.getByText('คุณมี 14 แต้ม').waitFor();
    await points.fill('0');
    await cart.getByRole('button', { name: 'ใช้แต้ม', exact: true }).click();
    await cart.getByText('กรุณาระบุจำนวนแต้มที่ต้องการใช้').waitFor();
    await points.fill('10');
    await points.press('Enter');
    await cart.getByText('ใช้ 10 แต้ม ส่วนลด ฿10.00').waitFor();
    // 199 − 10 = 189; VAT 3 % = 5.67; total 194.67; earns 1 point
    expect(await cart.getByTestId('pos-total').innerText()).toBe('฿194.67');
    await cart.getByText('จะได้รับ 1 แต้ม').waitFor();
    await screenshot(page, 'pos-points');
    await expectNoSeriousA11yViolations(page, 'pos-points');

    // Keyboard only: Enter in the empty search box, Enter on the default method (cash), Enter for the exact amount.
    await search.focus();
    await search.press('Enter');
    const payment = page.getByRole('dialog', { name: 'เลือกวิธีการชำระเงิน' });
    await payment.getByTestId('payment-amount-due').getByText('฿194.67').waitFor();
    await page.waitForFunction(() => document.activeElement?.textContent?.includes('เงินสด'));
    await page.keyboard.press('Enter');
    await payment.getByLabel('รับเงินมา (บาท)').waitFor();
    await page.keyboard.press('Enter');
    const receipt = page.getByRole('dialog', { name: 'ใบเสร็จรับเงิน' });
    await receipt.waitFor();
    const doc = receipt.getByTestId('receipt-document');
    await doc.getByText('ส่วนลด (ใช้ 10 แต้ม)').waitFor();
    await doc.getByText('194.67').first().waitFor();
    expect(await readDocumentNumber(receipt)).toMatch(/-000002$/);

    // The next scan closes the receipt and goes straight into the search box.
    await page.keyboard.type('TS-001');
    await receipt.waitFor({ state: 'detached' });
    expect(await search.inputValue()).toBe('TS-001');
    await search.press('Enter');
    await cart.getByTestId(`cart-line-${SHIRT.sku}`).waitFor();

    const customer = await customerNamed(shop, admin, 'สมหญิง ใจงาม');
    expect(customer.loyalty_points).toBe(14 - 10 + 1);
    expect((await products(shop, admin)).get(CAP.sku)?.stock).toBe(2);
    await context.close();
  });

  it('sells with PromptPay (QR shown) after the server reports a changed price', async () => {
    const { context, page } = await newPage(shop.browser, shop.url);
    await signIn(page, CASHIER.username, CASHIER.password, /\/pos$/);
    await addCard(page, SHIRT.sku);
    const cart = cartOf(page);
    expect(await cart.getByTestId('pos-total').innerText()).toBe('฿257.50');

    // The price changes on the server after the cart was built: 409 TOTALS_CHANGED, new total, confirm again.
    const shirt = (await products(shop, admin)).get(SHIRT.sku);
    await api(shop, admin, 'PUT', `/products/${shirt?.id}`, {
      name: SHIRT.name,
      sku: SHIRT.sku,
      category: 'เสื้อผ้า',
      price: 260,
    });

    await cart.getByRole('button', { name: 'ชำระเงิน' }).click();
    const payment = page.getByRole('dialog', { name: 'เลือกวิธีการชำระเงิน' });
    await payment.getByRole('button', { name: /PromptPay QR/ }).click();
    const qr = payment.getByTestId('promptpay-qr');
    await qr.waitFor();
    expect(await qr.getAttribute('data-payload')).toMatch(/^000201010212.*5406257\.50.*6304[0-9A-F]{4}$/);
    await payment.getByText('พร้อมเพย์: xxxxxx5678').waitFor();
    await settle(page);
    await screenshot(page, 'pos-promptpay');
    await expectNoSeriousA11yViolations(page, 'pos-promptpay');
    await payment.getByRole('button', { name: 'ยืนยันได้รับเงินแล้ว' }).click();
    await payment.getByText(/ยอดที่ต้องชำระใหม่คือ ฿267\.80/).waitFor();
    await payment.getByTestId('payment-amount-due').getByText('฿267.80').waitFor();
    expect(await qr.getAttribute('data-payload')).toContain('5406267.80');

    // Back returns to the options; PromptPay again, and confirm.
    await payment.getByRole('button', { name: 'ย้อนกลับ' }).click();
    await payment.getByRole('button', { name: /PromptPay QR/ }).click();
    await payment.getByTestId('promptpay-qr').waitFor();
    await payment.getByRole('button', { name: 'ยืนยันได้รับเงินแล้ว' }).click();
    const receipt = page.getByRole('dialog', { name: 'ใบเสร็จรับเงิน' });
    await receipt.waitFor();
    await toast(page, 'ยืนยันการชำระเงินผ่าน PromptPay QR แล้ว');
    await receipt.getByTestId('receipt-document').getByText('พร้อมเพย์', { exact: true }).waitFor();
    await receipt.getByTestId('receipt-document').getByText('ลูกค้าทั่วไป').waitFor();

    const { sale } = await api<{ sale: Sale }>(shop, admin, 'GET', '/sales/3');
    expect(sale).toMatchObject({ payment_method: 'promptpay', total: 267.8, customer_id: null });
    await context.close();
  });

  it('works on a 390 px phone with the cart drawer', async () => {
    const { context, page } = await newPage(shop.browser, shop.url, MOBILE);
    await signIn(page, CASHIER.username, CASHIER.password, /\/pos$/);
    await page.getByTestId(`pos-product-${JEANS.sku}`).waitFor();
    await screenshot(page, 'pos');
    await expectNoSeriousA11yViolations(page, 'pos');
    await addCard(page, JEANS.sku);
    await addCard(page, SHIRT.sku);
    const cartButton = page.getByRole('button', { name: 'เปิดตะกร้าสินค้า (2 ชิ้น)' });
    await cartButton.click();
    const drawer = page.getByRole('dialog', { name: 'ตะกร้าสินค้า' });
    await drawer.getByTestId(`cart-line-${JEANS.sku}`).waitFor();
    // 890 + 260 = 1,150; VAT 34.50; total 1,184.50
    expect(await drawer.getByTestId('pos-total').innerText()).toBe('฿1,184.50');
    await settle(page);
    await screenshot(page, 'pos-cart-drawer');
    await expectNoSeriousA11yViolations(page, 'pos-cart-drawer');
    await drawer.getByRole('button', { name: `ลบ ${SHIRT.name} ออกจากตะกร้า` }).click();
    expect(await drawer.getByTestId('pos-total').innerText()).toBe('฿916.70');

    await drawer.getByRole('button', { name: 'ชำระเงิน' }).click();
    const payment = page.getByRole('dialog', { name: 'เลือกวิธีการชำระเงิน' });
    await payment.getByTestId('payment-amount-due').waitFor();
    await settle(page);
    await screenshot(page, 'pos-payment');
    await expectNoSeriousA11yViolations(page, 'pos-payment');
    await payment.getByRole('button', { name: /PromptPay QR/ }).click();
    await payment.getByTestId('promptpay-qr').waitFor();
    await settle(page);
    await screenshot(page, 'pos-promptpay');
    await expectNoSeriousA11yViolations(page, 'pos-promptpay');
    await payment.getByRole('button', { name: 'ย้อนกลับ' }).click();
    await payment.getByRole('button', { name: /โอนเงินผ่านธนาคาร/ }).click();
    await payment.getByLabel('เลขอ้างอิงการโอน').fill('KBANK-998877');
    await expectNoSeriousA11yViolations(page, 'pos-payment-transfer');
    await payment.getByRole('button', { name: 'ยืนยันได้รับเงินโอนแล้ว' }).click();

    const receipt = page.getByRole('dialog', { name: 'ใบเสร็จรับเงิน' });
    await receipt.waitFor();
    await drawer.waitFor({ state: 'detached' });
    await receipt.getByTestId('receipt-document').getByText('KBANK-998877').waitFor();
    await settle(page);
    await screenshot(page, 'pos-receipt');
    await expectNoSeriousA11yViolations(page, 'pos-receipt');
    await receipt.getByRole('button', { name: 'ปิด', exact: true }).first().click();
    await page.getByRole('button', { name: 'เปิดตะกร้าสินค้า (0 ชิ้น)' }).waitFor();

    expect((await products(shop, admin)).get(JEANS.sku)?.stock).toBe(3);
    await context.close();
  });

  it('enters edit mode from the sales history state and sends the replaced sale', async () => {
    const { context, page } = await newPage(shop.browser, shop.url);
    await signIn(page, CASHIER.username, CASHIER.password, /\/pos$/);
    await page.getByTestId(`pos-product-${SHIRT.sku}`).waitFor();
    // What the sales-history edit action does: navigate to /pos with this state.
    await page.evaluate(() => {
      window.history.pushState(
        {
          usr: { editMode: true, originalSaleId: 1, editReason: 'ลูกค้าขอเปลี่ยนไซส์', editDetails: 'M เป็น L' },
          key: 'edit',
          idx: 1,
        },
        '',
        '/pos',
      );
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
    });
    const banner = page.getByTestId('pos-edit-banner');
    await banner.getByText('กำลังแก้ไขรายการขาย R25').waitFor();
    await banner.getByText('เหตุผล: ลูกค้าขอเปลี่ยนไซส์').waitFor();
    await screenshot(page, 'pos-edit-mode');
    await expectNoSeriousA11yViolations(page, 'pos-edit-mode');

    let sent: unknown;
    await page.route('**/api/sales', async (route) => {
      sent = route.request().postDataJSON();
      await route.continue();
    });
    await addCard(page, SHIRT.sku);
    await cartOf(page).getByRole('button', { name: 'ชำระเงิน' }).click();
    const payment = page.getByRole('dialog', { name: 'เลือกวิธีการชำระเงิน' });
    await payment.getByRole('button', { name: /เงินสด/ }).click();
    await payment.getByLabel('รับเงินมา (บาท)').press('Enter');
    // Sale 1 was never refunded, so the server refuses to replace it; its Thai message is shown as is.
    await payment.getByText('ไม่สามารถบันทึกการขายได้: 409 - รายการขายเดิมยังไม่ได้คืนเงินเพื่อแก้ไข หรือถูกแทนที่ไปแล้ว').waitFor();
    expect(sent).toMatchObject({ replacesSaleId: 1, paymentMethod: 'cash' });
    await expectNoSeriousA11yViolations(page, 'pos-payment-error');
    await payment.getByRole('button', { name: 'ย้อนกลับ' }).click();
    await page.keyboard.press('Escape');
    await banner.getByRole('button', { name: 'ยกเลิกการแก้ไข' }).click();
    await banner.waitFor({ state: 'detached' });
    await context.close();
  });

  it('draws the loading, empty and error states', async () => {
    const { context, page } = await newPage(shop.browser, shop.url);
    await signIn(page, CASHIER.username, CASHIER.password, /\/pos$/);
    await page.getByTestId(`pos-product-${SHIRT.sku}`).waitFor();

    // Loading: skeleton cards while the products come.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/products/pos', async (route) => {
      await held;
      await route.fulfill({ json: { columns: posProductsToColumns([]) } });
    });
    await page.goto('/dashboard');
    await page.goto('/pos');
    await page.getByRole('searchbox', { name: 'ค้นหาสินค้า' }).waitFor();
    await page.locator('main [aria-hidden] .animate-pulse').first().waitFor();
    await screenshot(page, 'pos-loading');
    await expectNoSeriousA11yViolations(page, 'pos-loading');
    release();

    // Empty: no products in the shop yet.
    await page.getByText('ยังไม่มีสินค้าในระบบ').waitFor();
    await screenshot(page, 'pos-empty');
    await expectNoSeriousA11yViolations(page, 'pos-empty');
    await page.unroute('**/api/products/pos');

    // Error: a dialog "an error occurred / cannot load data", and a retry in place of the grid.
    await page.route('**/api/products/pos', (route) =>
      route.fulfill({ status: 503, json: { error: 'ระบบไม่พร้อมให้บริการชั่วคราว', code: 'SERVICE_UNAVAILABLE' } }),
    );
    await page.goto('/dashboard');
    await page.goto('/pos');
    const errorDialog = page.getByRole('dialog', { name: 'เกิดข้อผิดพลาด' });
    await errorDialog.getByText('ไม่สามารถโหลดข้อมูลได้').waitFor({ timeout: 15_000 });
    await settle(page);
    await screenshot(page, 'pos-error');
    await expectNoSeriousA11yViolations(page, 'pos-error');
    await errorDialog.getByRole('button', { name: 'ตกลง' }).click();
    await page.unroute('**/api/products/pos');
    await page.getByRole('button', { name: 'ลองใหม่' }).click();
    await page.getByTestId(`pos-product-${SHIRT.sku}`).waitFor();
    await context.close();
  });

  it('refuses the sale to a user without pos_process_sale', async () => {
    // No built-in role holds pos_view without pos_process_sale: a viewer has neither.
    const { context, page } = await newPage(shop.browser, shop.url);
    await signInTo(page, VIEWER.username, VIEWER.password, '/pos');
    await page.getByText('คุณไม่มีสิทธิ์ในการเข้าถึงระบบ POS').waitFor();
    await expectNoSeriousA11yViolations(page, 'pos-no-access');
    expect(await page.getByRole('searchbox', { name: 'ค้นหาสินค้า' }).count()).toBe(0);

    const token = await apiLogin(shop.url, VIEWER.username, VIEWER.password);
    const shirt = (await products(shop, admin)).get(SHIRT.sku);
    const res = await fetch(`${shop.url}/api/sales`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'idempotency-key': 'viewer-attempt-0001',
      },
      body: JSON.stringify({
        customerId: null,
        items: [{ productId: shirt?.id, quantity: 1, price: 260 }],
        subtotal: 260,
        discount: 0,
        tax: 7.8,
        total: 267.8,
        paymentMethod: 'cash',
        pointsUsed: 0,
      }),
    });
    expect(res.status).toBe(403);
    expect((await products(shop, admin)).get(SHIRT.sku)?.stock).toBe(7);
    await context.close();
  });
});
