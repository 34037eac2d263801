import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import type { PrinterLanguage } from '@pos/core';
import type { Raster } from './receipt-raster';

/**
 * A receipt's bytes for the till's own printer (issue 38, printed offline) through the maintained encoder the
 * server uses (packages/server/src/features/printing/printer-bytes.ts), with the same options: the picture as an
 * ESC/POS or StarPRNT raster image, the cash drawer's pulse when the job opens it, then a partial cut.
 */
export function receiptBytes(
  raster: Raster,
  job: { language: PrinterLanguage; dots: number; openDrawer: boolean },
): Uint8Array {
  const encoder = new ReceiptPrinterEncoder({
    language: job.language,
    imageMode: 'raster',
    // Font A is 12 dots wide: 48 columns on 80 mm paper, 32 on 58 mm.
    columns: Math.floor(job.dots / 12),
    // The cutter sits a few lines above the print head: feed the last line past it first.
    feedBeforeCut: 4,
  });
  encoder.initialize();
  encoder.image(
    { data: raster.data, width: raster.width, height: raster.height },
    raster.width,
    raster.height,
    'threshold',
    128,
  );
  if (job.openDrawer) encoder.pulse();
  encoder.cut('partial');
  return encoder.encode();
}
