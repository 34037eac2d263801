// `npm run bench:mixed -w @pos/bench` (issue 32): do the tills keep their pace while the back office reads?
// On a copy of the reports benchmark's kept database of each size (MIXED_BENCH_SIZES, default 100,000 and
// 1,000,000 sales; SQLite, or PostgreSQL with BENCH_DATABASE_URL), the server runs in its own process as
// `npm start` runs it. The tills send cash sales at a fixed pace (autocannon, MIXED_RATE sales/s, default
// 50, over 16 connections) for MIXED_SECONDS (default 20), after MIXED_WARMUP seconds (5) unmeasured, then as many
// sales spread evenly over the time (see spreadTills): first alone, then while 4 back-office clients
// loop, each as its own manager, over a history search (a document number, a phone, a name prefix, in
// turn), a 90-day report, the VAT summary of the last quarter, and a full CSV export of every sale.
// Prints the tills' latency both times against the targets (p99 < 50 ms and < 2 × alone), each back-office
// request's p50/p95 (target p95 < 1 s, the export excepted: its rows/s), and the server's resident memory
// over the run, then over one export alone at each tenth of its rows (flat over a 1,000,000-row export).
// Figures are printed, never asserted.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { addDays, buildServer, SERVER_BUNDLE, type Config } from '@pos/server';
import autocannon from 'autocannon';
import { benchConfig, databaseLabel, freshPostgresDatabase } from './bench-database';
import { firstAdminToken } from './first-admin';
import { percentile } from './percentile';
import { startProcess, type ServerProcess } from './load/processes';
import { saleBody } from './load/sale-body';

const SIZES = (process.env.MIXED_BENCH_SIZES ?? '100000,1000000').split(',').map(Number);
const RATE = Number(process.env.MIXED_RATE ?? 50);
const SECONDS = Number(process.env.MIXED_SECONDS ?? 20);
const WARMUP_SECONDS = Number(process.env.MIXED_WARMUP ?? 5);
const CONNECTIONS = 16;
// MIXED_SERVER_FLAGS="--cpu-prof --cpu-prof-dir=/tmp/prof": flags for the server's Node (refused in NODE_OPTIONS).
// MIXED_EXPORTS=0: the fourth client loops over the others' reads instead of exporting (what the exports cost).
const EXPORTS = process.env.MIXED_EXPORTS !== '0';
const SERVER_FLAGS = (process.env.MIXED_SERVER_FLAGS ?? '').split(' ').filter(Boolean);
const BACK_OFFICE_CLIENTS = 4;

/** A copy of the kept database for this run: the tills' sales must not change the one later runs reuse. */
async function copyOf(config: Config): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-bench-mixed-'));
  if (!config.databaseUrl) {
    fs.copyFileSync(path.join(config.dataDir, 'pos.db'), path.join(dataDir, 'pos.db'));
    return { env: { DATA_DIR: dataDir }, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }
  const base = process.env.BENCH_DATABASE_URL ?? config.databaseUrl;
  const template = new URL(config.databaseUrl).pathname.slice(1);
  const database = await freshPostgresDatabase(base, `pos_bench_mixed_${process.pid}`, template);
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: database.url },
    drop: async () => {
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

interface TillFigures {
  'sales/s': number;
  'p50 ms': number;
  'p99 ms': number;
  'max ms': number;
  errors: number;
}

/** The tills: `RATE` sales a second over 16 connections, each with a fresh Idempotency-Key. */
async function tills(server: ServerProcess, token: string, sale: string, seconds = SECONDS): Promise<TillFigures> {
  const result = await autocannon({
    url: `${server.url}/api/sales`,
    connections: CONNECTIONS,
    overallRate: RATE,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        body: sale,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        setupRequest: (request) => ({ ...request, headers: { ...request.headers, 'idempotency-key': randomUUID() } }),
      },
    ],
  });
  return {
    'sales/s': Math.round((result.requests.total / seconds) * 10) / 10,
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    'max ms': result.latency.max,
    errors: result.non2xx + result.errors + result.timeouts,
  };
}

