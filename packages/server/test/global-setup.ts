import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';

async function migrate(config: Parameters<typeof openDatabase>[0]): Promise<void> {
  const db = openDatabase(config);
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
}

/**
 * Migrates one database of each engine for the whole run: the 76 test apps (times two engines) each started on
 * an empty database and ran the 38 migrations, 1-4 s of a start on the loaded 2-core machine. Each app now gets a
 * copy (a file copy; PostgreSQL's CREATE DATABASE … TEMPLATE) and its server's own migrate finds nothing to do.
 * The migrations themselves stay tested from empty by migrations.test.ts and the other freshDatabase users.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const sqlite = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-test-template-'));
  await migrate({ dataDir: sqlite, databaseUrl: null });

  const baseUrl = process.env.TEST_DATABASE_URL;
  let postgres: string | null = null;
  if (baseUrl) {
    postgres = `pos_tpl_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${postgres}`);
    await admin.end();
    const url = new URL(baseUrl);
    url.pathname = `/${postgres}`;
    await migrate({ dataDir: sqlite, databaseUrl: url.toString() });
  }

  project.provide('migratedTemplates', { sqlite, postgres });
  return async () => {
    fs.rmSync(sqlite, { recursive: true, force: true });
    if (postgres && baseUrl) {
      const admin = new pg.Client({ connectionString: baseUrl });
      await admin.connect();
      try {
        await admin.query(`DROP DATABASE IF EXISTS ${postgres} WITH (FORCE)`);
      } finally {
        await admin.end();
      }
    }
  };
}
