// `npm run bench:reports -w @pos/bench`: the sales summary and the dashboard over 100,000 and
// 1,000,000 sales (issue 15), on SQLite, or PostgreSQL when BENCH_DATABASE_URL names a server whose
// role may create databases (one fresh database per size, dropped afterwards). REPORTS_BENCH_SIZES
// (comma-separated) changes the sizes. The sales are written in bulk by `npm run demo`'s generator
// (`--sales N`: straight through its queries module, a year of sales ending yesterday), the catalogue
// and customers through the services. Prints each request's latency through HTTP beside the row
// count, and the database's plan of every query the summary and the year view run.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { CompiledQuery, type KyselyPlugin, type QueryResult, type RootOperationNode, type UnknownRow } from 'kysely';
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
  imageStoreFor,
  type Config,
} from '@pos/server';
import { firstAdminToken } from './first-admin';

const SIZES = (process.env.REPORTS_BENCH_SIZES ?? '100000,1000000').split(',').map(Number);
const RUNS = 10;

async function freshDatabase(size: number): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `pos-bench-reports-${size}-`));
  const base = process.env.BENCH_DATABASE_URL;
  if (!base) {
    return { env: { DATA_DIR: dataDir }, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }
  const name = `pos_bench_${size}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
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
  const fresh = await freshDatabase(size);
  try {
    const config: Config = loadConfig({ LOG_LEVEL: 'silent', ...fresh.env });
    const db = openDatabase(config);
    await migrateToLatest(db);
    await ensureFirstAdmin({ db, now: () => new Date() });
    const today = shopToday(new Date(), config.shopTimezone);
    const started = performance.now();
    await runDemo(
      // Bulk sales queue no LINE messages: nothing to wake.
      { db, config, imageStore: await imageStoreFor(config), notifications: { wake: () => {} } },
      { days: 365, bulkSales: size, products: 300, customers: 150, seed: 1, force: false, today },
    );
    const generated = performance.now() - started;
    await db.destroy();

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
          `over 365 days (generated in ${(generated / 1000).toFixed(1)} s)`,
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
        if (seen.has(statement.sql)) continue;
        seen.add(statement.sql);
        const explain = deps.db.engine === 'sqlite' ? 'explain query plan ' : 'explain ';
        const plan = await deps.db.kysely.executeQuery<Record<string, unknown>>(
          CompiledQuery.raw(`${explain}${statement.sql}`, [...statement.parameters]),
        );
        const text = statement.sql.replace(/\s+/g, ' ').replace(/\(\?, \?, \?\)(, \(\?, \?, \?\))+/, '(?, ?, ?), …');
        console.log(`\n${text.length > 200 ? `${text.slice(0, 200)}…` : text}`);
        for (const row of plan.rows) console.log(`  ${String(row.detail ?? row['QUERY PLAN'])}`);
      }
    } finally {
      await server.stop();
    }
  } finally {
    await fresh.drop();
  }
}

console.log(
  `reports benchmark: node ${process.version}, ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}`,
);
for (const size of SIZES) await benchSize(size);
