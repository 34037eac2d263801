import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api, createUser } from '../support/api';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { DESKTOP, MOBILE, newPage, screenshot, settle, signIn, signInTo } from '../support/browser';
import { createProduct } from '../support/catalogue';
import { barcodeCameraFile, launchBrowserWithCamera } from '../support/fake-camera';
import { useShop } from '../support/shop';

const OWNER = { username: 'owner', password: 'owner-pass-123', name: 'เจ้าของร้าน', role: 'admin' as const };
const VIEWER = { username: 'viewer', password: 'viewer-pass-123', name: 'ผู้ดูรายงาน', role: 'viewer' as const };
/** The label the fake camera shows: an EAN-13 of a product whose SKU is something else. */
const EAN = '8850100000309';
const SKU = 'DM100300';

type Viewport = typeof DESKTOP;

/** Signs in (the helper speaks Thai), then switches this browser to English as the language button does. */
async function signInAs(page: Page, lang: 'th' | 'en', user: { username: string; password: string }): Promise<void> {
  await signIn(page, user.username, user.password, /\/dashboard$/);
  if (lang === 'th') return;
  await page.evaluate(() => localStorage.setItem('pos_locale', 'en'));
  await page.reload();
  await page.waitForFunction(() => document.documentElement.lang === 'en');
}

/** Every request the page makes: the camera's reader must come from this server, never a CDN. */
function requestsOf(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  return urls;
}

