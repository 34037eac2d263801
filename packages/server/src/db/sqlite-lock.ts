import Database from 'better-sqlite3';
import { privateFile } from '../file-modes';

/**
 * Holds an exclusive lock on the SQLite file `file` (created if missing) until the answered function is
 * called. Another process (or handle) asking for it waits, polling without blocking its event loop, up to
 * `timeoutMs`. The operating system drops the lock when the holder's process dies, so a start that
 * crashed never leaves it held.
 */
export async function holdSqliteLock(file: string, timeoutMs: number): Promise<() => void> {
  privateFile(file);
  const lock = new Database(file);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      lock.exec('BEGIN EXCLUSIVE');
      break;
    } catch (err) {
      const busy = (err as { code?: unknown }).code === 'SQLITE_BUSY';
      if (!busy || Date.now() > deadline) {
        lock.close();
        throw err;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return () => {
    lock.exec('COMMIT');
    lock.close();
  };
}
