import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../src/db/database';
import { ENGINES, freshDatabase } from '../helpers/test-app';
import { ledgerCounts, shopProblems, snapshotShop, sqliteIntegrity } from './invariants';
import { startServerProcess, type ServerProcess } from './server-process';
import { latencyFigures, newLedger, runLoad, seedShop, signIn, type Shop } from './shop-load';
import { SOAK } from './soak-config';

/**
 * Issue 18: two real server processes (src/main.ts, each listening on its own port) on one database, the
 * way a chain runs several behind a load balancer, or two tills' servers share one SQLite file.
 */
describe.each(ENGINES)('two server processes on one database (%s)', (engine) => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  let servers: ServerProcess[] = [];
  let db: Db;
  let shop: Shop;

  beforeAll(async () => {
    fresh = await freshDatabase(engine);
    const options = { dataDir: fresh.dataDir, databaseUrl: fresh.databaseUrl };
    // Started together, as a deployment starts them: both migrate the same empty database at once.
    servers = await Promise.all([startServerProcess(options), startServerProcess(options)]);
    db = openDatabase({ dataDir: fresh.dataDir, databaseUrl: fresh.databaseUrl });
    shop = await seedShop(db, { products: 300, maxStock: 3, customers: 40, tills: SOAK.tills, seed: SOAK.seed });
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await db?.destroy();
    await fresh?.drop();
  });

  it(
    '16 tills over both sell and refund: nothing oversold, lost, doubled or out of step',
    async () => {
      const start = await snapshotShop(db, shop);
      const urlFor = (till: number) => servers[till % 2]!.url;
      const tokens = await Promise.all(shop.tills.map((t, i) => signIn(urlFor(i), t.username, t.password)));
      const ledger = newLedger();
      const began = performance.now();
      await runLoad(
        {
          shop,
          urlFor,
          // Some sales are sent twice at once with one key, the copy to the other process.
          otherUrlFor: (till) => servers[(till + 1) % 2]!.url,
          duplicateShare: 0.05,
          // Refunds read the sale before they write: on SQLite that must not fail against the other process.
          keylessRefundShare: 0.5,
          operations: SOAK.operations,
          seed: SOAK.seed,
        },
        tokens,
        ledger,
      );
      const seconds = (performance.now() - began) / 1000;
      const counts = ledgerCounts(ledger);
      console.log(
        `[soak ${engine}, seed ${SOAK.seed}] ${SOAK.operations} operations in ${seconds.toFixed(1)} s:`,
        JSON.stringify({ ...counts, ...latencyFigures(ledger), perSecond: Math.round(SOAK.operations / seconds) }),
      );

      expect(ledger.unexpected).toEqual([]);
      expect(await shopProblems(db, start, ledger, 'exact')).toEqual([]);
      if (engine === 'sqlite') expect(sqliteIntegrity(fresh.dataDir)).toBe('ok');
      // The load did what it is for: many sales and refunds, and tills competing for the last units. About a
      // third of the operations are recorded sales (96-127 of 300 over eight runs; most of the rest are sales
      // refused for stock, by design), so the floor sits well below that, not at it.
      expect(counts.sales).toBeGreaterThan(SOAK.operations / 5);
      expect(counts.refunds).toBeGreaterThan(SOAK.operations / 20);
      expect(counts.salesRefused).toBeGreaterThan(0);
    },
    SOAK.timeoutMs,
  );

  it('a token issued by one process is accepted by the other, and signing out on one ends it on both', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const till = shop.tills[0]!;
    const token = await signIn(a.url, till.username, till.password);
    const me = (url: string) => fetch(`${url}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });
    expect((await me(b.url)).status).toBe(200);
    const out = await fetch(`${b.url}/api/auth/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(out.status).toBeLessThan(300);
    expect((await me(a.url)).status).toBe(401);
  });

  it('sign-in throttling counts the wrong passwords sent to both processes together', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const till = shop.tills[1]!;
    const login = (url: string, password: string) =>
      fetch(`${url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: till.username, password }),
      });
    // Five wrong passwords from this address, split 3 + 2: neither process alone saw five.
    for (const url of [a.url, b.url, a.url, b.url, a.url])
      expect((await login(url, 'wrong-password')).status).toBe(401);
    for (const url of [b.url, a.url]) {
      const res = await login(url, till.password);
      expect(res.status).toBe(429);
      expect(((await res.json()) as { code: string }).code).toBe('TOO_MANY_ATTEMPTS');
    }
  });
});
