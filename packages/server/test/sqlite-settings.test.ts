import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../src/db/database';
import { freshDatabase } from './helpers/test-app';

let opened: { db: Db; drop(): Promise<void> } | null = null;

afterEach(async () => {
  await opened?.db.destroy();
  await opened?.drop();
  opened = null;
});

async function pragma(db: Db, name: string): Promise<unknown> {
  const { rows } = await sql<Record<string, unknown>>`${sql.raw(`pragma ${name}`)}`.execute(db.kysely);
  return Object.values(rows[0] ?? {})[0];
}

describe('the SQLite connection', () => {
  it('is durable at each commit, checks foreign keys and keeps savepoint journals in memory', async () => {
    const fresh = await freshDatabase('sqlite');
    opened = { db: openDatabase({ databaseUrl: null, dataDir: fresh.dataDir }), drop: fresh.drop };
    const { db } = opened;
    expect(await pragma(db, 'journal_mode')).toBe('wal');
    expect(await pragma(db, 'synchronous')).toBe(2); // FULL: the WAL is synced at every commit
    expect(await pragma(db, 'foreign_keys')).toBe(1);
    expect(await pragma(db, 'busy_timeout')).toBe(5000);
    expect(await pragma(db, 'cache_size')).toBe(-65536);
    // 2 = memory: a shared commit's savepoints no longer spill to a temporary file (issue 17).
    expect(await pragma(db, 'temp_store')).toBe(2);
  });
});
