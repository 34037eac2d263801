// `npm run bench:reports -w @pos/bench`: the sales summary and the dashboard over 100,000 and
// 1,000,000 sales (issue 15), on SQLite, or PostgreSQL when BENCH_DATABASE_URL names a server whose
// role may create databases (one database per size). REPORTS_BENCH_SIZES
// (comma-separated) changes the sizes. The generated databases are kept and reused by the next run
// (see bench-database.ts); REPORTS_BENCH_REBUILD=1 also times rebuilding the report rollups from the sales. The sales are written in bulk by `npm run demo`'s generator
// (`--sales N`: straight through its queries module, a year of sales ending yesterday), the catalogue
// and customers through the services. Prints each request's latency through HTTP beside the row
// count, and the database's plan of every query the summary and the year view run.
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import type { CompiledQuery } from 'kysely';
import { addDays, dashboard, salesSummary, rebuildReportRollups } from '@pos/server';
import { benchServer, databaseLabel, planOf, tracing } from './bench-database';

const SIZES = (process.env.REPORTS_BENCH_SIZES ?? '100000,1000000').split(',').map(Number);
const RUNS = 10;

async function time(call: () => Promise<Response>): Promise<{ median: number; p95: number; max: number }> {
  const once = async () => {
    const started = performance.now();
    const res = await call();
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    return performance.now() - started;
  };
  await once(); // warm-up: the first read brings the pages into the cache
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) times.push(await once());
  times.sort((a, b) => a - b);
  return {
    median: times[Math.floor(times.length / 2)]!,
    p95: times[Math.ceil(times.length * 0.95) - 1]!,
    max: times.at(-1)!,
  };
}

async function benchSize(size: number): Promise<void> {
  // Migrates and keys the rollups (a database from before them is built here, timed).
  const { server, config, today, generated, startSeconds, auth, run } = await benchServer(size);
  try {
    const { deps } = server.built;
    const rows = async (table: string) => Number((await run(`select count(*) as n from ${table}`))[0]?.n);
    console.log(
      `\n${deps.db.engine}: ${(await rows('sales')).toLocaleString('en-US')} sales, ` +
        `${(await rows('sale_items')).toLocaleString('en-US')} lines, ${(await rows('refunds')).toLocaleString('en-US')} refunds ` +
        `over 365 days (${generated}; server start ${startSeconds.toFixed(1)} s), in ` +
        databaseLabel(config),
    );
    console.log(
      `rollups: ${(await rows('report_days')).toLocaleString('en-US')} day rows, ` +
        `${(await rows('report_product_days')).toLocaleString('en-US')} product-day rows, ` +
        `${(await rows('report_customer_days')).toLocaleString('en-US')} customer-day rows`,
    );
    const get = (query: string) => () => fetch(`${server.url}/api/sales/stats/${query}`, { headers: auth });
    const monthStart = addDays(today, -30);
    const yearStart = addDays(today, -365);
    const cases: [string, string][] = [
      ['summary, last 30 days', `summary?startDate=${monthStart}&endDate=${addDays(today, -1)}`],
      ['summary, last 365 days', `summary?startDate=${yearStart}&endDate=${addDays(today, -1)}`],
      ['dashboard today', 'dashboard?period=today'],
      ['dashboard month', 'dashboard?period=month'],
      ['dashboard year', 'dashboard?period=year'],
    ];
    console.log('request                     median ms    p95 ms    max ms');
    for (const [label, query] of cases) {
      const t = await time(get(query));
      console.log(
        `${label.padEnd(26)} ${t.median.toFixed(0).padStart(9)} ${t.p95.toFixed(0).padStart(9)} ${t.max.toFixed(0).padStart(9)}`,
      );
    }

    if (process.env.REPORTS_BENCH_REBUILD === '1') {
      // What a changed SHOP_TIMEZONE (or the first start after the migration) costs at this size.
      const started = performance.now();
      await deps.db.kysely.transaction().execute((trx) => rebuildReportRollups(trx, config.shopTimezone));
      console.log(`rollups rebuilt from the sales in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }

    // The plans: every statement of a month's summary and of the year view, asked of the database as run.
    const statements: CompiledQuery[] = [];
    const traced = tracing(deps, statements);
    await salesSummary(traced, { startDate: monthStart, endDate: addDays(today, -1) });
    await dashboard(traced, { period: 'year' });
    const seen = new Set<string>();
    for (const statement of statements) {
      // The same statement over another range (a month's best sellers, then the year's) is timed again.
      const key = `${statement.sql} ${JSON.stringify(statement.parameters)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const plan = await planOf(deps.db, statement);
      const text = statement.sql.replace(/\s+/g, ' ').replace(/\(\?, \?, \?\)(, \(\?, \?, \?\))+/, '(?, ?, ?), …');
      // Each statement alone, in the database (no HTTP): which one the time goes to.
      const took: number[] = [];
      for (let i = 0; i < 5; i++) {
        const started = performance.now();
        await deps.db.kysely.executeQuery(statement);
        took.push(performance.now() - started);
      }
      took.sort((a, b) => a - b);
      console.log(`\n[${took[2]!.toFixed(1)} ms median of 5] ${text.length > 200 ? `${text.slice(0, 200)}…` : text}`);
      for (const line of plan) console.log(`  ${line}`);
    }
  } finally {
    await server.stop();
  }
}

console.log(
  `reports benchmark: node ${process.version}, ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}`,
);
for (const size of SIZES) await benchSize(size);
