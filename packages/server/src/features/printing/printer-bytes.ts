import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import type { PrinterLanguage } from '@pos/core';
import type { Raster } from './raster';

/**
 * The bytes of a print job (issue 37) through a maintained encoder (ESC/POS or StarPRNT): the document as a
 * raster image, the cash drawer's pulse when the job opens it, then a cut. A job may be the pulse alone.
 */
export function printerBytes(
  job: { raster: Raster | null; openDrawer: boolean; cut: boolean },
  printer: { language: PrinterLanguage; dots: number },
): Uint8Array {
  const encoder = new ReceiptPrinterEncoder({
    language: printer.language,
    imageMode: 'raster',
    // Font A is 12 dots wide: 48 columns on 80 mm paper, 32 on 58 mm; the image fills the printable width.
    columns: Math.floor(printer.dots / 12),
    // The cutter sits a few lines above the print head: feed the last line past it first.
    feedBeforeCut: 4,
  });
  encoder.initialize();
  if (job.raster) {
    const { raster } = job;
    encoder.image(
      { data: raster.data, width: raster.width, height: raster.height },
      raster.width,
      raster.height,
      'threshold',
      128,
    );
  }
  if (job.openDrawer) encoder.pulse();
  if (job.cut) encoder.cut('partial');
  return encoder.encode();
}
