import type { Selectable } from 'kysely';
import type { DbExecutor } from '../../db/executor';
import type { NumberBlocksTable, OfflinePeriodsTable, OfflineRefundsTable } from '../../db/schema';
import { formatDocumentNumber, tillSeriesKind } from '../sale-records/document-number';

export type NumberBlockRow = Selectable<NumberBlocksTable>;

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

// ---- Number blocks --------------------------------------------------------------------------------------

export function findTillForBlocks(
  db: DbExecutor,
  tillId: number,
): Promise<{ id: number; name: string; active: number } | undefined> {
  return db.selectFrom('tills').select(['id', 'name', 'active']).where('id', '=', tillId).executeTakeFirst();
}

/** Advances the series' counter by `size` at once: the numbers between are the block's, no one else's. */
export async function reserveSequences(db: DbExecutor, series: string, size: number): Promise<number> {
  const row = await db
    .insertInto('document_counters')
    .values({ name: series, value: size })
    .onConflict((oc) => oc.column('name').doUpdateSet((eb) => ({ value: eb('document_counters.value', '+', size) })))
    .returning('value')
    .executeTakeFirstOrThrow();
  return row.value;
}

export async function insertNumberBlock(db: DbExecutor, values: Omit<NumberBlockRow, 'id'>): Promise<NumberBlockRow> {
  return db.insertInto('number_blocks').values(values).returningAll().executeTakeFirstOrThrow();
}

export function tillBlocks(db: DbExecutor, tillId: number): Promise<NumberBlockRow[]> {
  return db.selectFrom('number_blocks').selectAll().where('till_id', '=', tillId).orderBy('id').execute();
}

/**
 * The till's block holding `sequence` of `series`, locked until the sale that uses the number commits (a
 * second sale sent with the same number waits, then finds it used).
 */
