import type { FastifyBaseLogger } from 'fastify';

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
