// Issue 18, memory and long runs: 100,000 sales (and a refund for every ninth) from 16 tills over two server
// processes (src/main.ts, as `npm start` runs it) on one database, printing each process's resident memory
// at the start, every 10,000 operations and at the end, then checking the shop's figures. Not part of
// `npm test` (vitest runs only *.test.ts files): it takes tens of minutes. `npm run soak -w @pos/bench` runs it;
// SOAK_SALES (default 100000); BENCH_DATABASE_URL: an empty PostgreSQL database instead of a SQLite file in a
// temporary folder.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../src/db/database';
import { shopProblems, snapshotShop } from './invariants';
import { startServerProcess, type ServerProcess } from './server-process';
import { newLedger, runLoad, seedShop, signIn } from './shop-load';

const SALES = Number(process.env.SOAK_SALES ?? 100_000);
const REFUND_SHARE = 0.1;
const OPERATIONS = Math.round(SALES / (1 - REFUND_SHARE));
const EVERY = 10_000;
const databaseUrl = process.env.BENCH_DATABASE_URL ?? null;

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function memory(servers: ServerProcess[]): Promise<string> {
  return (await Promise.all(servers.map((s) => s.rssBytes()))).map(mb).join(' / ');
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-soak-'));
  const options = { dataDir, databaseUrl };
  const servers = await Promise.all([startServerProcess(options), startServerProcess(options)]);
  const db = openDatabase(options);
  try {
    const shop = await seedShop(db, {
      products: 300,
      minStock: 100_000,
      maxStock: 200_000,
      customers: 200,
      tills: 16,
      seed: 18,
    });
    const start = await snapshotShop(db, shop);
    const urlFor = (till: number) => servers[till % 2]!.url;
    const tokens = await Promise.all(shop.tills.map((t, i) => signIn(urlFor(i), t.username, t.password)));
    console.log(
      `${SALES} sales (${OPERATIONS} operations) on ${databaseUrl ? 'PostgreSQL' : `SQLite (${dataDir})`}, 16 tills over 2 processes`,
    );
    console.log(`resident memory (process 1 / process 2) at start: ${await memory(servers)}`);
    const ledger = newLedger();
    const began = performance.now();
    let last = began;
    const samples: Promise<void>[] = [];
    await runLoad(
      {
        shop,
        urlFor,
        operations: OPERATIONS,
        seed: 18,
        refundShare: REFUND_SHARE,
        forget: true,
        onProgress: (done) => {
          if (done % EVERY !== 0) return;
          const now = performance.now();
          const rate = Math.round(EVERY / ((now - last) / 1000));
          last = now;
          samples.push(
            memory(servers).then((m) =>
              console.log(
                `${String(done).padStart(7)} operations, ${((now - began) / 1000).toFixed(0)} s, ${rate}/s: ${m}`,
              ),
            ),
          );
        },
      },
      tokens,
      ledger,
    );
    await Promise.all(samples);
    console.log(`at the end: ${await memory(servers)}; outcomes ${JSON.stringify(ledger.tally)}`);
    if (ledger.unexpected.length > 0) console.log(`unexpected answers:\n${ledger.unexpected.slice(0, 20).join('\n')}`);
    // Idle for a minute: memory a process keeps only while busy goes back.
    await new Promise((resolve) => setTimeout(resolve, 60_000));
    console.log(`after a minute idle: ${await memory(servers)}`);
    const keys = await db.kysely
      .selectFrom('idempotency_keys')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    console.log(`idempotency keys kept: ${Number(keys.n)} (deleted after IDEMPOTENCY_RETENTION_DAYS)`);
    const problems = await shopProblems(db, start, ledger, 'internal');
    console.log(
      problems.length === 0 ? 'shop figures: every invariant holds' : `PROBLEMS:\n${problems.slice(0, 30).join('\n')}`,
    );
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await db.destroy();
    if (!databaseUrl) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
