import { textLines, type PrintBlock } from '@pos/core';
import { describe, expect, it } from 'vitest';
import { printerBytes } from '@pos/core/printer-bytes';
import {
  fontOf,
  layoutRaster,
  rasterize,
  toPrinterInk,
  wrapLines,
  type RasterContext,
  type TextMeasure,
} from './receipt-raster';

/**
 * The till's own receipt picture (issue 38, printing offline). jsdom has no canvas: the layout is checked with a
 * measure of 10 dots a letter (Thai marks above and below take none), the drawing with a context that records
 * what it is asked; the real canvas and font are the browser test's (e2e/specs/offline-usb-printer.spec.ts).
 */

const MARKS = /[\u0e31\u0e34-\u0e3a\u0e47-\u0e4e]/gu;
const tenDots = (text: string) => [...text.replace(MARKS, '')].length * 10;
/** Every line's ink as tall as the font's line: 20 up and 8 down (30 and 10 large), 28 (40) apart. */
const measure: TextMeasure = {
  width: (text, style) => tenDots(text) * (style.size === 'large' ? 1.5 : 1),
  ink: (_text, style) => (style.size === 'large' ? { ascent: 30, descent: 10 } : { ascent: 20, descent: 8 }),
  pitch: (style) => (style.size === 'large' ? 40 : 28),
};

