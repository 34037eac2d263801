import type { Selectable } from 'kysely';
import type { DbExecutor } from '../../db/executor';
import type { NumberBlocksTable, OfflineRefundsTable } from '../../db/schema';

/**
 * What the sale and refund paths read and write of offline work (issue 38): the device-made ids they claim, the
 * till's reserved numbers they use, and the prices and shift an offline sale is checked against. The blocks'
 * reservation, offline periods and the managers' lists are features/offline's.
 */

// ---- Device-made sale ids -------------------------------------------------------------------------------

/**
 * Claims a device-made sale id for this transaction; false when another request has it (on PostgreSQL a
 * second claim waits here until the first commits or rolls back).
 */
export async function claimOfflineId(
  db: DbExecutor,
  values: {
    offlineId: string;
    userId: number;
    tillId: number | null;
    claimedAt: string | null;
    claimedNumber: string | null;
    receivedAt: string;
  },
): Promise<boolean> {
  const rows = await db
    .insertInto('offline_sales')
    .values({
      offline_id: values.offlineId,
      user_id: values.userId,
      till_id: values.tillId,
      claimed_at: values.claimedAt,
      claimed_number: values.claimedNumber,
      received_at: values.receivedAt,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('offline_id')
    .execute();
  return rows.length === 1;
}

export function findOfflineSale(
  db: DbExecutor,
  offlineId: string,
): Promise<{ sale_id: number | null; user_id: number; flags: string | null } | undefined> {
  return db
    .selectFrom('offline_sales')
    .select(['sale_id', 'user_id', 'flags'])
    .where('offline_id', '=', offlineId)
    .executeTakeFirst();
}

/** Links the claimed id to its sale, with what was flagged (JSON, or null when nothing). */
export async function linkOfflineSale(
  db: DbExecutor,
  offlineId: string,
  values: { saleId: number; tillId: number | null; flags: string | null },
): Promise<void> {
  await db
    .updateTable('offline_sales')
    .set({ sale_id: values.saleId, till_id: values.tillId, flags: values.flags })
    .where('offline_id', '=', offlineId)
    .execute();
}

/** Replaces what the id's sale is flagged for, and notes the number the till says it printed. */
export async function reflagOfflineSale(
  db: DbExecutor,
  offlineId: string,
  values: { flags: string; claimedNumber: string; claimedAt: string | null },
): Promise<void> {
  await db
    .updateTable('offline_sales')
    .set({
      flags: values.flags,
      claimed_number: values.claimedNumber,
      claimed_at: values.claimedAt,
      handled_at: null,
      handled_by: null,
    })
    .where('offline_id', '=', offlineId)
    .execute();
}

// ---- Device-made refund ids -------------------------------------------------------------------------------

export type OfflineRefundRow = Selectable<OfflineRefundsTable>;

/** Claims a device-made refund id for this transaction; false when another request has it (PostgreSQL waits). */
export async function claimOfflineRefundId(
  db: DbExecutor,
  values: Omit<OfflineRefundRow, 'refund_id' | 'flags' | 'handled_by' | 'handled_at'>,
): Promise<boolean> {
  const rows = await db
    .insertInto('offline_refunds')
    .values(values)
    .onConflict((oc) => oc.doNothing())
    .returning('offline_id')
    .execute();
  return rows.length === 1;
}

export function findOfflineRefund(db: DbExecutor, offlineId: string): Promise<OfflineRefundRow | undefined> {
  return db.selectFrom('offline_refunds').selectAll().where('offline_id', '=', offlineId).executeTakeFirst();
}

/** Links the claimed id to the refund written under it (none: kept unrecorded), with what was flagged. */
export async function settleOfflineRefund(
  db: DbExecutor,
  offlineId: string,
  values: { refundId: number | null; flags: string | null },
): Promise<void> {
  await db
    .updateTable('offline_refunds')
    .set({ refund_id: values.refundId, flags: values.flags })
    .where('offline_id', '=', offlineId)
    .execute();
}

/**
 * The till's block holding `sequence` of `series`, locked until the sale that uses the number commits (a
 * second sale sent with the same number waits, then finds it used).
 */
export function lockBlockHolding(
  db: DbExecutor,
  a: { tillId: number; series: string; sequence: number },
): Promise<Selectable<NumberBlocksTable> | undefined> {
  return db
    .selectFrom('number_blocks')
    .selectAll()
    .where('till_id', '=', a.tillId)
    .where('series', '=', a.series)
    .where('first_sequence', '<=', a.sequence)
    .where('last_sequence', '>=', a.sequence)
    .forUpdate()
    .executeTakeFirst();
}

export async function documentNumberUsed(db: DbExecutor, documentNumber: string): Promise<boolean> {
  const row = await db
    .selectFrom('sales')
    .select('id')
    .where('document_number', '=', documentNumber)
    .executeTakeFirst();
  return row !== undefined;
}

export async function creditNoteNumberUsed(db: DbExecutor, creditNoteNumber: string): Promise<boolean> {
  const row = await db
    .selectFrom('refunds')
    .select('id')
    .where('credit_note_number', '=', creditNoteNumber)
    .executeTakeFirst();
  return row !== undefined;
}

// ---- Prices an offline till may have sold at --------------------------------------------------------------

/** Every price the products (or their variants) were changed from or to since `since`. */
export function priceChangesSince(
  db: DbExecutor,
  productIds: number[],
  since: string,
): Promise<{ product_id: number; variant_id: number | null; old_price: number | null; new_price: number | null }[]> {
  if (productIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('price_changes')
    .select(['product_id', 'variant_id', 'old_price', 'new_price'])
    .where('product_id', 'in', productIds)
    .where('changed_at', '>=', since)
    .execute();
}

/** When the till's open shift opened (an offline sale cannot have been made in it before then). */
export async function openShiftOpenedAt(db: DbExecutor, tillId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('shifts')
    .select('opened_at')
    .where('till_id', '=', tillId)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return row?.opened_at;
}
