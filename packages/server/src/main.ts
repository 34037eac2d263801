import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FIRST_USE_ADMIN } from '@pos/core';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { ensureFirstAdmin } from './db/seed';
import { listeningLine, terminalLogStream } from './log-output';

const here = path.dirname(fileURLToPath(import.meta.url));

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig(process.env, { webDistDir: path.resolve(here, '../../web/dist') });
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`Configuration error: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }

  const db = openDatabase(config);
  await migrateToLatest(db);
  const seeded = await ensureFirstAdmin({ db, now: () => new Date() });
  const logStream = terminalLogStream();
  const { app } = await buildApp(config, { db, ...(logStream && { logStream }) });
  app.addHook('onClose', () => db.destroy());
  if (seeded) {
    app.log.info(
      `created the first admin account: username "${FIRST_USE_ADMIN.username}", password "${FIRST_USE_ADMIN.password}" (change it after signing in)`,
    );
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void app.close().then(() => process.exit(0));
    });
  }
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`database: ${db.engine}${db.engine === 'sqlite' ? ` (${path.join(config.dataDir, 'pos.db')})` : ''}`);
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  // Plain text whatever the log format, so whoever started the server sees where to open it.
  process.stdout.write(`${listeningLine(config.host, port)}\n`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? `Start-up failed: ${err.message}` : err);
  process.exit(1);
});
