import fs from 'node:fs';
import path from 'node:path';

/**
 * The database, its WAL, the images and the backups hold password hashes and customers' names, phones and
 * addresses: readable and writable by the account that runs the shop only.
 */
export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;

/** A folder of the shop's data: created 0700 (with any parents it needs), or tightened to 0700. */
export function privateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  fs.chmodSync(dir, PRIVATE_DIR_MODE);
}

/**
 * A file of the shop's data before SQLite (or anything else) opens it: created empty and 0600 when
 * missing (SQLite gives the WAL and shared-memory files it creates beside a database the database file's
 * mode). One already there is left as it is: tightening it is protectDataDir's job, which warns where it
 * cannot rather than stopping the shop.
 */
export function privateFile(file: string): void {
  fs.closeSync(fs.openSync(file, 'a', PRIVATE_FILE_MODE));
}

/**
 * Tightens what an older version left open: each path given, if it is there, and every folder (0700) and
 * file (0600) under the trees given (symbolic links are left alone). Answers the paths it could not change
 * (another account's files), for the caller to report: they must not stop a shop from opening.
 */
export function tightenModes(options: { files?: string[]; dirs?: string[]; trees?: string[] }): string[] {
  const refused: string[] = [];
  const chmod = (file: string, mode: number) => {
    try {
      fs.chmodSync(file, mode);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') refused.push(file);
    }
  };
  const walk = (dir: string) => {
    chmod(dir, PRIVATE_DIR_MODE);
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) chmod(full, PRIVATE_FILE_MODE);
    }
  };
  for (const file of options.files ?? []) chmod(file, PRIVATE_FILE_MODE);
  for (const dir of options.dirs ?? []) chmod(dir, PRIVATE_DIR_MODE);
  for (const tree of options.trees ?? []) if (fs.existsSync(tree)) walk(tree);
  return refused;
}

/**
 * DATA_DIR made private, as every program that opens it does first (server, demo): the folder 0700, the
 * SQLite files, lock files and images 0600. Answers what it could not change.
 */
export function protectDataDir(dataDir: string): string[] {
  fs.mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const beside = ['pos.db', 'pos.db-wal', 'pos.db-shm', 'pos.db-migration-lock', '.demo-lock'];
  return tightenModes({
    dirs: [dataDir],
    files: beside.map((name) => path.join(dataDir, name)),
    trees: [path.join(dataDir, 'uploads')],
  });
}
