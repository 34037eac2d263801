import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../../deps';
import { isSendableToken, LINE_PUSH_TIMEOUT_MS, LinePushError, pushLineText } from '../../integrations/line/line-push';
import { readStoredSettings } from '../settings/settings.service';
import { findOutboxMessages, pruneFinishedMessages, type OutboxRow } from './notifications.queries';
import { finishRow, retryRowLater } from '../outbox/outbox.queries';
import { backoffMs, createOutboxWorker, drainDueRows, type OutboxWorker } from '../outbox/outbox-runner';
import { saleNotificationsWanted } from './notifications.service';

/** How the outbox is worked (docs/selling-rules.md's "LINE notification after each sale" tells the same figures). */
export const OUTBOX = {
  /** Rows claimed at a time; a drain takes batch after batch until the due rows are done. */
  batch: 20,
  /** A claimed row is another worker's to take again after this (longer than a push may last). */
  leaseMs: 6 * LINE_PUSH_TIMEOUT_MS,
  /** A running worker looks for due rows this often (a sale in this process wakes it at once). */
  pollMs: 5_000,
  /** The wait after the first failed send; each further failure doubles it, up to maxRetryMs. */
  firstRetryMs: 30_000,
  maxRetryMs: 60 * 60_000,
  /** Sends tried before a row is given up on (about 6 hours of retries). */
  maxAttempts: 12,
  /** Sent, failed and skipped rows are deleted this long after they finished. */
  keepMs: 30 * 24 * 60 * 60_000,
  pruneEveryMs: 60 * 60_000,
} as const;

/** The wait before the next send after `attempts` sends failed: 30 s, 1 min, 2 min, … up to 1 hour. */
export function retryDelayMs(attempts: number): number {
  return backoffMs(attempts, OUTBOX.firstRetryMs, OUTBOX.maxRetryMs);
}

export interface DrainReport {
  sent: number;
  retried: number;
  failed: number;
  skipped: number;
  pruned: number;
}

export type NotificationWorker = OutboxWorker<DrainReport>;

type WorkerDeps = Pick<Deps, 'db' | 'config' | 'now'>;

/** The background sender of the notification outbox. One per server process; any number may share a database. */
export function createNotificationWorker(deps: WorkerDeps, log: FastifyBaseLogger): NotificationWorker {
  let lastPruneAt = -Infinity;
  const pruneDue = () => {
    const now = deps.now().getTime();
    if (now - lastPruneAt < OUTBOX.pruneEveryMs) return false;
    lastPruneAt = now;
    return true;
  };
  return createOutboxWorker({
    drain: () => drain(deps, log, pruneDue),
    pollMs: OUTBOX.pollMs,
    log,
    name: 'LINE notification outbox',
  });
}

async function drain(deps: WorkerDeps, log: FastifyBaseLogger, pruneDue: () => boolean): Promise<DrainReport> {
  const report: DrainReport = { sent: 0, retried: 0, failed: 0, skipped: 0, pruned: 0 };
  const db = deps.db.kysely;
  const options = { batch: OUTBOX.batch, leaseMs: OUTBOX.leaseMs, now: deps.now };
  await drainDueRows(db, 'notification_outbox', options, async (ids, claimToken) => {
    // Read when sending: the owner may have changed the token or switched notifications off since the sale.
    const settings = await readStoredSettings(db);
    for (const row of await findOutboxMessages(db, ids)) {
      report[await sendOne(deps, log, row, claimToken, settings)] += 1;
    }
  });
  if (pruneDue()) {
    const now = deps.now();
    report.pruned = await pruneFinishedMessages(db, new Date(now.getTime() - OUTBOX.keepMs).toISOString());
  }
  return report;
}

async function sendOne(
  deps: WorkerDeps,
  log: FastifyBaseLogger,
  row: OutboxRow,
  claimToken: string,
  settings: Awaited<ReturnType<typeof readStoredSettings>>,
): Promise<'sent' | 'retried' | 'failed' | 'skipped'> {
  const db = deps.db.kysely;
  const facts = { outboxId: row.id, saleId: row.sale_id, attempt: row.attempts };
  if (!saleNotificationsWanted(settings)) {
    await finishRow(db, 'notification_outbox', {
      id: row.id,
      claimToken,
      status: 'skipped',
      error: 'notifications switched off or LINE settings incomplete',
      now: deps.now().toISOString(),
    });
    log.info(facts, 'LINE notification skipped: notifications are off or incomplete now');
    return 'skipped';
  }
  const { lineChannelAccessToken: token, lineUserId: to } = settings.notifications;
  try {
    if (!isSendableToken(token))
      throw new LinePushError('rejected', null, 'the saved token has characters LINE never uses');
    await pushLineText({ apiBase: deps.config.lineApiBase, token, to, text: row.message, retryKey: row.retry_key });
  } catch (err) {
    // The push's own error text is LINE's answer or the network's, never the token.
    const error = err instanceof LinePushError ? err.message : 'unexpected error';
    const lineStatus = err instanceof LinePushError ? err.lineStatus : null;
    if (!(err instanceof LinePushError)) log.error({ ...facts, err }, 'LINE notification: unexpected error');
    if (row.attempts >= OUTBOX.maxAttempts) {
      await finishRow(db, 'notification_outbox', {
        id: row.id,
        claimToken,
        status: 'failed',
        error,
        now: deps.now().toISOString(),
      });
      log.error({ ...facts, lineStatus, error }, 'LINE notification failed; no more retries');
      return 'failed';
    }
    const nextAttemptAt = new Date(deps.now().getTime() + retryDelayMs(row.attempts)).toISOString();
    await retryRowLater(db, 'notification_outbox', { id: row.id, claimToken, error, nextAttemptAt });
    log.warn({ ...facts, lineStatus, error, nextAttemptAt }, 'LINE notification failed; will retry');
    return 'retried';
  }
  await finishRow(db, 'notification_outbox', {
    id: row.id,
    claimToken,
    status: 'sent',
    error: null,
    now: deps.now().toISOString(),
  });
  return 'sent';
}
