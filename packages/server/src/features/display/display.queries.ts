import type { DbExecutor } from '../../db/executor';

export async function findTillName(db: DbExecutor, tillId: number): Promise<string | null> {
  const row = await db.selectFrom('tills').select('name').where('id', '=', tillId).executeTakeFirst();
  return row?.name ?? null;
}

export async function insertPairing(
  db: DbExecutor,
  values: { till_id: number; code_hash: string; expires_at: string; created_by: number; created_at: string },
): Promise<void> {
  await db.insertInto('display_pairings').values(values).execute();
}

/** Uses a live pairing code once: the till it pairs with, or null (unknown, expired or used already). */
export async function usePairing(db: DbExecutor, codeHash: string, now: string): Promise<number | null> {
  const row = await db
    .selectFrom('display_pairings')
    .select(['id', 'till_id'])
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!row) return null;
  // Two displays racing for one code: only one marks it used.
  const taken = await db
    .updateTable('display_pairings')
    .set({ used_at: now })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return taken.numUpdatedRows > 0n ? row.till_id : null;
}

export async function insertDisplaySession(
  db: DbExecutor,
  values: { till_id: number; token_hash: string; created_at: string },
): Promise<void> {
  await db.insertInto('display_sessions').values(values).execute();
}

/** A paired display's till, or null for a key never given or since revoked. */
export async function findDisplaySession(
  db: DbExecutor,
  tokenHash: string,
): Promise<{ tillId: number; tillName: string } | null> {
  const row = await db
    .selectFrom('display_sessions')
    .innerJoin('tills', 'tills.id', 'display_sessions.till_id')
    .select(['display_sessions.till_id', 'tills.name'])
    .where('display_sessions.token_hash', '=', tokenHash)
    .where('display_sessions.revoked_at', 'is', null)
    .executeTakeFirst();
  return row ? { tillId: row.till_id, tillName: row.name } : null;
}

export async function revokeDisplaySessions(db: DbExecutor, tillId: number, now: string): Promise<number> {
  const result = await db
    .updateTable('display_sessions')
    .set({ revoked_at: now })
    .where('till_id', '=', tillId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function readTillDisplay(
  db: DbExecutor,
  tillId: number,
): Promise<{ state: string; version: number } | undefined> {
  return db.selectFrom('till_displays').select(['state', 'version']).where('till_id', '=', tillId).executeTakeFirst();
}

/** Keeps the till's screen state, one version on. */
export async function writeTillDisplay(db: DbExecutor, tillId: number, state: string, now: string): Promise<number> {
  const row = await db
    .insertInto('till_displays')
    .values({ till_id: tillId, state, version: 1, updated_at: now })
    .onConflict((oc) =>
      oc.column('till_id').doUpdateSet((eb) => ({
        state: eb.ref('excluded.state'),
        updated_at: eb.ref('excluded.updated_at'),
        version: eb(eb.ref('till_displays.version'), '+', 1),
      })),
    )
    .returning('version')
    .executeTakeFirstOrThrow();
  return row.version;
}
