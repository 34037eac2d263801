import type { PrintBlock } from '@pos/core';
import type { Raster } from '@pos/core/printer-bytes';

/**
 * A receipt's blocks (core's layout) as a picture at the printer's dot width, drawn by the till's browser on a
 * canvas (issue 38: the till prints offline on its own USB or serial printer). It follows the server's raster
 * (packages/server/src/features/printing/raster.ts): the same font (Laksaman, loaded by receipt-font.ts), sizes,
 * margins and gaps, Thai wrapped between words, amounts flush right; then cut to pure black and white, as the
 * printer's dots are. The layout is worked out apart from the drawing, so it is tested without a canvas.
 */

/** The font family the receipt font is registered under (receipt-font.ts). */
export const RECEIPT_FONT_FAMILY = 'PosReceiptLaksaman';

/** Text sizes in points at the printers' 203 dpi, as the server's raster: about 40 Thai characters across 80 mm. */
const POINTS = { normal: 9, large: 13 } as const;
const PRINTER_DPI = 203;
const LINE_GAP = 4;
/** White kept at each side: the paper's edge is not printed on. */
const MARGIN = 8;
const RULE_HEIGHT = 2;

type Size = 'normal' | 'large';
type Align = 'left' | 'centre' | 'right';

export interface TextStyle {
  size: Size;
  bold: boolean;
}

/** The CSS font of a style: the size in pixels is its points at the printer's resolution. */
export function fontOf(style: TextStyle): string {
  const pixels = Math.round(((POINTS[style.size] * PRINTER_DPI) / 72) * 100) / 100;
  return `${style.bold ? 'bold ' : ''}${pixels}px ${RECEIPT_FONT_FAMILY}`;
}

/**
 * How wide a text is in a style; how far its ink reaches above and below the baseline (a line of Thai without
 * marks above is lower than one with them); and the distance between the baselines of a wrapped text's lines.
 */
export interface TextMeasure {
  width(text: string, style: TextStyle): number;
  ink(text: string, style: TextStyle): { ascent: number; descent: number };
  pitch(style: TextStyle): number;
}

const THAI_WORDS = new Intl.Segmenter('th', { granularity: 'word' });
const GRAPHEMES = new Intl.Segmenter('th', { granularity: 'grapheme' });

/**
 * Text cut into lines no wider than `width`: between words (Thai writes no spaces between them: the segmenter
 * finds them), a word wider than a line between letters (never inside a letter with its vowels and marks).
 */
export function wrapLines(text: string, width: number, measure: (text: string) => number): string[] {
  const lines: string[] = [];
  let line = '';
  const push = (piece: string) => {
    if (measure(line + piece) <= width) {
      line += piece;
      return;
    }
    if (line.trim() !== '') lines.push(line.trimEnd());
    line = piece.trimStart();
  };
  for (const { segment } of THAI_WORDS.segment(text)) {
    if (measure(segment.trim()) <= width) {
      push(segment);
      continue;
    }
    for (const { segment: letter } of GRAPHEMES.segment(segment)) push(letter);
  }
  if (line.trim() !== '') lines.push(line.trimEnd());
  return lines;
}

/** One line of text to draw: `x` its left edge, `baseline` its baseline, in dots. */
export interface PlacedText {
  text: string;
  font: string;
  x: number;
  baseline: number;
}

export interface RasterLayout {
  width: number;
  /** A multiple of 8, as printers take images. */
  height: number;
  texts: PlacedText[];
  /** The top of each rule, in dots; every rule runs across the printable width. */
  rules: number[];
}

interface Line {
  text: string;
  width: number;
  ascent: number;
  descent: number;
}

/** A text wrapped to a width: its lines, their pitch, and where its last baseline falls below its ink's top. */
interface Paragraph {
  lines: Line[];
  pitch: number;
  /** The widest line. */
  width: number;
  lastBaseline: number;
  /** How far the last line's ink reaches below its baseline. */
  descent: number;
}

function paragraph(text: string, width: number, style: TextStyle, measure: TextMeasure): Paragraph | null {
  if (text.trim() === '') return null;
  const lines = wrapLines(text, width, (t) => measure.width(t, style)).map((t) => ({
    text: t,
    width: measure.width(t, style),
    ...measure.ink(t, style),
  }));
  const first = lines[0];
  const last = lines.at(-1);
  if (!first || !last) return null;
  const pitch = measure.pitch(style);
  return {
    lines,
    pitch,
    width: Math.max(...lines.map((l) => l.width)),
    lastBaseline: first.ascent + (lines.length - 1) * pitch,
    descent: last.descent,
  };
}

/**
 * The blocks top to bottom on a strip `dots` wide: where each line of text and each rule goes. As the server's
 * raster, a block takes the height of its ink (a line without marks above or below takes less paper) and blocks
 * are 4 dots apart; a pair's label and amount share their last baseline.
 */
