import type { Insertable } from 'kysely';
import type { DbExecutor } from '../../db/executor';
import type { DrawerOpeningsTable, PrintJobsTable } from '../../db/schema';

export type PrintJobValues = Insertable<PrintJobsTable>;

export function printJobInsert(db: DbExecutor, values: PrintJobValues) {
  return db.insertInto('print_jobs').values(values);
}

export async function insertPrintJob(db: DbExecutor, values: PrintJobValues): Promise<number> {
  const row = await printJobInsert(db, values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Jobs with the numbers of what they print: the sale's receipt, its full tax invoice, the refund's credit note. */
function printJobsWithDocument(db: DbExecutor) {
  return db
    .selectFrom('print_jobs')
    .leftJoin('sales', 'sales.id', 'print_jobs.sale_id')
    .leftJoin('tax_invoices', 'tax_invoices.sale_id', 'print_jobs.sale_id')
    .leftJoin('refunds', 'refunds.id', 'print_jobs.refund_id')
    .select([
      'print_jobs.id',
      'print_jobs.kind',
      'print_jobs.printer_name',
      'print_jobs.transport',
      'print_jobs.till_id',
      'print_jobs.sale_id',
      'print_jobs.refund_id',
      'print_jobs.shift_id',
      'print_jobs.open_drawer',
      'print_jobs.status',
      'print_jobs.attempts',
      'print_jobs.last_error',
      'print_jobs.created_at',
      'print_jobs.finished_at',
      'sales.document_number as sale_number',
      'tax_invoices.number as tax_invoice_number',
      'refunds.credit_note_number',
      'refunds.sale_id as refund_sale_id',
    ]);
}
export type PrintJobRow = Awaited<ReturnType<ReturnType<typeof printJobsWithDocument>['execute']>>[number];

/** Jobs by id, oldest first (the worker's claimed rows). */
export function findPrintJobRows(db: DbExecutor, ids: number[]): Promise<PrintJobRow[]> {
  return printJobsWithDocument(db).where('print_jobs.id', 'in', ids).orderBy('print_jobs.id').execute();
}

export function findPrintJobRow(db: DbExecutor, id: number): Promise<PrintJobRow | undefined> {
  return printJobsWithDocument(db).where('print_jobs.id', '=', id).executeTakeFirst();
}

type ListFilter = {
  tillId?: number | undefined;
  saleId?: number | undefined;
  refundId?: number | undefined;
  shiftId?: number | undefined;
  /** Stored statuses: pending covers the worker's and the till's. */
  statuses?: readonly string[] | undefined;
  limit: number;
};

/** A till's (or a sale's, a refund's, a shift's) latest jobs, newest first. */
export function listPrintJobRows(db: DbExecutor, filter: ListFilter): Promise<PrintJobRow[]> {
  let query = printJobsWithDocument(db);
  if (filter.tillId !== undefined) query = query.where('print_jobs.till_id', '=', filter.tillId);
  if (filter.saleId !== undefined) query = query.where('print_jobs.sale_id', '=', filter.saleId);
  if (filter.refundId !== undefined) query = query.where('print_jobs.refund_id', '=', filter.refundId);
  if (filter.shiftId !== undefined) query = query.where('print_jobs.shift_id', '=', filter.shiftId);
  if (filter.statuses !== undefined) query = query.where('print_jobs.status', 'in', filter.statuses);
  return query.orderBy('print_jobs.id', 'desc').limit(filter.limit).execute();
}

/**
 * A failed job back in the queue, due now: the worker's (`pending`) or the till's (`till`); false when it was not
 * a failed job (printed, or printing).
 */
export async function requeueFailedJob(db: DbExecutor, id: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('print_jobs')
    .set((eb) => ({
      status: eb.case().when('transport', '=', 'till').then('till').else('pending').end(),
      attempts: 0,
      next_attempt_at: now,
      last_error: null,
      finished_at: null,
    }))
    .where('id', '=', id)
    .where('status', '=', 'failed')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * The till's word on a job it sent (once): printed, or failed with why. False when the job is not the till's to
 * send or its outcome is already known.
 */
export async function finishTillJob(
  db: DbExecutor,
  id: number,
  outcome: { status: 'sent' | 'failed'; error: string | null; now: string },
): Promise<boolean> {
  const result = await db
    .updateTable('print_jobs')
    .set((eb) => ({
      status: outcome.status,
      attempts: eb('attempts', '+', 1),
      last_error: outcome.error,
      finished_at: outcome.now,
    }))
    .where('id', '=', id)
    .where('transport', '=', 'till')
    .where('status', '=', 'till')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The till's open shift, if any (a drawer opening is recorded against it). */
export async function openShiftOfTill(db: DbExecutor, tillId: number): Promise<number | null> {
  const row = await db
    .selectFrom('shifts')
    .select('id')
    .where('till_id', '=', tillId)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function tillExists(db: DbExecutor, tillId: number): Promise<boolean> {
  return (await db.selectFrom('tills').select('id').where('id', '=', tillId).executeTakeFirst()) !== undefined;
}

export async function insertDrawerOpening(db: DbExecutor, values: Insertable<DrawerOpeningsTable>): Promise<void> {
  await db.insertInto('drawer_openings').values(values).execute();
}
