// The real server started in the bench's own process on a fresh database (SQLite in a temporary folder, or with
// BENCH_DATABASE_URL a new PostgreSQL database of that server), for benchmarks that fill it themselves.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, startServer } from '@pos/server';
import { freshPostgresDatabase } from './bench-database';

export type FreshServer = Awaited<ReturnType<typeof startServer>> & { close(): Promise<void> };

/** `name` tells this bench's folder and database apart from others (pos-bench-<name>-, pos_bench_<name>_<pid>). */
export async function startFreshServer(name: string): Promise<FreshServer> {
  const baseUrl = process.env.BENCH_DATABASE_URL;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `pos-bench-${name}-`));
  const database = baseUrl ? await freshPostgresDatabase(baseUrl, `pos_bench_${name}_${process.pid}`) : null;
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    ...(database && { DATABASE_URL: database.url }),
  });
  const server = await startServer(config, { logger: false, listen: { port: 0, host: '127.0.0.1' } });
  return Object.assign(server, {
    async close() {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
      await database?.drop();
    },
  });
}

/** A seeded generator (mulberry32), so every run makes the same data. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
