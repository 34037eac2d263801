import CodepageEncoder from '@point-of-sale/codepage-encoder';
import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import type { PrinterLanguage, TextLine } from '@pos/core';
import type { Raster } from './receipt-raster';

/**
 * A receipt's bytes for the till's own printer (issue 38, printed offline) through the maintained encoder the
 * server uses (packages/server/src/features/printing/printer-bytes.ts), with the same options: the picture as an
 * ESC/POS or StarPRNT raster image, or for an ESC/POS printer with Thai in its character set the lines as TIS-620
 * text on its code page; the cash drawer's pulse when the job opens it, then a partial cut.
 */
export type ReceiptBody = { raster: Raster } | { text: readonly TextLine[]; codePage: number };

const ESC = 0x1b;

/** Signs TIS-620 lacks, as the nearest it has (× in "2 × 535.00"). */
function printableOnCodePage(text: string): string {
  return text.replace(/×/g, 'x').replace(/[‘’]/g, "'").replace(/[“”]/g, '"');
}

export function receiptBytes(
  body: ReceiptBody,
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
  if ('raster' in body) {
    const { raster } = body;
    encoder.image(
      { data: raster.data, width: raster.width, height: raster.height },
      raster.width,
      raster.height,
      'threshold',
      128,
    );
  } else {
    // As the server: lines come wrapped and padded (core's textLines), each sent as TIS-620 bytes of its own after
    // ESC t n (select character code table), which the encoder sends only before its own text.
    encoder.raw([ESC, 0x74, body.codePage]);
    for (const line of body.text) {
      const bytes = CodepageEncoder.encode(printableOnCodePage(line.text), 'cp874');
      encoder
        .bold(line.bold)
        .height(line.tall ? 2 : 1)
        .raw(bytes)
        .newline();
    }
    encoder.bold(false).height(1);
  }
  if (job.openDrawer) encoder.pulse();
  encoder.cut('partial');
  return encoder.encode();
}
