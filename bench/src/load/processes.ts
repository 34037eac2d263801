import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const REPO_ROOT = path.resolve(here, '../../..');

export interface ServerProcess {
  url: string;
  pid: number | undefined;
  /** CPU time (user + system, all threads) the process has used so far, in ms; null where /proc is missing. */
  cpuMs(): number | null;
  stop(): Promise<void>;
}

/** Linux's /proc/<pid>/stat: utime and stime in clock ticks (100 per second on Linux). */
function processCpuMs(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

export interface StartOptions {
  /** A command that runs Node in turn (e.g. valgrind and its flags), its arguments before Node's own. */
  launcher?: string[];
  /** Flags for the server's Node, e.g. `--cpu-prof` (refused in NODE_OPTIONS). */
  nodeFlags?: string[];
  /** How long it may take to print `pattern` (default 60 s). */
  startTimeoutMs?: number;
}

/**
 * Starts a server file in its own process (the load generator must not share its event loop) and
 * resolves once its stdout shows `pattern`, whose first group is the port. A built `.mjs` runs on plain
 * Node, as `npm start` runs the server; a TypeScript file with tsx's loader.
 */
export function startProcess(
  file: string,
  env: NodeJS.ProcessEnv,
  pattern: RegExp,
  { launcher = [], nodeFlags = [], startTimeoutMs = 60_000 }: StartOptions = {},
): Promise<ServerProcess> {
  // node itself (not the tsx command, which runs the file in a child of its own), so the pid is the
  // server's and its CPU time can be read.
  const node = [process.execPath, ...nodeFlags, ...(file.endsWith('.ts') ? ['--import', 'tsx', file] : [file])];
  const [command, ...args] = [...launcher, ...node];
  const child: ChildProcess = spawn(command!, args, {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(
      () => fail(new Error(`${file} did not start in ${startTimeoutMs / 1000} s:\n${out}\n${err}`)),
      startTimeoutMs,
    );
    const fail = (error: Error) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(error);
    };
    child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const port = pattern.exec(out)?.[1];
      if (!port) return;
      clearTimeout(timer);
      // Keep draining the pipes so a chatty server never blocks on a full one.
      child.stdout?.removeAllListeners('data').resume();
      child.stderr?.removeAllListeners('data').resume();
      resolve({
        url: `http://127.0.0.1:${port}`,
        pid: child.pid,
        cpuMs: () => processCpuMs(child.pid),
        stop: () =>
          new Promise((done) => {
            if (child.exitCode !== null || child.signalCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
    child.once('exit', (code) => fail(new Error(`${file} exited (${code}) before it listened:\n${out}\n${err}`)));
  });
}
