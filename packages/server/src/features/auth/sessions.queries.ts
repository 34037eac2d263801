import type { DbExecutor } from '../../db/executor';
import { prepared } from '../../db/prepared';
import type { SessionUser } from '../../http/request-user';
import { toApiUser } from '../users/users.queries';

/** The live, active user behind an unexpired session token hash. */
export async function findSessionUser(
  db: DbExecutor,
  tokenHash: string,
  now: string,
): Promise<{ id: number; user: SessionUser } | null> {
  const row = (await sessionUser(db, { tokenHash, now })).rows[0];
  return row ? { id: row.session_id, user: toApiUser(row) } : null;
}

const sessionUser = prepared((db, { tokenHash, now }: { tokenHash: string; now: string }) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id as session_id',
      'users.id',
      'users.username',
      'users.name',
      'users.email',
      'users.role',
      'users.is_active',
      'users.must_change_password',
      'users.created_at',
      'users.last_login',
    ])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.expires_at', '>', now)
    .where('users.is_active', '=', 1)
    .where('users.deleted_at', 'is', null),
);

export async function insertSession(
  db: DbExecutor,
  values: {
    tokenHash: string;
    userId: number;
    now: string;
    expiresAt: string;
    maxExpiresAt: string | null;
    family: string;
  },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      token_hash: values.tokenHash,
      user_id: values.userId,
      created_at: values.now,
      expires_at: values.expiresAt,
      max_expires_at: values.maxExpiresAt,
      family: values.family,
    })
    .execute();
}

export async function findSessionExpiry(
  db: DbExecutor,
  sessionId: number,
): Promise<{ expires_at: string; max_expires_at: string | null } | undefined> {
  return db
    .selectFrom('sessions')
    .select(['expires_at', 'max_expires_at'])
    .where('id', '=', sessionId)
    .executeTakeFirst();
}

/**
 * Marks a session's token as replaced by a refresh and shortens it to end by `endsBy` (never
 * lengthens it). Only a session not rotated before: answers undefined when another refresh (in this
 * or another process) got there first, which is reuse. On PostgreSQL a parallel refresh of the same
 * row waits for this one and then finds it rotated; SQLite's write transactions take turns.
 */
export async function rotateSession(
  db: DbExecutor,
  sessionId: number,
  now: string,
  endsBy: string,
): Promise<{ family: string } | undefined> {
  return db
    .updateTable('sessions')
    .set((eb) => ({
      rotated_at: now,
      expires_at: eb.case().when('expires_at', '>', endsBy).then(endsBy).else(eb.ref('expires_at')).end(),
    }))
    .where('id', '=', sessionId)
    .where('rotated_at', 'is', null)
    .returning('family')
    .executeTakeFirst();
}

/** Ends every session of the family `sessionId` belongs to (sign-out, reuse of a rotated token). */
export async function deleteSessionFamily(db: DbExecutor, sessionId: number): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where('family', '=', (eb) => eb.selectFrom('sessions as own').select('own.family').where('own.id', '=', sessionId))
    .execute();
}

export async function deleteExpiredSessions(db: DbExecutor, now: string): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
}