describe('the receipt picture drawn by the till', () => {
  it('wraps Thai between words, never inside one, and a word longer than the line between letters', () => {
    // "ขอบคุณที่ใช้บริการ" is ขอบคุณ|ที่|ใช้|บริการ: 5, 1, 2 and 5 columns.
    expect(wrapLines('ขอบคุณที่ใช้บริการ', 100, tenDots)).toEqual(['ขอบคุณที่ใช้', 'บริการ']);
    expect(wrapLines('ขอบคุณที่ใช้บริการ', 60, tenDots)).toEqual(['ขอบคุณที่', 'ใช้', 'บริการ']);
    // A long word on a narrow line: between letters, each with its vowels and marks.
    expect(wrapLines('ประชาสัมพันธ์', 40, tenDots)).toEqual(['ประช', 'าสัมพั', 'นธ์']);
    expect(wrapLines('Cash 500 baht', 80, tenDots)).toEqual(['Cash 500', 'baht']);
    expect(wrapLines('   ', 80, tenDots)).toEqual([]);
  });

  it('lays the blocks out as the server does: margins, centred titles, amounts flush right, rules, 8-dot height', () => {
    const blocks: PrintBlock[] = [
      { kind: 'text', text: 'ร้านผ้าไทย', align: 'centre', size: 'large', bold: true },
      { kind: 'rule' },
      { kind: 'pair', left: 'เลขที่', right: 'T1-000001' },
      { kind: 'space' },
      { kind: 'pair', left: 'ยอดสุทธิ', right: '฿250.00', size: 'large', bold: true },
      { kind: 'text', text: '' },
    ];
    const layout = layoutRaster(blocks, 576, measure);
    expect(layout.width).toBe(576);
    const [title, label, amount, totalLabel, total] = layout.texts;
    // The title: 8 columns (two tone marks take none) at 15 dots, centred on the 560 dots between the margins.
    expect(title).toEqual({ text: 'ร้านผ้าไทย', font: fontOf({ size: 'large', bold: true }), x: 8 + 220, baseline: 38 });
    // After the title (40 + 4 gap) a rule 4 below, then 8 more.
    expect(layout.rules).toEqual([56]);
    expect(label).toMatchObject({ text: 'เลขที่', x: 8, baseline: 64 + 20 });
    expect(amount).toMatchObject({ text: 'T1-000001', x: 576 - 8 - 90, baseline: 84 });
    // A 16-dot space; the total's line is the large one.
    expect(totalLabel).toMatchObject({ text: 'ยอดสุทธิ', x: 8, baseline: 64 + 28 + 4 + 16 + 30 });
    expect(total).toMatchObject({ text: '฿250.00', x: 576 - 8 - 105 });
    expect(layout.texts).toHaveLength(5);
    expect(layout.height % 8).toBe(0);
    expect(layout.height).toBe(Math.ceil((112 + 40 + 4 + 8) / 8) * 8);
    expect(fontOf({ size: 'normal', bold: false })).toBe('25.38px PosReceiptLaksaman');
  });

  it("puts a pair's amount beside the last line of a label that wraps, within the line", () => {
    const layout = layoutRaster([{ kind: 'pair', left: 'ขอบคุณที่ใช้บริการ', right: '1,000.00' }], 200, measure);
    // 200 - 16 margins - 80 amount - 16 gap = 88 dots for the label: ขอบคุณที่ใช้ (80), บริการ.
    expect(layout.texts.map((t) => [t.text, t.x, t.baseline])).toEqual([
      ['ขอบคุณที่ใช้', 8, 28],
      ['บริการ', 8, 56],
      ['1,000.00', 200 - 8 - 80, 56],
    ]);
  });

  it("takes a line's ink for its height, as the server's raster: Thai without marks above or below takes less paper", () => {
    // Ink reaches 26 up with a mark above a letter (else 18), 8 down with one below (else 2).
    const inked: TextMeasure = {
      ...measure,
      ink: (text) => ({
        ascent: /[\u0e31\u0e34-\u0e37\u0e47-\u0e4e]/u.test(text) ? 26 : 18,
        descent: /[\u0e38-\u0e3a]/u.test(text) ? 8 : 2,
      }),
    };
    const layout = layoutRaster(
      [
        { kind: 'text', text: 'รับเงิน' },
        { kind: 'text', text: 'ยอดรวม' },
        // A pair whose label has a mark below and whose amount has none: one baseline for both.
        { kind: 'pair', left: 'ยอดสุทธิ', right: '250.00' },
      ],
      576,
      inked,
    );
    expect(layout.texts.map((t) => [t.text, t.baseline])).toEqual([
      // 26 up (ั, ิ), 2 down: 8 + 26; the next block 2 + 4 below.
      ['รับเงิน', 34],
      // No marks: 18 up.
      ['ยอดรวม', 34 + 2 + 4 + 18],
      // ุ below, ิ above: 26 up and 8 down for the row; the amount on the label's baseline.
      ['ยอดสุทธิ', 58 + 2 + 4 + 26],
      ['250.00', 90],
    ]);
    expect(layout.height).toBe(Math.ceil((90 + 8 + 4 + 8) / 8) * 8);
  });

  it('cuts anti-aliased grey to black or white, transparent as paper', () => {
    const grey = new Uint8ClampedArray([0, 0, 0, 255, 100, 100, 100, 255, 200, 200, 200, 255, 0, 0, 0, 0]);
    expect([...toPrinterInk(grey)]).toEqual([0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255, 255, 255, 255, 255, 255]);
  });

  it('draws every line and rule on a white strip and hands the encoder a raster that ends in a cut', () => {
    const calls: string[] = [];
    const canvas = (width: number, height: number): RasterContext => {
      const context = {
        font: '',
        fillStyle: '',
        textBaseline: 'top' as CanvasTextBaseline,
        fillRect: (x: number, y: number, w: number, h: number) =>
          calls.push(`rect ${context.fillStyle} ${x},${y} ${w}x${h}`),
        fillText: (text: string, x: number, y: number) => calls.push(`text ${context.font} ${text} ${x},${y}`),
        measureText: (text: string) =>
          ({
            width: tenDots(text),
            actualBoundingBoxAscent: 20,
            actualBoundingBoxDescent: 8,
            fontBoundingBoxAscent: 22,
            fontBoundingBoxDescent: 10,
          }) as TextMetrics,
        // Ink on every other row: what the canvas would give back.
        getImageData: () => {
          const data = new Uint8ClampedArray(width * height * 4).fill(255);
          for (let y = 0; y < height; y += 2) data.fill(0, y * width * 4, y * width * 4 + width * 4);
          for (let i = 3; i < data.length; i += 4) data[i] = 255;
          return { data, width, height } as ImageData;
        },
      };
      return context;
    };
    const raster = rasterize([{ kind: 'text', text: 'ขอบคุณ', align: 'centre' }, { kind: 'rule' }], 384, canvas);
    expect(raster.width).toBe(384);
    expect(raster.height % 8).toBe(0);
    expect(calls).toEqual([
      `rect #fff 0,0 384x${raster.height}`,
      `text 25.38px PosReceiptLaksaman ขอบคุณ ${8 + Math.floor((368 - 50) / 2)},28`,
      'rect #000 8,44 368x2',
    ]);

    const bytes = printerBytes({ body: { raster }, openDrawer: true, cut: true }, { language: 'esc-pos', dots: 384 });
    const image = findRasterImage(bytes);
    expect(image).toEqual({ width: 384, height: raster.height });
    expect(hasDrawerPulse(bytes)).toBe(true);
    expect(endsWithCut(bytes)).toBe(true);
    expect(
      hasDrawerPulse(
        printerBytes({ body: { raster }, openDrawer: false, cut: true }, { language: 'esc-pos', dots: 384 }),
      ),
    ).toBe(false);
  });
});

