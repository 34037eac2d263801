import fs from 'node:fs/promises';
import path from 'node:path';
import type { WalSync } from './group-commit';

/**
 * fsync of a SQLite database's WAL file through Node's thread pool, so the main thread goes on while
 * the disk confirms (issue 17: an fsync in each commit held the main thread for ~1.3 ms of every
 * commit, about a fifth of its time under load). fsync makes every write of the file durable, whoever
 * wrote it; the file stays the same while the database is open (SQLite reuses it from its start after
 * a checkpoint, and deletes it only when the last connection closes). The directory is synced once,
 * the first time, so that a WAL file just created is durable under its name too.
 */
export function walSync(databaseFile: string): WalSync & { close(): Promise<void> } {
  let opened: Promise<fs.FileHandle> | undefined;
  const open = async () => {
    const wal = await fs.open(`${databaseFile}-wal`, 'r+');
    const directory = await fs.open(path.dirname(databaseFile), 'r');
    try {
      await directory.sync();
    } finally {
      await directory.close();
    }
    return wal;
  };
  return {
    async sync() {
      opened ??= open();
      try {
        await (await opened).sync();
      } catch (error) {
        opened = undefined; // opened again next time, in case the file was not there yet
        throw error;
      }
    },
    async close() {
      const handle = opened;
      opened = undefined;
      await (await handle?.catch(() => undefined))?.close();
    },
  };
}
