import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { buildServer, SERVER_BUNDLE } from '../../src/build/build-server';

const SERVER_DIR = path.dirname(path.dirname(SERVER_BUNDLE));
let bundle: Promise<string> | undefined;

/**
 * The server bundle as `npm start` runs it, built once per test process from the current code into
 * `dist/test/` (next to the real one, so its packages resolve the same way). Test files build it in
 * parallel: each writes a file of its own and renames it into place, so a process never starts from
 * a file half written.
 */
export function serverBundle(): Promise<string> {
  bundle ??= (async () => {
    const file = path.join(path.dirname(SERVER_BUNDLE), 'test', 'main.mjs');
    const own = path.join(path.dirname(file), `main-${randomUUID()}.mjs`);
    await buildServer(own);
    fs.renameSync(own, file);
    return file;
  })();
  return bundle;
}

const READY = /ready at http:\/\/127\.0\.0\.1:(\d+)/;

export interface ServerProcessOptions {
  dataDir: string;
  databaseUrl: string | null;
  /** Extra environment (LINE_API_BASE, LOG_LEVEL, ...). */
  env?: Record<string, string>;
}

/** A real server process, started as `npm start` starts it (the built bundle), on its own port. */
export interface ServerProcess {
  url: string;
  pid: number;
  /** The last 20,000 characters it wrote to stdout. */
  stdout(): string;
  /** What it wrote to stderr (start-up failures, crashes). */
  stderr(): string;
  /** Resident memory of the process in bytes, read from /proc (Linux). */
  rssBytes(): Promise<number>;
  /** SIGKILL: no shutdown hook runs, as when the power goes. Resolves once the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM: the server closes cleanly. */
  stop(): Promise<void>;
  /** How it ended: its exit code, or null while it runs or when a signal ended it. */
  exitCode(): number | null;
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
  });
}

/**
 * Starts the server bundle in a child process with PORT=0 on 127.0.0.1 and resolves with its address once
 * it prints that it is ready (migrations done, listening).
 */
export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const main = await serverBundle();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'error',
    DATA_DIR: options.dataDir,
    ...options.env,
  };
  delete env.DATABASE_URL;
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  const child = spawn(process.execPath, [main], {
    cwd: SERVER_DIR,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    // Keep the tail only: a long run must not hold every line in memory.
    err = (err + chunk.toString()).slice(-20_000);
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error(`server did not start in 60 s:\n${out}\n${err}`)), 60_000);
    const fail = (error: Error) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(error);
    };
    const onExit = (code: number | null) =>
      fail(new Error(`server exited (${code}) before it listened:\n${out}\n${err}`));
    child.once('exit', onExit);
    child.stdout?.on('data', (chunk: Buffer) => {
      out = (out + chunk.toString()).slice(-20_000);
      const port = READY.exec(out)?.[1];
      if (!port) return;
      clearTimeout(timer);
      child.off('exit', onExit);
      // Keep reading stdout, its tail only, so a chatty server never blocks on a full pipe.
      child.stdout?.removeAllListeners('data').on('data', (more: Buffer) => {
        out = (out + more.toString()).slice(-20_000);
      });
      resolve({
        url: `http://127.0.0.1:${port}`,
        pid: child.pid!,
        stdout: () => out,
        stderr: () => err,
        rssBytes: async () => {
          const { readFile } = await import('node:fs/promises');
          const status = await readFile(`/proc/${child.pid}/status`, 'utf8');
          const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
          if (!kb) throw new Error('no VmRSS in /proc status');
          return Number(kb) * 1024;
        },
        kill: async () => {
          child.kill('SIGKILL');
          await exited(child);
        },
        stop: async () => {
          if (child.exitCode !== null || child.signalCode !== null) return;
          child.kill('SIGTERM');
          await exited(child);
        },
        exitCode: () => child.exitCode,
      });
    });
  });
}
