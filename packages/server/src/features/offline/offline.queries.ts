import type { Selectable } from 'kysely';
import type { DbExecutor } from '../../db/executor';
import type { NumberBlocksTable, OfflinePeriodsTable } from '../../db/schema';
import { formatDocumentNumber, tillSeriesKind } from '../sale-records/document-number';

export type NumberBlockRow = Selectable<NumberBlocksTable>;

// ---- Number blocks --------------------------------------------------------------------------------------

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
