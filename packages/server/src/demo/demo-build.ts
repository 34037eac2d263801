import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Config } from '../config';
import { openDatabase, type Db } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { ensureFirstAdmin } from '../features/users/first-admin';
import { holdSqliteLock } from '../db/sqlite-lock';
import { PRIVATE_DIR_MODE, protectDataDir } from '../file-modes';
import { syncReportRollups } from '../features/reports/rollups.service';
import { imageStoreFor } from '../integrations/image-store/image-store-factory';
import { uploadsDirOf } from '../integrations/image-store/local-disk-store';
import { runDemo, type DemoRunOptions, type DemoRunResult } from './demo-run';
import { openOneTransaction } from './one-transaction-db';

/** A demo that cannot start (or finish) for a reason the person running it can fix. */
export class DemoError extends Error {}

/** Where a run builds, inside DATA_DIR (so that its files rename into place); a killed run's is removed by the next. */
const STAGING_PREFIX = '.demo-build-';

/**
 * The demo shop, all or nothing: a failed or killed run leaves the shop as it found it, and running the
 * demo again finishes the job.
 *
 * - SQLite: built in a folder of its own inside DATA_DIR (a copy of the existing database, if any, with
 *   no fsync while it fills), then its images are moved into DATA_DIR/uploads and the database file is
 *   renamed over DATA_DIR/pos.db, one atomic step. Refused while a server has the database open.
 * - PostgreSQL: the database is migrated and seeded as a server start would, then the whole shop is
 *   written in one transaction and committed at the end (images first, from a staging folder).
 *
 * Images a failed run stored in Cloudinary are left there unused; the storage screen's clean-up finds them.
 */
export async function buildDemo(
  config: Config,
  options: DemoRunOptions,
  progress: (line: string) => void = () => {},
): Promise<DemoRunResult> {
  for (const file of protectDataDir(config.dataDir)) progress(`could not make ${file} private: change its owner`);
  let unlock: () => void;
  try {
    unlock = await holdSqliteLock(path.join(config.dataDir, '.demo-lock'), 0);
  } catch {
    throw new DemoError(`another npm run demo is filling ${config.dataDir}`);
  }
  try {
    for (const entry of fs.readdirSync(config.dataDir)) {
      if (entry.startsWith(STAGING_PREFIX))
        fs.rmSync(path.join(config.dataDir, entry), { recursive: true, force: true });
    }
    const staging = fs.mkdtempSync(path.join(config.dataDir, STAGING_PREFIX));
    try {
      const stagingConfig = { ...config, dataDir: staging };
      return config.databaseUrl
        ? await buildOnPostgres(config, config.databaseUrl, stagingConfig, options, progress)
        : await buildOnSqlite(config, stagingConfig, options, progress);
    } finally {
      fs.rmSync(staging, { recursive: true, force: true });
    }
  } finally {
    unlock();
  }
}

/** What a server start does first: migrations, the report rollups' time zone, the first admin. */
async function prepare(db: Db, config: Config): Promise<void> {
  await migrateToLatest(db);
  await syncReportRollups(db, config.shopTimezone);
  await ensureFirstAdmin({ db, now: () => new Date() });
}

async function fill(
  db: Db,
  stagingConfig: Config,
  options: DemoRunOptions,
  progress: (line: string) => void,
): Promise<DemoRunResult> {
  return runDemo(
    // No outbox worker here: LINE messages a configured shop queues are sent when the app starts.
    {
      db,
      config: stagingConfig,
      imageStore: await imageStoreFor(stagingConfig),
      notifications: { wake: () => {} },
      etaxEmails: { wake: () => {} },
      printJobs: { wake: () => {} },
      // The demo runs from the command line: what a service logs goes to the terminal.
      log: console,
    },
    options,
    progress,
  );
}