describe('owner catalogue: camera scan, SKU and barcode, landing and shop name', () => {
  const shop = useShop();
  /** The whole chromium with a fake camera, for the camera's two tests; the headless shell for the rest. */
  let cameraBrowser: Browser;
  let admin: string;
  let dress: { id: number };
  const giveBarcode = (barcode: string) =>
    api(shop, admin, 'PUT', `/products/${dress.id}`, {
      name: 'เดรสลายดอก',
      sku: SKU,
      barcode,
      category: 'เสื้อผ้า',
      price: 890,
    });

  beforeAll(async () => {
    admin = await shop.adminToken();
    for (const user of [OWNER, VIEWER]) await createUser(shop.url, user);
    await api(shop, admin, 'PUT', '/settings', { settings: { system: { storeName: 'ร้านใบเตยแฟชั่น' } } });
    // Without a barcode at first: the camera's code finds nothing until the camera test gives it.
    dress = await createProduct(shop.url, admin, {
      name: 'เดรสลายดอก',
      sku: SKU,
      category: 'เสื้อผ้า',
      price: 890,
      stock: 5,
    });
    await giveBarcode('');
    // The camera's picture is rendered once, in the plain browser, then played by the camera's browser.
    const file = await barcodeCameraFile(shop.browser, EAN, 'EAN13');
    cameraBrowser = await launchBrowserWithCamera(file);
  });
  // A failed test's page is closed too: a camera left scanning would slow every test after it.
  const opened: BrowserContext[] = [];
  const openPage = async (viewport: Viewport, on: Browser = shop.browser) => {
    const made = await newPage(on, shop.url, viewport);
    opened.push(made.context);
    return made;
  };
  afterEach(async () => {
    for (const context of opened.splice(0)) await context.close().catch(() => undefined);
  });
  afterAll(async () => {
    await cameraBrowser?.close();
  });

  it('scans a label with the camera (WASM reader from our own server) into the cart as a wedge scan would', async () => {
    const { context, page } = await openPage(DESKTOP, cameraBrowser);
    await context.grantPermissions(['camera'], { origin: shop.url });
    const urls = requestsOf(page);
    await signInTo(page, OWNER.username, OWNER.password, '/pos');
    const scan = page.getByRole('button', { name: 'สแกนบาร์โค้ดด้วยกล้อง' });

    // No product has the code yet: the dialog says so and keeps looking.
    await scan.click();
    const dialog = page.getByRole('dialog', { name: 'สแกนบาร์โค้ดด้วยกล้อง' });
    await dialog.getByRole('status').getByText(`ไม่พบสินค้าที่มีรหัสหรือบาร์โค้ด "${EAN}"`).waitFor({ timeout: 20_000 });
    await settle(page);
    await expectNoSeriousA11yViolations(page, 'camera scan, unknown code, 1280');
    await screenshot(page, 'owner-camera-unknown');
    await dialog.getByRole('button', { name: 'ปิด' }).last().click();
    await dialog.waitFor({ state: 'detached' });

    // The product gets that barcode (its SKU stays another code); the next scan adds it.
    await giveBarcode(EAN);
    await page.reload();
    await page.getByTestId(`pos-product-${SKU}`).waitFor();
    await scan.click();
    await dialog.waitFor({ state: 'detached', timeout: 20_000 });
    // One unit on a cart line, as a wedge scan adds it.
    const line = page.getByTestId(`cart-line-${SKU}`);
    await line.waitFor();
    expect(await line.getByRole('spinbutton').inputValue()).toBe('1');

    const wasm = urls.filter((url) => url.endsWith('.wasm'));
    expect(wasm.length).toBeGreaterThan(0);
    expect(wasm.every((url) => url.startsWith(`${shop.url}/assets/`))).toBe(true);
    expect(
      urls.filter((url) => !url.startsWith(shop.url) && !url.startsWith('data:') && !url.startsWith('blob:')),
    ).toEqual([]);
    await context.close();
  }, 180_000);

  it('says in Thai (and English) that the camera was refused', async () => {
    for (const [lang, text] of [
      ['th', 'ไม่ได้รับอนุญาตให้ใช้กล้อง'],
      ['en', 'The camera is not allowed'],
    ] as const) {
      for (const viewport of [DESKTOP, MOBILE]) {
        // A browser with a camera and no permission granted in this context: headless Chromium refuses it.
        const { context, page } = await openPage(viewport, cameraBrowser);
        await signInAs(page, lang, OWNER);
        await page.goto('/pos');
        await page.getByRole('button', { name: lang === 'th' ? 'สแกนบาร์โค้ดด้วยกล้อง' : /Scan a barcode/ }).click();
        await page.getByRole('alert').getByText(text, { exact: false }).waitFor({ timeout: 15_000 });
        await settle(page);
        await expectNoSeriousA11yViolations(page, `camera refused ${lang} ${viewport.width}`);
        await screenshot(page, `owner-camera-denied-${lang}`);
        await context.close();
      }
    }
  }, 240_000);

  it('edits SKU and barcode as two fields: each unique, Thai letters refused in the screen language', async () => {
    const other = await createProduct(shop.url, admin, {
      name: 'กระเป๋าผ้า',
      sku: 'BAG-01',
      category: 'กระเป๋า',
      price: 250,
    });
    for (const [lang, viewport] of [
      ['th', DESKTOP],
      ['th', MOBILE],
      ['en', DESKTOP],
      ['en', MOBILE],
    ] as [string, Viewport][]) {
      const { context, page } = await openPage(viewport);
      await signInAs(page, lang as 'th' | 'en', OWNER);
      await page.goto('/products');
      // The table's row (1280) or the card (390) of the product, then its edit button.
      const holder = page
        .locator('[data-testid="product-row"], [data-testid="product-card"]')
        .filter({ hasText: 'เดรสลายดอก' })
        .filter({ visible: true });
      await holder
        .getByRole('button', { name: lang === 'th' ? /แก้ไข/ : /Edit/ })
        .first()
        .click();
      const dialog = page.getByRole('dialog');
      const sku = dialog.locator('#product-sku');
      const barcode = dialog.locator('#product-barcode');
      expect(await sku.inputValue()).toBe(SKU);
      expect(await barcode.inputValue()).toBe(EAN);
      // The preview draws what the label prints: the barcode.
      expect(await dialog.getByTestId('barcode-svg').getAttribute('aria-label')).toBe(EAN);
      const skuBox = await sku.boundingBox();
      const barcodeBox = await barcode.boundingBox();
      expect(skuBox && barcodeBox).toBeTruthy();
      await settle(page);
      await expectNoSeriousA11yViolations(page, `product dialog ${lang} ${viewport.width}`);
      await screenshot(page, `owner-product-codes-${lang}`);

      if (lang === 'th' && viewport === DESKTOP) {
        // Another product's code: refused under the barcode field.
        await barcode.fill(other.sku);
        await dialog.getByRole('button', { name: 'บันทึกการแก้ไข' }).click();
        await dialog.locator('#product-barcode-error').getByText('ถูกใช้กับสินค้า').waitFor();
        // Thai letters: refused with a Thai reason, the preview says so too (no English library message).
        await barcode.fill(EAN);
        await sku.fill('เดรส-01');
        await dialog.getByRole('button', { name: 'บันทึกการแก้ไข' }).click();
        await dialog.locator('#product-sku-error').getByText('ใช้ได้เฉพาะตัวอักษรภาษาอังกฤษ', { exact: false }).waitFor();
        await sku.fill('DM100300-B');
        await barcode.fill('8850100000316');
        await dialog.getByRole('button', { name: 'บันทึกการแก้ไข' }).click();
        await dialog.waitFor({ state: 'detached' });
        const saved = await api<{ product: { sku: string; barcode: string } }>(
          shop,
          admin,
          'GET',
          `/products/${dress.id}`,
        );
        expect(saved.product).toMatchObject({ sku: 'DM100300-B', barcode: '8850100000316' });
        await giveBarcode(EAN);
      }
      await context.close();
    }
  }, 240_000);

  it("lands a viewer on a screen they may see; a fresh browser's sign-in shows the shop's name", async () => {
    for (const viewport of [DESKTOP, MOBILE]) {
      const { page, context } = await openPage(viewport);
      await page.goto('/login');
      await page.getByText('ร้านใบเตยแฟชั่น', { exact: true }).waitFor();
      expect(await page.getByText('Universal POS').count()).toBe(0);
      await screenshot(page, 'owner-sign-in-shop-name');
      await signIn(page, VIEWER.username, VIEWER.password, /\/dashboard$/);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(await page.getByText('ไม่มีสิทธิ์เข้าถึง', { exact: false }).count()).toBe(0);
      await context.close();
    }
  }, 120_000);

  it('shows label sizes in mm and offers the format and background choices', async () => {
    for (const lang of ['th', 'en'] as const) {
      for (const viewport of [DESKTOP, MOBILE]) {
        const { context, page } = await openPage(viewport);
        await signInAs(page, lang, OWNER);
        await page.goto('/settings');
        await page.getByRole('tab', { name: lang === 'th' ? 'บาร์โค้ด' : 'Barcode' }).click();
        // 240 px at 96 dpi is 63.5 mm.
        await page
          .getByText(lang === 'th' ? '63.5 มม.' : '63.5 mm', { exact: true })
          .first()
          .waitFor();
        const format = page.getByLabel(lang === 'th' ? 'รูปแบบบาร์โค้ด' : 'Barcode format');
        expect(await format.inputValue()).toBe('CODE128');
        const backgrounds = page.getByRole('group', { name: lang === 'th' ? 'สีพื้นป้าย' : 'Label background' });
        expect(await backgrounds.getByRole('button').count()).toBe(6);
        await settle(page);
        await expectNoSeriousA11yViolations(page, `barcode settings ${lang} ${viewport.width}`);
        await screenshot(page, `owner-barcode-settings-${lang}`);
        await context.close();
      }
    }
  }, 240_000);
});
