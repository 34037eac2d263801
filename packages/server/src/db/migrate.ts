import { Migrator } from 'kysely';
import type { Db } from './database';
import { migrations } from './migrations/index';

/**
 * Applies every pending migration; throws with the failing migration's error. Several processes may start
 * at once on one database: one migrates, the others wait and then find nothing pending.
 */
export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({
    db: db.kysely,
    provider: { getMigrations: async () => migrations(db.engine) },
  });
  const release = await db.migrationLock?.();
  let outcome;
  try {
    outcome = await migrator.migrateToLatest();
  } finally {
    release?.();
  }
  const { error, results } = outcome;
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