export function layoutRaster(blocks: readonly PrintBlock[], dots: number, measure: TextMeasure): RasterLayout {
  const inner = dots - 2 * MARGIN;
  const texts: PlacedText[] = [];
  const rules: number[] = [];
  let top = MARGIN;
  /** The paragraph's lines, its first baseline at `baseline`. */
  const place = (p: Paragraph, style: TextStyle, baseline: number, x: (lineWidth: number) => number) => {
    p.lines.forEach((line, i) => {
      texts.push({ text: line.text, font: fontOf(style), x: x(line.width), baseline: baseline + i * p.pitch });
    });
  };
  for (const block of blocks) {
    if (block.kind === 'space') {
      top += 16;
      continue;
    }
    if (block.kind === 'rule') {
      top += 4;
      rules.push(top);
      top += RULE_HEIGHT + 6;
      continue;
    }
    const style: TextStyle = { size: block.size ?? 'normal', bold: block.bold ?? false };
    if (block.kind === 'text') {
      const align: Align = block.align ?? 'left';
      const p = paragraph(block.text, inner, style, measure);
      if (!p) continue;
      // Each line aligned on its own, within the printable width.
      place(p, style, top + (p.lines[0]?.ascent ?? 0), (w) =>
        align === 'centre' ? MARGIN + Math.floor((inner - w) / 2) : align === 'right' ? dots - MARGIN - w : MARGIN,
      );
      top += p.lastBaseline + p.descent + LINE_GAP;
      continue;
    }
    // A pair: the amount first, then the label in what is left of the line; the amount beside the label's last line.
    const right = paragraph(block.right, inner, style, measure);
    const left = paragraph(block.left, Math.max(inner - (right?.width ?? 0) - 16, 32), style, measure);
    const shared = Math.max(left?.lastBaseline ?? 0, right?.lastBaseline ?? 0);
    if (left) place(left, style, top + shared - left.lastBaseline + (left.lines[0]?.ascent ?? 0), () => MARGIN);
    if (right) {
      place(right, style, top + shared - right.lastBaseline + (right.lines[0]?.ascent ?? 0), (w) => dots - MARGIN - w);
    }
    top += shared + Math.max(left?.descent ?? 0, right?.descent ?? 0) + LINE_GAP;
  }
  return { width: dots, height: Math.ceil((top + MARGIN) / 8) * 8, texts, rules };
}

/** The few members of a 2D canvas context the drawing uses (a canvas element's or an OffscreenCanvas's). */
export interface RasterContext {
  font: string;
  fillStyle: string | CanvasGradient | CanvasPattern;
  textBaseline: CanvasTextBaseline;
  fillRect(x: number, y: number, w: number, h: number): void;
  fillText(text: string, x: number, y: number): void;
  measureText(text: string): TextMetrics;
  getImageData(x: number, y: number, w: number, h: number): ImageData;
}

/** Grey anti-aliased ink cut to pure black or white (as the encoder's threshold at 128 reads it), opaque. */
export function toPrinterInk(data: Uint8ClampedArray): Uint8ClampedArray {
  const out = new Uint8ClampedArray(data.length);
  for (let i = 0; i < data.length; i += 4) {
    // Transparent counts as white paper.
    const alpha = (data[i + 3] ?? 0) / 255;
    const luma = 0.299 * (data[i] ?? 0) + 0.587 * (data[i + 1] ?? 0) + 0.114 * (data[i + 2] ?? 0);
    const shade = luma * alpha + 255 * (1 - alpha);
    const ink = shade < 128 ? 0 : 255;
    out[i] = ink;
    out[i + 1] = ink;
    out[i + 2] = ink;
    out[i + 3] = 255;
  }
  return out;
}

/**
 * How a context measures: the text's advance, its ink above and below the baseline, and the font's line (its
 * ascent and descent, the same whatever the text: Pango steps a wrapped text's lines by it too).
 */
export function canvasMeasure(context: Pick<RasterContext, 'font' | 'measureText'>): TextMeasure {
  const pitches = new Map<string, number>();
  const metrics = (text: string, style: TextStyle) => {
    context.font = fontOf(style);
    return context.measureText(text);
  };
  return {
    width: (text, style) => Math.ceil(metrics(text, style).width),
    ink(text, style) {
      const m = metrics(text, style);
      return {
        ascent: Math.ceil(m.actualBoundingBoxAscent),
        descent: Math.max(0, Math.ceil(m.actualBoundingBoxDescent)),
      };
    },
    pitch(style) {
      const font = fontOf(style);
      let pitch = pitches.get(font);
      if (pitch === undefined) {
        const m = metrics('', style);
        pitch = Math.ceil(m.fontBoundingBoxAscent + m.fontBoundingBoxDescent);
        pitches.set(font, pitch);
      }
      return pitch;
    },
  };
}

/** A 2D context on a fresh canvas of the size given. */
export type CanvasFactory = (width: number, height: number) => RasterContext;

/** A canvas element's, never attached to the page: it draws with the document's fonts, the receipt font included. */
export const browserCanvas: CanvasFactory = (width, height) => {
  const canvas = Object.assign(document.createElement('canvas'), { width, height });
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('no 2D canvas in this browser');
  return context;
};

/** The blocks drawn black on white at the printer's width, in the receipt font (loaded before this is called). */
export function rasterize(blocks: readonly PrintBlock[], dots: number, canvas: CanvasFactory = browserCanvas): Raster {
  const layout = layoutRaster(blocks, dots, canvasMeasure(canvas(1, 1)));
  const context = canvas(layout.width, layout.height);
  context.fillStyle = '#fff';
  context.fillRect(0, 0, layout.width, layout.height);
  context.fillStyle = '#000';
  context.textBaseline = 'alphabetic';
  for (const text of layout.texts) {
    context.font = text.font;
    context.fillText(text.text, text.x, text.baseline);
  }
  for (const y of layout.rules) context.fillRect(MARGIN, y, layout.width - 2 * MARGIN, RULE_HEIGHT);
  const image = context.getImageData(0, 0, layout.width, layout.height);
  return { width: layout.width, height: layout.height, data: toPrinterInk(image.data) };
}
