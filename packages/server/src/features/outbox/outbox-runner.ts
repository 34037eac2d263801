import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { DbExecutor } from '../../db/executor';
import { claimDueRows, type OutboxTable } from './outbox.queries';

export interface OutboxWorker<Report> {
  /** Sends every row due now (including what a stopped process left), one drain at a time. */
  drainOnce(): Promise<Report>;
  /** Drains now and then every `pollMs` until stopped. */
  start(): void;
  /** A row was queued: drain soon (only once started). */
  wake(): void;
  /** Stops polling and waits for a drain under way. */
  stop(): Promise<void>;
}

/**
 * The life of an outbox's background sender, whatever it sends: one drain at a time in a process (a wake
 * during a drain queues one more, never a pile), a poll for rows other processes left, and a stop that waits
 * for the drain under way. Any number of processes may share a database: the rows' leases keep them apart.
 */
export function createOutboxWorker<Report>(options: {
  drain: () => Promise<Report>;
  pollMs: number;
  log: FastifyBaseLogger;
  name: string;
}): OutboxWorker<Report> {
  let chain: Promise<unknown> = Promise.resolve();
  let drainQueued = false;
  let running = false;
  let timer: NodeJS.Timeout | undefined;

  const drainOnce = (): Promise<Report> => {
    drainQueued = true;
    const run = () => {
      drainQueued = false;
      return options.drain();
    };
    const next = chain.then(run, run);
    chain = next.catch(() => undefined);
    return next;
  };

  const wake = () => {
    if (!running || drainQueued) return;
    drainOnce().catch((err: unknown) => options.log.error({ err }, `${options.name}: drain failed`));
  };

  return {
    drainOnce,
    wake,
    start() {
      if (running) return;
      running = true;
      wake();
      timer = setInterval(wake, options.pollMs);
      timer.unref();
    },
    async stop() {
      running = false;
      clearInterval(timer);
      await chain;
    },
  };
}

/** The wait before the next send after `attempts` sends failed: `first`, doubling each time, up to `max`. */
export function backoffMs(attempts: number, first: number, max: number): number {
  return Math.min(first * 2 ** Math.max(0, attempts - 1), max);
}

/**
 * One drain of an outbox: its due rows claimed a batch at a time under one claim token, each batch's ids handed
 * to `work`, until a batch comes back short. A backlog (the service was down, a crash left rows) goes out now,
 * not a batch per poll; each row leaves the due set as `work` sends, fails or reschedules it.
 */
export async function drainDueRows(
  db: DbExecutor,
  table: OutboxTable,
  options: { batch: number; leaseMs: number; now: () => Date },
  work: (ids: number[], claimToken: string) => Promise<void>,
): Promise<void> {
  const claimToken = randomUUID();
  for (;;) {
    const now = options.now();
    const ids = await claimDueRows(db, table, {
      token: claimToken,
      now: now.toISOString(),
      leaseUntil: new Date(now.getTime() + options.leaseMs).toISOString(),
      limit: options.batch,
    });
    if (ids.length > 0) await work(ids, claimToken);
    if (ids.length < options.batch) return;
  }
}
