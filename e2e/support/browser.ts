import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { homePathFor, type Role } from '@pos/core';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
export const SCREENSHOT_DIR = path.resolve(here, '../screenshots');

export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 390, height: 844 };

/**
 * Debian's chromium-headless-shell: the same Blink and V8 as chromium without the desktop browser around them
 * (what Playwright itself runs headless). The pos spec took 73 s of CPU instead of 100-108 s (renderer 29-31 s
 * instead of 43-47 s, browser process 6-8 s instead of 14-17 s), and the suite is bound by the two cores.
 */
export const HEADLESS_CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
/** Debian's whole chromium, for what the headless shell lacks: a camera (its getUserMedia is "Not supported"). */
export const FULL_CHROMIUM = process.env.FULL_CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The switches every test browser starts with. */
const BROWSER_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--no-first-run',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
];

/**
 * A browser keeping its profile (IndexedDB, local storage) in `userDataDir`, so that it can be killed and started
 * again on the same data, as a till's PC is. One context, set up as `newPage`'s (service worker blocked).
 */
export function launchKeptBrowser(userDataDir: string, baseURL: string, viewport = DESKTOP): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDataDir, {
    executablePath: HEADLESS_CHROMIUM,
    args: BROWSER_ARGS,
    baseURL,
    viewport,
    locale: 'th-TH',
    timezoneId: 'Asia/Bangkok',
    serviceWorkers: 'block',
  });
}

/** `extraArgs`: more Chromium switches, e.g. a fake camera showing a file (support/fake-camera.ts). */
export function launchBrowser(
  extraArgs: readonly string[] = [],
  executablePath: string = HEADLESS_CHROMIUM,
): Promise<Browser> {
  return chromium.launch({
    executablePath,
    args: [...BROWSER_ARGS, ...extraArgs],
  });
}

/**
 * A page in a fresh context. The app's service worker (issue 38) is blocked unless `serviceWorkers: 'allow'`:
 * installing it fetches and caches the whole app in every context, about 4 s of a 60 s spec on this machine, and
 * only the specs about the installed app and offline start need it.
 */
export async function newPage(
  browser: Browser,
  baseURL: string,
  viewport = DESKTOP,
  { serviceWorkers = 'block' }: { serviceWorkers?: 'allow' | 'block' } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL,
    viewport,
    locale: 'th-TH',
    timezoneId: 'Asia/Bangkok',
    serviceWorkers,
  });
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

/**
 * Signs in as the sign-in screen does, without drawing it: the page posts the credentials to the real
 * login route from the app's own origin (so the browser keeps the device cookie) and stores the session
 * where the app keeps it, then opens the user's home page as the screen would (core's `homePathFor`). The
 * screen itself is tested through its form (`signInThroughForm`, sign-in and roles specs); this saves two
 * of the three page loads of a sign-in, over a hundred times a run.
 */
export async function signIn(page: Page, username: string, password: string, landing: RegExp): Promise<void> {
  const role = await logInFromPage(page, username, password);
  await page.goto(homePathFor(role));
  await page.waitForURL(landing);
}

/**
 * Signs in as `signIn` does and opens `path` instead of the user's home page, for a test about another screen:
 * the app was otherwise started on the home page only to be left at once (its scripts fetched and run, about 17
 * requests), one app start of two in 47 tests. Where each role lands stays tested by `signIn`'s callers and the
 * sign-in and roles specs.
 */
export async function signInTo(page: Page, username: string, password: string, path: string): Promise<void> {
  await logInFromPage(page, username, password);
  await page.goto(path);
}

/** The login route called from the app's origin, the session stored where the app keeps it; the user's role. */
async function logInFromPage(page: Page, username: string, password: string): Promise<Role> {
  // A same-origin page that is not the app: localStorage belongs to the origin.
  await page.goto('/api/health');
  const answer = await page.evaluate(
    async ({ credentials, keys }) => {
      const res = await fetch('/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(credentials),
      });
      if (!res.ok) return { failure: `login ${credentials.username}: ${res.status} ${await res.text()}` };
      const session = (await res.json()) as { token: string; user: { role: string } };
      localStorage.setItem(keys.token, session.token);
      localStorage.setItem(keys.issuedAt, String(Date.now()));
      localStorage.setItem(keys.user, JSON.stringify(session.user));
      return { role: session.user.role };
    },
    { credentials: { username, password }, keys: SESSION_KEYS },
  );
  if ('failure' in answer) throw new Error(answer.failure);
  return answer.role as Role;
}

/** Where the web app keeps its session (packages/web/src/lib/storage-keys.ts). */
const SESSION_KEYS = { token: 'auth_token', issuedAt: 'pos_session_refreshed_at', user: 'user' } as const;

/** Signs in through the real sign-in screen and waits for the landing page. */
export async function signInThroughForm(
  page: Page,
  username: string,
  password: string,
  landing: RegExp,
): Promise<void> {
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

/** Fails when any toast on screen overlaps `target`'s box (a toast must never cover what the user reads next). */
export async function expectNotCoveredByToasts(page: Page, target: Locator): Promise<void> {
  await settle(page);
  const covered = await target.boundingBox();
  if (!covered) throw new Error('the element to keep uncovered is not on screen');
  for (const toast of await page.locator('[data-sonner-toast]').all()) {
    const box = await toast.boundingBox();
    if (!box) continue;
    const apart =
      box.x + box.width <= covered.x ||
      covered.x + covered.width <= box.x ||
      box.y + box.height <= covered.y ||
      covered.y + covered.height <= box.y;
    if (!apart) throw new Error(`a toast (${JSON.stringify(box)}) covers ${JSON.stringify(covered)}`);
  }
}
