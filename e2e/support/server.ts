import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp, type BuiltApp } from '../../packages/server/src/app';
import { loadConfig } from '../../packages/server/src/config';
import { openDatabase } from '../../packages/server/src/db/database';
import { migrateToLatest } from '../../packages/server/src/db/migrate';
import { ensureFirstAdmin } from '../../packages/server/src/db/seed';

const here = path.dirname(fileURLToPath(import.meta.url));
export const WEB_DIST = path.resolve(here, '../../packages/web/dist');

export interface RunningServer {
  url: string;
  built: BuiltApp;
  stop(): Promise<void>;
}

/** The real app (API + built SPA) on a random port with a fresh SQLite database. */
export async function startServer(): Promise<RunningServer> {
  if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) {
    throw new Error('packages/web/dist is missing: run `npm run build` before the browser tests');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-e2e-'));
  const config = loadConfig({ LOG_LEVEL: 'warn', DATA_DIR: dataDir }, { webDistDir: WEB_DIST });
  const db = openDatabase(config);
  await migrateToLatest(db);
  await ensureFirstAdmin({ db, now: () => new Date() });
  const built = await buildApp(config, { db });
  built.app.addHook('onClose', () => db.destroy());
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const address = built.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    built,
    async stop() {
      await built.app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
