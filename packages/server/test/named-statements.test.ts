import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database';
import { statementName } from '../src/db/named-statements';
import { prepared } from '../src/db/prepared';
import { freshDatabase } from './helpers/test-app';

// PostgreSQL parses and plans an unnamed statement every time it runs; the statements of `prepared` are
// sent named, so each connection prepares them once (named-statements.ts). Other statements stay unnamed:
// their texts vary without bound (searches, bulk writes), and each named one keeps a plan per connection.
describe.runIf(process.env.TEST_DATABASE_URL)('statements prepared by name on PostgreSQL', () => {
  it('prepares the statements of `prepared` once per connection, and no others', async () => {
    const fresh = await freshDatabase('postgres');
    const db = openDatabase({ databaseUrl: fresh.databaseUrl, dataDir: fresh.dataDir });
    try {
      await sql`create table probe (id integer primary key, label text)`.execute(db.kysely);
      // The schema's type knows no such table: the statements are built with a type of their own.
      type Probe = { probe: { id: number; label: string | null } };
      const byId = prepared((kdb, { id }: { id: number }) =>
        kdb.withTables<Probe>().selectFrom('probe').select('id').where('id', '=', id),
      );
      const text = db.kysely.withTables<Probe>().selectFrom('probe').select('id').where('id', '=', 0).compile().sql;
      const seen = await db.kysely.transaction().execute(async (trx) => {
        await byId(trx, { id: 1 });
        await byId(trx, { id: 2 });
        // Not through `prepared`: sent unnamed.
        await trx.withTables<Probe>().selectFrom('probe').select('label').where('id', '=', 3).execute();
        const { rows } = await sql<{ name: string; statement: string }>`select name, statement
          from pg_prepared_statements`.execute(trx);
        return rows;
      });
      const name = statementName(text);
      expect(name).toMatch(/^pos_\d+$/);
      expect(seen).toEqual([{ name, statement: text }]);
    } finally {
      await db.destroy();
      await fresh.drop();
    }
  });
});