export function lockBlockHolding(
  db: DbExecutor,
  a: { tillId: number; series: string; sequence: number },
): Promise<NumberBlockRow | undefined> {
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

/**
 * How many of the block's numbers sales (or, for a credit note block, refunds) carry (the numbers sort as text:
 * six digits, zero-padded).
 */
export async function usedInBlock(db: DbExecutor, block: NumberBlockRow): Promise<number> {
  const from = formatDocumentNumber(block.series, block.first_sequence);
  const to = formatDocumentNumber(block.series, block.last_sequence);
  const row =
    tillSeriesKind(block.series) === 'credit_note'
      ? await db
          .selectFrom('refunds')
          .select((eb) => eb.fn.countAll<number | string>().as('used'))
          .where('credit_note_number', '>=', from)
          .where('credit_note_number', '<=', to)
          .executeTakeFirstOrThrow()
      : await db
          .selectFrom('sales')
          .select((eb) => eb.fn.countAll<number | string>().as('used'))
          .where('document_number', '>=', from)
          .where('document_number', '<=', to)
          .executeTakeFirstOrThrow();
  return Number(row.used);
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

// ---- Offline periods ------------------------------------------------------------------------------------

export type OfflinePeriodRow = Selectable<OfflinePeriodsTable> & { user_name: string; till_name: string | null };

/** Records a period, or updates its end and sales when the same id comes again from the same user. */
export async function upsertOfflinePeriod(db: DbExecutor, values: Selectable<OfflinePeriodsTable>): Promise<void> {
  await db
    .insertInto('offline_periods')
    .values(values)
    .onConflict((oc) =>
      oc
        .column('period_id')
        .doUpdateSet({ ended_at: values.ended_at, sales_made: values.sales_made })
        .where('offline_periods.user_id', '=', values.user_id),
    )
    .execute();
}

function periods(db: DbExecutor) {
  return db
    .selectFrom('offline_periods')
    .innerJoin('users', 'users.id', 'offline_periods.user_id')
    .leftJoin('tills', 'tills.id', 'offline_periods.till_id')
    .selectAll('offline_periods')
    .select(['users.name as user_name', 'tills.name as till_name']);
}

export function findOfflinePeriod(db: DbExecutor, periodId: string): Promise<OfflinePeriodRow | undefined> {
  return periods(db).where('offline_periods.period_id', '=', periodId).executeTakeFirst();
}

export function listOfflinePeriods(db: DbExecutor, limit: number): Promise<OfflinePeriodRow[]> {
  return periods(db).orderBy('offline_periods.started_at', 'desc').limit(limit).execute();
}

// ---- Flagged offline sales --------------------------------------------------------------------------------

export interface FlaggedOfflineRow {
  offline_id: string;
  sale_id: number;
  document_number: string;
  total: number;
  seller_name: string;
  customer_name: string | null;
  till_name: string | null;
  claimed_at: string | null;
  received_at: string;
  flags: string;
  handled_at: string | null;
  handled_by_name: string | null;
}

function flagged(db: DbExecutor) {
  return db
    .selectFrom('offline_sales')
    .innerJoin('sales', 'sales.id', 'offline_sales.sale_id')
    .innerJoin('users as seller', 'seller.id', 'sales.created_by')
    .leftJoin('tills', 'tills.id', 'offline_sales.till_id')
    .leftJoin('users as handler', 'handler.id', 'offline_sales.handled_by')
    .select([
      'offline_sales.offline_id',
      'offline_sales.sale_id',
      'sales.document_number',
      'sales.total',
      'seller.name as seller_name',
      'sales.customer_name',
      'tills.name as till_name',
      'offline_sales.claimed_at',
      'offline_sales.received_at',
      'offline_sales.flags',
      'offline_sales.handled_at',
      'handler.name as handled_by_name',
    ])
    .where('offline_sales.flags', 'is not', null)
    .$narrowType<{ sale_id: number; flags: string }>();
}

export function listFlaggedOfflineSales(
  db: DbExecutor,
  { open, limit }: { open: boolean; limit: number },
): Promise<FlaggedOfflineRow[]> {
  return flagged(db)
    .$if(open, (qb) => qb.where('offline_sales.handled_at', 'is', null))
    .orderBy('offline_sales.received_at', 'desc')
    .orderBy('offline_sales.sale_id', 'desc')
    .limit(limit)
    .execute();
}

export function findFlaggedOfflineSale(db: DbExecutor, saleId: number): Promise<FlaggedOfflineRow | undefined> {
  return flagged(db).where('offline_sales.sale_id', '=', saleId).executeTakeFirst();
}

export async function markOfflineSaleHandled(
  db: DbExecutor,
  saleId: number,
  values: { userId: number; now: string },
): Promise<void> {
  await db
    .updateTable('offline_sales')
    .set({ handled_by: values.userId, handled_at: values.now })
    .where('sale_id', '=', saleId)
    .where('flags', 'is not', null)
    .where('handled_at', 'is', null)
    .execute();
}

// ---- Flagged offline refunds -------------------------------------------------------------------------------

export interface FlaggedOfflineRefundRow {
  offline_id: string;
  sale_id: number;
  document_number: string;
  refund_id: number | null;
  credit_note_number: string | null;
  claimed_number: string | null;
  /** Satang: the refund's as recorded, else what the till handed back. */
  amount: number | null;
  claimed_amount: number;
  refunder_name: string;
  customer_name: string | null;
  till_name: string | null;
  claimed_at: string;
  received_at: string;
  flags: string;
  handled_at: string | null;
  handled_by_name: string | null;
}

function flaggedRefunds(db: DbExecutor) {
  return db
    .selectFrom('offline_refunds')
    .innerJoin('sales', 'sales.id', 'offline_refunds.sale_id')
    .innerJoin('users as refunder', 'refunder.id', 'offline_refunds.user_id')
    .leftJoin('refunds', 'refunds.id', 'offline_refunds.refund_id')
    .leftJoin('tills', 'tills.id', 'offline_refunds.till_id')
    .leftJoin('users as handler', 'handler.id', 'offline_refunds.handled_by')
    .select([
      'offline_refunds.offline_id',
      'offline_refunds.sale_id',
      'sales.document_number',
      'offline_refunds.refund_id',
      'refunds.credit_note_number',
      'offline_refunds.claimed_number',
      'refunds.amount',
      'offline_refunds.claimed_amount',
      'refunder.name as refunder_name',
      'sales.customer_name',
      'tills.name as till_name',
      'offline_refunds.claimed_at',
      'offline_refunds.received_at',
      'offline_refunds.flags',
      'offline_refunds.handled_at',
      'handler.name as handled_by_name',
    ])
    .where('offline_refunds.flags', 'is not', null)
    .$narrowType<{ flags: string }>();
}

export function listFlaggedOfflineRefunds(
  db: DbExecutor,
  { open, limit }: { open: boolean; limit: number },
): Promise<FlaggedOfflineRefundRow[]> {
  return flaggedRefunds(db)
    .$if(open, (qb) => qb.where('offline_refunds.handled_at', 'is', null))
    .orderBy('offline_refunds.received_at', 'desc')
    .limit(limit)
    .execute();
}

export function findFlaggedOfflineRefund(
  db: DbExecutor,
  offlineId: string,
): Promise<FlaggedOfflineRefundRow | undefined> {
  return flaggedRefunds(db).where('offline_refunds.offline_id', '=', offlineId).executeTakeFirst();
}

export async function markOfflineRefundHandled(
  db: DbExecutor,
  offlineId: string,
  values: { userId: number; now: string },
): Promise<void> {
  await db
    .updateTable('offline_refunds')
    .set({ handled_by: values.userId, handled_at: values.now })
    .where('offline_id', '=', offlineId)
    .where('flags', 'is not', null)
    .where('handled_at', 'is', null)
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
