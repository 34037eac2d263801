import { sql } from 'kysely';
import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { openDatabase, type Db } from '../src/db/database';
import { migrations } from '../src/db/migrations/index';
import { listFlaggedCardSales } from '../src/features/payments/payments.service';
import { ENGINES, freshDatabase } from './helpers/test-app';

const BEFORE_FLAGS = '2026112565-notification-outbox';
const FLAGS = '2026112611-card-checkout-flags';
const NOW = '2026-11-25T03:00:00.000Z';
const SHORTFALL = [{ productId: 7, name: 'เสื้อ', short: 2 }];

/** A card sale flagged for stock by the first version (`stock_shortfall`) is read as a stock_shortfall flag. */
describe.each(ENGINES)('card checkout flags migration (%s)', (engine) => {
  let db: Db;
  let drop: () => Promise<void> = async () => {};
  let migrator: Migrator;

  beforeAll(async () => {
    const fresh = await freshDatabase(engine);
    drop = fresh.drop;
    db = openDatabase(
      loadConfig({
        LOG_LEVEL: 'silent',
        DATA_DIR: fresh.dataDir,
        ...(fresh.databaseUrl ? { DATABASE_URL: fresh.databaseUrl } : {}),
      }),
    );
    migrator = new Migrator({ db: db.kysely, provider: { getMigrations: async () => migrations(db.engine) } });
    const { error } = await migrator.migrateTo(BEFORE_FLAGS);
    if (error) throw error;
    const k = db.kysely;
    const user = await k
      .insertInto('users')
      .values({
        username: 'seller',
        name: 'ผู้ขาย',
        email: null,
        role: 'cashier',
        password_hash: 'x',
        is_active: 1,
        must_change_password: 0,
        created_at: NOW,
        updated_at: NOW,
        last_login: null,
        deleted_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const sale = await k
      .insertInto('sales')
      .values({
        document_number: 'INV2569-000001',
        status: 'completed',
        customer_id: null,
        customer_name: null,
        created_by: user.id,
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
        created_at: NOW,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`insert into card_checkouts (provider, session_id, idempotency_key, request_hash, user_id, request,
        amount, url, sale_id, stock_shortfall, created_at, completed_at)
      values ('stripe', 'cs_test_old', 'key-old', 'h', ${user.id}, '{}', 10000, 'https://pay', ${sale.id},
        ${JSON.stringify(SHORTFALL)}, ${NOW}, ${NOW})`.execute(k);
    const { error: latest } = await migrator.migrateToLatest();
    if (latest) throw latest;
  });

  afterAll(async () => {
    await db?.destroy();
    await drop();
  });

  it('reads an old stock shortfall as a stock_shortfall flag, open until handled', async () => {
    const { checkouts } = await listFlaggedCardSales({ db }, 'open');
    expect(checkouts).toEqual([
      expect.objectContaining({
        sessionId: 'cs_test_old',
        documentNumber: 'INV2569-000001',
        total: 100,
        sellerName: 'ผู้ขาย',
        reasons: [{ reason: 'stock_shortfall', products: SHORTFALL }],
        shortfall: SHORTFALL,
        handledAt: null,
      }),
    ]);
  });

  it('gives the shortfall back to the old column when rolled back', async () => {
    const { error } = await migrator.migrateTo(BEFORE_FLAGS);
    if (error) throw error;
    const rows = await sql<{ stock_shortfall: string }>`select stock_shortfall from card_checkouts`.execute(db.kysely);
    expect(rows.rows.map((r) => JSON.parse(r.stock_shortfall) as unknown)).toEqual([SHORTFALL]);
    const { error: again } = await migrator.migrateTo(FLAGS);
    if (again) throw again;
  });
});
