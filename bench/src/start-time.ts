// `npm run bench:start -w @pos/bench [-- other-bundle.mjs ...]`: how long a second `npm start` takes to serve
// its first page, from the command to a 200 on `/` (issue 32). A first start on a new, temporary DATA_DIR
// builds if the sources changed and creates the database; then each command below is started again on that
// folder, on a free port of 127.0.0.1, and stopped once `/` answered: `START_ROUNDS` rounds (default 5), each
// running every command once, so a machine getting busier weighs on all alike. Server bundles given as
// arguments (e.g. an older build copied into packages/server/dist/) are timed alongside, as `node <file>`.
// Prints each time, the median, and the CPU the process tree had used by then (Linux).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { REPO_ROOT } from './load/processes';
import { percentile } from './percentile';

/** What is started, from what a person types to the server alone. */
const COMMANDS: { name: string; argv: string[] }[] = [
  { name: 'npm start', argv: ['npm', 'start'] },
  { name: 'node scripts/start.mjs', argv: [process.execPath, 'scripts/start.mjs'] },
  ...['packages/server/dist/main.mjs', ...process.argv.slice(2)].map((file) => ({
    name: `node ${file}`,
    argv: [process.execPath, path.resolve(REPO_ROOT, file)],
  })),
];

const ROUNDS = Number(process.env.START_ROUNDS ?? 5);
const START_TIMEOUT_MS = 10 * 60_000; // a first start may build the web app and the server

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function answers(url: string): Promise<boolean> {
  try {
    const res = await fetch(url);
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false; // not listening yet
  }
}

/** CPU time (user + system) used so far by the processes of a process group, in ms; null without /proc. */
function groupCpuMs(group: number): number | null {
  try {
    let ticks = 0;
    for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
      try {
        // Fields after the command's closing parenthesis: state is 3rd, pgrp 5th, utime 14th, stime 15th.
        const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
        if (Number(fields[2]) === group) ticks += Number(fields[11]) + Number(fields[12]);
      } catch {
        // the process ended meanwhile
      }
    }
    return ticks * 10; // 100 clock ticks a second on Linux
  } catch {
    return null;
  }
}

interface Timing {
  ms: number;
  cpuMs: number | null;
}

/** Starts `argv`, waits for a 200 on `/`, stops it (its whole process group) and answers how long it took. */
async function timeToFirstPage(argv: string[], dataDir: string): Promise<Timing> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  const [command, ...args] = argv;
  const started = performance.now();
  const child = spawn(command!, args, {
    cwd: REPO_ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // its own process group: `npm start` runs the server in a child of its own
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    for (;;) {
      if (await answers(url)) {
        const ms = performance.now() - started;
        return { ms, cpuMs: child.pid === undefined ? null : groupCpuMs(child.pid) };
      }
      if (child.exitCode !== null) throw new Error(`${argv.join(' ')} exited (${child.exitCode}):\n${output}`);
      if (performance.now() - started > START_TIMEOUT_MS) throw new Error(`${argv.join(' ')} timed out:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  } finally {
    if (child.exitCode === null && child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
    await exited;
  }
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-bench-start-'));
  try {
    const first = await timeToFirstPage(COMMANDS[0]!.argv, dataDir);
    console.log(`first start (builds if the sources changed, creates the database): ${first.ms.toFixed(0)} ms`);
    const timings = COMMANDS.map((): Timing[] => []);
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, { argv }] of COMMANDS.entries()) timings[i]!.push(await timeToFirstPage(argv, dataDir));
    }
    for (const [i, { name }] of COMMANDS.entries()) {
      const runs = timings[i]!;
      const ms = percentile(
        runs.map((t) => t.ms),
        50,
      );
      const cpu = runs.every((t) => t.cpuMs !== null)
        ? percentile(
            runs.map((t) => t.cpuMs!),
            50,
          )
        : null;
      const list = runs.map((t) => `${t.ms.toFixed(0)}${t.cpuMs === null ? '' : `/${t.cpuMs}`}`).join(' ');
      console.log(
        `${name}: median ${ms.toFixed(0)} ms${cpu === null ? '' : `, CPU ${cpu} ms`} (each run ms/CPU ms: ${list})`,
      );
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
