import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../support/api';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { DESKTOP, MOBILE, newPage, screenshot, signIn } from '../support/browser';
import { untilControlled } from '../support/offline';
import { useShop } from '../support/shop';

/** The parts of the web app manifest the till's installation relies on. */
interface Manifest {
  name: string;
  short_name: string;
  start_url: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
}

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Whether the page shows the browser's own "no internet" page instead of the app. */
async function browserErrorPage(page: Page): Promise<boolean> {
  return page.evaluate(() => document.getElementById('root') === null);
}

describe('the till as an installable app that starts without the network (issue 38)', () => {
  const shop = useShop();
  const password = 'pwa-pass-123';
  const cashierName = 'แคชเชียร์ ออฟไลน์';

  beforeAll(async () => {
    await createUser(shop.url, { username: 'cashier1', password, name: cashierName, role: 'cashier' });
  });

  it('links a manifest naming the till, its start page and icons that load, and serves /sw.js uncached', async () => {
    const page = await fetch(`${shop.url}/pos`);
    const html = await page.text();
    const link = /<link rel="manifest" href="([^"]+)"/.exec(html);
    expect(link?.[1]).toBe('/manifest.webmanifest');

    const res = await fetch(`${shop.url}${link?.[1] ?? ''}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    const manifest = (await res.json()) as Manifest;
    expect(manifest).toMatchObject({
      name: 'ระบบขายหน้าร้าน (POS)',
      short_name: 'ขายหน้าร้าน',
      start_url: '/pos',
      display: 'standalone',
      theme_color: '#2563eb',
      background_color: '#ffffff',
    });
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of manifest.icons) {
      const image = await fetch(`${shop.url}${icon.src}`);
      expect(image.status, icon.src).toBe(200);
      expect(image.headers.get('content-type'), icon.src).toBe('image/png');
      const { width, height } = pngSize(Buffer.from(await image.arrayBuffer()));
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
    }

    const sw = await fetch(`${shop.url}/sw.js`);
    expect(sw.status).toBe(200);
    expect(sw.headers.get('content-type')).toMatch(/^(text|application)\/javascript/);
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    expect(await sw.text()).toContain('precacheAndRoute');
  });

  for (const viewport of [DESKTOP, MOBILE]) {
    it(`opens the signed-in cashier's till after a reload without the network, ${viewport.width} px`, async () => {
      const { context, page } = await newPage(shop.browser, shop.url, viewport, { serviceWorkers: 'allow' });
      await signIn(page, 'cashier1', password, /\/pos$/);
      await page.getByRole('searchbox').first().waitFor();
      await untilControlled(page);

      // What the worker keeps: the app shell only, never an API answer or an upload.
      const cached = await page.evaluate(async () => {
        const urls: string[] = [];
        for (const name of await caches.keys()) {
          for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
        }
        return urls;
      });
      expect(cached).toContain('/index.html');
      expect(cached.some((url) => /^\/assets\/noto-sans-thai-thai-wght-normal-[\w-]+\.woff2$/.test(url))).toBe(true);
      expect(cached.some((url) => /^\/assets\/boot-reads-[\w-]+\.js$/.test(url))).toBe(true);
      expect(cached.filter((url) => url.startsWith('/api/') || url.startsWith('/uploads/'))).toEqual([]);
      expect(cached.filter((url) => /\.(br|gz)$/.test(url))).toEqual([]);

      await context.setOffline(true);
      await page.reload();
      expect(await browserErrorPage(page)).toBe(false);
      await page.waitForURL(/\/pos$/);
      // The layout with the signed-in cashier (kept on the device), not the sign-in screen, and the till's own
      // load error once its reads have failed (the catalogue kept on the device is the offline outbox's part).
      await page.getByRole('searchbox').first().waitFor();
      expect(await page.getByLabel('ชื่อผู้ใช้').count()).toBe(0);
      const loadError = page.getByRole('dialog').filter({ hasText: 'ไม่สามารถโหลดข้อมูลได้' });
      await loadError.waitFor();
      await screenshot(page, 'pwa-offline-pos');
      await expectNoSeriousA11yViolations(page, `offline till ${viewport.width}px`);
      await loadError.getByRole('button', { name: 'ตกลง' }).click();
      await loadError.waitFor({ state: 'hidden' });
      // On a phone the cashier's name is in the menu.
      if (viewport === MOBILE) await page.getByRole('button', { name: 'เปิดเมนู' }).click();
      await page.locator('p', { hasText: cashierName }).filter({ visible: true }).first().waitFor();

      // The server's own addresses are never answered with the app (nor from any cache) when offline.
      for (const url of ['/api/health', '/uploads/products/photo.webp']) {
        await expect(page.goto(url), url).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
      }
      await context.close();
    });
  }

  it('opens the till with its error states when the browser is online but the shop server cannot be reached', async () => {
    const { context, page } = await newPage(shop.browser, shop.url, DESKTOP, { serviceWorkers: 'allow' });
    await signIn(page, 'cashier1', password, /\/pos$/);
    await page.getByRole('searchbox').first().waitFor();
    await untilControlled(page);

    // The Wi-Fi is up (navigator.onLine) but the server is off: every API call fails as a network error, not a 401.
    await context.route('**/api/**', (route) => route.abort('connectionrefused'));
    await page.reload();
    expect(await browserErrorPage(page)).toBe(false);
    await page.waitForURL(/\/pos$/);
    await page.getByText(cashierName).first().waitFor();
    await page.getByRole('searchbox').first().waitFor();
    // The till's own load error, with its retry, over the layout (not a blank page).
    const loadError = page.getByRole('dialog').filter({ hasText: 'ไม่สามารถโหลดข้อมูลได้' });
    await loadError.getByRole('button', { name: 'ลองใหม่' }).waitFor();
    await screenshot(page, 'pwa-server-unreachable');
    await expectNoSeriousA11yViolations(page, 'till without its server');
    await context.close();
  });

  it('shows the sign-in screen, not the previous cashier, after signing out and reloading offline', async () => {
    const { context, page } = await newPage(shop.browser, shop.url, DESKTOP, { serviceWorkers: 'allow' });
    await signIn(page, 'cashier1', password, /\/pos$/);
    await page.getByRole('searchbox').first().waitFor();
    await untilControlled(page);

    await page.getByRole('button', { name: 'ออกจากระบบ' }).click();
    await page.waitForURL(/\/login$/);
    await page.getByText('ออกจากระบบสำเร็จ').first().waitFor();

    await context.setOffline(true);
    await page.goto('/pos');
    expect(await browserErrorPage(page)).toBe(false);
    await page.waitForURL(/\/login$/);
    await page.getByLabel('ชื่อผู้ใช้').waitFor();
    expect(await page.getByText(cashierName).count()).toBe(0);
    await screenshot(page, 'pwa-offline-signed-out');
    await expectNoSeriousA11yViolations(page, 'offline sign-in');
    await context.close();
  });
});
