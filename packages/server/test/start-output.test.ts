import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { serverBundle, startServerProcess } from './soak/server-process';

// What `npm start` prints at start-up ends with the line saying where to open the app: a log line
// written after it would push it up among the others, where whoever started the server misses it.

const READY = /^Thai Shop POS is ready at http:\/\/127\.0\.0\.1:\d+$/;
/** Long enough for a log line written asynchronously before the address line to come out after it. */
const SETTLE_MS = 1000;

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function newDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-start-output-'));
  dirs.push(dir);
  return dir;
}

function lines(output: string): string[] {
  return stripVTControlCharacters(output)
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the address line is the last line printed at start-up', () => {
  it('after the JSON log lines when stdout is not a terminal', async () => {
    // A new database: the first admin's line is logged too.
    const server = await startServerProcess({ dataDir: newDataDir(), databaseUrl: null, env: { LOG_LEVEL: 'info' } });
    try {
      await sleep(SETTLE_MS);
      const printed = lines(server.stdout());
      expect(printed.some((line) => line.includes('created the first admin account'))).toBe(true);
      expect(printed.some((line) => line.includes('"msg":"database: sqlite'))).toBe(true);
      expect(printed.at(-1)).toMatch(READY);
    } finally {
      await server.stop();
    }
  });

  it('after the readable log lines at a terminal', async () => {
    const main = await serverBundle();
    // `script` runs the server on a pseudo-terminal, as a person's `npm start` does.
    const child = spawn('script', ['-qfec', `'${process.execPath}' '${main}'`, '/dev/null'], {
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        DATA_DIR: newDataDir(),
        DATABASE_URL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    try {
      const started = Date.now();
      while (!lines(out).some((line) => READY.test(line))) {
        if (child.exitCode !== null || Date.now() - started > 60_000) throw new Error(`did not start:\n${out}`);
        await sleep(20);
      }
      await sleep(SETTLE_MS);
      const printed = lines(out);
      expect(printed.some((line) => /INFO.*created the first admin account/.test(line))).toBe(true);
      expect(printed.some((line) => /INFO.*database: sqlite/.test(line))).toBe(true);
      expect(printed.at(-1)).toMatch(READY);
    } finally {
      child.kill('SIGTERM'); // `script` stops the server it runs
      await exited;
    }
  });
});
