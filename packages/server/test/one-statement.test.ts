import { sql, type Generated } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database';
import { inOneStatement } from '../src/db/one-statement';
import { freshDatabase } from './helpers/test-app';

// The sale's writes sent as one statement lock their rows in the order given (one-statement.ts): that
// rests on PostgreSQL running the main statement first and the WITH queries from last to first, which
// its documentation leaves open. This holds the server we run on to it.
describe.runIf(process.env.TEST_DATABASE_URL)('writes in one statement on PostgreSQL', () => {
  it("run in the order given and answer the first one's rows", async () => {
    const fresh = await freshDatabase('postgres');
    const db = openDatabase({ databaseUrl: fresh.databaseUrl, dataDir: fresh.dataDir });
    try {
      await sql`create table write_order (id serial primary key, step integer not null,
        at timestamptz not null default clock_timestamp())`.execute(db.kysely);
      // The schema's type knows no such table: the statements are built with a type of their own.
      const untyped = db.kysely.withTables<{ write_order: { id: Generated<number>; step: number } }>();
      const step = (n: number) => untyped.insertInto('write_order').values({ step: n });
      const statement = inOneStatement(db.kysely, step(1).returning('step'), step(2), step(3), step(4), step(5));
      const answer = await db.kysely.executeQuery(statement.compile());
      expect(answer.rows).toEqual([{ step: 1 }]);
      const done = await sql<{ step: number }>`select step from write_order order by at, id`.execute(db.kysely);
      expect(done.rows.map((r) => r.step)).toEqual([1, 2, 3, 4, 5]);
      // One statement alone is sent as it is.
      expect(inOneStatement(db.kysely, step(6)).compile().sql).toBe(step(6).compile().sql);
    } finally {
      await db.destroy();
      await fresh.drop();
    }
  });
});
