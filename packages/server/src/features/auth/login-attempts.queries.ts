import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';

type Q = Kysely<DB> | Transaction<DB>;

/** Oldest failure time and count since `since`, for a username or a client address. */
export async function failuresSince(
  db: Q,
  column: 'username' | 'address',
  value: string,
  since: string,
): Promise<{ count: number; oldest: string | null }> {
  const row = await db
    .selectFrom('login_attempts')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('created_at').as('oldest')])
    .where(column, '=', value)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), oldest: (row.oldest as string | null) ?? null };
}

export async function recordFailure(db: Q, username: string, address: string, now: string): Promise<void> {
  await db.insertInto('login_attempts').values({ username, address, created_at: now }).execute();
}

export async function clearFailures(db: Q, username: string): Promise<void> {
  await db.deleteFrom('login_attempts').where('username', '=', username).execute();
}

export async function purgeFailuresBefore(db: Q, before: string): Promise<void> {
  await db.deleteFrom('login_attempts').where('created_at', '<=', before).execute();
}
