import path from 'node:path';
import type { Raster } from '@pos/core/printer-bytes';
import sharp from 'sharp';
import type { PrintBlock } from '@pos/core';
import { ASSETS_DIR } from '../../assets';

/**
 * A printed document as a picture at the printer's dot width (issue 37). Every printer prints Thai this way,
 * with or without a Thai code page, in the app's own font (Laksaman, shipped in assets/fonts), shaped by Pango
 * through sharp, so vowels and tone marks stack as they should.
 */

const FONTS = {
  normal: path.join(ASSETS_DIR, 'fonts/Laksaman.ttf'),
  bold: path.join(ASSETS_DIR, 'fonts/Laksaman-Bold.ttf'),
};

/** Text sizes in points at the printers' 203 dpi: about 40 Thai characters across 80 mm, 27 across 58 mm. */
const POINTS = { normal: 9, large: 13 } as const;
const PRINTER_DPI = 203;
const LINE_GAP = 4;
/** White kept at each side: the paper's edge is not printed on. */
const MARGIN = 8;

function escapeMarkup(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

const THAI_WORDS = new Intl.Segmenter('th', { granularity: 'word' });

/**
 * Thai writes no spaces between words, and the text engine sharp bundles breaks Thai lines between letters
 * (วันที่ส่งมอบสิ|นค้า): a zero-width space between words lets a narrow roll wrap between words instead.
 */
function breakableThai(text: string): string {
  return Array.from(THAI_WORDS.segment(text), (part) => part.segment).join('\u200b');
}

interface Piece {
  input: Buffer;
  width: number;
  height: number;
}

/** One run of text in the document font, as an alpha mask: ink where the text is. */
async function textPiece(
  text: string,
  options: { width: number; align: 'left' | 'centre' | 'right'; size: 'normal' | 'large'; bold: boolean },
): Promise<Piece | null> {
  if (text.trim() === '') return null;
  const bold = options.bold ? 'Bold' : '';
  const { data, info } = await sharp({
    text: {
      text: escapeMarkup(breakableThai(text)),
      font: `Laksaman ${bold} ${POINTS[options.size]}`.replace(/\s+/g, ' '),
      fontfile: options.bold ? FONTS.bold : FONTS.normal,
      width: options.width,
      align: options.align,
      dpi: PRINTER_DPI,
      wrap: 'word-char',
    },
  })
    .toColourspace('b-w')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { input: data, width: info.width, height: info.height };
}

/** The blocks top to bottom on a strip `dots` wide (a multiple of 8, as printers take images). */
export async function rasterize(blocks: readonly PrintBlock[], dots: number): Promise<Raster> {
  const inner = dots - 2 * MARGIN;
  const ruleHeight = 2;
  const layers: { piece: Piece; left: number; top: number }[] = [];
  const rules: number[] = [];
  let top = MARGIN;
  for (const block of blocks) {
    if (block.kind === 'space') {
      top += 16;
      continue;
    }
    if (block.kind === 'rule') {
      top += 4;
      rules.push(top);
      top += ruleHeight + 6;
      continue;
    }
    const size = block.size ?? 'normal';
    const bold = block.bold ?? false;
    if (block.kind === 'text') {
      const align = block.align ?? 'left';
      const piece = await textPiece(block.text, { width: inner, align, size, bold });
      if (!piece) continue;
      const left =
        align === 'centre'
          ? MARGIN + Math.floor((inner - piece.width) / 2)
          : align === 'right'
            ? dots - MARGIN - piece.width
            : MARGIN;
      layers.push({ piece, left, top });
      top += piece.height + LINE_GAP;
      continue;
    }
    // A pair: the amount first, then the label in what is left of the line.
    const right = await textPiece(block.right, { width: inner, align: 'right', size, bold });
    const rightWidth = right?.width ?? 0;
    const left = await textPiece(block.left, {
      width: Math.max(inner - rightWidth - 16, 32),
      align: 'left',
      size,
      bold,
    });
    const height = Math.max(right?.height ?? 0, left?.height ?? 0);
    if (left) layers.push({ piece: left, left: MARGIN, top });
    if (right) layers.push({ piece: right, left: dots - MARGIN - rightWidth, top: top + height - right.height });
    top += height + LINE_GAP;
  }
  const height = Math.ceil((top + MARGIN) / 8) * 8;
  // Text masks are white ink on black: laid on black, then (a second pass: sharp composites last) the strip
  // turned to black on white and cut to pure black and white, as the printer's dots are.
  const laid = await sharp({ create: { width: dots, height, channels: 3, background: '#000' } })
    .composite([
      ...layers.map(({ piece, left, top: y }) => ({
        input: piece.input,
        raw: { width: piece.width, height: piece.height, channels: 1 as const },
        left,
        top: y,
      })),
      ...rules.map((y) => ({
        input: { create: { width: inner, height: ruleHeight, channels: 3 as const, background: '#fff' } },
        left: MARGIN,
        top: y,
      })),
    ])
    .raw()
    .toBuffer({ resolveWithObject: true });
  const composed = await sharp(laid.data, { raw: laid.info })
    .negate({ alpha: false })
    .threshold(128)
    .toColourspace('srgb')
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: composed.info.width, height: composed.info.height, data: new Uint8Array(composed.data) };
}
