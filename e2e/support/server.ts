import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { loadConfig, startServer as startPosServer, type RunningServer as PosServer } from '@pos/server';

const here = path.dirname(fileURLToPath(import.meta.url));
export const WEB_DIST = path.resolve(here, '../../packages/web/dist');

export interface RunningServer {
  url: string;
  built: PosServer['built'];
  stop(): Promise<void>;
}

/** The real app (API + built SPA) on a random port with a fresh (migrated) SQLite database; `env` adds configuration. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) {
    throw new Error('packages/web/dist is missing: run `npm run build` before the browser tests');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-e2e-'));
  // The run's migrated database (support/global-setup.ts): the server's migrate then has nothing to do.
  const template = inject('migratedDataDir');
  if (template) fs.copyFileSync(path.join(template, 'pos.db'), path.join(dataDir, 'pos.db'));
  // A cheap Argon2id cost: every test signs in through the real screen, and the server's own tests
  // keep the production cost tested.
  const config = loadConfig(
    { LOG_LEVEL: 'warn', DATA_DIR: dataDir, ...env },
    { webDistDir: WEB_DIST, passwordHashCost: { memoryCostKiB: 1024, timeCost: 1 } },
  );
  const server = await startPosServer(config, { listen: { port: 0, host: '127.0.0.1' } });
  return {
    url: server.url,
    built: server.built,
    async stop() {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
