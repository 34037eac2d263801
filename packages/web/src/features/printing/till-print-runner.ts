import type { PrintJob } from '@pos/core';
import { ApiError } from '../../lib/api';
import { failureOfDeviceError, type PrinterDevice } from '../../lib/printer-device';

/** What the till reports for a job it sent (`POST /api/print-jobs/:id/result`). */
export type TillOutcome = 'printed' | 'PRINTER_OFFLINE' | 'PRINTER_NOT_FOUND';

export interface TillPrintDeps {
  /** The till's printer as this browser has it now; null when it cannot be found (unplugged, permission gone). */
  device(): Promise<PrinterDevice | null>;
  /** The job's bytes as the server rendered them. */
  bytes(jobId: number): Promise<Uint8Array>;
  report(jobId: number, outcome: TillOutcome): Promise<void>;
  /** After each report: the screens following the job read it again. */
  onReported?(jobId: number, outcome: TillOutcome): void;
  now?(): number;
}

/**
 * Jobs created this long before the runner started are still printed (a sale just before the page was
 * reloaded; and the till's clock and the server's may differ by a little); older pending ones are left alone,
 * so a till opened in the morning does not print yesterday's forgotten jobs.
 */
export const TILL_JOB_MARGIN_MS = 2 * 60_000;

type Handled = { state: 'sending' } | { state: 'reported'; at: number } | { state: 'unreported'; outcome: TillOutcome };

/**
 * Sends the till's USB or serial printer its jobs (issue 37): `offer` it every reading of the till's pending jobs;
 * each job created since it started that it has not sent is sent once, one at a time in id order, and its outcome
 * reported. A job it reported that shows pending again in a list read after the report was put back by "print
 * again", and is sent again.
 */
export class TillPrintRunner {
  private readonly since: number;
  /** Jobs pending at the first reading and older than the margin: never this page's to print. */
  private stale: Set<number> | null = null;
  private readonly handled = new Map<number, Handled>();
  private readonly queue = new Map<number, PrintJob>();
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly deps: TillPrintDeps,
    startedAt = (deps.now ?? Date.now)(),
  ) {
    this.since = startedAt - TILL_JOB_MARGIN_MS;
  }

  private now(): number {
    return (this.deps.now ?? Date.now)();
  }

  /** A reading of the till's pending jobs, asked for at `requestedAt` (ms since the epoch). */
  offer(jobs: readonly PrintJob[], requestedAt: number): Promise<void> {
    if (this.stopped) return Promise.resolve();
    const mine = jobs.filter((job) => job.transport === 'till' && job.status === 'pending');
    this.stale ??= new Set(mine.filter((job) => Date.parse(job.createdAt) < this.since).map((job) => job.id));
    for (const job of mine) {
      if (this.stale.has(job.id) || this.queue.has(job.id)) continue;
      const handled = this.handled.get(job.id);
      if (handled === undefined || (handled.state === 'reported' && handled.at < requestedAt)) {
        this.queue.set(job.id, job);
      }
    }
    return this.drain();
  }

  /** No more jobs after this (the page left the till, or the till's printer changed). */
  stop(): void {
    this.stopped = true;
    this.queue.clear();
  }

  /** Resolves once every job queued so far has been sent and reported (or set aside). */
  idle(): Promise<void> {
    return this.running ?? Promise.resolve();
  }

  private drain(): Promise<void> {
    this.running ??= this.run().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async run(): Promise<void> {
    await this.retryReports();
    while (!this.stopped && this.queue.size > 0) {
      const id = Math.min(...this.queue.keys());
      this.queue.delete(id);
      await this.send(id);
    }
  }

  private async send(id: number): Promise<void> {
    this.handled.set(id, { state: 'sending' });
    let outcome: TillOutcome;
    try {
      const device = await this.deps.device();
      if (device === null) {
        outcome = 'PRINTER_NOT_FOUND';
      } else {
        const bytes = await this.bytesOf(id);
        if (bytes === null) return;
        await device.write(bytes);
        outcome = 'printed';
      }
    } catch (error) {
      outcome = failureOfDeviceError(error);
    }
    await this.reportOutcome(id, outcome);
  }

  /** The job's bytes; null when they cannot be had now (a network failure: tried again at the next reading). */
  private async bytesOf(id: number): Promise<Uint8Array | null> {
    try {
      return await this.deps.bytes(id);
    } catch (error) {
      // Unreachable server: the job stays pending and is picked up again. Any refusal (a job that is not the
      // till's, or gone) is final for this page.
      if (error instanceof ApiError && error.status === 0) this.handled.delete(id);
      else this.handled.set(id, { state: 'reported', at: Number.POSITIVE_INFINITY });
      return null;
    }
  }

  private async reportOutcome(id: number, outcome: TillOutcome): Promise<void> {
    try {
      await this.deps.report(id, outcome);
    } catch (error) {
      // Already known to the server (another tab reported it): done. Unreachable: kept, reported again next
      // reading, and never printed twice meanwhile.
      if (!(error instanceof ApiError && error.status === 409)) {
        this.handled.set(id, { state: 'unreported', outcome });
        return;
      }
    }
    this.handled.set(id, { state: 'reported', at: this.now() });
    this.deps.onReported?.(id, outcome);
  }

  private async retryReports(): Promise<void> {
    for (const [id, handled] of [...this.handled]) {
      if (handled.state === 'unreported') await this.reportOutcome(id, handled.outcome);
    }
  }
}
