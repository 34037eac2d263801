import type { Selectable } from 'kysely';
import type { DbExecutor } from '../../db/executor';
import type { NotificationOutboxTable } from '../../db/schema';

export type OutboxRow = Selectable<NotificationOutboxTable>;

/** A message for the outbox: a sale's (with its id) or another kind. */
export interface OutboxMessage {
  kind: string;
  sale_id: number | null;
  message: string;
  retry_key: string;
  now: string;
}

/** Puts a message in the outbox (the statement, sent alone or with others). */
export function outboxMessageInsert(db: DbExecutor, row: OutboxMessage) {
  return db.insertInto('notification_outbox').values({
    kind: row.kind,
    sale_id: row.sale_id,
    message: row.message,
    retry_key: row.retry_key,
    next_attempt_at: row.now,
    created_at: row.now,
  });
}

/** Claimed messages by id, oldest first. */
export function findOutboxMessages(db: DbExecutor, ids: number[]): Promise<OutboxRow[]> {
  return db.selectFrom('notification_outbox').selectAll().where('id', 'in', ids).orderBy('id').execute();
}

/** Deletes finished rows older than `before`. */
export async function pruneFinishedMessages(db: DbExecutor, before: string): Promise<number> {
  const result = await db
    .deleteFrom('notification_outbox')
    .where('finished_at', 'is not', null)
    .where('finished_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
