import type { PrintBlock } from './print-layout';

/**
 * A document as lines of text for a printer with Thai in its character set (issue 37: "use the printer's Thai code
 * page when the settings say it has one"), printed as text, faster than a picture on slow printers; in core since
 * issue 38, as the till prints them itself while offline.
 * Thai vowels and tone marks above and below a letter take no column of their own, so widths are counted
 * without them; lines are wrapped between words (Thai writes none between them) and padded here, so the
 * encoder never wraps or aligns by its own count.
 */

export interface TextLine {
  text: string;
  bold: boolean;
  /** Printed twice as tall (a title, the total). */
  tall: boolean;
}

/** Thai marks written above or below the letter before them: no column of their own. */
const ZERO_WIDTH = /[\u0e31\u0e34-\u0e3a\u0e47-\u0e4e]/gu;
const THAI_WORDS = new Intl.Segmenter('th', { granularity: 'word' });
const GRAPHEMES = new Intl.Segmenter('th', { granularity: 'grapheme' });

/** How many columns the text takes on the paper. */
export function columnsOf(text: string): number {
  return [...text.replace(ZERO_WIDTH, '')].length;
}

/** Text cut into lines of at most `columns`, between words; a word longer than a line between letters. */
export function wrapText(text: string, columns: number): string[] {
  const lines: string[] = [];
  let line = '';
  const push = (piece: string) => {
    if (columnsOf(line + piece) <= columns) {
      line += piece;
      return;
    }
    if (line.trim() !== '') lines.push(line.trimEnd());
    line = piece.trimStart();
  };
  for (const { segment } of THAI_WORDS.segment(text)) {
    if (columnsOf(segment) <= columns) {
      push(segment);
      continue;
    }
    for (const { segment: letter } of GRAPHEMES.segment(segment)) push(letter);
  }
  if (line.trim() !== '') lines.push(line.trimEnd());
  return lines.length > 0 ? lines : [''];
}

function padded(text: string, columns: number, align: 'left' | 'centre' | 'right'): string {
  const room = Math.max(columns - columnsOf(text), 0);
  if (align === 'left') return text;
  if (align === 'right') return ' '.repeat(room) + text;
  return ' '.repeat(Math.floor(room / 2)) + text;
}

/** The blocks as lines `columns` wide: text wrapped and aligned, a pair's amount flush right on its last line. */
export function textLines(blocks: readonly PrintBlock[], columns: number): TextLine[] {
  const lines: TextLine[] = [];
  for (const block of blocks) {
    if (block.kind === 'space') {
      lines.push({ text: '', bold: false, tall: false });
      continue;
    }
    if (block.kind === 'rule') {
      lines.push({ text: '-'.repeat(columns), bold: false, tall: false });
      continue;
    }
    const bold = block.bold ?? false;
    const tall = block.size === 'large';
    if (block.kind === 'text') {
      const align = block.align ?? 'left';
      for (const text of wrapText(block.text, columns)) lines.push({ text: padded(text, columns, align), bold, tall });
      continue;
    }
    // A pair: the label wrapped in what the amount leaves, the amount on the label's last line.
    const amountWidth = columnsOf(block.right);
    const label = wrapText(block.left, Math.max(columns - amountWidth - 1, 8));
    const last = label.pop()!;
    for (const text of label) lines.push({ text, bold, tall });
    const gap = columns - columnsOf(last) - amountWidth;
    if (gap >= 1) lines.push({ text: last + ' '.repeat(gap) + block.right, bold, tall });
    else lines.push({ text: last, bold, tall }, { text: padded(block.right, columns, 'right'), bold, tall });
  }
  return lines;
}
