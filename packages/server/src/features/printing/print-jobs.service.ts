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
  samePrinterName,
  transportOf,
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

/** What a job for a till's printer prints, and whether it ends with the drawer's pulse. */
export interface TillDocument {
  kind: PrintJobKind;
  tillId: number | null;
  userId: number;
  nowIso: string;
  openDrawer: boolean;
  saleId?: number;
  refundId?: number;
  shiftId?: number;
}

/**
 * The job a document queues for its till's printer, or null when the till has none (the browser's dialog
 * prints). A network printer's job is the print worker's; a USB or serial printer's waits for the till's
 * browser (stored status `till`, never claimed by the worker). The drawer opens only where it hangs.
 */
export function tillPrintJob(printing: PrintingSettings, doc: TillDocument): PrintJobValues | null {
  const printer = printerOfTill(printing, doc.tillId);
  if (!printer) return null;
  const transport = transportOf(printer.type);
  return {
    kind: doc.kind,
    printer_name: printer.name,
    transport,
    status: transport === 'till' ? 'till' : 'pending',
    till_id: doc.tillId,
    sale_id: doc.saleId ?? null,
    refund_id: doc.refundId ?? null,
    shift_id: doc.shiftId ?? null,
    open_drawer: doc.openDrawer && printer.cashDrawer ? 1 : 0,
    next_attempt_at: doc.nowIso,
    created_by: doc.userId,
    created_at: doc.nowIso,
  };
}

/**
 * The receipt job a completed sale queues in its own transaction, when its till has a printer: the drawer
 * opens with it when cash changed hands (a card, transfer or PromptPay-only sale never opens it).
 */
export function saleReceiptJob(
  printing: PrintingSettings,
  sale: { tillId: number | null; sellerId: number; paidInCash: boolean; nowIso: string },
): Omit<PrintJobValues, 'sale_id'> | null {
  const job = tillPrintJob(printing, {
    kind: 'receipt',
    tillId: sale.tillId,
    userId: sale.sellerId,
    nowIso: sale.nowIso,
    openDrawer: sale.paidInCash,
  });
  if (!job) return null;
  // The sale's id is known only once its row is written.
  const { sale_id: _unknownYet, ...values } = job;
  return values;
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

/** The first till (by id) that prints on this printer, if any. */
function tillUsing(printing: PrintingSettings, name: string): number | null {
  const ids = Object.entries(printing.tills)
    .filter(([, printer]) => samePrinterName(printer, name))
    .map(([id]) => Number(id))
    .sort((a, b) => a - b);
  return ids[0] ?? null;
}

/**
 * A test page on one printer (admins, when setting printers up). A USB or serial printer's goes to the till it
 * hangs off (the first till that prints on it), whose browser sends it.
 */
export async function printTestPage(
  deps: PrintDeps,
  user: SessionUser,
  input: z.output<typeof PrinterTestRequest>,
): Promise<PrintJob> {
  const { printing } = await readSettingsShared(deps.db.kysely);
  const printer = printerNamed(printing.printers, input.name);
  if (!printer) throw new AppError({ status: 404, code: 'PRINTER_NOT_FOUND' });
  const transport = transportOf(printer.type);
  const tillId = transport === 'till' ? tillUsing(printing, printer.name) : null;
  if (transport === 'till' && tillId === null) throw conflict('PRINTER_NO_TILL');
  const now = deps.now().toISOString();
  const id = await insertPrintJob(deps.db.kysely, {
    kind: 'test',
    printer_name: printer.name,
    transport,
    status: transport === 'till' ? 'till' : 'pending',
    till_id: tillId,
    sale_id: null,
    open_drawer: 0,
    next_attempt_at: now,
    created_by: user.id,
    created_at: now,
  });
  if (transport === 'server') deps.printJobs.wake();
  return toApiPrintJob((await findPrintJobRow(deps.db.kysely, id))!);
}

/**
 * "Open drawer" without a sale: through the till's printer, during the till's open shift, recorded with who,
 * when, the shift and why.
 */
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
  if (!printer) throw conflict('TILL_NO_PRINTER');
  if (!printer.cashDrawer) throw conflict('PRINTER_NO_CASH_DRAWER');
  // The drawer's cash belongs to the till's shift: opened outside one, nobody would answer for it.
  const shiftId = await openShiftOfTill(db, tillId);
  if (shiftId === null) throw conflict('SHIFT_REQUIRED');
  const now = deps.now().toISOString();
  const job = tillPrintJob(printing, { kind: 'drawer', tillId, userId: user.id, nowIso: now, openDrawer: true })!;
  const id = await db.transaction().execute(async (trx) => {
    const jobId = await insertPrintJob(trx, job);
    await insertDrawerOpening(trx, {
      till_id: tillId,
      shift_id: shiftId,
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