/**
 * The same tills with their sales spread evenly (one every 1000 / RATE ms, up to 16 at a time on kept-alive
 * connections), each timed from when it was due, so a late start counts too: tills that sell independently.
 * autocannon paces each connection by sending its share of a second at that second's start, so its 16
 * connections send 16 sales at the same instant every second (a burst no shop's tills make together).
 */
async function spreadTills(
  server: ServerProcess,
  token: string,
  sale: string,
  seconds = SECONDS,
): Promise<TillFigures> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const url = new URL(`${server.url}/api/sales`);
  const latencies: number[] = [];
  let errors = 0;
  const post = (due: number) =>
    new Promise<void>((resolve) => {
      const request = http.request(
        url,
        {
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${token}`,
            'idempotency-key': randomUUID(),
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            latencies.push(performance.now() - due);
            if (res.statusCode !== 201) errors += 1;
            resolve();
          });
        },
      );
      request.on('error', () => {
        errors += 1;
        resolve();
      });
      request.end(sale);
    });
  const count = Math.round(RATE * seconds);
  const start = performance.now();
  const sent: Promise<void>[] = [];
  for (let i = 0; i < count; i += 1) {
    const due = start + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    sent.push(post(due));
  }
  await Promise.all(sent);
  const elapsed = (performance.now() - start) / 1000;
  agent.destroy();
  return {
    'sales/s': Math.round((latencies.length / elapsed) * 10) / 10,
    'p50 ms': Math.round(percentile(latencies, 50)),
    'p99 ms': Math.round(percentile(latencies, 99)),
    'max ms': Math.round(Math.max(...latencies)),
    errors,
  };
}

/** A manager of its own for each back-office client (one user's reads are limited: HEAVY_READS_PER_USER). */
async function managerToken(base: string, adminToken: string, n: number): Promise<string> {
  const username = `bench_manager_${n}_${randomUUID().slice(0, 6)}`;
  const password = `bench-manager-pass-${n}-2569`;
  const created = await fetch(`${base}/api/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
    body: JSON.stringify({ username, password, name: `ผู้จัดการวัดผล ${n}`, role: 'manager', email: null }),
  });
  if (!created.ok) throw new Error(`creating a manager: HTTP ${created.status} ${await created.text()}`);
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!login.ok) throw new Error(`manager sign-in: HTTP ${login.status} ${await login.text()}`);
  return ((await login.json()) as { token: string }).token;
}

interface Timing {
  label: string;
  ms: number;
  status: number;
  bytes: number;
}

/** What the back office asks for, in turn; the search terms are taken from the database itself. */
function backOfficeRequests(today: string, samples: { documentNumber: string; phone: string; namePrefix: string }) {
  const quarterStart = addDays(today, -90);
  const searches = [samples.documentNumber, samples.phone, samples.namePrefix];
  let turn = 0;
  return {
    next(): [string, string][] {
      const search = searches[turn++ % searches.length]!;
      return [
        ['history search', `/api/sales?limit=50&search=${encodeURIComponent(search)}`],
        ['history page (no filter)', '/api/sales?limit=50'],
        ['report, 90 days', `/api/sales/stats/summary?startDate=${quarterStart}&endDate=${addDays(today, -1)}`],
        [
          'VAT summary, 3 months',
          `/api/sales/stats/vat?startMonth=${quarterStart.slice(0, 7)}&endMonth=${today.slice(0, 7)}`,
        ],
      ];
    },
  };
}

/** Each chunk of a response's body as it arrives. */
async function* chunksOf(res: Response): AsyncGenerator<Uint8Array> {
  const reader = res.body?.getReader();
  if (!reader) return;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    yield value;
  }
}

async function timed(base: string, token: string, label: string, route: string): Promise<Timing> {
  const started = performance.now();
  const res = await fetch(`${base}${route}`, { headers: { authorization: `Bearer ${token}` } });
  let bytes = 0;
  // Read as it arrives (an export is large): the client's own memory stays small too.
  for await (const chunk of chunksOf(res)) bytes += chunk.byteLength;
  return { label, ms: performance.now() - started, status: res.status, bytes };
}

