import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FIRST_USE_ADMIN } from '@pos/core';
import { ConfigError, loadConfig, type Config } from './config';
import { listeningLine, serverOutput } from './log-output';
import { startServer } from './server';

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

  const output = await serverOutput();
  const server = await startServer(config, { logStream: output.logStream });
  const { app, deps } = server.built;
  if (server.seededFirstAdmin) {
    app.log.info(
      `created the first admin account: username "${FIRST_USE_ADMIN.username}", password "${FIRST_USE_ADMIN.password}" (change it after signing in)`,
    );
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void server.stop().then(() => process.exit(0));
    });
  }
  app.log.info(
    `database: ${deps.db.engine}${deps.db.engine === 'sqlite' ? ` (${path.join(config.dataDir, 'pos.db')})` : ''}`,
  );
  // Plain text whatever the log format, last, so whoever started the server sees where to open it.
  output.writeLine(listeningLine(config.host, server.port));
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? `Start-up failed: ${err.message}` : err);
  process.exit(1);
});
