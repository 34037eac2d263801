// The server's side of the till's product list (issue 10 item 6): `GET /api/products/pos` with
// 10,000 products through real HTTP, one request at a time, as a till opening /pos asks it.
// Measured as the server process's CPU time per request (user + system, from process.cpuUsage,
// the server runs in this process), which a busy shared machine changes far less than wall time;
// wall time is printed too. Three cases: the list unchanged since the last request (a cold till,
// no HTTP cache), the list after a write (a sale: what every till asks right after one), and a
// warm till revalidating (If-None-Match; the answer is a 304 when the list is unchanged).
// Set POS_LIST_SERVER=<module> to measure another server build (e.g. the commit before).
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { posProductsFromColumns, type PosProduct, type PosProductColumns } from '@pos/core';
import * as current from '@pos/server';
import { firstAdminToken } from './first-admin';
import { seedProducts } from './products-search';
import { percentile } from './percentile';

const PRODUCTS = 10_000;
const RUNS = Number(process.env.POS_LIST_RUNS ?? 30);

type Server = typeof current;

async function serverModule(): Promise<Server> {
  const other = process.env.POS_LIST_SERVER;
  return other ? ((await import(pathToFileURL(path.resolve(other)).href)) as Server) : current;
}

interface Answer {
  status: number;
  bytes: number;
  etag: string | null;
}

function get(url: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, bytes, etag: (res.headers.etag as string) ?? null }),
        );
      })
      .on('error', reject);
  });
}

async function main(): Promise<void> {
  const { loadConfig, startServer } = await serverModule();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-bench-list-'));
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir });
  const server = await startServer(config, { logger: false, listen: { port: 0, host: '127.0.0.1' } });
  try {
    // POS_LIST_CATALOGUE=plain: the catalogue as before variants; by default 10,000 styles of 5 sizes (issue 34).
    await seedProducts(server.built.deps.db, PRODUCTS, { styles: process.env.POS_LIST_CATALOGUE !== 'plain' });
    const base = server.url;
    const admin = await firstAdminToken(base);
    const auth = { authorization: `Bearer ${admin}` };
    const url = `${base}/api/products/pos`;
    const first = await fetch(url, { headers: auth });
    // Columns since the list's compact shape; a list of objects from a server before it (POS_LIST_SERVER).
    const body = (await first.json()) as { columns?: PosProductColumns; products?: PosProduct[] };
    const target = body.columns ? posProductsFromColumns(body.columns)[0] : body.products?.[0];
    if (!target) throw new Error('no products');
    let stock = target.stock;

    /** A stock adjustment: the same kind of write as a sale for the list (one product's stock changes). */
    const write = async () => {
      const res = await fetch(`${base}/api/products/${target.id}/stock`, {
        method: 'PATCH',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ mode: 'add', amount: 1, expected: stock, reason: 'received' }),
      });
      if (!res.ok) throw new Error(`stock: HTTP ${res.status} ${await res.text()}`);
      stock += 1;
    };

    const cases: { what: string; headers: () => Record<string, string>; before?: () => Promise<void> }[] = [];
    let etag: string | null = null;
    cases.push({ what: 'unchanged list, gzip', headers: () => ({ ...auth, 'accept-encoding': 'gzip' }) });
    cases.push({
      what: 'after a write, gzip',
      headers: () => ({ ...auth, 'accept-encoding': 'gzip' }),
      before: write,
    });
    cases.push({
      what: 'warm till, If-None-Match',
      headers: () => ({ ...auth, 'accept-encoding': 'gzip', ...(etag ? { 'if-none-match': etag } : {}) }),
      before: async () => {
        etag = (await get(url, { ...auth, 'accept-encoding': 'gzip' })).etag;
      },
    });

    console.log(
      `\nGET /api/products/pos, ${PRODUCTS.toLocaleString('en-US')} products, SQLite, ${RUNS} requests per case; ` +
        `node ${process.version}, ${os.cpus().length} cores, load average ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}`,
    );
    const rows = [];
    for (const c of cases) {
      const cpu: number[] = [];
      const wall: number[] = [];
      let last: Answer | null = null;
      // One unmeasured request first (statement preparation, the first fill of any cache).
      for (let i = -1; i < RUNS; i++) {
        await c.before?.();
        const headers = c.headers();
        const startCpu = process.cpuUsage();
        const startWall = performance.now();
        last = await get(url, headers);
        const used = process.cpuUsage(startCpu);
        if (i < 0) continue;
        wall.push(performance.now() - startWall);
        cpu.push((used.user + used.system) / 1000);
      }
      rows.push({
        what: c.what,
        status: last?.status,
        'KB sent': Math.round((last?.bytes ?? 0) / 1024),
        'CPU median ms': Math.round(percentile(cpu, 50)),
        'CPU p95 ms': Math.round(percentile(cpu, 95)),
        'wall median ms': Math.round(percentile(wall, 50)),
        'wall p95 ms': Math.round(percentile(wall, 95)),
      });
    }
    console.table(rows);
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
