import type { DbExecutor } from '../../db/executor';

/**
 * The outboxes (LINE notifications, e-Tax e-mails) share their columns for claiming and finishing rows: a row
 * is written in the transaction of what it tells of, then claimed by one worker at a time under a lease.
 */
export type OutboxTable = 'notification_outbox' | 'etax_emails' | 'print_jobs';

/**
 * Takes up to `limit` due rows for this worker: pending, due, and not leased to another worker (or leased by
 * one that stopped answering). The conditions are in the update itself, so two workers racing for a row both
 * run it but only one changes it (PostgreSQL re-checks them after waiting for the row; SQLite runs one writer
 * at a time); each gets back the ids of what it took, oldest first.
 */
export async function claimDueRows(
  db: DbExecutor,
  table: OutboxTable,
  claim: { token: string; now: string; leaseUntil: string; limit: number },
): Promise<number[]> {
  const due = await db
    .selectFrom(table)
    .select('id')
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', claim.now)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', claim.now)]))
    .orderBy('id')
    .limit(claim.limit)
    .execute();
  if (due.length === 0) return [];
  const taken = await db
    .updateTable(table)
    .set((eb) => ({ claim_token: claim.token, claimed_until: claim.leaseUntil, attempts: eb('attempts', '+', 1) }))
    .where(
      'id',
      'in',
      due.map((r) => r.id),
    )
    .where('status', '=', 'pending')
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', claim.now)]))
    .returning('id')
    .execute();
  return taken.map((r) => r.id).sort((a, b) => a - b);
}

/** Ends a claimed row (sent, failed or skipped); false when the lease was lost to another worker. */
export async function finishRow(
  db: DbExecutor,
  table: OutboxTable,
  row: { id: number; claimToken: string; status: 'sent' | 'failed' | 'skipped'; error: string | null; now: string },
): Promise<boolean> {
  const result = await db
    .updateTable(table)
    .set({ status: row.status, last_error: row.error, finished_at: row.now, claimed_until: null, claim_token: null })
    .where('id', '=', row.id)
    .where('claim_token', '=', row.claimToken)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Hands a claimed row back to be tried again at `nextAttemptAt`. */
export async function retryRowLater(
  db: DbExecutor,
  table: OutboxTable,
  row: { id: number; claimToken: string; error: string; nextAttemptAt: string },
): Promise<void> {
  await db
    .updateTable(table)
    .set({ next_attempt_at: row.nextAttemptAt, last_error: row.error, claimed_until: null, claim_token: null })
    .where('id', '=', row.id)
    .where('claim_token', '=', row.claimToken)
    .execute();
}
