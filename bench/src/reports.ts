// `npm run bench:reports -w @pos/bench`: the sales summary and the dashboard over 100,000 and
// 1,000,000 sales (issue 15), on SQLite, or PostgreSQL when BENCH_DATABASE_URL names a server whose
// role may create databases (one database per size). REPORTS_BENCH_SIZES
// (comma-separated) changes the sizes. The generated databases are kept and reused by the next run
// (see benchDatabase); REPORTS_BENCH_REBUILD=1 also times rebuilding the report rollups from the sales. The sales are written in bulk by `npm run demo`'s generator
// (`--sales N`: straight through its queries module, a year of sales ending yesterday), the catalogue
// and customers through the services. Prints each request's latency through HTTP beside the row
// count, and the database's plan of every query the summary and the year view run.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { CompiledQuery, type KyselyPlugin, type QueryResult, type RootOperationNode, type UnknownRow } from 'kysely';
import Database from 'better-sqlite3';
import pg from 'pg';
import {
  addDays,
  dashboard,
  loadConfig,
  openDatabase,
  runDemo,
  salesSummary,
  shopToday,
  startServer,
  ensureFirstAdmin,
  migrateToLatest,
  syncReportRollups,
  rebuildReportRollups,
  imageStoreFor,
  type Config,
} from '@pos/server';
import { firstAdminToken } from './first-admin';

const SIZES = (process.env.REPORTS_BENCH_SIZES ?? '100000,1000000').split(',').map(Number);
const RUNS = 10;

/**
 * The database of one size, kept between runs (generating a million sales takes many minutes): a
 * SQLite file under REPORTS_BENCH_DIR (default: the system's temp folder), or a PostgreSQL database
 * named after the size. `reuse`: it holds exactly `size` sales from an earlier run; anything else
 * (none, or a run stopped half-way) is wiped and generated again. REPORTS_BENCH_FRESH=1 always regenerates.
 */
async function benchDatabase(size: number): Promise<{ env: Record<string, string>; reuse: boolean }> {
  const dataDir = path.join(process.env.REPORTS_BENCH_DIR ?? os.tmpdir(), `pos-bench-reports-${size}`);
  const fresh = process.env.REPORTS_BENCH_FRESH === '1';
  const base = process.env.BENCH_DATABASE_URL;
  if (!base) {
    const file = path.join(dataDir, 'pos.db');
    const reuse = !fresh && fs.existsSync(file) && sqliteSales(file) === size;
    if (!reuse) fs.rmSync(dataDir, { recursive: true, force: true });
    return { env: { DATA_DIR: dataDir }, reuse };
  }
  const name = `pos_bench_reports_${size}`;
  const url = new URL(base);
  url.pathname = `/${name}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
    const reuse = !fresh && exists && (await postgresSales(url.toString())) === size;
    if (!reuse) {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${name}`);
    }
    return { env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() }, reuse };
  } finally {
    await admin.end();
  }
}

function sqliteSales(file: string): number {
  const db = new Database(file, { readonly: true });
  try {
    return Number((db.prepare('select count(*) as n from sales').get() as { n: number }).n);
  } catch {
    return -1; // not a database of this app
  } finally {
    db.close();
  }
}

async function postgresSales(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return Number((await client.query('select count(*) as n from sales')).rows[0].n);
  } catch {
    return -1;
  } finally {
    await client.end();
  }
}

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

/** Collects every statement a service runs, to ask the database for its plan. */
function capture(compile: (node: RootOperationNode) => CompiledQuery, into: CompiledQuery[]): KyselyPlugin {
  return {
    transformQuery: ({ node }) => {
      into.push(compile(node));
      return node;
    },
    transformResult: async ({ result }): Promise<QueryResult<UnknownRow>> => result,
  };
}

async function benchSize(size: number): Promise<void> {
  const target = await benchDatabase(size);
  const config: Config = loadConfig({ LOG_LEVEL: 'silent', ...target.env });
  const today = shopToday(new Date(), config.shopTimezone);
  let generated = 'reused from an earlier run';
  if (!target.reuse) {
    const db = openDatabase(config);
    await migrateToLatest(db);
    await syncReportRollups(db, config.shopTimezone);
    await ensureFirstAdmin({ db, now: () => new Date() });
    const started = performance.now();
    await runDemo(
      // Bulk sales queue no LINE messages: nothing to wake.
      { db, config, imageStore: await imageStoreFor(config), notifications: { wake: () => {} } },
      { days: 365, bulkSales: size, products: 300, customers: 150, seed: 1, force: false, today },
    );
    generated = `generated in ${((performance.now() - started) / 1000).toFixed(1)} s`;
    await db.destroy();
  }

  // Migrates and keys the rollups (a database from before them is built here, timed).
  const starting = performance.now();
  const server = await startServer(config, { logger: false, listen: { port: 0, host: '127.0.0.1' } });
  try {
    const { deps } = server.built;
    const rows = async (table: string) =>
      Number(
        (await deps.db.kysely.executeQuery<{ n: number }>(CompiledQuery.raw(`select count(*) as n from ${table}`)))
          .rows[0]?.n,
      );
    console.log(
      `\n${deps.db.engine}: ${(await rows('sales')).toLocaleString('en-US')} sales, ` +
        `${(await rows('sale_items')).toLocaleString('en-US')} lines, ${(await rows('refunds')).toLocaleString('en-US')} refunds ` +
        `over 365 days (${generated}; server start ${((performance.now() - starting) / 1000).toFixed(1)} s), in ` +
        `${target.env.DATABASE_URL ? new URL(target.env.DATABASE_URL).pathname.slice(1) : target.env.DATA_DIR}`,
    );
    console.log(
      `rollups: ${(await rows('report_days')).toLocaleString('en-US')} day rows, ` +
        `${(await rows('report_product_days')).toLocaleString('en-US')} product-day rows, ` +
        `${(await rows('report_customer_days')).toLocaleString('en-US')} customer-day rows`,
    );
    const auth = { authorization: `Bearer ${await firstAdminToken(server.url)}` };
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
    const executor = deps.db.kysely.getExecutor();
    const traced = {
      ...deps,
      db: {
        ...deps.db,
        kysely: deps.db.kysely.withPlugin(
          capture((node) => executor.compileQuery(node, { queryId: 'plan' }), statements),
        ),
      },
    };
    await salesSummary(traced, { startDate: monthStart, endDate: addDays(today, -1) });
    await dashboard(traced, { period: 'year' });
    const seen = new Set<string>();
    for (const statement of statements) {
      // The same statement over another range (a month's best sellers, then the year's) is timed again.
      const key = `${statement.sql} ${JSON.stringify(statement.parameters)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const explain = deps.db.engine === 'sqlite' ? 'explain query plan ' : 'explain ';
      const plan = await deps.db.kysely.executeQuery<Record<string, unknown>>(
        CompiledQuery.raw(`${explain}${statement.sql}`, [...statement.parameters]),
      );
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
      for (const row of plan.rows) console.log(`  ${String(row.detail ?? row['QUERY PLAN'])}`);
    }
  } finally {
    await server.stop();
  }
}

console.log(
  `reports benchmark: node ${process.version}, ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}`,
);
for (const size of SIZES) await benchSize(size);
