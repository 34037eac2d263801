import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startFakeSmtp, type FakeSmtp } from '../../packages/server/test/helpers/fake-smtp';
import { startFakeStripe, stripeEnvOf, type FakeStripe } from '../../packages/server/test/helpers/fake-stripe';
import { firstAdminToken } from './api';
import { launchBrowser } from './browser';
import { startServer, type RunningServer } from './server';

export interface Shop {
  /** Where the app answers (API and screens): pass `shop` wherever `{ url }` is asked for. */
  readonly url: string;
  /** The real app on a fresh SQLite database and data folder of its own. */
  readonly server: RunningServer;
  /** A headless browser for this describe's tests; each test opens its own context with `newPage`. */
  readonly browser: Browser;
  /** The fake Stripe on 127.0.0.1 the server is configured to call (only with `fakeStripe: true`). */
  readonly stripe: FakeStripe;
  /** The fake SMTP server on 127.0.0.1 whose password the server has (only with `fakeSmtp: true`). */
  readonly smtp: FakeSmtp;
  /** A session of the seeded admin (its first-use password changed on the first call). */
  adminToken(): Promise<string>;
}

/**
 * The shop a describe's tests run against: before them the real app on a fresh data folder and a browser
 * (and, with `fakeStripe`, a fake Stripe started first, which the server's configuration points at; with
 * `fakeSmtp`, a fake SMTP server whose password the server is given, its address left to the settings); after
 * them all closed and the folder removed. The describe's own data (users, products, sales) goes in a
 * `beforeAll` declared after `useShop`: hooks run in the order they are declared. `env` adds the server's
 * configuration (e.g. ETAX_SMTP_PASSWORD).
 */
export function useShop(
  options: { fakeStripe?: boolean; fakeSmtp?: boolean; env?: Record<string, string> } = {},
): Shop {
  let stripe: FakeStripe | undefined;
  let smtp: FakeSmtp | undefined;
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`useShop: no ${what} (not asked for, or used before the tests start)`);
    return value;
  };
  const shop: Shop = {
    get url() {
      return started(server, 'server').url;
    },
    get server() {
      return started(server, 'server');
    },
    get browser() {
      return started(browser, 'browser');
    },
    get stripe() {
      return started(stripe, 'fake Stripe');
    },
    get smtp() {
      return started(smtp, 'fake SMTP server');
    },
    adminToken: () => firstAdminToken(shop.url),
  };

  beforeAll(async () => {
    if (options.fakeStripe) stripe = await startFakeStripe();
    if (options.fakeSmtp) smtp = await startFakeSmtp();
    server = await startServer({
      ...(stripe ? stripeEnvOf(stripe) : {}),
      // The e-Tax SMTP password lives only in the environment; the fake takes its own.
      ...(smtp ? { ETAX_SMTP_PASSWORD: smtp.password } : {}),
      ...options.env,
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await stripe?.close();
    await smtp?.close();
  });
  return shop;
}
