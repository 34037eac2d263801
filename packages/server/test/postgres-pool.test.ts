import pg from 'pg';
import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../src/db/database';
import { freshDatabase } from './helpers/test-app';

// An idle pooled connection ended by the server (a restart, an administrator, a failover, or a test database
// dropped WITH (FORCE)) must not crash the process: the pool's 'error' event had no listener.
describe.runIf(process.env.TEST_DATABASE_URL)('PostgreSQL pool', () => {
  it('survives its idle connections being ended by the server and opens new ones', async () => {
    const fresh = await freshDatabase('postgres');
    const db = openDatabase({ databaseUrl: fresh.databaseUrl, dataDir: fresh.dataDir });
    const unhandled: unknown[] = [];
    const onUncaught = (err: unknown) => unhandled.push(err);
    process.on('uncaughtException', onUncaught);
    // The pool passes an idle connection's error on as its own 'error' event: the moment that crashed the process.
    const poolEvents = vi.spyOn(pg.Pool.prototype, 'emit');
    try {
      const pid = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db.kysely)).rows[0]?.pid;
      expect(pid).toBeGreaterThan(0);
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      try {
        await admin.query('select pg_terminate_backend($1)', [pid]);
      } finally {
        await admin.end();
      }
      await vi.waitFor(() => expect(poolEvents.mock.calls.map(([event]) => event)).toContain('error'));
      const again = await sql<{ one: number }>`select 1 as one`.execute(db.kysely);
      expect(again.rows).toEqual([{ one: 1 }]);
      expect(unhandled).toEqual([]);
    } finally {
      process.off('uncaughtException', onUncaught);
      poolEvents.mockRestore();
      await db.destroy();
      await fresh.drop();
    }
  });

  // The back office's reads run one PostgreSQL process each: parallel workers would let READ_WORKERS reads
  // take more cores than that, from the tills' sales. The till's own connections keep the server's setting.
  it("runs the back office's reads without parallel workers, and the till's as configured", async () => {
    const fresh = await freshDatabase('postgres');
    const db = openDatabase({ databaseUrl: fresh.databaseUrl, dataDir: fresh.dataDir });
    try {
      const setting = sql<{ max_parallel_workers_per_gather: string }>`show max_parallel_workers_per_gather`;
      // Every reader connection, not only the first: two reads at once open two.
      const readers = await Promise.all([
        db.reader.transaction().execute(async (trx) => (await setting.execute(trx)).rows[0]),
        db.reader.transaction().execute(async (trx) => (await setting.execute(trx)).rows[0]),
      ]);
      expect(readers).toEqual([{ max_parallel_workers_per_gather: '0' }, { max_parallel_workers_per_gather: '0' }]);
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      const configured = (await admin.query('show max_parallel_workers_per_gather')).rows[0];
      await admin.end();
      expect((await setting.execute(db.kysely)).rows[0]).toEqual(configured);
    } finally {
      await db.destroy();
      await fresh.drop();
    }
  });
});
