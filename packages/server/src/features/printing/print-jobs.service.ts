import {
  PRINT_FAILURES,
  printerNamed,
  printerOfTill,
  type PrintFailure,
  type PrintingSettings,
  type PrintJob,
  type PrintJobKind,
  type PrintJobStatus,
  type PrintTransport,
} from '@pos/core';
import type { z } from 'zod';
import type { OpenDrawerRequest, PrintJobListQuery, PrinterTestRequest } from '@pos/core';
import type { Deps } from '../../deps';
import { AppError, conflict, notFound } from '../../http/app-error';
import type { SessionUser } from '../../http/request-user';
import { readSettingsShared } from '../settings/settings.service';
import {
  findPrintJobRow,
  insertDrawerOpening,
  insertPrintJob,
  listPrintJobRows,
  openShiftOfTill,
  requeueFailedJob,
  tillExists,
  type PrintJobRow,
  type PrintJobValues,
} from './print-jobs.queries';

export type PrintDeps = Pick<Deps, 'db' | 'now' | 'printJobs'>;

function failureOf(error: string | null): PrintFailure | null {
  if (error === null) return null;
  const code = error.split(':', 1)[0];
  return (PRINT_FAILURES as readonly string[]).includes(code ?? '') ? (code as PrintFailure) : 'PRINTER_OFFLINE';
}

function documentNumberOf(row: PrintJobRow): string | null {
  switch (row.kind as PrintJobKind) {
    case 'receipt':
      return row.sale_number;
    case 'tax_invoice':
      return row.tax_invoice_number;
    case 'credit_note':
      return row.credit_note_number;
    default:
      return null;
  }
}

/** The stored statuses behind each status the API shows (a job waiting for the till's browser is pending). */
const STORED_STATUSES: Readonly<Record<PrintJobStatus, readonly string[]>> = {
  pending: ['pending', 'till'],
  printed: ['sent'],
  failed: ['failed'],
};

export function toApiPrintJob(row: PrintJobRow): PrintJob {
  const status: PrintJobStatus = row.status === 'sent' ? 'printed' : row.status === 'failed' ? 'failed' : 'pending';
  return {
    id: row.id,
    kind: row.kind as PrintJobKind,
    printerName: row.printer_name,
    transport: row.transport as PrintTransport,
    tillId: row.till_id,
    saleId: row.sale_id,
    refundId: row.refund_id,
    shiftId: row.shift_id,
    documentNumber: documentNumberOf(row),
    openDrawer: row.open_drawer === 1,
    status,
    failure: status === 'failed' ? failureOf(row.last_error) : null,
    attempts: row.attempts,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
  };
}

/**
 * The receipt job a completed sale queues in its own transaction, when its till prints on a network printer:
 * the drawer opens with it when cash changed hands (a card, transfer or PromptPay-only sale never opens it).
 */
export function saleReceiptJob(
  printing: PrintingSettings,
  sale: { tillId: number | null; sellerId: number; paidInCash: boolean; nowIso: string },
): Omit<PrintJobValues, 'sale_id'> | null {
  const printer = printerOfTill(printing, sale.tillId);
  if (!printer || printer.type !== 'network') return null;
  return {
    kind: 'receipt',
    printer_name: printer.name,
    till_id: sale.tillId,
    open_drawer: sale.paidInCash && printer.cashDrawer ? 1 : 0,
    next_attempt_at: sale.nowIso,
    created_by: sale.sellerId,
    created_at: sale.nowIso,
  };
}

export async function listPrintJobs(
  deps: Pick<Deps, 'db'>,
  query: z.output<typeof PrintJobListQuery>,
): Promise<PrintJob[]> {
  const { status, ...filter } = query;
  const statuses = status === undefined ? undefined : STORED_STATUSES[status];
  const rows = await listPrintJobRows(deps.db.kysely, { ...filter, statuses, limit: 20 });
  return rows.map(toApiPrintJob);
}

export async function getPrintJob(deps: Pick<Deps, 'db'>, id: number): Promise<PrintJob> {
  const row = await findPrintJobRow(deps.db.kysely, id);
  if (!row) throw notFound('PRINT_JOB_NOT_FOUND');
  return toApiPrintJob(row);
}

/** "Print again": a failed job back in the queue (the printer's current address is used). */
export async function reprintJob(deps: PrintDeps, id: number): Promise<PrintJob> {
  const db = deps.db.kysely;
  const row = await findPrintJobRow(db, id);
  if (!row) throw notFound('PRINT_JOB_NOT_FOUND');
  if (!(await requeueFailedJob(db, id, deps.now().toISOString()))) throw conflict('PRINT_JOB_NOT_FAILED');
  deps.printJobs.wake();
  return toApiPrintJob((await findPrintJobRow(db, id))!);
}

function networkPrinter(printing: PrintingSettings, name: string) {
  const printer = printerNamed(printing.printers, name);
  if (!printer) throw new AppError({ status: 404, code: 'PRINTER_NOT_FOUND' });
  return printer;
}

/** A test page on one network printer (admins, when setting printers up). */
export async function printTestPage(
  deps: PrintDeps,
  user: SessionUser,
  input: z.output<typeof PrinterTestRequest>,
): Promise<PrintJob> {
  const { printing } = await readSettingsShared(deps.db.kysely);
  const printer = networkPrinter(printing, input.name);
  const now = deps.now().toISOString();
  const id = await insertPrintJob(deps.db.kysely, {
    kind: 'test',
    printer_name: printer.name,
    till_id: null,
    sale_id: null,
    open_drawer: 0,
    next_attempt_at: now,
    created_by: user.id,
    created_at: now,
  });
  deps.printJobs.wake();
  return toApiPrintJob((await findPrintJobRow(deps.db.kysely, id))!);
}

/** "Open drawer" without a sale: through the till's printer, recorded with who, when, the shift and why. */
export async function openDrawer(
  deps: PrintDeps,
  user: SessionUser,
  tillId: number,
  input: z.output<typeof OpenDrawerRequest>,
): Promise<PrintJob> {
  const db = deps.db.kysely;
  if (!(await tillExists(db, tillId))) throw notFound('TILL_NOT_FOUND');
  const { printing } = await readSettingsShared(db);
  const printer = printerOfTill(printing, tillId);
  if (!printer || printer.type !== 'network') throw conflict('TILL_NO_PRINTER');
  if (!printer.cashDrawer) throw conflict('PRINTER_NO_CASH_DRAWER');
  const id = await db.transaction().execute(async (trx) => {
    const now = deps.now().toISOString();
    const jobId = await insertPrintJob(trx, {
      kind: 'drawer',
      printer_name: printer.name,
      till_id: tillId,
      sale_id: null,
      open_drawer: 1,
      next_attempt_at: now,
      created_by: user.id,
      created_at: now,
    });
    await insertDrawerOpening(trx, {
      till_id: tillId,
      shift_id: await openShiftOfTill(trx, tillId),
      user_id: user.id,
      reason: input.reason,
      print_job_id: jobId,
      created_at: now,
    });
    return jobId;
  });
  deps.printJobs.wake();
  return toApiPrintJob((await findPrintJobRow(db, id))!);
}
