import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** How often the worker copies the WAL's new pages into the database file. */
const CHECKPOINT_EVERY_MS = 100;

/**
 * The worker's code (CommonJS, run from this text so that it needs no build step): its own connection
 * to the file, a PASSIVE checkpoint on a timer. PASSIVE never waits for, nor blocks, the writer.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 5000');
const timer = setInterval(() => {
  db.pragma('wal_checkpoint(PASSIVE)');
}, workerData.everyMs);
parentPort.on('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export interface WalCheckpointer {
  /** Stops the worker; answers once it has closed its connection. */
  stop(): Promise<void>;
}

/**
 * Copies the WAL into the database file from a worker thread, every 100 ms, instead of in the commit
 * that crosses SQLite's 1,000-page mark: that commit held the main thread 4-8 ms (the copy and two
 * fsyncs), for ~3 % of commits under load, and every write queued behind it (issue 17). The main
 * connection keeps a checkpoint of its own for when the WAL grows past `fallbackPages` anyway (the
 * worker behind, or a checkpoint that could never finish between writes); if the worker stops
 * unexpectedly, `onFailure` is told so the connection can go back to checkpointing at SQLite's default.
 */
export function startWalCheckpointer(databaseFile: string, onFailure: (error: unknown) => void): WalCheckpointer {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      driver: createRequire(import.meta.url).resolve('better-sqlite3'),
      file: databaseFile,
      everyMs: CHECKPOINT_EVERY_MS,
    },
  });
  let stopping = false;
  const exited = new Promise<number>((resolve) => worker.once('exit', resolve));
  worker.on('error', (error) => {
    if (!stopping) onFailure(error);
  });
  void exited.then((code) => {
    if (!stopping) onFailure(new Error(`the WAL checkpointer stopped (exit code ${code})`));
  });
  // The worker's timer must not keep a server that is otherwise done alive.
  worker.unref();
  return {
    async stop() {
      if (stopping) return;
      stopping = true;
      // Waiting for the worker to end must keep the process alive until it has (it is unref'd while running).
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
}
