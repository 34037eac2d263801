import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
export const SCREENSHOT_DIR = path.resolve(here, '../screenshots');

export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 390, height: 844 };

/** `extraArgs`: more Chromium switches, e.g. a fake camera showing a file (owner-catalogue.spec.ts). */
export function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--no-first-run',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      ...extraArgs,
    ],
  });
}

export async function newPage(
  browser: Browser,
  baseURL: string,
  viewport = DESKTOP,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport, locale: 'th-TH', timezoneId: 'Asia/Bangkok' });
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  return { context, page };
}

/** Saves a full-page screenshot as e2e/screenshots/<name>-<width>.png for people to look at. */
export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  const file = path.join(SCREENSHOT_DIR, `${name}-${width}.png`);
  // Fonts may take a while on a busy CI machine; the page is already drawn.
  await page.screenshot({ path: file, fullPage: true, timeout: 30_000 });
  return file;
}

/** Signs in through the real sign-in screen and waits for the landing page. */
export async function signIn(page: Page, username: string, password: string, landing: RegExp): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('ชื่อผู้ใช้').fill(username);
  await page.getByLabel('รหัสผ่าน', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'เข้าสู่ระบบ' }).click();
  await page.waitForURL(landing);
}

/**
 * Lets a dialog's opening animation finish before a screenshot or an accessibility check: waits until
 * no finite CSS animation or transition runs (spinners loop forever and are left out) instead of a
 * fixed 300 ms, which was both slower and, on a busy machine, not always enough.
 */
export async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
}
