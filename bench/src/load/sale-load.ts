// Issue 17: the sale path under a real load generator (autocannon, 16 connections), next to what the
// machine can do, in one run: a bare Fastify route, a bare Fastify route running the same sale
// transaction on better-sqlite3 directly, and the real server (its own process, as `npm start` runs
// it) for GET /api/health and POST /api/sales through everything (auth, validation, idempotency with a
// fresh key per request, pricing, document number, response). Figures are printed, never asserted.
// SALE_LOAD_SECONDS (default 10) per target and round, each after an unmeasured warm-up of
// SALE_LOAD_WARMUP seconds (default 2: the server's code compiled hot, as in a shop that has been open a
// while). The two sale targets, whose ratio is the figure that matters, run in SALE_LOAD_ROUNDS
// alternating rounds (default 3: bare, real, bare, real, ...), both processes up throughout, so a
// stretch of other work on the machine weighs on both; the table shows each one's median round and the
// ratio is the median of the rounds' own ratios. BENCH_DATABASE_URL runs the real server on PostgreSQL, then
// two server processes on that one database with the connections split between them;
// SALE_LOAD_SERVER=<path to another checkout's packages/server/dist/main.mjs, or its src/main.ts run with
// tsx> measures that one (before/after).
// Each row also gives the server process's CPU time per request (from /proc): on a machine shared with
// other work req/s and latency mostly measure that work, CPU per request much less. TMPDIR=/dev/shm puts
// both SQLite files in memory, taking the disk's fsync out: what is left is the code's own cost.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildServer, SERVER_BUNDLE } from '@pos/server';
import autocannon from 'autocannon';
import { freshPostgresDatabase } from '../bench-database';
import { firstAdminToken } from '../first-admin';
import { percentile } from '../percentile';
import { REPO_ROOT, startProcess, type ServerProcess } from './processes';
import { PRICES, saleBody } from './sale-body';

const CONNECTIONS = 16;
const SECONDS = Number(process.env.SALE_LOAD_SECONDS ?? 10);
const WARMUP_SECONDS = Number(process.env.SALE_LOAD_WARMUP ?? 2);
const ROUNDS = Math.max(1, Number(process.env.SALE_LOAD_ROUNDS ?? 3));

interface Row {
  target: string;
  'req/s': number;
  'p50 ms': number;
  'p99 ms': number;
  /** The server's CPU time per request: unlike req/s, barely moved by other work on a shared machine. */
  'cpu µs/req': number | null;
  errors: number;
}

/**
 * Drives `route` on every server at once, the connections split between them (one autocannon each).
 * Several servers: req/s and CPU add up; p50 and p99 are the worse of the servers' own (percentiles of
 * two runs cannot be merged from their summaries).
 */
async function load(
  target: string,
  servers: ServerProcess[],
  route: string,
  options: Partial<autocannon.Options> & { fresh?: () => Record<string, string> },
): Promise<Row> {
  const { fresh, ...rest } = options;
  const run = (duration: number) =>
    Promise.all(
      servers.map((server) =>
        autocannon({
          url: `${server.url}${route}`,
          connections: Math.max(1, Math.round(CONNECTIONS / servers.length)),
          duration,
          ...rest,
          ...(fresh && {
            requests: [
              {
                method: rest.method,
                body: rest.body,
                headers: rest.headers,
                setupRequest: (request) => ({ ...request, headers: { ...request.headers, ...fresh() } }),
              },
            ],
          }),
        }),
      ),
    );
  if (WARMUP_SECONDS > 0) await run(WARMUP_SECONDS);
  const cpuBefore = servers.map((s) => s.cpuMs());
  const results = await run(SECONDS);
  const cpuAfter = servers.map((s) => s.cpuMs());
  const sum = (f: (r: autocannon.Result) => number) => results.reduce((total, r) => total + f(r), 0);
  const worst = (f: (r: autocannon.Result) => number) => Math.max(...results.map(f));
  const requests = sum((r) => r.requests.total);
  const cpuKnown = cpuBefore.every((c) => c !== null) && cpuAfter.every((c) => c !== null);
  const cpuMs = cpuKnown ? cpuAfter.reduce<number>((t, c, i) => t + (c ?? 0) - (cpuBefore[i] ?? 0), 0) : null;
  return {
    target,
    'req/s': Math.round(sum((r) => r.requests.average)),
    'p50 ms': worst((r) => r.latency.p50),
    'p99 ms': worst((r) => r.latency.p99),
    'cpu µs/req': cpuMs === null || requests === 0 ? null : Math.round((cpuMs * 1000) / requests),
    errors: sum((r) => r.non2xx + r.errors + r.timeouts),
  };
}

async function withProcess<T>(start: () => Promise<ServerProcess>, work: (p: ServerProcess) => Promise<T>): Promise<T> {
  const server = await start();
  try {
    return await work(server);
  } finally {
    await server.stop();
  }
}

