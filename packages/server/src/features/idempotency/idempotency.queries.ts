import type { DbExecutor } from '../../db/executor';
import { prepared } from '../../db/prepared';

/**
 * Takes over a key claimed before `before` (outside the retention window) for a
 * new request, forgetting its answer; false when the key is younger or unknown.
 */
export async function reclaimExpiredIdempotencyKey(
  db: DbExecutor,
  values: { key: string; userId: number; requestHash: string; now: string; before: string },
): Promise<boolean> {
  const rows = await db
    .updateTable('idempotency_keys')
    .set({
      user_id: values.userId,
      request_hash: values.requestHash,
      created_at: values.now,
      status_code: null,
      response: null,
    })
    .where('key', '=', values.key)
    .where('created_at', '<', values.before)
    .returning('key')
    .execute();
  return rows.length === 1;
}

/** Deletes at most `limit` keys claimed before `before`, oldest first; answers how many went. */
export async function deleteIdempotencyKeysBefore(db: DbExecutor, before: string, limit: number): Promise<number> {
  const result = await db
    .deleteFrom('idempotency_keys')
    .where('key', 'in', (qb) =>
      qb
        .selectFrom('idempotency_keys')
        .select('key')
        .where('created_at', '<', before)
        .orderBy('created_at')
        .limit(limit),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function findIdempotencyKey(
  db: DbExecutor,
  key: string,
): Promise<
  { user_id: number; request_hash: string; response: string | Buffer | null; created_at: string } | undefined
> {
  return (await keyFound(db, { key })).rows[0];
}

const keyFound = prepared((db, a: { key: string }) =>
  db
    .selectFrom('idempotency_keys')
    .select(['user_id', 'request_hash', 'response', 'created_at'])
    .where('key', '=', a.key),
);

/**
 * Writes a key with its answer in one statement (SQLite, see `claimOrReplay`); a key found expired is
 * taken over.
 */
export async function keepIdempotentAnswer(
  db: DbExecutor,
  a: { key: string; userId: number; requestHash: string; now: string; statusCode: number; response: string | Buffer },
): Promise<void> {
  await answerKept(db, a);
}

const answerKept = prepared(
  (
    db,
    a: { key: string; userId: number; requestHash: string; now: string; statusCode: number; response: string | Buffer },
  ) =>
    db
      .insertInto('idempotency_keys')
      .values({
        key: a.key,
        user_id: a.userId,
        request_hash: a.requestHash,
        created_at: a.now,
        status_code: a.statusCode,
        response: a.response,
      })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet((eb) => ({
          user_id: eb.ref('excluded.user_id'),
          request_hash: eb.ref('excluded.request_hash'),
          created_at: eb.ref('excluded.created_at'),
          status_code: eb.ref('excluded.status_code'),
          response: eb.ref('excluded.response'),
        })),
      ),
);

/** Claims a key for this request; false when it already exists. */
export async function claimIdempotencyKey(
  db: DbExecutor,
  values: { key: string; userId: number; requestHash: string; now: string },
): Promise<boolean> {
  const { rows } = await keyClaimed(db, values);
  return rows.length === 1;
}

const keyClaimed = prepared((db, values: Parameters<typeof claimIdempotencyKey>[1]) =>
  db
    .insertInto('idempotency_keys')
    .values({ key: values.key, user_id: values.userId, request_hash: values.requestHash, created_at: values.now })
    .onConflict((oc) => oc.column('key').doNothing())
    .returning('key'),
);

/** Adds the answer (the JSON sent) to a key claimed by `claimIdempotencyKey`. */
export async function storeIdempotentResponse(
  db: DbExecutor,
  key: string,
  statusCode: number,
  response: string,
): Promise<void> {
  await responseStored(db, { key, statusCode, response });
}

/** The statement of `storeIdempotentResponse`, to send with others (see `BeforeCommit`). */
export function storedResponse(db: DbExecutor, a: { key: string; statusCode: number; response: string }) {
  return db
    .updateTable('idempotency_keys')
    .set({ status_code: a.statusCode, response: a.response })
    .where('key', '=', a.key);
}

const responseStored = prepared(storedResponse);
