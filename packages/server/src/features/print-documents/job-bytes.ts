import { PRINTER_DOTS, type PrintBlock, type PrinterConfig, type PrinterWidth, type StoredSettings } from '@pos/core';
import type { Deps } from '../../deps';
import type { PrintJobRow } from '../printing/print-jobs.queries';
import { printerBytes, type PrintBody } from '@pos/core/printer-bytes';
import { textLines } from '../printing/printer-text';
import { rasterize } from '../printing/raster';
import { readSale } from '../sale-records/sale-read-model';
import { shiftReportToPrint } from '../shifts/shifts.service';
import { creditNoteDocumentOfRefund, taxInvoiceDocumentOfSale } from '../tax-invoices/tax-invoices.service';
import { receiptBlocks, testPageBlocks } from './receipt-layout';
import { refundNoteBlocks } from './refund-note-layout';
import { shiftReportBlocks } from './shift-report-layout';
import { taxDocumentRollBlocks } from './tax-document-layout';

type BytesDeps = Pick<Deps, 'db' | 'config' | 'now'>;

/** A job whose document is gone (it never is: documents are never deleted) or was never there. */
export class MissingDocumentError extends Error {}

async function saleOf(deps: BytesDeps, saleId: number | null) {
  const sale = saleId === null ? undefined : await readSale(deps.db.kysely, saleId);
  if (!sale) throw new MissingDocumentError(`sale ${saleId} not found`);
  return sale;
}

/** What the job prints, as blocks for the roll; null for the drawer's pulse alone. */
async function jobBlocks(
  deps: BytesDeps,
  row: PrintJobRow,
  printer: PrinterConfig,
  settings: StoredSettings,
): Promise<PrintBlock[] | null> {
  const db = deps.db.kysely;
  const zone = deps.config.shopTimezone;
  switch (row.kind) {
    case 'drawer':
      return null;
    case 'test':
      return testPageBlocks(printer.name, settings.system.storeName, printer.width);
    case 'receipt':
      return receiptBlocks(await saleOf(deps, row.sale_id), settings, zone);
    case 'tax_invoice': {
      const doc = row.sale_id === null ? null : await taxInvoiceDocumentOfSale(db, row.sale_id);
      if (!doc) throw new MissingDocumentError(`sale ${row.sale_id} has no full tax invoice`);
      return taxDocumentRollBlocks(doc);
    }
    case 'credit_note': {
      const refundId = row.refund_id ?? 0;
      const sale = await saleOf(deps, row.refund_sale_id);
      const fullNote = await creditNoteDocumentOfRefund(db, sale.id, refundId);
      if (fullNote) return taxDocumentRollBlocks(fullNote);
      const refund = sale.refunds.find((r) => r.id === refundId);
      if (!refund) throw new MissingDocumentError(`refund ${refundId} not found`);
      return refundNoteBlocks(sale, refund, settings, zone);
    }
    case 'shift_report': {
      const report =
        row.shift_id === null ? null : await shiftReportToPrint(db, row.shift_id, deps.now().toISOString());
      if (!report) throw new MissingDocumentError(`shift ${row.shift_id} not found`);
      return shiftReportBlocks(report, settings.system.storeName, zone);
    }
    default:
      throw new MissingDocumentError(`unknown print job kind ${row.kind}`);
  }
}

/**
 * A job's bytes for its printer: the document as a picture at the printer's width (the app's Thai font, so any
 * printer prints Thai) or, when the settings say the printer has Thai, as text on its Thai code page; the
 * drawer's pulse when the job opens it, then the cut. The same bytes whether the
 * server sends them (network) or the till's browser does (USB, serial).
 */
export async function renderJobBytes(
  deps: BytesDeps,
  row: PrintJobRow,
  printer: PrinterConfig,
  settings: StoredSettings,
): Promise<Uint8Array> {
  const dots = PRINTER_DOTS[printer.width as PrinterWidth];
  const printable = { language: printer.language, dots };
  const openDrawer = row.open_drawer === 1 && printer.cashDrawer;
  const blocks = await jobBlocks(deps, row, printer, settings);
  if (blocks === null) return printerBytes({ body: null, openDrawer, cut: false }, printable);
  // A printer with Thai in its character set prints text: its test page too, which shows the code page is right.
  // ESC/POS only: a StarPRNT printer picks its code page another way, and prints the picture.
  const body: PrintBody =
    printer.thaiCodePage && printer.language === 'esc-pos'
      ? { text: textLines(blocks, Math.floor(dots / 12)), codePage: printer.thaiCodePageNumber }
      : { raster: await rasterize(blocks, dots) };
  return printerBytes({ body, openDrawer, cut: true }, printable);
}
