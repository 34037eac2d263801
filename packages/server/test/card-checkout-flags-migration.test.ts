import { sql, type Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database';
import { listFlaggedCardSales } from '../src/features/payments/payments.service';
import { FIXTURE_NOW, insertOldSale, insertUser, openAt } from './helpers/migration-fixtures';
import { ENGINES } from './helpers/test-app';

const BEFORE_FLAGS = '2026112565-notification-outbox';
const FLAGS = '2026112611-card-checkout-flags';
const NOW = FIXTURE_NOW;
const SHORTFALL = [{ productId: 7, name: 'เสื้อ', short: 2 }];

/** A card sale flagged for stock by the first version (`stock_shortfall`) is read as a stock_shortfall flag. */
describe.each(ENGINES)('card checkout flags migration (%s)', (engine) => {
  let db: Db;
  let drop: () => Promise<void> = async () => {};
  let migrator: Migrator;

  beforeAll(async () => {
    ({ db, drop, migrator } = await openAt(engine, BEFORE_FLAGS));
    const k = db.kysely;
    const userId = await insertUser(db, 'seller', 'ผู้ขาย', 'cashier');
    const saleId = await insertOldSale(db, { document_number: 'INV2569-000001', created_by: userId });
    await sql`insert into card_checkouts (provider, session_id, idempotency_key, request_hash, user_id, request,
        amount, url, sale_id, stock_shortfall, created_at, completed_at)
      values ('stripe', 'cs_test_old', 'key-old', 'h', ${userId}, '{}', 10000, 'https://pay', ${saleId},
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
