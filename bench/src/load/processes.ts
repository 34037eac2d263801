import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const REPO_ROOT = path.resolve(here, '../../..');
const TSX = path.join(REPO_ROOT, 'node_modules/.bin/tsx');

export interface ServerProcess {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts a TypeScript server file in its own process (the load generator must not share its event
 * loop) and resolves once its stdout shows `pattern`, whose first group is the port.
 */
export function startProcess(file: string, env: NodeJS.ProcessEnv, pattern: RegExp): Promise<ServerProcess> {
  const child: ChildProcess = spawn(TSX, [file], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => fail(new Error(`${file} did not start in 60 s:\n${out}\n${err}`)), 60_000);
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
        stop: () =>
          new Promise((done) => {
            if (child.exitCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
    child.once('exit', (code) => fail(new Error(`${file} exited (${code}) before it listened:\n${out}\n${err}`)));
  });
}