/** The server's resident memory now, in MB (null once it ended). */
function residentMb(pid: number | undefined): number | null {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null; // the process ended
  }
}

/**
 * One full export with nothing else running: the server's resident memory at every tenth of the rows, so
 * "flat" is seen against the rows read rather than mixed with the other clients' reads.
 */
async function exportAlone(server: ServerProcess, token: string, expectedRows: number): Promise<void> {
  const started = performance.now();
  const before = residentMb(server.pid);
  const res = await fetch(`${server.url}/api/sales/export.csv`, { headers: { authorization: `Bearer ${token}` } });
  const curve: string[] = [];
  let rows = 0;
  let nextMark = 1;
  for await (const chunk of chunksOf(res)) {
    for (const byte of chunk) if (byte === 10) rows += 1;
    while (rows >= (expectedRows * nextMark) / 10 && nextMark <= 10) {
      curve.push(`${nextMark * 10} %: ${residentMb(server.pid)?.toFixed(0) ?? '?'}`);
      nextMark += 1;
    }
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `full CSV export alone (HTTP ${res.status}): ${(rows - 1).toLocaleString('en-US')} rows in ${seconds.toFixed(1)} s, ` +
      `${Math.round((rows - 1) / seconds).toLocaleString('en-US')} rows/s; server resident MB before ${before?.toFixed(0)}, ` +
      `at each tenth of the rows ${curve.join(', ')}`,
  );
}

/** Resident memory of the server process, sampled every 250 ms until `stop` is called. */
function memorySampler(pid: number | undefined): { stop(): { minMb: number; maxMb: number; samples: number } } {
  const samples: number[] = [];
  const read = () => {
    const mb = residentMb(pid);
    if (mb !== null) samples.push(mb);
  };
  read();
  const timer = setInterval(read, 250);
  return {
    stop() {
      clearInterval(timer);
      read();
      return { minMb: Math.min(...samples), maxMb: Math.max(...samples), samples: samples.length };
    },
  };
}

async function samplesOf(
  base: string,
  token: string,
): Promise<{ documentNumber: string; phone: string; namePrefix: string }> {
  const res = await fetch(`${base}/api/sales?limit=200`, { headers: { authorization: `Bearer ${token}` } });
  const page = (await res.json()) as {
    sales: { document_number: string; customer_id: number | null; customer_name: string | null }[];
  };
  const withCustomer = page.sales.find((s) => s.customer_id !== null && s.customer_name);
  const customers = await fetch(`${base}/api/customers`, { headers: { authorization: `Bearer ${token}` } });
  const list = (await customers.json()) as { customers: { phone: string | null; name: string }[] };
  const customer = list.customers.find((c) => c.phone) ?? list.customers[0];
  return {
    documentNumber: page.sales[Math.floor(page.sales.length / 2)]?.document_number ?? 'INV',
    phone: customer?.phone ?? '081',
    namePrefix: (withCustomer?.customer_name ?? customer?.name ?? 'คุณ').slice(0, 4),
  };
}

