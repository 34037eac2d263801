/**
 * The bytes of a receipt the till prints on its own USB or serial printer while the server cannot be reached
 * (issue 38), made in the browser as the server makes a print job's: core's receipt layout, drawn at the
 * printer's dot width in the app's Laksaman, as a raster image (a printer with or without Thai prints it), the
 * drawer's pulse when cash was paid and the printer has a drawer, then the cut. Loaded only when a till prints
 * offline (a dynamic import): the encoder and the font never weigh on the till's first load.
 */
import { PRINTER_DOTS, receiptBlocks, type PrinterWidth, type ReceiptSeller, type Sale } from '@pos/core';
import { receiptBytes } from '../../lib/receipt-bytes';
import { loadReceiptFont } from '../../lib/receipt-font';
import { rasterize } from '../../lib/receipt-raster';
import type { OfflinePrinter } from './offline-receipt-print';

export async function offlineReceiptBytes(
  sale: Sale,
  seller: ReceiptSeller,
  printer: OfflinePrinter,
): Promise<Uint8Array> {
  await loadReceiptFont();
  const dots = PRINTER_DOTS[printer.width as PrinterWidth] ?? PRINTER_DOTS[80];
  // The till's own zone: the receipt on its screen shows the time in it too.
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const raster = rasterize(receiptBlocks(sale, { system: seller }, timeZone), dots);
  // The drawer opens for cash as the server's receipt job opens it (a split bill with a cash part too).
  const paidInCash = sale.payments.some((part) => part.method === 'cash');
  return receiptBytes(raster, { language: printer.language, dots, openDrawer: paidInCash && printer.cashDrawer });
}
