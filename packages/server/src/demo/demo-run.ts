import type { Deps } from '../deps';
import { vatAppliesTo } from '@pos/core';
import { bulkSales } from './demo-bulk';
import { countSales } from './demo.queries';
import { buildDemoShop, sellDemoDays, type DemoDeps } from './demo.service';
import { addDays } from '../calendar/calendar';
import { shopDayStart } from '../calendar/shop-day';
import { readStoredSettings } from '../features/settings/settings.service';

/** `npm run demo` without options. */
export const DEMO_DEFAULTS = { days: 90, bulkDays: 365, products: 300, customers: 150, seed: 1 } as const;

export interface DemoRunOptions {
  days: number;
  /** Write this many sales in bulk (benchmark data) instead of selling through the services. */
  bulkSales?: number | undefined;
  products: number;
  customers: number;
  seed: number;
  /** Add to a database that already has sales. */
  force: boolean;
  /** The shop's today: sales end the day before. */
  today: string;
  /** The moment of the run (today's shift opens at the shop's opening time, or now if earlier). */
  now?: Date | undefined;
}

export type DemoRunResult =
  | { refused: true; existingSales: number }
  | {
      refused: false;
      products: number;
      customers: number;
      sales: number;
      refunds: number;
      taxInvoices: number;
      shifts: number;
    };

/** The demo shop: catalogue and customers through the services, then the sales (services, or bulk). */
export async function runDemo(
  base: Omit<Deps, 'now' | 'sleep'>,
  options: DemoRunOptions,
  progress: (line: string) => void = () => {},
): Promise<DemoRunResult> {
  const existingSales = await countSales(base.db.kysely);
  if (existingSales > 0 && !options.force) return { refused: true, existingSales };
  let clock = new Date(Date.parse(shopDayStart(addDays(options.today, -options.days - 1), base.config.shopTimezone)));
  const deps: DemoDeps = {
    ...base,
    now: () => clock,
    // The demo's own clock: a wait moves it on.
    sleep: async (ms) => {
      clock = new Date(clock.getTime() + ms);
    },
    setNow: (at) => {
      clock = at;
    },
  };
  // The shop opens the day before its first sale.
  deps.setNow(new Date(clock.getTime() + 9 * 3_600_000));
  const shop = await buildDemoShop(deps, {
    products: options.products,
    customers: options.customers,
    seed: options.seed,
    images: options.bulkSales === undefined,
  });
  progress(`${shop.products.length} products and ${shop.customers.length} customers added`);
  if (options.bulkSales !== undefined) {
    const settings = await readStoredSettings(deps.db.kysely);
    await bulkSales(deps.db, shop, {
      count: options.bulkSales,
      days: options.days,
      today: options.today,
      timeZone: deps.config.shopTimezone,
      seed: options.seed,
      taxRateBp: vatAppliesTo(settings.system) ? Math.round(settings.system.taxRate * 100) : 0,
    });
    return {
      refused: false,
      products: shop.products.length,
      customers: shop.customers.length,
      sales: options.bulkSales,
      refunds: Math.floor(options.bulkSales / 200),
      taxInvoices: 0,
      // Bulk sales are made at no till.
      shifts: 0,
    };
  }
  const run = await sellDemoDays(
    deps,
    shop,
    { days: options.days, salesPerDay: 25, seed: options.seed, today: options.today, now: options.now },
    progress,
  );
  return {
    refused: false,
    products: shop.products.length,
    customers: shop.customers.length,
    ...run,
  };
}
