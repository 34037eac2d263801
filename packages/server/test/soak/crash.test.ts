import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../src/db/database';
import { seededRandom } from '../../src/demo/demo-catalogue';
import { startFakeLine, type FakeLine } from '../helpers/fake-line';
import { ENGINES, freshDatabase } from '../helpers/test-app';
import { ledgerCounts, shopProblems, snapshotShop, sqliteIntegrity } from './invariants';
import { startServerProcess, type ServerProcess } from './server-process';
import { newLedger, retryAll, runLoad, seedShop, signIn, type Shop } from './shop-load';
import { SOAK } from './soak-config';

const KILLS = 2;

/**
 * Issue 18: the server is killed with SIGKILL (no shutdown hook, as when the power goes) twice at random
 * moments of a sale-and-refund load, and started again each time.
 */
describe.each(ENGINES)('SIGKILL in the middle of selling (%s)', (engine) => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  let line: FakeLine;
  let server: ServerProcess;
  let db: Db;
  let shop: Shop;
  const start = () =>
    startServerProcess({
      dataDir: fresh.dataDir,
      databaseUrl: fresh.databaseUrl,
      env: { LINE_API_BASE: line.url },
    });

  beforeAll(async () => {
    line = await startFakeLine();
    fresh = await freshDatabase(engine);
    server = await start();
    db = openDatabase({ dataDir: fresh.dataDir, databaseUrl: fresh.databaseUrl });
    shop = await seedShop(db, { products: 300, maxStock: 3, customers: 40, tills: SOAK.tills, seed: SOAK.seed });
  });
  afterAll(async () => {
    await server?.stop();
    await db?.destroy();
    await fresh?.drop();
    await line?.close();
  });

  const outbox = () => db.kysely.selectFrom('notification_outbox').select(['id', 'status', 'sale_id']).execute();

  it(
    'keeps every acknowledged sale and refund, writes nothing by halves, answers retries with the first answer, and sends the LINE messages queued before the kill',
    async () => {
      const tokens = await Promise.all(shop.tills.map((t) => signIn(server.url, t.username, t.password)));
      const settings = await fetch(`${server.url}/api/settings`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${tokens[0]}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          settings: {
            notifications: { notifyOnSale: true, lineChannelAccessToken: line.token, lineUserId: line.userId },
          },
        }),
      });
      expect(settings.status).toBe(200);
      const snapshot = await snapshotShop(db, shop);

      // Two moments between 15 % and 85 % of the run, at least a tenth of it apart.
      const random = seededRandom(SOAK.seed);
      const first = Math.floor(SOAK.crashOperations * (0.15 + random() * 0.3));
      const killAt = [first, first + Math.floor(SOAK.crashOperations * (0.1 + random() * 0.3))];
      const pendingAtKill: number[] = [];
      let leasesExpired = 0;
      let kills = 0;
      let holding: (() => void) | undefined;
      let restarted: Promise<void> = Promise.resolve();

      const crash = async () => {
        await server.kill();
        kills += 1;
        // Messages of sales committed just before the kill that the worker had not sent yet.
        pendingAtKill.push(...(await outbox()).filter((r) => r.status === 'pending').map((r) => r.id));
        // A row the dead worker had claimed waits out its 60 s lease before another worker takes it
        // (line-notify.test.ts proves that); here the lease is ended at once instead of waiting a minute.
        const now = new Date().toISOString();
        leasesExpired += Number(
          (
            await db.kysely
              .updateTable('notification_outbox')
              .set({ claimed_until: now })
              .where('status', '=', 'pending')
              .where('claimed_until', '>', now)
              .executeTakeFirst()
          ).numUpdatedRows,
        );
        server = await start();
        holding?.();
        line.hold = null;
      };

      const ledger = newLedger();
      await runLoad(
        {
          shop,
          urlFor: () => server.url,
          operations: SOAK.crashOperations,
          seed: SOAK.seed,
          whenUp: () => restarted,
          onProgress: (done) => {
            const next = killAt[kills];
            // Shortly before each kill LINE stops answering, so messages pile up in the outbox.
            if (next !== undefined && done === next - 8 && !line.hold) {
              line.hold = new Promise((resolve) => (holding = resolve));
            }
            if (next !== undefined && done === next) restarted = crash();
          },
        },
        tokens,
        ledger,
      );
      await restarted;
      const before = ledgerCounts(ledger);
      // Every till sends again what it had no answer for, and what it had, with the same keys.
      await retryAll(ledger, tokens, () => server.url);
      console.log(
        `[crash ${engine}, seed ${SOAK.seed}] kills after ${killAt.join(' and ')} operations;`,
        JSON.stringify({
          before,
          afterRetries: ledgerCounts(ledger),
          pendingAtKill: pendingAtKill.length,
          leasesExpired,
        }),
      );

      expect(kills).toBe(KILLS);
      expect(ledger.unexpected).toEqual([]);
      if (engine === 'sqlite') expect(sqliteIntegrity(fresh.dataDir)).toBe('ok');
      expect(await shopProblems(db, snapshot, ledger, 'exact')).toEqual([]);
      expect(ledgerCounts(ledger).unanswered).toBe(0);

      // Every sale's LINE message is sent once, those waiting at a kill included.
      expect(pendingAtKill.length).toBeGreaterThan(0);
      // (Up to a minute: a push held past LINE's 10 s timeout on a very busy machine is retried 30 s later.)
      for (let i = 0; i < 300 && (await outbox()).some((r) => r.status !== 'sent'); i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const rows = await outbox();
      expect(rows.filter((r) => r.status !== 'sent')).toEqual([]);
      const sales = await db.kysely.selectFrom('sales').select(['id', 'document_number']).execute();
      expect(rows.map((r) => r.sale_id).sort()).toEqual(sales.map((s) => s.id).sort());
      const pushed = line.pushes.map((p) => /เลขที่: (\S+)/.exec(p.messages[0]?.text ?? '')?.[1]).sort();
      expect(pushed).toEqual(sales.map((s) => s.document_number).sort());
    },
    SOAK.timeoutMs,
  );
});
