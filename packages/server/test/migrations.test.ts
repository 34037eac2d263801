import { DEFAULT_CATEGORIES } from '@pos/core';
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { migrations } from '../src/db/migrations/index';
import { FIXTURE_NOW, insertOldSale, insertUser, openAt } from './helpers/migration-fixtures';
import { ENGINES, freshDatabase } from './helpers/test-app';

/** The last migration before sales.customer_id became a foreign key. */
const BEFORE_CUSTOMER_FK = '2026112511-idempotency-key-age';
const NOW = FIXTURE_NOW;

describe.each(ENGINES)('migrations (%s)', (engine) => {
  let db: Db;
  let drop: () => Promise<void> = async () => {};
  const ids = { user: 0, kept: 0, gone: 0, keptSale: 0, orphanSale: 0, walkInSale: 0 };

  const insertSale = (documentNumber: string, customerId: number | null, customerName: string | null) =>
    insertOldSale(db, {
      document_number: documentNumber,
      customer_id: customerId,
      customer_name: customerName,
      created_by: ids.user,
    });

  async function insertCustomer(name: string, phone: string) {
    const row = await db.kysely
      .insertInto('customers')
      .values({
        name,
        phone,
        loyalty_points: 0,
        total_purchases: 0,
        total_spent: 0,
        search_text: name,
        created_at: NOW,
        updated_at: NOW,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  // A shop's database as it stood before the foreign key, with one sale whose customer was (wrongly) removed.
  beforeAll(async () => {
    ({ db, drop } = await openAt(engine, BEFORE_CUSTOMER_FK));
    ids.user = await insertUser(db, 'seller', 'ผู้ขาย', 'cashier');
    ids.kept = await insertCustomer('สมชาย', '0811111111');
    ids.gone = await insertCustomer('สมหญิง', '0822222222');
    ids.keptSale = await insertSale('INV-1', ids.kept, 'สมชาย');
    ids.orphanSale = await insertSale('INV-2', ids.gone, 'สมหญิง');
    ids.walkInSale = await insertSale('INV-3', null, null);
    for (const saleId of [ids.keptSale, ids.orphanSale]) {
      await db.kysely
        .insertInto('sale_items')
        .values({
          sale_id: saleId,
          product_id: null,
          product_name: 'เสื้อ',
          sizes: '[]',
          colors: '[]',
          price: 10_000,
          quantity: 1,
          line_total: 10_000,
        })
        .execute();
      await db.kysely
        .insertInto('payments')
        .values({ sale_id: saleId, method: 'cash', amount: 10_000, created_at: NOW })
        .execute();
    }
    await db.kysely.deleteFrom('customers').where('id', '=', ids.gone).execute();

    await migrateToLatest(db);
  });

  afterAll(async () => {
    await db?.destroy();
    await drop();
  });

  it('seeds the default categories, written out in the foundation migration', async () => {
    const rows = await db.kysely
      .selectFrom('categories')
      .select(['name', 'description', 'sort_order'])
      .orderBy('sort_order')
      .execute();
    expect(rows).toEqual(
      DEFAULT_CATEGORIES.map((name, i) => ({ name, description: `หมวดหมู่ ${name}`, sort_order: i + 1 })),
    );
  });

  it('keeps every sale with its lines and payments; one whose customer is gone keeps only the name', async () => {
    const sales = await db.kysely
      .selectFrom('sales')
      .select(['id', 'document_number', 'customer_id', 'customer_name', 'total'])
      .orderBy('id')
      .execute();
    expect(sales).toEqual([
      { id: ids.keptSale, document_number: 'INV-1', customer_id: ids.kept, customer_name: 'สมชาย', total: 10_000 },
      { id: ids.orphanSale, document_number: 'INV-2', customer_id: null, customer_name: 'สมหญิง', total: 10_000 },
      { id: ids.walkInSale, document_number: 'INV-3', customer_id: null, customer_name: null, total: 10_000 },
    ]);
    const items = await db.kysely.selectFrom('sale_items').select('sale_id').orderBy('sale_id').execute();
    const payments = await db.kysely.selectFrom('payments').select('sale_id').orderBy('sale_id').execute();
    expect(items.map((r) => r.sale_id)).toEqual([ids.keptSale, ids.orphanSale]);
    // The sale written without a payment row gets one from migration 2026112791 (its method and total).
    expect(payments.map((r) => r.sale_id)).toEqual([ids.keptSale, ids.orphanSale, ids.walkInSale]);
  });

  it('refuses a sale whose customer does not exist, and numbers new sales after the old ones', async () => {
    await expect(insertSale('INV-4', ids.gone, 'สมหญิง')).rejects.toThrow(/foreign key/i);
    const next = await insertSale('INV-5', ids.kept, 'สมชาย');
    expect(next).toBeGreaterThan(ids.walkInSale);
  });

  it('refuses to hard-delete a customer with sales and still deletes one without', async () => {
    await expect(db.kysely.deleteFrom('customers').where('id', '=', ids.kept).execute()).rejects.toThrow(
      /foreign key/i,
    );
    const lonely = await insertCustomer('ไม่เคยซื้อ', '0833333333');
    await db.kysely.deleteFrom('customers').where('id', '=', lonely).execute();
    expect(await db.kysely.selectFrom('customers').select('id').where('id', '=', lonely).execute()).toEqual([]);
  });
});

/** The last migration before refunds kept their VAT and the buyer's address. */
const BEFORE_REFUND_VAT = '2026112565-notification-outbox';

describe.each(ENGINES)('refund VAT backfill (%s)', (engine) => {
  let db: Db;
  let drop: () => Promise<void> = async () => {};
  const ids = { user: 0, customer: 0, parts: 0, whole: 0, excluded: 0 };

  const insertSale = (documentNumber: string, figures: { tax: number; total: number; excludeVat?: boolean }) =>
    insertOldSale(db, {
      document_number: documentNumber,
      status: 'refunded',
      customer_id: ids.customer,
      customer_name: 'สมชาย',
      created_by: ids.user,
      subtotal: figures.total - figures.tax,
      tax: figures.tax,
      total: figures.total,
      exclude_vat: figures.excludeVat ? 1 : 0,
    });

  /** A refund as the old table held it: no VAT, no buyer address columns yet. */
  async function insertOldRefund(saleId: number, amount: number) {
    await sql`insert into refunds (sale_id, reason, amount, refund_method, refunded_by, created_at)
      values (${saleId}, 'customer_request', ${amount}, 'cash', ${ids.user}, ${NOW})`.execute(db.kysely);
  }

  beforeAll(async () => {
    ({ db, drop } = await openAt(engine, BEFORE_REFUND_VAT));
    ids.user = await insertUser(db, 'owner', 'เจ้าของร้าน', 'admin');
    ids.customer = (
      await db.kysely
        .insertInto('customers')
        .values({
          name: 'สมชาย',
          phone: '0811111111',
          address: '1 ถ.พหลโยธิน กรุงเทพฯ',
          loyalty_points: 0,
          total_purchases: 0,
          total_spent: 0,
          search_text: 'สมชาย',
          created_at: NOW,
          updated_at: NOW,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    // ฿100 + 3 % refunded in three parts of ฿34.33, ฿34.33 and ฿34.34; ฿535 with ฿35 VAT whole; a sale without VAT.
    ids.parts = await insertSale('R2569-000001', { tax: 300, total: 10_300 });
    ids.whole = await insertSale('R2569-000002', { tax: 3_500, total: 53_500 });
    ids.excluded = await insertSale('R2569-000003', { tax: 0, total: 20_000, excludeVat: true });
    await insertOldRefund(ids.parts, 3_433);
    await insertOldRefund(ids.whole, 53_500);
    await insertOldRefund(ids.parts, 3_433);
    await insertOldRefund(ids.excluded, 20_000);
    await insertOldRefund(ids.parts, 3_434);
    await migrateToLatest(db);
  });

  afterAll(async () => {
    await db?.destroy();
    await drop();
  });

  it('fills each old refund with its share of the sale VAT, in order, adding up to the sale VAT', async () => {
    const rows = await db.kysely
      .selectFrom('refunds')
      .select(['sale_id', 'amount', 'vat', 'buyer_address'])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.sale_id, Number(r.vat)])).toEqual([
      [ids.parts, 100],
      [ids.whole, 3_500],
      [ids.parts, 100],
      [ids.excluded, 0],
      [ids.parts, 100],
    ]);
    expect(new Set(rows.map((r) => r.buyer_address))).toEqual(new Set(['1 ถ.พหลโยธิน กรุงเทพฯ']));
  });

  it('gives new refunds a VAT of 0 unless told', async () => {
    await insertOldRefund(ids.whole, 0);
    const last = await db.kysely
      .selectFrom('refunds')
      .select(['vat', 'buyer_address'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(last).toEqual({ vat: 0, buyer_address: null });
  });
});

describe.each(ENGINES)('migrations started by two processes at once (%s)', (engine) => {
  it('one migrates, the other waits and finds the database up to date', async () => {
    const fresh = await freshDatabase(engine);
    const config = { dataDir: fresh.dataDir, databaseUrl: fresh.databaseUrl };
    // Two handles on one database stand for two server processes started together (a deployment).
    const [a, b] = [openDatabase(config), openDatabase(config)];
    try {
      await Promise.all([migrateToLatest(a), migrateToLatest(b)]);
      const applied = await new Migrator({
        db: a.kysely,
        provider: { getMigrations: async () => migrations(engine) },
      }).getMigrations();
      expect(applied.every((m) => m.executedAt !== undefined)).toBe(true);
    } finally {
      await a.destroy();
      await b.destroy();
      await fresh.drop();
    }
  });
});
