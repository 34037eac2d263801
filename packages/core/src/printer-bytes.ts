import CodepageEncoder from '@point-of-sale/codepage-encoder';
import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import type { PrinterLanguage } from './api/printing';
import type { TextLine } from './print-text';

/** A document drawn at the printer's dot width: RGBA, black ink on white (the server's sharp, the till's canvas). */
export interface Raster {
  width: number;
  height: number;
  data: Uint8Array | Uint8ClampedArray;
}

/** What a job prints: a picture, lines of Thai text for a printer that has Thai, or nothing (the drawer alone). */
export type PrintBody = { raster: Raster } | { text: readonly TextLine[]; codePage: number } | null;

/**
 * The bytes of a print job (issue 37) through a maintained encoder (ESC/POS or StarPRNT): the document as a
 * raster image (or as TIS-620 text on the printer's Thai code page), the cash drawer's pulse when the job opens
 * it, then a cut. A job may be the pulse alone. One encoding for the server's jobs and the till's own printing
 * offline (issue 38); a subpath of core (`@pos/core/printer-bytes`), so the till's first load never carries the
 * encoder.
 */
const ESC = 0x1b;

/** Signs TIS-620 lacks, as the nearest it has (× in "2 × 535.00"). */
function printableOnCodePage(text: string): string {
  return text.replace(/×/g, 'x').replace(/[‘’]/g, "'").replace(/[“”]/g, '"');
}

export function printerBytes(
  job: { body: PrintBody; openDrawer: boolean; cut: boolean },
  printer: { language: PrinterLanguage; dots: number },
): Uint8Array {
  const { body } = job;
  const text = body !== null && 'text' in body ? body : null;
  const encoder = new ReceiptPrinterEncoder({
    language: printer.language,
    imageMode: 'raster',
    // Font A is 12 dots wide: 48 columns on 80 mm paper, 32 on 58 mm.
    columns: Math.floor(printer.dots / 12),
    // The cutter sits a few lines above the print head: feed the last line past it first.
    feedBeforeCut: 4,
  });
  encoder.initialize();
  if (body !== null && 'raster' in body) {
    const { raster } = body;
    encoder.image(
      { data: raster.data, width: raster.width, height: raster.height },
      raster.width,
      raster.height,
      'threshold',
      128,
    );
  }
  if (text) {
    // Lines come wrapped and padded (printer-text counts Thai marks as no column); the encoder's own lines count
    // them and would wrap again, so each goes as TIS-620 bytes of its own (the encoder's code page table), then a
    // new line, after ESC t n (select character code table), which the encoder sends only before its own text.
    encoder.raw([ESC, 0x74, text.codePage]);
    for (const line of text.text) {
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
  if (job.cut) encoder.cut('partial');
  return encoder.encode();
}
