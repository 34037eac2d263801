import type { Db } from '../../db/database';
import type { Deps } from '../../deps';
import { deleteIdempotencyKeysBefore } from './idempotency.queries';

const DAY_MS = 24 * 60 * 60_000;
/** A process purges at most this often, so selling pays for it once in a while, not per sale. */
export const IDEMPOTENCY_PURGE_INTERVAL_MS = 10 * 60_000;
/** Each pass deletes at most BATCH × MAX_BATCHES keys in short statements; a backlog goes over several passes. */
const PURGE_BATCH = 500;
const PURGE_MAX_BATCHES = 2;

/** Keys claimed before this moment are outside the retention window. */
export function idempotencyCutoff(deps: Pick<Deps, 'config'>, now: Date): string {
  return new Date(now.getTime() - deps.config.idempotencyRetentionDays * DAY_MS).toISOString();
}

const lastPurgeAt = new WeakMap<Db, number>();

/**
 * Deletes keys older than the retention window when this process has not done
 * so for an interval. Other processes on the same database do the same on
 * their own; deleting an already deleted key costs nothing.
 */
export async function purgeExpiredIdempotencyKeysIfDue(deps: Pick<Deps, 'db' | 'config' | 'now'>): Promise<void> {
  const now = deps.now();
  const last = lastPurgeAt.get(deps.db);
  if (last !== undefined && now.getTime() - last < IDEMPOTENCY_PURGE_INTERVAL_MS) return;
  lastPurgeAt.set(deps.db, now.getTime());
  const before = idempotencyCutoff(deps, now);
  for (let batch = 0; batch < PURGE_MAX_BATCHES; batch += 1) {
    if ((await deleteIdempotencyKeysBefore(deps.db.kysely, before, PURGE_BATCH)) < PURGE_BATCH) return;
  }
}
