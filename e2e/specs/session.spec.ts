import { expectNoSeriousA11yViolations } from '../support/axe';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../support/api';
import { MOBILE, newPage, screenshot, signIn, signInTo } from '../support/browser';
import { useShop } from '../support/shop';

const MINUTE = 60_000;

describe('sessions and navigation', () => {
  const shop = useShop();
  const password = 'session-pass-123';

  beforeAll(async () => {
    await createUser(shop.url, { username: 'manager1', password, name: 'ผู้จัดการ ทดสอบ', role: 'manager' });
    await createUser(shop.url, { username: 'cashier1', password, name: 'แคชเชียร์ ทดสอบ', role: 'cashier' });
  });

  it('says so when an unknown address lands on the dashboard', async () => {
    const { context, page } = await newPage(shop.browser, shop.url, MOBILE);
    await signInTo(page, 'manager1', password, '/reprots');
    await page.waitForURL(/\/dashboard$/);
    await page.getByText('ไม่พบหน้าที่ต้องการ').waitFor();
    await page.getByText('ไม่มีหน้า /reprots จึงพามาที่หน้าแดชบอร์ดแทน').waitFor();
    await screenshot(page, 'page-not-found');
    await expectNoSeriousA11yViolations(page, 'page-not-found');
    // A known address says nothing.
    await page.goto('/products');
    await page.getByRole('heading', { name: 'จัดการสินค้า' }).waitFor();
    expect(await page.getByText('ไม่พบหน้าที่ต้องการ').count()).toBe(0);
    await context.close();
  });

  it('keeps an active cashier signed in by refreshing the session, and leaves an idle one alone', async () => {
    const { context, page } = await newPage(shop.browser, shop.url);
    await page.clock.install();
    await signIn(page, 'cashier1', password, /\/pos$/);
    // The till drawn: the app, and with it its watch for activity, is running before the clock moves.
    await page.getByRole('searchbox').first().waitFor();
    const first = await page.evaluate(() => localStorage.getItem('auth_token'));

    // Idle: no refresh, however long.
    let refreshes = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/auth/refresh')) refreshes++;
    });
    await page.clock.runFor(15 * MINUTE);
    expect(refreshes).toBe(0);

    // Working at the till: the token is refreshed and the old one retired.
    const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/auth/refresh') && r.status() === 200);
    await page.keyboard.press('Shift');
    // A jump, firing the minute check once at its end: running every timer of the 2 minutes also ran the
    // refresh's own 30-second time limit, which aborted it before it could answer whenever the check came
    // early in the 2 minutes (the test failed on the timer's phase, about one run in several).
    await page.clock.fastForward(2 * MINUTE);
    await refreshed;
    await expect.poll(() => page.evaluate(() => localStorage.getItem('auth_token'))).not.toBe(first);
    // The screen keeps working with the new token.
    await page.reload();
    await page.waitForURL(/\/pos$/);
    await page.getByRole('searchbox').first().waitFor();
    expect(page.url()).toMatch(/\/pos$/);
    await context.close();
  });
});
