import { sql, type Insertable } from 'kysely';
import { sellableUnits } from '@pos/core';
import type { DbExecutor } from '../db/executor';
import type { Db } from '../db/database';
import type { PaymentsTable, RefundItemsTable, RefundsTable, SaleItemsTable, SalesTable } from '../db/schema';
import type { SessionUser } from '../http/request-user';
import { toApiUser } from '../features/users/users.queries';

/** The oldest active admin: the demo's manager who refunds. */
export async function firstAdmin(db: DbExecutor): Promise<SessionUser | undefined> {
  const row = await db
    .selectFrom('users')
    .selectAll()
    .where('role', '=', 'admin')
    .where('is_active', '=', 1)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .executeTakeFirst();
  return row ? toApiUser(row) : undefined;
}

/** A customer's points now, as the till reads them before a sale. */
export async function customerPoints(db: DbExecutor, id: number): Promise<number> {
  const row = await db.selectFrom('customers').select('loyalty_points').where('id', '=', id).executeTakeFirst();
  return row?.loyalty_points ?? 0;
}

/**
 * What each variant of the products can sell now, by variant id: its own stock and its style's
 * unassigned stock (as the till's picker shows it).
 */
export async function variantsSellable(db: DbExecutor, productIds: number[]): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('product_variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select(['v.id', 'v.stock', 'p.unassigned_stock'])
    .where('v.product_id', 'in', productIds)
    .where('v.active', '=', 1)
    .execute();
  return new Map(rows.map((r) => [r.id, sellableUnits(r.stock, r.unassigned_stock)]));
}

export async function countSales(db: DbExecutor): Promise<number> {
  const row = await db
    .selectFrom('sales')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The next free ids of the tables the bulk writer numbers itself. */
export async function nextIds(db: DbExecutor): Promise<{ sale: number; item: number; refund: number }> {
  const max = async (table: 'sales' | 'sale_items' | 'refunds') => {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.max<number>('id').as('m'))
      .executeTakeFirst();
    return Number(row?.m ?? 0) + 1;
  };
  return { sale: await max('sales'), item: await max('sale_items'), refund: await max('refunds') };
}

export interface BulkBatch {
  sales: Insertable<SalesTable>[];
  items: Insertable<SaleItemsTable>[];
  payments: Insertable<PaymentsTable>[];
  refunds: Insertable<RefundsTable>[];
  refundItems: Insertable<RefundItemsTable>[];
}

/** Rows per insert statement: under SQLite's and PostgreSQL's bound-parameter limits for these tables. */
const CHUNK = 400;

async function insertChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

/** One batch of generated rows in one transaction (ids chosen by the caller), with `alsoWrite`'s writes. */
export async function insertBulkBatch(
  db: Db,
  batch: BulkBatch,
  alsoWrite: (trx: DbExecutor) => Promise<void>,
): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    await insertChunks(batch.sales, (c) => trx.insertInto('sales').values(c).execute());
    await insertChunks(batch.items, (c) => trx.insertInto('sale_items').values(c).execute());
    await insertChunks(batch.payments, (c) => trx.insertInto('payments').values(c).execute());
    await insertChunks(batch.refunds, (c) => trx.insertInto('refunds').values(c).execute());
    await insertChunks(batch.refundItems, (c) => trx.insertInto('refund_items').values(c).execute());
    await alsoWrite(trx);
  });
}

/** After rows with explicit ids: counters move past them (PostgreSQL identities; document series). */
export async function finishBulk(db: Db, series: Map<string, number>): Promise<void> {
  if (db.engine === 'postgres') {
    for (const table of ['sales', 'sale_items', 'refunds']) {
      await sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce(max(id), 0) + 1, false)
        from ${sql.table(table)}`.execute(db.kysely);
    }
  }
  for (const [name, value] of series) {
    await db.kysely
      .insertInto('document_counters')
      .values({ name, value })
      .onConflict((oc) => oc.column('name').doUpdateSet({ value }))
      .execute();
  }
  // Fresh statistics, so the planner sees the tables as they now are.
  await sql`analyze`.execute(db.kysely);
}

export async function documentCounter(db: DbExecutor, name: string): Promise<number> {
  const row = await db.selectFrom('document_counters').select('value').where('name', '=', name).executeTakeFirst();
  return row?.value ?? 0;
}
