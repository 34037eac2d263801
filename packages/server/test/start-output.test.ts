import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serverBundle, startServerProcess } from './soak/server-process';

// What `npm start` prints at start-up ends with the line saying where to open the app: a log line
// written after it would push it up among the others, where whoever started the server misses it.

const READY = /^Thai Shop POS is ready at (http:\/\/127\.0\.0\.1:\d+)$/;
/** A request the server answers 404, so it logs it (at info): a marker in the output after start-up. */
const MARKER_PATH = '/api/start-output-marker';

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

/**
 * What the server printed up to its answer to a request sent once it said it is ready: any log line written
 * during start-up, even asynchronously, comes out through the same stream before that answer's line.
 */
async function printedAtStartUp(url: string, output: () => string): Promise<string[]> {
  expect((await fetch(`${url}${MARKER_PATH}`)).status).toBe(404);
  let printed: string[] = [];
  await vi.waitFor(
    () => {
      printed = lines(output());
      expect(printed.some((line) => line.includes(MARKER_PATH))).toBe(true);
    },
    { timeout: 10_000, interval: 20 },
  );
  return printed.slice(
    0,
    printed.findIndex((line) => line.includes(MARKER_PATH)),
  );
}

describe('the address line is the last line printed at start-up', () => {
  it('after the JSON log lines when stdout is not a terminal', async () => {
    // A new database: the first admin's line is logged too.
    const server = await startServerProcess({ dataDir: newDataDir(), databaseUrl: null, env: { LOG_LEVEL: 'info' } });
    try {
      const printed = await printedAtStartUp(server.url, () => server.stdout());
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
      let url = '';
      await vi.waitFor(
        () => {
          if (child.exitCode !== null) throw new Error(`did not start:\n${out}`);
          url =
            lines(out)
              .map((line) => READY.exec(line)?.[1])
              .find(Boolean) ?? '';
          expect(url, out).not.toBe('');
        },
        { timeout: 60_000, interval: 20 },
      );
      const printed = await printedAtStartUp(url, () => out);
      expect(printed.some((line) => /INFO.*created the first admin account/.test(line))).toBe(true);
      expect(printed.some((line) => /INFO.*database: sqlite/.test(line))).toBe(true);
      expect(printed.at(-1)).toMatch(READY);
    } finally {
      child.kill('SIGTERM'); // `script` stops the server it runs
      await exited;
    }
  });
});
