// `npm run bench`: latency of API routes through real HTTP on SQLite, next to a bare route in the same run.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, startServer } from '@pos/server';
import { firstAdminToken } from './first-admin';
import { measure, printTable } from './measure';
import { measureProductSearch, PRODUCT_COUNT, seedProducts } from './products-search';
import { benchGridEntry } from './grid-entry';
import { benchPosScan } from './pos-scan';
import { benchSaleInstructions } from './load/sale-instructions';
import { benchSaleLoad } from './load/sale-load';
import { benchShiftClose } from './shift-close';
import { benchOfflineSync } from './offline-sync';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-bench-'));
const config = loadConfig({
  LOG_LEVEL: 'silent',
  DATA_DIR: dataDir,
  ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
});
const server = await startServer(config, { logger: false, listen: { port: 0, host: '127.0.0.1' } });
const { db } = server.built.deps;
const base = server.url;

const token = await firstAdminToken(base);
const auth = { authorization: `Bearer ${token}` };

console.log(`engine: ${db.engine}, node ${process.version}, ${os.cpus().length} cores`);
const rows = [
  await measure('GET /api/health (bare)', () => fetch(`${base}/api/health`)),
  await measure('GET /api/auth/me (session lookup)', () => fetch(`${base}/api/auth/me`, { headers: auth })),
  await measure('GET /api/settings', () => fetch(`${base}/api/settings`, { headers: auth })),
  await measure('GET /api/users', () => fetch(`${base}/api/users`, { headers: auth })),
];
printTable(rows);

console.log('\nproduct search');
const seedStarted = performance.now();
await seedProducts(db);
console.log(
  `seeded ${PRODUCT_COUNT.toLocaleString('en-US')} products in ${Math.round(performance.now() - seedStarted)} ms`,
);
printTable([
  await measure('GET /api/health (bare)', () => fetch(`${base}/api/health`)),
  ...(await measureProductSearch(base, auth)),
]);

await server.stop();
fs.rmSync(dataDir, { recursive: true, force: true });

// The sale path under a real load generator, each server in its own process (issue 17).
await benchSaleLoad();
// What a sale costs in instructions, steady where timings are not (skipped without valgrind).
await benchSaleInstructions();
// A shift of 500 sales closing, its Z report computed and kept (issue 35: under 200 ms).
await benchShiftClose();
// Issue 38: 1,000 sales queued offline synced in order, each once (under 60 s).
await benchOfflineSync();

// The till in Chromium (needs the built SPA: `npm run build`).
await benchPosScan();
// The product dialog's 12 × 8 grid typed by keyboard (issue 34), after the same build.
await benchGridEntry();
