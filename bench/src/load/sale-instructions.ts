// Issue 17: the instructions one sale costs the server, counted by callgrind (valgrind) rather than timed.
// On a shared 2-core machine the same code's sales/s moves by a third between runs, and a change of a few
// per cent cannot be told from that. Instruction counts of the same code run side by side agree within
// ~0.3 %, run at different times within ~±3 % (how sales group into commits, when GC and the WAL's
// checkpoints run): compare a before and an after run at the same time (SALE_INSTR_SERVER). What they
// do not show: time in the kernel (writes, fsync), cache misses, and how requests group into commits
// under real load; `bench:sale` measures those.
//
// The server bundle (`npm start`'s, built now; SALE_INSTR_SERVER=<another checkout's dist/main.mjs, or
// its src/main.ts run with tsx> for before/after) runs under callgrind with instrumentation off, takes SALE_INSTR_WARMUP sales (default
// 2,000: the hot code optimised, as in a shop open a while; after 300, much of it still ran in V8's baseline
// tier and a sale counted ~20 % more, 2.27 M against 1.86 M), then SALE_INSTR_SALES (default 300) are counted,
// SALE_INSTR_CONNECTIONS (default 4) in flight. Each is the 3-line cash sale to a customer of
// `bench:sale`, with a fresh Idempotency-Key. SALE_INSTR_ACCEPT_ENCODING (default identity, as autocannon
// sends) can ask as a browser does ("gzip, deflate, br, zstd"). Needs valgrind (apt-get install valgrind).
// Prints instructions per sale on the main thread (the one that limits throughput) and on all threads.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { buildServer, SERVER_BUNDLE } from '@pos/server';
import { firstAdminToken } from '../first-admin';
import { startProcess, type ServerProcess } from './processes';
import { saleBody } from './sale-body';

const WARMUP = Number(process.env.SALE_INSTR_WARMUP ?? 2000);
const SALES = Number(process.env.SALE_INSTR_SALES ?? 300);
const CONNECTIONS = Number(process.env.SALE_INSTR_CONNECTIONS ?? 4);
const ACCEPT_ENCODING = process.env.SALE_INSTR_ACCEPT_ENCODING ?? 'identity';
// valgrind names its control channel after $HOST; the server's and callgrind_control's must agree.
const HOST = '127.0.0.1';
const run = promisify(execFile);

async function sell(base: string, token: string, body: string, count: number): Promise<void> {
  let left = count;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (left > 0) {
        left -= 1;
        const res = await fetch(`${base}/api/sales`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
            'accept-encoding': ACCEPT_ENCODING,
            'idempotency-key': randomUUID(),
          },
          body,
        });
        if (res.status !== 201) throw new Error(`sale: HTTP ${res.status} ${await res.text()}`);
        await res.arrayBuffer();
      }
    }),
  );
}

/** Sums the `totals:` line of callgrind's files: per thread, `<out>-<thread>`; the main thread is 01. */
function totals(dir: string): { main: number; all: number } {
  let main = 0;
  let all = 0;
  for (const name of fs.readdirSync(dir)) {
    const total = Number(/^totals:\s+(\d+)/m.exec(fs.readFileSync(path.join(dir, name), 'utf8'))?.[1] ?? 0);
    all += total;
    if (name.endsWith('-01')) main = total;
  }
  return { main, all };
}

export async function benchSaleInstructions(): Promise<void> {
  try {
    await run('valgrind', ['--version']);
  } catch {
    console.log('sale instructions: valgrind is not installed (apt-get install valgrind); skipped');
    return;
  }
  const file = process.env.SALE_INSTR_SERVER ?? SERVER_BUNDLE;
  if (!process.env.SALE_INSTR_SERVER) await buildServer();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-bench-instr-'));
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-bench-callgrind-'));
  const prefix = path.join(outDir, 'vgdb');
  const callgrind = [
    'valgrind',
    '--tool=callgrind',
    '--separate-threads=yes',
    '--instr-atstart=no',
    `--vgdb-prefix=${prefix}`,
    `--callgrind-out-file=${path.join(outDir, 'callgrind.out')}`,
    // V8 writes machine code at run time.
    '--smc-check=all-non-file',
  ];
  let server: ServerProcess | undefined;
  try {
    server = await startProcess(
      file,
      { PORT: '0', HOST, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
      /127\.0\.0\.1:(\d+)/,
      // Valgrind's start-up runs Node some 50 times slower.
      { launcher: callgrind, startTimeoutMs: 600_000 },
    );
    const pid = String(server.pid);
    const control = (...args: string[]) =>
      run('callgrind_control', [`--vgdb-prefix=${prefix}`, ...args, pid], { env: { ...process.env, HOST } });
    const token = await firstAdminToken(server.url);
    const body = await saleBody(server.url, token);
    await sell(server.url, token, body, WARMUP);
    await control('-i', 'on');
    await sell(server.url, token, body, SALES);
    await control('-i', 'off');
    // callgrind writes its counts as the process ends.
    await server.stop();
    const counted = totals(outDir);
    if (counted.main === 0) throw new Error('callgrind counted nothing: its control channel was not reached');
    console.log(
      `\nsale instructions (callgrind): ${SALES} sales after ${WARMUP}, ${CONNECTIONS} in flight, ` +
        `Accept-Encoding: ${ACCEPT_ENCODING}; node ${process.version}\n` +
        `per sale: main thread ${Math.round(counted.main / SALES).toLocaleString('en')}, ` +
        `all threads ${Math.round(counted.all / SALES).toLocaleString('en')}`,
    );
  } finally {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await benchSaleInstructions();
