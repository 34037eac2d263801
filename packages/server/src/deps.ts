import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/database';
import type { ImageStore } from './integrations/image-store/image-store';

/** What services may use. Tests pass their own clock to move time. */
export interface Deps {
  db: Db;
  config: Config;
  now: () => Date;
  /** Waits `ms` (the sign-in throttle's delay); tests pass one that moves their clock instead. */
  sleep: (ms: number) => Promise<void>;
  /** Where uploaded images are kept (local disk under DATA_DIR/uploads by default). */
  imageStore: ImageStore;
  /** The LINE notification outbox's worker: a sale that queued a message wakes it after commit. */
  notifications: { wake(): void };
  /** The e-Tax e-mail outbox's worker: issuing a document that queued an e-mail wakes it after commit. */
  etaxEmails: { wake(): void };
  /** The network printers' job queue: a sale or a till that queued a job wakes it after commit. */
  printJobs: { wake(): void };
  /**
   * Where a service tells the owner what went wrong outside the request's answer (Stripe's failures, a
   * card refund it could not record): the app's logger; a route passes its request's (`req.log`).
   */
  log: ServiceLog;
}

/** What services write to the log with. */
export type ServiceLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
