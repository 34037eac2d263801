import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { zonedClock } from '@pos/core';
import type { Config } from './config';
import { privateDir, privateFile, tightenModes } from './file-modes';

/** Names the backups carry: `pos-YYYYMMDD-HHMMSS.db`, the images beside it in `pos-YYYYMMDD-HHMMSS-uploads/`. */
const BACKUP_NAME = /^pos-(\d{8}-\d{6})\.db$/;
export const DEFAULT_KEEP = 7;

export class BackupError extends Error {}

export interface BackupResult {
  file: string;
  bytes: number;
  /** The copy of the images folder, or null when the shop has none on disk. */
  uploads: string | null;
  /** Older backups deleted to keep the last `keep`. */
  removed: string[];
  /** Backups in the folder that could not be made readable by this account only (another account's). */
  notPrivate: string[];
}

/** `YYYYMMDD-HHMMSS` of `now` in the shop's time zone, the time on the shop's clocks. */
function stamp(now: Date, timeZone: string): string {
  const t = zonedClock(timeZone)(now);
  return `${t.year}${t.month}${t.day}-${t.hour}${t.minute}${t.second}`;
}

/**
 * Copies the SQLite database with SQLite's online backup API while servers keep selling: the copy is the
 * database at one moment (every committed sale before it, nothing of one after), checked with
 * `quick_check` before it gets its final name. The images folder is copied beside it, and only the newest
 * `keep` backups are kept.
 */
export async function backupShop(
  config: Pick<Config, 'dataDir' | 'databaseUrl' | 'shopTimezone'>,
  options: { to: string; keep?: number; now?: Date },
): Promise<BackupResult> {
  if (config.databaseUrl) {
    throw new BackupError(
      'DATABASE_URL points at PostgreSQL: this command backs up the built-in SQLite database only. ' +
        'Back up PostgreSQL with pg_dump, e.g. pg_dump --format=custom --file=pos-$(date +%Y%m%d-%H%M%S).dump "$DATABASE_URL" (see docs/operations.md, Backups).',
    );
  }
  const keep = options.keep ?? DEFAULT_KEEP;
  if (!Number.isInteger(keep) || keep < 1) throw new BackupError('--keep must be a whole number of at least 1');
  const source = path.join(config.dataDir, 'pos.db');
  if (!fs.existsSync(source))
    throw new BackupError(`no database at ${source} (set DATA_DIR to the shop's data folder)`);

  const folder = path.resolve(options.to);
  privateDir(folder);
  const name = `pos-${stamp(options.now ?? new Date(), config.shopTimezone)}`;
  const file = path.join(folder, `${name}.db`);
  if (fs.existsSync(file)) throw new BackupError(`${file} already exists: one backup a second at most`);
  const partial = `${file}.partial`;

  const database = new Database(source, { fileMustExist: true });
  try {
    database.pragma('busy_timeout = 5000');
    // 0600 from the start: SQLite writes into the file as it finds it, and gives its journal the same mode.
    privateFile(partial);
    await database.backup(partial);
  } finally {
    database.close();
  }
  // The copy carries the source's WAL mode; one self-contained file is what a backup should be.
  const copy = new Database(partial);
  try {
    copy.pragma('journal_mode = DELETE');
    const check = (copy.pragma('quick_check') as { quick_check: string }[]).map((r) => r.quick_check).join('; ');
    if (check !== 'ok') throw new BackupError(`the copy failed SQLite's check (${check}); nothing was kept`);
  } catch (err) {
    copy.close();
    fs.rmSync(partial, { force: true });
    throw err;
  }
  copy.close();
  fs.renameSync(partial, file);

  const images = path.join(config.dataDir, 'uploads');
  let uploads: string | null = null;
  if (fs.existsSync(images)) {
    uploads = path.join(folder, `${name}-uploads`);
    fs.cpSync(images, uploads, { recursive: true });
  }

  const backups = fs
    .readdirSync(folder)
    .filter((f) => BACKUP_NAME.test(f))
    .sort()
    .reverse();
  const removed: string[] = [];
  for (const old of backups.slice(keep)) {
    fs.rmSync(path.join(folder, old), { force: true });
    fs.rmSync(path.join(folder, old.replace(/\.db$/, '-uploads')), { recursive: true, force: true });
    removed.push(old);
  }
  // The copied images keep their source's modes, and backups an older version wrote were world-readable.
  const notPrivate = tightenModes({
    files: backups.slice(0, keep).map((b) => path.join(folder, b)),
    trees: backups.slice(0, keep).map((b) => path.join(folder, b.replace(/\.db$/, '-uploads'))),
  });
  return { file, bytes: fs.statSync(file).size, uploads, removed, notPrivate };
}
