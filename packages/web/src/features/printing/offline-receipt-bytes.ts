/**
 * The bytes of a receipt the till prints on its own USB or serial printer while the server cannot be reached
 * (issue 38), made in the browser as the server makes a print job's: core's receipt layout, drawn at the
 * printer's dot width in the app's Laksaman, as a raster image (a printer with or without Thai prints it), or as
 * text on an ESC/POS printer whose settings say it has Thai (as the server prints for it); the drawer's pulse when
 * cash was paid and the printer has a drawer, then the cut. Loaded only when a till prints
 * offline (a dynamic import): the encoder and the font never weigh on the till's first load.
 */
import { PRINTER_DOTS, receiptBlocks, textLines, type PrinterWidth, type ReceiptSeller, type Sale } from '@pos/core';
import { printerBytes, type PrintBody } from '@pos/core/printer-bytes';
import { loadReceiptFont } from '../../lib/receipt-font';
import { rasterize } from '../../lib/receipt-raster';
import type { OfflinePrinter } from './offline-receipt-print';

export async function offlineReceiptBytes(
  sale: Sale,
  seller: ReceiptSeller,
  printer: OfflinePrinter,
): Promise<Uint8Array> {
  const dots = PRINTER_DOTS[printer.width as PrinterWidth] ?? PRINTER_DOTS[80];
  // The till's own zone: the receipt on its screen shows the time in it too.
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const blocks = receiptBlocks(sale, { system: seller }, timeZone);
  // Text only when the settings name the printer's Thai code page (a till's settings kept before they did: the
  // picture); StarPRNT picks its code page another way, and prints the picture.
  const codePage = printer.thaiCodePage && printer.language === 'esc-pos' ? printer.thaiCodePageNumber : undefined;
  let body: PrintBody;
  if (codePage !== undefined) {
    body = { text: textLines(blocks, Math.floor(dots / 12)), codePage };
  } else {
    await loadReceiptFont();
    body = { raster: rasterize(blocks, dots) };
  }
  // The drawer opens for cash as the server's receipt job opens it (a split bill with a cash part too).
  const paidInCash = sale.payments.some((part) => part.method === 'cash');
  return printerBytes(
    { body, openDrawer: paidInCash && printer.cashDrawer, cut: true },
    { language: printer.language, dots },
  );
}
