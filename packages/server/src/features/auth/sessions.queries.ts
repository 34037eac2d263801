import type { DbExecutor } from '../../db/executor';
import { prepared } from '../../db/prepared';
import { toApiUser } from '../users/users.queries';

export type SessionUser = ReturnType<typeof toApiUser>;

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
  values: { tokenHash: string; userId: number; now: string; expiresAt: string; maxExpiresAt: string | null },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      token_hash: values.tokenHash,
      user_id: values.userId,
      created_at: values.now,
      expires_at: values.expiresAt,
      max_expires_at: values.maxExpiresAt,
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

/** Shortens a session to end by `endsBy` (never lengthens it). */
export async function endSessionBy(db: DbExecutor, sessionId: number, endsBy: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ expires_at: endsBy })
    .where('id', '=', sessionId)
    .where('expires_at', '>', endsBy)
    .execute();
}

export async function deleteSession(db: DbExecutor, sessionId: number): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

/** Ends every session of a user, except optionally the one making the request. */
export async function deleteUserSessions(db: DbExecutor, userId: number, exceptSessionId?: number): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .$if(exceptSessionId !== undefined, (qb) => qb.where('id', '!=', exceptSessionId ?? 0))
    .execute();
}

export async function deleteExpiredSessions(db: DbExecutor, now: string): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
}
