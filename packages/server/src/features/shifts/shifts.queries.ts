import type { Selectable } from 'kysely';
import type { DbExecutor } from '../../db/executor';
import type { ShiftCashMovementsTable, ShiftsTable } from '../../db/schema';

/** A shift as read, with the names of its till and of the people who opened, closed and approved it. */
export type ShiftRow = Selectable<ShiftsTable> & {
  till_name: string;
  opened_by_name: string | null;
  closed_by_name: string | null;
  approved_by_name: string | null;
};

function shiftsWithNames(db: DbExecutor) {
  return db
    .selectFrom('shifts as s')
    .innerJoin('tills as t', 't.id', 's.till_id')
    .leftJoin('users as uo', 'uo.id', 's.opened_by')
    .leftJoin('users as uc', 'uc.id', 's.closed_by')
    .leftJoin('users as ua', 'ua.id', 's.difference_approved_by')
    .selectAll('s')
    .select([
      't.name as till_name',
      'uo.name as opened_by_name',
      'uc.name as closed_by_name',
      'ua.name as approved_by_name',
    ]);
}

export function findShiftRow(db: DbExecutor, id: number): Promise<ShiftRow | undefined> {
  return shiftsWithNames(db).where('s.id', '=', id).executeTakeFirst();
}

export function findOpenShiftRow(db: DbExecutor, tillId: number): Promise<ShiftRow | undefined> {
  return shiftsWithNames(db).where('s.till_id', '=', tillId).where('s.status', '=', 'open').executeTakeFirst();
}

/**
 * The till's open shift, share-locked until the caller's transaction ends (PostgreSQL; SQLite's one writer
 * orders them): a close, which locks it for update, waits for every sale, refund and movement holding it, and
 * one arriving after the close finds it closed. The one lock every writer of a shift takes first.
 */
export async function shareOpenShift(
  db: DbExecutor,
  tillId: number,
): Promise<{ id: number; till_name: string } | undefined> {
  return db
    .selectFrom('shifts as s')
    .innerJoin('tills as t', 't.id', 's.till_id')
    .select(['s.id', 't.name as till_name'])
    .where('s.till_id', '=', tillId)
    .where('s.status', '=', 'open')
    .forShare('s')
    .executeTakeFirst();
}

/** The shift, share-locked as `shareOpenShift` does, by its id. */
export function shareShift(
  db: DbExecutor,
  id: number,
): Promise<Pick<ShiftRow, 'id' | 'status' | 'till_id'> | undefined> {
  return db.selectFrom('shifts').select(['id', 'status', 'till_id']).where('id', '=', id).forShare().executeTakeFirst();
}

/** The shift locked for its close: waits for every writer holding it shared. */
export function lockShiftForClose(db: DbExecutor, id: number): Promise<Pick<ShiftRow, 'id' | 'status'> | undefined> {
  return db.selectFrom('shifts').select(['id', 'status']).where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function insertShift(
  db: DbExecutor,
  values: { tillId: number; openedBy: number; now: string; openingFloat: number; openingCount: string | null },
): Promise<number> {
  const row = await db
    .insertInto('shifts')
    .values({
      till_id: values.tillId,
      status: 'open',
      opened_by: values.openedBy,
      opened_at: values.now,
      opening_float: values.openingFloat,
      opening_count: values.openingCount,
      closed_by: null,
      closed_at: null,
      expected_cash: null,
      counted_cash: null,
      counted_count: null,
      difference: null,
      difference_approved_by: null,
      close_note: null,
      z_report: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function closeShiftRow(
  db: DbExecutor,
  id: number,
  values: Pick<
    ShiftsTable,
    | 'closed_by'
    | 'closed_at'
    | 'expected_cash'
    | 'counted_cash'
    | 'counted_count'
    | 'difference'
    | 'difference_approved_by'
    | 'close_note'
    | 'z_report'
  >,
): Promise<boolean> {
  const result = await db
    .updateTable('shifts')
    .set({ ...values, status: 'closed' })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export type CashMovementRow = Selectable<ShiftCashMovementsTable> & { created_by_name: string | null };

export async function insertCashMovement(
  db: DbExecutor,
  values: Omit<Selectable<ShiftCashMovementsTable>, 'id'>,
): Promise<number> {
  const row = await db.insertInto('shift_cash_movements').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export function listCashMovementRows(db: DbExecutor, shiftId: number): Promise<CashMovementRow[]> {
  return db
    .selectFrom('shift_cash_movements as m')
    .leftJoin('users as u', 'u.id', 'm.created_by')
    .selectAll('m')
    .select('u.name as created_by_name')
    .where('m.shift_id', '=', shiftId)
    .orderBy('m.id')
    .execute();
}

export interface ShiftListFilter {
  tillId?: number;
  userId?: number;
  /** ISO instants: shifts opened at or after `from`, before `to`. */
  from?: string;
  to?: string;
  status?: 'open' | 'closed';
  differenceOnly?: boolean;
  before?: number;
  limit: number;
}

/** Newest first; one more than `limit`, so the caller knows whether there are more. */
export function listShiftRows(db: DbExecutor, f: ShiftListFilter): Promise<ShiftRow[]> {
  return shiftsWithNames(db)
    .$if(f.tillId !== undefined, (qb) => qb.where('s.till_id', '=', f.tillId!))
    .$if(f.userId !== undefined, (qb) =>
      qb.where((eb) => eb.or([eb('s.opened_by', '=', f.userId!), eb('s.closed_by', '=', f.userId!)])),
    )
    .$if(f.from !== undefined, (qb) => qb.where('s.opened_at', '>=', f.from!))
    .$if(f.to !== undefined, (qb) => qb.where('s.opened_at', '<', f.to!))
    .$if(f.status !== undefined, (qb) => qb.where('s.status', '=', f.status!))
    .$if(f.differenceOnly === true, (qb) => qb.where('s.difference', '<>', 0))
    .$if(f.before !== undefined, (qb) => qb.where('s.id', '<', f.before!))
    .orderBy('s.id', 'desc')
    .limit(f.limit + 1)
    .execute();
}
