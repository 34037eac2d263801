// `npm run demo [-- options]`: fills DATA_DIR (or DATABASE_URL) with a demo Thai clothing and shoe shop.
//   --days N        days of sales ending yesterday (default 90), made through the services
//   --sales N       instead: N sales written in bulk over --days (default 365) for the benchmark
//   --products N    (default 300)   --customers N (default 150)   --seed N (default 1)
//   --force         add to a database that already has sales (use another --seed)
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, type Config } from '../config';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { syncReportRollups } from '../features/reports/rollups.service';
import { ensureFirstAdmin } from '../db/seed';
import { imageStoreFor } from '../integrations/image-store/image-store-factory';
import { addDays, shopToday } from '../features/reports/calendar';
import { runDemo } from './demo-run';

const { values } = parseArgs({
  options: {
    days: { type: 'string' },
    sales: { type: 'string' },
    products: { type: 'string', default: '300' },
    customers: { type: 'string', default: '150' },
    seed: { type: 'string', default: '1' },
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

const db = openDatabase(config);
try {
  await migrateToLatest(db);
  await syncReportRollups(db, config.shopTimezone);
  await ensureFirstAdmin({ db, now: () => new Date() });
  const bulk = whole('sales', values.sales, 1);
  const days = whole('days', values.days, 1) ?? (bulk ? 365 : 90);
  const today = shopToday(new Date(), config.shopTimezone);
  const started = performance.now();
  const result = await runDemo(
    // No outbox worker here: LINE messages a configured shop queues are sent when the app starts.
    { db, config, imageStore: await imageStoreFor(config), notifications: { wake: () => {} } },
    {
      days,
      bulkSales: bulk,
      products: whole('products', values.products, 1)!,
      customers: whole('customers', values.customers, 1)!,
      seed: whole('seed', values.seed, 1)!,
      force: values.force,
      today,
    },
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
      `Demo shop ready in ${seconds} s (${db.engine === 'sqlite' ? config.dataDir : 'PostgreSQL'}): ` +
        `${result.products} products, ${result.customers} customers, ` +
        `${result.sales.toLocaleString('en-US')} sales from ${addDays(today, -days)} to ${addDays(today, -1)}, ` +
        `${result.refunds} refunds.`,
    );
    console.log('Start the app on it with `npm start` (same DATA_DIR / DATABASE_URL); sign in as admin.');
  }
} finally {
  await db.destroy();
}