export async function benchSaleLoad(): Promise<void> {
  const bare = path.join(REPO_ROOT, 'bench/src/load/bare-server.ts');
  const listening = /listening (\d+)/;
  const rows: Row[] = [];
  rows.push(
    await withProcess(
      () => startProcess(bare, { BARE_MODE: 'route' }, listening),
      (s) => load('bare Fastify route', [s], '/ping', {}),
    ),
  );
  const body = JSON.stringify({ items: PRICES.map((price, i) => ({ productId: i + 1, quantity: i + 1, price })) });
  const baseUrl = process.env.BENCH_DATABASE_URL;
  const bareSale = (s: ServerProcess) =>
    load(`bare sale transaction (${baseUrl ? 'pg' : 'better-sqlite3'})`, [s], '/sale', {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json' },
    });

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-bench-load-'));
  const engine = baseUrl ? 'PostgreSQL' : 'SQLite';
  const database = baseUrl ? await freshPostgresDatabase(baseUrl, `pos_bench_sale_${process.pid}`) : null;
  // The server as `npm start` runs it: its bundle, built now from this checkout's code.
  if (!process.env.SALE_LOAD_SERVER) await buildServer();
  const startReal = () =>
    startProcess(
      process.env.SALE_LOAD_SERVER ?? SERVER_BUNDLE,
      {
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: database?.url ?? '',
        LOG_LEVEL: 'info',
      },
      /127\.0\.0\.1:(\d+)/,
    );
  const saleLoad = (servers: ServerProcess[], token: string, sale: string) =>
    load(
      `real POST /api/sales (${engine}${servers.length > 1 ? `, ${servers.length} processes` : ''})`,
      servers,
      '/api/sales',
      {
        method: 'POST',
        body: sale,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        fresh: () => ({ 'idempotency-key': randomUUID() }),
      },
    );
  const rounds: { bare: Row; real: Row }[] = [];
  try {
    await withProcess(
      () =>
        startProcess(bare, { BARE_MODE: baseUrl ? 'sale-pg' : 'sale', BARE_DATABASE_URL: baseUrl ?? '' }, listening),
      (bareServer) =>
        withProcess(startReal, async (s) => {
          const token = await firstAdminToken(s.url);
          const sale = await saleBody(s.url, token);
          rows.push(await load('real GET /api/health', [s], '/api/health', {}));
          for (let round = 0; round < ROUNDS; round += 1) {
            rounds.push({ bare: await bareSale(bareServer), real: await saleLoad([s], token, sale) });
          }
          rows.push(medianRound(rounds.map((r) => r.bare)), medianRound(rounds.map((r) => r.real)));
          // A chain's set-up (issue 17): a second process on the same PostgreSQL, the tills spread over both.
          if (baseUrl) {
            await withProcess(startReal, async (second) => rows.push(await saleLoad([s, second], token, sale)));
          }
        }),
    );
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  }

  console.log(
    `\nsale path under load: autocannon, ${CONNECTIONS} connections, ${SECONDS} s per target; ` +
      `node ${process.version}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), ` +
      `load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
  );
  console.table(rows);
  // A rejected sale costs the server far less than a written one: a run with errors measures nothing.
  const failed = rows.filter((r) => r.errors > 0);
  if (failed.length > 0) {
    throw new Error(`requests failed in: ${failed.map((r) => `${r.target} (${r.errors})`).join(', ')}; no ratio`);
  }
  const rate = (name: string) => rows.find((r) => r.target.startsWith(name))?.['req/s'] ?? 0;
  const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(2) : 'n/a');
  const roundRatios = rounds.map((r) => r.real['req/s'] / Math.max(1, r.bare['req/s']));
  console.log(
    `rounds (bare sale transaction → real sale, sales/s and p99 ms): ` +
      rounds
        .map(
          (r, i) =>
            `${i + 1}: ${r.bare['req/s']} → ${r.real['req/s']} (p99 ${r.real['p99 ms']}, ` +
            `ratio ${(roundRatios[i] ?? 0).toFixed(2)})`,
        )
        .join('; '),
  );
  console.log(
    `real sale / bare sale transaction: ${percentile(roundRatios, 50).toFixed(2)}, the median of the rounds ` +
      `(target ≥ 0.5; p99 < 25 ms on SQLite, < 50 ms on PostgreSQL); real health / bare route: ${ratio(rate('real GET'), rate('bare Fastify'))}`,
  );
  const cpu = (name: string) => rows.find((r) => r.target.startsWith(name))?.['cpu µs/req'] ?? 0;
  console.log(`CPU per sale, real / bare transaction: ${ratio(cpu('real POST'), cpu('bare sale'))}×`);
}

/** The round whose throughput is the median (the lower middle one for an even count). */
function medianRound(rounds: Row[]): Row {
  const sorted = [...rounds].sort((a, b) => a['req/s'] - b['req/s']);
  const row = sorted[Math.floor((sorted.length - 1) / 2)]!;
  return rounds.length > 1 ? { ...row, target: `${row.target}, median of ${rounds.length}` } : row;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await benchSaleLoad();