async function buildOnSqlite(
  config: Config,
  stagingConfig: Config,
  options: DemoRunOptions,
  progress: (line: string) => void,
): Promise<DemoRunResult> {
  const target = path.join(config.dataDir, 'pos.db');
  const built = path.join(stagingConfig.dataDir, 'pos.db');
  const existed = fs.existsSync(target);
  let copied: fs.Stats | null = null;
  if (existed) {
    assertNotInUse(target);
    const source = new Database(target, { fileMustExist: true });
    try {
      await source.backup(built);
    } finally {
      source.close();
    }
    copied = fs.statSync(target);
  }
  const db = openDatabase(stagingConfig, { scratch: true });
  let result: DemoRunResult;
  try {
    await prepare(db, stagingConfig);
    result = await fill(db, stagingConfig, options, progress);
  } finally {
    // Closing copies the WAL into the file and deletes it: one self-contained file.
    await db.destroy();
  }
  if (result.refused) return result;
  const now = fs.existsSync(target) ? fs.statSync(target) : null;
  if ((now === null) !== (copied === null) || (now && (now.mtimeMs !== copied!.mtimeMs || now.size !== copied!.size))) {
    throw new DemoError(`${target} changed while the demo was built (a server ran on it?): run the demo again`);
  }
  if (existed) assertNotInUse(target);
  selfContained(built);
  // Written without fsync: made durable before it takes the database's name.
  syncFile(built);
  moveUploads(stagingConfig, config);
  fs.rmSync(`${target}-wal`, { force: true });
  fs.rmSync(`${target}-shm`, { force: true });
  fs.renameSync(built, target);
  syncFile(config.dataDir);
  return result;
}

async function buildOnPostgres(
  config: Config,
  databaseUrl: string,
  stagingConfig: Config,
  options: DemoRunOptions,
  progress: (line: string) => void,
): Promise<DemoRunResult> {
  const db = openDatabase(config);
  try {
    await prepare(db, config);
  } finally {
    await db.destroy();
  }
  const one = await openOneTransaction(databaseUrl);
  try {
    const result = await fill(one.db, stagingConfig, options, progress);
    if (result.refused) return result;
    // Images first: a database that names them never exists without them.
    moveUploads(stagingConfig, config);
    await one.commit();
    return result;
  } finally {
    await one.close();
  }
}

/**
 * SQLite deletes a database's WAL when its last connection closes: if it is still there after ours
 * closed, a server (or another program) has the database open, and renaming a new file over it would
 * lose what that server writes.
 */
function assertNotInUse(file: string): void {
  const database = new Database(file, { fileMustExist: true });
  try {
    database.pragma('schema_version');
  } finally {
    database.close();
  }
  if (fs.existsSync(`${file}-wal`)) {
    throw new DemoError(`${file} is open in another program (a running server?): stop it, then run the demo again`);
  }
}

/**
 * The built file alone, its WAL copied in (closing did, but renaming a file without the WAL it still
 * needed would lose the end of the shop), and checked by SQLite before it takes the shop's name.
 */
function selfContained(file: string): void {
  const database = new Database(file, { fileMustExist: true });
  try {
    database.pragma('journal_mode = DELETE');
    const check = (database.pragma('quick_check') as { quick_check: string }[]).map((r) => r.quick_check).join('; ');
    if (check !== 'ok') throw new Error(`the demo database failed SQLite's check: ${check}`);
  } finally {
    database.close();
  }
}

function syncFile(file: string): void {
  const fd = fs.openSync(file, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** The images the run stored on local disk, into the shop's uploads folder (file names are random). */
function moveUploads(stagingConfig: Config, config: Config): void {
  const move = (from: string, to: string) => {
    if (!fs.existsSync(from)) return;
    fs.mkdirSync(to, { recursive: true, mode: PRIVATE_DIR_MODE });
    for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
      if (entry.isDirectory()) move(path.join(from, entry.name), path.join(to, entry.name));
      else if (entry.isFile()) fs.renameSync(path.join(from, entry.name), path.join(to, entry.name));
    }
  };
  move(uploadsDirOf(stagingConfig), uploadsDirOf(config));
}