async function benchSize(size: number): Promise<void> {
  const { config, today, generated } = await benchConfig(size);
  const copy = await copyOf(config);
  const server = await startProcess(
    SERVER_BUNDLE,
    { PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATABASE_URL: '', ...copy.env },
    /127\.0\.0\.1:(\d+)/,
    { startTimeoutMs: 10 * 60_000, nodeFlags: SERVER_FLAGS },
  );
  try {
    const admin = await firstAdminToken(server.url);
    const sale = await saleBody(server.url, admin);
    const managers = await Promise.all(
      Array.from({ length: BACK_OFFICE_CLIENTS }, (_, n) => managerToken(server.url, admin, n + 1)),
    );
    const samples = await samplesOf(server.url, admin);
    console.log(
      `\n${config.databaseUrl ? 'PostgreSQL' : 'SQLite'}, ${size.toLocaleString('en-US')} sales (${generated}), a copy of ${databaseLabel(config)}; ` +
        `searches: ${JSON.stringify(samples)}`,
    );

    // An unmeasured warm-up of both sides: the server's code compiled hot, the database's pages in the cache
    // (without it the first phase, alone, carried the compilation and looked worse than the second).
    await timed(server.url, admin, 'warm-up', '/api/sales?limit=50');
    await tills(server, admin, sale, WARMUP_SECONDS);
    const alone = await tills(server, admin, sale);
    const aloneSpread = await spreadTills(server, admin, sale);

    let running = true;
    const timings: Timing[] = [];
    const exports: { ms: number; bytes: number; rows: number }[] = [];
    const memory = memorySampler(server.pid);
    const clients = managers.map(async (token, n) => {
      const requests = backOfficeRequests(today, samples);
      while (running) {
        if (n === BACK_OFFICE_CLIENTS - 1 && EXPORTS) {
          // The fourth client exports every sale, again and again.
          const started = performance.now();
          const res = await fetch(`${server.url}/api/sales/export.csv`, {
            headers: { authorization: `Bearer ${token}` },
          });
          let bytes = 0;
          let rows = 0;
          for await (const chunk of chunksOf(res)) {
            bytes += chunk.byteLength;
            for (const byte of chunk) if (byte === 10) rows += 1;
          }
          if (res.status !== 200) timings.push({ label: 'full CSV export', ms: 0, status: res.status, bytes });
          else exports.push({ ms: performance.now() - started, bytes, rows: Math.max(0, rows - 1) });
          continue;
        }
        for (const [label, route] of requests.next()) {
          if (!running) break;
          timings.push(await timed(server.url, token, label, route));
        }
      }
    });
    const busy = await tills(server, admin, sale);
    const busySpread = await spreadTills(server, admin, sale);
    running = false;
    // The export under way is let finish: its rows/s is over whole exports.
    await Promise.all(clients);
    const rss = memory.stop();

    console.table({
      'tills alone (autocannon)': alone,
      'tills alone (spread)': aloneSpread,
      'tills + back office (autocannon)': busy,
      'tills + back office (spread)': busySpread,
    });
    for (const [how, quiet, loaded] of [
      ['autocannon', alone, busy],
      ['spread', aloneSpread, busySpread],
    ] as const) {
      const ratio = loaded['p99 ms'] / Math.max(1, quiet['p99 ms']);
      console.log(
        `tills (${how}): p99 ${loaded['p99 ms']} ms with the back office (target < 50 ms), ${ratio.toFixed(2)} × alone ` +
          `(target < 2 ×); ${loaded['sales/s']} of ${RATE} sales/s kept`,
      );
    }
    const labels = [...new Set(timings.map((t) => t.label))];
    const table = Object.fromEntries(
      labels.map((label) => {
        const mine = timings.filter((t) => t.label === label);
        const ok = mine.filter((t) => t.status === 200).map((t) => t.ms);
        return [
          label,
          {
            requests: mine.length,
            'p50 ms': Math.round(percentile(ok, 50)),
            'p95 ms': Math.round(percentile(ok, 95)),
            'not 200':
              mine
                .filter((t) => t.status !== 200)
                .map((t) => t.status)
                .join(' ') || 0,
          },
        ];
      }),
    );
    console.table(table);
    for (const run of exports) {
      console.log(
        `full CSV export: ${run.rows.toLocaleString('en-US')} rows, ${(run.bytes / 1024 / 1024).toFixed(1)} MB in ` +
          `${(run.ms / 1000).toFixed(1)} s: ${Math.round(run.rows / (run.ms / 1000)).toLocaleString('en-US')} rows/s`,
      );
    }
    if (exports.length === 0) console.log('full CSV export: none finished');
    console.log(
      `server resident memory over the run: ${rss.minMb.toFixed(0)}-${rss.maxMb.toFixed(0)} MB (${rss.samples} samples every 250 ms)`,
    );
    await exportAlone(server, managers[0]!, exports.at(-1)?.rows ?? size);
  } finally {
    await server.stop();
    await copy.drop();
  }
}

console.log(
  `mixed benchmark: node ${process.version}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), ` +
    `load average ${os.loadavg()[0]!.toFixed(1)}; the load generator, the server and its readers share these cores`,
);
await buildServer();
for (const size of SIZES) await benchSize(size);
