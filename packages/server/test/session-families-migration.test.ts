import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { deleteSessionFamily } from '../src/features/auth/sessions.queries';
import { FIXTURE_NOW, insertUser, openAt } from './helpers/migration-fixtures';
import { ENGINES } from './helpers/test-app';

/** The last migration before sessions had families. */
const BEFORE_FAMILIES = '2026112661-redundant-indexes';

describe.each(ENGINES)('session families migration (%s)', (engine) => {
  let db: Db;
  let drop: () => Promise<void> = async () => {};
  const ids: number[] = [];

  // Two sessions of one user signed in before the change.
  beforeAll(async () => {
    ({ db, drop } = await openAt(engine, BEFORE_FAMILIES));
    const userId = await insertUser(db, 'seller', 'ผู้ขาย', 'cashier');
    for (const hash of ['hash-a', 'hash-b']) {
      await sql`insert into sessions (token_hash, user_id, created_at, expires_at, max_expires_at)
        values (${hash}, ${userId}, ${FIXTURE_NOW}, ${'2099-01-01T00:00:00.000Z'}, null)`.execute(db.kysely);
    }
    const rows = await db.kysely.selectFrom('sessions').select('id').orderBy('id').execute();
    ids.push(...rows.map((r) => r.id));
    await migrateToLatest(db);
  });

  afterAll(async () => {
    await db?.destroy();
    await drop();
  });

  it('makes each earlier session a family of its own, so signing out of one keeps the other', async () => {
    const rows = await db.kysely.selectFrom('sessions').select(['id', 'family', 'rotated_at']).orderBy('id').execute();
    expect(rows).toEqual(ids.map((id) => ({ id, family: String(id), rotated_at: null })));
    await deleteSessionFamily(db.kysely, ids[0] ?? 0);
    expect((await db.kysely.selectFrom('sessions').select('id').execute()).map((r) => r.id)).toEqual([ids[1]]);
  });
});