describe("the till's receipt as text, for a printer with a Thai code page", () => {
  it('sends the code page, the lines as TIS-620, no picture, and ends with the cut', () => {
    const blocks: PrintBlock[] = [
      { kind: 'text', text: 'ขอบคุณ', align: 'centre' },
      { kind: 'pair', left: 'ยอดสุทธิ', right: '฿250.00', size: 'large', bold: true },
    ];
    const bytes = printerBytes(
      { body: { text: textLines(blocks, 32), codePage: 21 }, openDrawer: false, cut: true },
      { language: 'esc-pos', dots: 384 },
    );
    expect(findRasterImage(bytes)).toBeNull();
    // ESC t 21: Thai Character Code 11.
    expect(bytes.some((b, i) => b === 0x1b && bytes[i + 1] === 0x74 && bytes[i + 2] === 21)).toBe(true);
    // ขอบคุณ in TIS-620 (U+0E01..U+0E5B at 0xA1..0xFB), centred on 32 columns (5 of them: ุ takes none).
    const thanks = [0xa2, 0xcd, 0xba, 0xa4, 0xd8, 0xb3];
    const at = bytes.findIndex((b, i) => thanks.every((t, k) => bytes[i + k] === t));
    expect(at).toBeGreaterThan(0);
    expect([...bytes.slice(at - 13, at)].every((b) => b === 0x20)).toBe(true);
    expect(hasDrawerPulse(bytes)).toBe(false);
    expect(endsWithCut(bytes)).toBe(true);
  });
});

/** GS v 0 m xL xH yL yH: the raster image command's width in dots and height in rows. */
function findRasterImage(bytes: Uint8Array): { width: number; height: number } | null {
  let rows = 0;
  let width = 0;
  for (let i = 0; i + 7 < bytes.length; i++) {
    if (bytes[i] === 0x1d && bytes[i + 1] === 0x76 && bytes[i + 2] === 0x30) {
      const perRow = bytes[i + 4]! + bytes[i + 5]! * 256;
      const count = bytes[i + 6]! + bytes[i + 7]! * 256;
      width = perRow * 8;
      rows += count;
      i += 7 + perRow * count;
    }
  }
  return width === 0 ? null : { width, height: rows };
}

const hasDrawerPulse = (bytes: Uint8Array) => bytes.some((b, i) => b === 0x1b && bytes[i + 1] === 0x70);
/** GS V m (cut) as the last command: only line ends after it. */
function endsWithCut(bytes: Uint8Array): boolean {
  let end = bytes.length;
  while (end > 0 && (bytes[end - 1] === 0x0a || bytes[end - 1] === 0x0d)) end -= 1;
  return bytes[end - 3] === 0x1d && bytes[end - 2] === 0x56;
}
