import { printerNamed, type PrintDocumentRequest, type PrintJob, type PrintJobResultRequest } from '@pos/core';
import type { z } from 'zod';
import type { Deps } from '../../deps';
import { conflict, notFound } from '../../http/app-error';
import type { SessionUser } from '../../http/request-user';
import { findPrintJobRow, finishTillJob, insertPrintJob, tillExists } from '../printing/print-jobs.queries';
import { tillPrintJob, toApiPrintJob } from '../printing/print-jobs.service';
import { readSettingsShared, readStoredSettings } from '../settings/settings.service';
import { checkShiftReportPrint } from '../shifts/shifts.service';
import { taxInvoiceDocumentOfSale } from '../tax-invoices/tax-invoices.service';
import { renderJobBytes } from './job-bytes';
import { refundExists, saleExists } from './print-documents.queries';

type PrintDocumentDeps = Pick<Deps, 'db' | 'config' | 'now' | 'printJobs'>;

/** Refuses a document that is not there (404), or a shift's report the user may not read (403). */
async function checkDocument(deps: PrintDocumentDeps, user: SessionUser, input: PrintDocumentRequest) {
  const db = deps.db.kysely;
  switch (input.kind) {
    case 'receipt':
      if (!(await saleExists(db, input.saleId))) throw notFound('SALE_NOT_FOUND');
      return;
    case 'tax_invoice':
      if (!(await taxInvoiceDocumentOfSale(db, input.saleId))) throw notFound('TAX_INVOICE_NOT_FOUND');
      return;
    case 'credit_note':
      if (!(await refundExists(db, input.refundId))) throw notFound('REFUND_NOT_FOUND');
      return;
    case 'shift_report':
      await checkShiftReportPrint(db, user, input.shiftId);
      return;
  }
}

/**
 * "Print" at a till with a printer: the document goes to the till's printer as a job (the server's worker sends
 * a network printer's; the till's browser a USB or serial one's). A reprint never opens the drawer: money
 * changes hands only in the sale or refund that printed first.
 */
export async function printDocument(
  deps: PrintDocumentDeps,
  user: SessionUser,
  input: z.output<typeof PrintDocumentRequest>,
): Promise<PrintJob> {
  const db = deps.db.kysely;
  if (!(await tillExists(db, input.tillId))) throw notFound('TILL_NOT_FOUND');
  await checkDocument(deps, user, input);
  const { printing } = await readSettingsShared(db);
  const values = tillPrintJob(printing, {
    kind: input.kind,
    tillId: input.tillId,
    userId: user.id,
    nowIso: deps.now().toISOString(),
    openDrawer: false,
    ...('saleId' in input && { saleId: input.saleId }),
    ...('refundId' in input && { refundId: input.refundId }),
    ...('shiftId' in input && { shiftId: input.shiftId }),
  });
  if (!values) throw conflict('TILL_NO_PRINTER');
  const id = await insertPrintJob(db, values);
  if (values.transport === 'server') deps.printJobs.wake();
  return toApiPrintJob((await findPrintJobRow(db, id))!);
}

async function tillJobRow(deps: Pick<Deps, 'db'>, id: number) {
  const row = await findPrintJobRow(deps.db.kysely, id);
  if (!row) throw notFound('PRINT_JOB_NOT_FOUND');
  if (row.transport !== 'till') throw conflict('PRINT_JOB_NOT_TILLS');
  return row;
}

/**
 * The bytes of a job the till's browser sends to its USB or serial printer: rendered by the server like a
 * network printer's, for the printer's width and language as the settings say now.
 */
export async function tillJobBytes(deps: PrintDocumentDeps, id: number): Promise<Uint8Array> {
  const row = await tillJobRow(deps, id);
  const settings = await readStoredSettings(deps.db.kysely);
  const printer = printerNamed(settings.printing.printers, row.printer_name);
  if (!printer) throw notFound('PRINTER_NOT_FOUND');
  return renderJobBytes(deps, row, printer, settings);
}

/** The till's word on a job it sent: printed, or why not. Once: a second word is refused (409). */
export async function recordTillResult(
  deps: PrintDocumentDeps,
  id: number,
  input: z.output<typeof PrintJobResultRequest>,
): Promise<PrintJob> {
  await tillJobRow(deps, id);
  const printed = input.outcome === 'printed';
  const finished = await finishTillJob(deps.db.kysely, id, {
    status: printed ? 'sent' : 'failed',
    error: printed ? null : `${input.outcome}: reported by the till`,
    now: deps.now().toISOString(),
  });
  if (!finished) throw conflict('PRINT_JOB_NOT_PENDING');
  return toApiPrintJob((await findPrintJobRow(deps.db.kysely, id))!);
}
