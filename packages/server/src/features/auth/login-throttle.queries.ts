import { sql } from 'kysely';
import type { DbExecutor } from '../../db/executor';

/** A counter to claim a failure under, full at `limit` (null: never full). */
export interface Claim {
  key: string;
  limit: number | null;
}

/**
 * Claims one failure under each key in a single statement, so parallel
 * requests and other server processes cannot both take the last one: a counter
 * whose window started at or before `windowStart` starts again at 1; otherwise
 * it grows by one, but only while under its limit. Answers the count of each
 * key claimed (this claim included); a full counter is missing from the answer.
 * Rows are locked in the order of `claims`, which callers keep the same.
 */
export async function claimFailures(
  db: DbExecutor,
  claims: Claim[],
  now: string,
  windowStart: string,
): Promise<Map<string, number>> {
  const expired = sql<boolean>`login_throttle.window_started_at <= ${windowStart}`;
  const underLimit = claims.map(({ key, limit }) =>
    limit === null
      ? sql`login_throttle.key = ${key}`
      : sql`(login_throttle.key = ${key} and login_throttle.failures < ${limit})`,
  );
  const rows = await db
    .insertInto('login_throttle')
    .values(claims.map(({ key }) => ({ key, failures: 1, window_started_at: now })))
    .onConflict((oc) =>
      oc
        .column('key')
        .doUpdateSet({
          failures: sql<number>`case when ${expired} then 1 else login_throttle.failures + 1 end`,
          window_started_at: sql<string>`case when ${expired} then ${now} else login_throttle.window_started_at end`,
        })
        .where(sql<boolean>`${expired} or ${sql.join(underLimit, sql` or `)}`),
    )
    .returning(['key', 'failures'])
    .execute();
  return new Map(rows.map((row) => [row.key, Number(row.failures)]));
}

/**
 * Gives back one claimed failure under `key` (the attempt succeeded or was
 * refused). One key per statement: a statement holding one row lock can never
 * deadlock with the claims, which lock their rows in one fixed order.
 */
export async function releaseFailure(db: DbExecutor, key: string): Promise<void> {
  await db
    .updateTable('login_throttle')
    .set((eb) => ({ failures: eb('failures', '-', 1) }))
    .where('key', '=', key)
    .where('failures', '>', 0)
    .execute();
}

export async function clearCounter(db: DbExecutor, key: string): Promise<void> {
  await db.deleteFrom('login_throttle').where('key', '=', key).execute();
}

/** When the current window of `key` started, or null without a counter. */
export async function windowStartOf(db: DbExecutor, key: string): Promise<string | null> {
  const row = await db
    .selectFrom('login_throttle')
    .select('window_started_at')
    .where('key', '=', key)
    .executeTakeFirst();
  return row?.window_started_at ?? null;
}

/** Forgets counters whose window is over. */
export async function purgeCountersBefore(db: DbExecutor, windowStart: string): Promise<void> {
  await db.deleteFrom('login_throttle').where('window_started_at', '<=', windowStart).execute();
}
