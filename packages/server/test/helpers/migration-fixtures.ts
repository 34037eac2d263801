import { Migrator, type Insertable } from 'kysely';
import { loadConfig } from '../../src/config';
import { openDatabase, type Db } from '../../src/db/database';
import { migrations } from '../../src/db/migrations/index';
import type { SalesTable } from '../../src/db/schema';
import { freshDatabase, type ENGINES } from './test-app';

/** The clock of the rows these fixtures write. */
export const FIXTURE_NOW = '2026-11-25T03:00:00.000Z';

/**
 * A fresh database of `engine` migrated up to `migration` only, as a shop's stood then; `migrator` moves
 * it on (or back) when the test is ready.
 */
export async function openAt(engine: (typeof ENGINES)[number], migration: string) {
  const fresh = await freshDatabase(engine);
  const db = openDatabase(
    loadConfig({
      LOG_LEVEL: 'silent',
      DATA_DIR: fresh.dataDir,
      ...(fresh.databaseUrl ? { DATABASE_URL: fresh.databaseUrl } : {}),
    }),
  );
  const migrator = new Migrator({ db: db.kysely, provider: { getMigrations: async () => migrations(db.engine) } });
  const { error } = await migrator.migrateTo(migration);
  if (error) throw error;
  return { db, drop: fresh.drop, migrator };
}

/** A user row written straight into the table (no password that signs in). */
export async function insertUser(db: Db, username: string, name: string, role: string): Promise<number> {
  const row = await db.kysely
    .insertInto('users')
    .values({
      username,
      name,
      email: null,
      role,
      password_hash: 'x',
      is_active: 1,
      must_change_password: 0,
      created_at: FIXTURE_NOW,
      updated_at: FIXTURE_NOW,
      last_login: null,
      deleted_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * A sale row as the tables held it before the migration under test (the columns every migration since
 * 2026112303 has): a ฿100 walk-in sale without VAT unless `values` says otherwise.
 */
export async function insertOldSale(
  db: Db,
  values: Pick<Insertable<SalesTable>, 'document_number' | 'created_by'> & Partial<Insertable<SalesTable>>,
): Promise<number> {
  const row = await db.kysely
    .insertInto('sales')
    .values({
      status: 'completed',
      customer_id: null,
      customer_name: null,
      subtotal: 10_000,
      discount: 0,
      tax: 0,
      total: 10_000,
      prices_include_vat: 0,
      exclude_vat: 0,
      points_used: 0,
      points_earned: 0,
      replaces_sale_id: null,
      notes: null,
      final_loyalty_points: null,
      vat_excluded_by: null,
      vat_exclusion_approved_by: null,
      created_at: FIXTURE_NOW,
      ...values,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
