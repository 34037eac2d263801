// `npm run demo [-- options]`: fills DATA_DIR (or DATABASE_URL) with a demo Thai clothing and shoe shop.
//   --days N        days of sales ending yesterday (default 90), made through the services
//   --sales N       instead: N sales written in bulk over --days (default 365) for the benchmark
//   --products N    (default 300)   --customers N (default 150)   --seed N (default 1)
//   --force         add to a database that already has sales (use another --seed)
// All or nothing: a run that fails or is stopped leaves the shop as it was (see demo-build.ts).
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, type Config } from '../config';
import { addDays, shopToday } from '../calendar/calendar';
import { buildDemo, DemoError } from './demo-build';
import { DEMO_DEFAULTS } from './demo-run';

const { values } = parseArgs({
  options: {
    days: { type: 'string' },
    sales: { type: 'string' },
    products: { type: 'string', default: String(DEMO_DEFAULTS.products) },
    customers: { type: 'string', default: String(DEMO_DEFAULTS.customers) },
    seed: { type: 'string', default: String(DEMO_DEFAULTS.seed) },
    force: { type: 'boolean', default: false },
  },
});

const whole = (name: string, text: string | undefined, min: number): number | undefined => {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!Number.isInteger(n) || n < min) {
    console.error(`--${name} must be a whole number of at least ${min}`);
    process.exit(1);
  }
  return n;
};

let config: Config;
try {
  config = loadConfig(process.env);
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(`Configuration error: ${err.message}`);
    process.exit(1);
  }
  throw err;
}

const bulk = whole('sales', values.sales, 1);
const days = whole('days', values.days, 1) ?? (bulk ? DEMO_DEFAULTS.bulkDays : DEMO_DEFAULTS.days);
const today = shopToday(new Date(), config.shopTimezone);
const started = performance.now();
try {
  const result = await buildDemo(
    config,
    {
      days,
      bulkSales: bulk,
      products: whole('products', values.products, 1)!,
      customers: whole('customers', values.customers, 1)!,
      seed: whole('seed', values.seed, 1)!,
      force: values.force,
      today,
      now: new Date(),
    },
    (line) => console.log(line),
  );
  if (result.refused) {
    console.error(
      `The database already has ${result.existingSales.toLocaleString('en-US')} sales: nothing added. ` +
        'Point DATA_DIR at an empty folder, or pass --force (with another --seed) to add to it.',
    );
    process.exitCode = 1;
  } else {
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `Demo shop ready in ${seconds} s (${config.databaseUrl ? 'PostgreSQL' : config.dataDir}): ` +
        `${result.products} products, ${result.customers} customers, ` +
        `${result.sales.toLocaleString('en-US')} sales from ${addDays(today, -days)} to ${addDays(today, -1)}, ` +
        `${result.refunds} refunds, ${result.taxInvoices} full tax invoices` +
        (result.shifts > 0 ? `, ${result.shifts} closed shifts at two tills and today's open on the first.` : '.'),
    );
    console.log('Start the app on it with `npm start` (same DATA_DIR / DATABASE_URL); sign in as admin.');
  }
} catch (err) {
  // All or nothing (demo-build.ts): whatever went wrong, the shop is as it was before this run.
  if (!(err instanceof DemoError)) console.error(err);
  console.error(`Demo not made, nothing changed: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
}
