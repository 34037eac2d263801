// What the browser benchmarks (bench:pos, bench:grid-entry) share: a JSON call of the API, Debian's Chromium,
// and signing in through the real login screen.
import { chromium, type Browser, type Page } from 'playwright-core';

/** A JSON call of the server's API; anything but 2xx throws with the answer's text. */
export async function api<T = Record<string, unknown>>(
  base: string,
  token: string | null,
  method: string,
  route: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${base}/api${route}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${route}: HTTP ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Debian's Chromium (never a downloaded one), headless. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
}

/** Signs in on the login screen and waits for the screen the role lands on. */
export async function signIn(page: Page, user: { username: string; password: string }, lands: RegExp): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('ชื่อผู้ใช้').fill(user.username);
  await page.getByLabel('รหัสผ่าน', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'เข้าสู่ระบบ' }).click();
  await page.waitForURL(lands);
}
