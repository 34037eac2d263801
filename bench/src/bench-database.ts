// The generated databases the reports and history-search benchmarks share (issue 15, issue 32): one per
// size, kept between runs because generating a million sales takes minutes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { CompiledQuery, type KyselyPlugin, type QueryResult, type RootOperationNode, type UnknownRow } from 'kysely';
import Database from 'better-sqlite3';
import pg from 'pg';
import {
  ensureFirstAdmin,
  imageStoreFor,
  loadConfig,
  migrateToLatest,
  openDatabase,
  runDemo,
  shopToday,
  startServer,
  syncReportRollups,
  type Config,
  type Db,
} from '@pos/server';
import { firstAdminToken } from './first-admin';

type StartedServer = Awaited<ReturnType<typeof startServer>>;

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

/**
 * The server in this process on the kept database of `size` sales (migrated as it starts, timed), with an
 * administrator's authorization header and a way to run SQL on its database directly.
 */
export async function benchServer(size: number): Promise<{
  server: StartedServer;
  config: Config;
  today: string;
  generated: string;
  startSeconds: number;
  auth: { authorization: string };
  run(text: string): Promise<Record<string, unknown>[]>;
}> {
  const { config, today, generated } = await benchConfig(size);
  const starting = performance.now();
  const server = await startServer(config, { logger: false, listen: { port: 0, host: '127.0.0.1' } });
  const startSeconds = (performance.now() - starting) / 1000;
  const run = async (text: string) =>
    (await server.built.deps.db.kysely.executeQuery<Record<string, unknown>>(CompiledQuery.raw(text))).rows;
  const auth = { authorization: `Bearer ${await firstAdminToken(server.url)}` };
  return { server, config, today, generated, startSeconds, auth, run };
}

/**
 * A database `name` on the server of `base` for one run (dropped first if a stopped run left it): empty, or
 * a copy of `template`.
 */
export async function freshPostgresDatabase(
  base: string,
  name: string,
  template?: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  await postgresAdmin(base, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await postgresAdmin(base, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => postgresAdmin(base, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** One statement on the server of `base` (creating and dropping databases), on a connection of its own. */
async function postgresAdmin(base: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
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

/**
 * The server's configuration for the database of `size` sales, generated first when no earlier run
 * left it: the sales in bulk by `npm run demo`'s generator (`--sales N`: straight through its queries
 * module, a year of sales ending yesterday), the catalogue and customers through the services.
 */
export async function benchConfig(size: number): Promise<{ config: Config; today: string; generated: string }> {
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
      // Bulk sales queue no LINE messages or e-Tax e-mails: nothing to wake.
      {
        db,
        config,
        imageStore: await imageStoreFor(config),
        notifications: { wake: () => {} },
        etaxEmails: { wake: () => {} },
        printJobs: { wake: () => {} },
        log: console,
      },
      { days: 365, bulkSales: size, products: 300, customers: 150, seed: 1, force: false, today },
    );
    generated = `generated in ${((performance.now() - started) / 1000).toFixed(1)} s`;
    await db.destroy();
  } else {
    generated += await migrateKept(config);
  }
  return { config, today, generated };
}

/**
 * A kept database brought to the latest migration here, once, rather than in every copy a benchmark makes of it:
 * on PostgreSQL a copy that migrates itself (a backfill of 100,000 rows) left as many dead rows, and autovacuum
 * cleaning them during the measured phases added 100-200 ms to the tills' p99 (bench:mixed, 2026-11-28).
 */
async function migrateKept(config: Config): Promise<string> {
  const db = openDatabase(config);
  try {
    const applied = async () =>
      Number(
        (await db.kysely.executeQuery<{ n: number }>(CompiledQuery.raw('select count(*) as n from kysely_migration')))
          .rows[0]?.n ?? 0,
      );
    const before = await applied();
    await migrateToLatest(db);
    const ran = (await applied()) - before;
    if (ran === 0) return '';
    if (db.engine === 'postgres') await db.kysely.executeQuery(CompiledQuery.raw('vacuum analyze'));
    return `, ${ran} migration${ran === 1 ? '' : 's'} applied now`;
  } finally {
    await db.destroy();
  }
}

/** Where the database is: the PostgreSQL database's name or the SQLite data folder. */
export function databaseLabel(config: Config): string {
  return config.databaseUrl ? new URL(config.databaseUrl).pathname.slice(1) : config.dataDir;
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

/** `deps` whose database records every statement run through it into `statements`. */
export function tracing<D extends { db: Db }>(deps: D, statements: CompiledQuery[]): D {
  const traced = (kysely: Db['kysely']) => {
    const executor = kysely.getExecutor();
    return kysely.withPlugin(capture((node) => executor.compileQuery(node, { queryId: 'plan' }), statements));
  };
  // The back office's reads run on the reader (its own pool or worker threads), the rest on the writer.
  return { ...deps, db: { ...deps.db, kysely: traced(deps.db.kysely), reader: traced(deps.db.reader) } };
}

/** The database's plan of `statement` (EXPLAIN QUERY PLAN on SQLite, EXPLAIN on PostgreSQL), one line a row. */
export async function planOf(db: Db, statement: CompiledQuery): Promise<string[]> {
  const explain = db.engine === 'sqlite' ? 'explain query plan ' : 'explain ';
  const plan = await db.kysely.executeQuery<Record<string, unknown>>(
    CompiledQuery.raw(`${explain}${statement.sql}`, [...statement.parameters]),
  );
  return plan.rows.map((row) => String(row.detail ?? row['QUERY PLAN']));
}
