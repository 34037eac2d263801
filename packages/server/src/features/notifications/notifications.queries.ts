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

/**
 * Takes up to `limit` due rows for this worker: pending, due, and not leased to another worker
 * (or leased by one that stopped answering). The conditions are in the update itself, so two
 * workers racing for a row both run it but only one changes it (PostgreSQL re-checks them after
 * waiting for the row; SQLite runs one writer at a time); each gets back only what it took.
 */
export async function claimDueMessages(
  db: DbExecutor,
  claim: { token: string; now: string; leaseUntil: string; limit: number },
): Promise<OutboxRow[]> {
  const due = await db
    .selectFrom('notification_outbox')
    .select('id')
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', claim.now)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', claim.now)]))
    .orderBy('id')
    .limit(claim.limit)
    .execute();
  if (due.length === 0) return [];
  return db
    .updateTable('notification_outbox')
    .set((eb) => ({
      claim_token: claim.token,
      claimed_until: claim.leaseUntil,
      attempts: eb('attempts', '+', 1),
    }))
    .where(
      'id',
      'in',
      due.map((r) => r.id),
    )
    .where('status', '=', 'pending')
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', claim.now)]))
    .returningAll()
    .execute()
    .then((rows) => rows.sort((a, b) => a.id - b.id));
}

/** Ends a claimed row (sent, failed or skipped); false when the lease was lost to another worker. */
export async function finishMessage(
  db: DbExecutor,
  row: { id: number; claimToken: string; status: 'sent' | 'failed' | 'skipped'; error: string | null; now: string },
): Promise<boolean> {
  const result = await db
    .updateTable('notification_outbox')
    .set({ status: row.status, last_error: row.error, finished_at: row.now, claimed_until: null, claim_token: null })
    .where('id', '=', row.id)
    .where('claim_token', '=', row.claimToken)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Hands a claimed row back to be tried again at `nextAttemptAt`. */
export async function retryMessageLater(
  db: DbExecutor,
  row: { id: number; claimToken: string; error: string; nextAttemptAt: string },
): Promise<void> {
  await db
    .updateTable('notification_outbox')
    .set({ next_attempt_at: row.nextAttemptAt, last_error: row.error, claimed_until: null, claim_token: null })
    .where('id', '=', row.id)
    .where('claim_token', '=', row.claimToken)
    .execute();
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
