import { buildApp, type BuildOptions, type BuiltApp } from './app';
import type { Config } from './config';
import { openDatabase, type Db } from './db/database';
import { migrateToLatest } from './db/migrate';
import { ensureFirstAdmin } from './features/users/first-admin';
import { protectDataDir } from './file-modes';
import { syncReportRollups } from './features/reports/rollups.service';

export interface StartOptions extends Omit<BuildOptions, 'db'> {
  /** An open database to use instead of opening the configured one; the server closes it on stop. */
  db?: Db;
  /** Where to listen instead of the config's port and host (port 0 picks a free one). */
  listen?: { port?: number; host?: string };
  /**
   * `background` (the default): the LINE notification and e-Tax e-mail outboxes are sent by workers from
   * start-up to stop. `manual`: nothing is sent until someone calls `built.notifications.drainOnce()` or
   * `built.etaxEmails.drainOnce()` or `built.printJobs.drainOnce()` (tests).
   */
  notificationWorker?: 'background' | 'manual';
}

export interface RunningServer {
  built: BuiltApp;
  /** `http://host:port` of where it listens. */
  url: string;
  port: number;
  /** True when this start created the first-use admin account (the database had no user). */
  seededFirstAdmin: boolean;
  /** Closes the app and then its database. */
  stop(): Promise<void>;
}

/**
 * The one way to start the server: make the data folder private, open the database, migrate it, key the
 * report rollups in the shop's time zone, seed the first admin, build the app, listen.
 */
export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  const { db: given, listen, notificationWorker = 'background', ...buildOptions } = options;
  // Before anything opens it: an install made before files were private is tightened here.
  const notPrivate = protectDataDir(config.dataDir);
  const db = given ?? openDatabase(config);
  let built: BuiltApp;
  let seededFirstAdmin: boolean;
  try {
    await migrateToLatest(db);
    await syncReportRollups(db, config.shopTimezone);
    seededFirstAdmin = await ensureFirstAdmin(
      { db, now: buildOptions.now ?? (() => new Date()) },
      config.passwordHashCost,
    );
    built = await buildApp(config, { ...buildOptions, db });
  } catch (err) {
    await db.destroy();
    throw err;
  }
  built.app.addHook('onClose', () => db.destroy());
  if (notPrivate.length > 0) {
    built.app.log.warn(
      { paths: notPrivate },
      'could not make these readable by this account only (another account owns them): change their owner',
    );
  }

  const host = listen?.host ?? config.host;
  const wanted = listen?.port ?? config.port;
  await built.app.listen({ port: wanted, host });
  const address = built.app.server.address();
  const port = typeof address === 'object' && address ? address.port : wanted;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  // Also sends what a stopped or crashed process left in the outbox.
  if (notificationWorker === 'background') {
    built.notifications.start();
    built.etaxEmails.start();
    built.printJobs.start();
  }
  return { built, url, port, seededFirstAdmin, stop: () => built.app.close() };
}
