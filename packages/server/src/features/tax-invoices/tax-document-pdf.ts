import path from 'node:path';
import { bahtText } from '@pos/core';
import { ASSETS_DIR } from '../../assets';
import type { TaxDocument, TaxParty } from './tax-document';
import { branchText, money, sameDay, thaiDate, titleOf, totalsOf } from './tax-document-text';

/**
 * The PDF/A-3b of a tax document, as the buyer gets it by e-mail and the API serves it: A4, always in Thai, a
 * Thai font embedded, the original (ต้นฉบับ) then the copy (สำเนา), with the document's ETDA XML attached
 * inside. Every field 86/4 (or 86/10 for a credit note) asks for, laid out as a Thai accountant expects.
 */

const FONT = path.join(ASSETS_DIR, 'fonts/Laksaman.ttf');
const FONT_BOLD = path.join(ASSETS_DIR, 'fonts/Laksaman-Bold.ttf');

const PAGE = { width: 595.28, height: 841.89, margin: 40 } as const;
const WIDTH = PAGE.width - 2 * PAGE.margin;
const SIZE = { body: 13, small: 11.5, title: 20, heading: 15 } as const;
const GREY = '#555555';
const LINE = '#999999';

/** Columns of the items table: ลำดับ, รายการ, จำนวน, ราคาต่อหน่วย, จำนวนเงิน (x from the left margin, width). */
const COLUMNS = [
  { label: 'ลำดับ', width: 44, align: 'center' },
  { label: 'รายการ', width: 247, align: 'left' },
  { label: 'จำนวน', width: 50, align: 'right' },
  { label: 'ราคาต่อหน่วย', width: 86, align: 'right' },
  { label: 'จำนวนเงิน', width: WIDTH - 44 - 247 - 50 - 86, align: 'right' },
] as const;

type Doc = PDFKit.PDFDocument;

/**
 * Thai text is laid out without the font's glyph composition (ccmp): with it, fontkit gives the lowered tone
 * marks and the split sara am glyphs the wrong characters in the PDF's text map, so the document reads back (copy,
 * search, screen readers) as ผููขาย for ผู้ขาย. Marks are still placed by the font's positioning (GPOS), so
 * the page looks the same.
 */
const THAI_FEATURES = { ccmp: false } as unknown as PDFKit.Mixins.OpenTypeFeatures[];

/** The fontkit font pdfkit is using now (the one text is measured and drawn in). */
function currentFont(pdf: Doc): { hasGlyphForCodePoint(codePoint: number): boolean } | undefined {
  return (pdf as unknown as { _font?: { font?: { hasGlyphForCodePoint(codePoint: number): boolean } } })._font?.font;
}

/**
 * The text the font can draw: a character it has no glyph for (an emoji, Chinese in a product's name) would
 * be drawn as the font's empty .notdef glyph, which PDF/A forbids, so it prints as `?`; invisible format
 * characters (a pasted zero-width space) are dropped and other control characters become spaces.
 */
function printable(pdf: Doc, text: string): string {
  const font = currentFont(pdf);
  let out = '';
  for (const char of text) {
    if (/\p{Cf}/u.test(char)) continue;
    if (/\p{Cc}/u.test(char)) out += char === '\n' ? char : ' ';
    else if (font && !font.hasGlyphForCodePoint(char.codePointAt(0)!)) out += '?';
    else out += char;
  }
  return out;
}

const THAI_WORDS = new Intl.Segmenter('th', { granularity: 'word' });
const GRAPHEMES = new Intl.Segmenter('th', { granularity: 'grapheme' });

/**
 * The pieces a line may break between: Thai words (Thai writes no spaces between them, and pdfkit would break
 * a long run anywhere, even inside a word), and whole tokens of anything else (INV2569-000001, an e-mail
 * address), each with the spaces after it. Brackets and punctuation stay with their word: "(มหาชน)" never
 * breaks after "(".
 */
function breakable(paragraph: string): string[] {
  const pieces: string[] = [];
  let opening = '';
  for (const token of paragraph.split(/(?<=\s)(?=\S)/)) {
    const segments = /[\u0E00-\u0E7F]/.test(token) ? Array.from(THAI_WORDS.segment(token), (s) => s.segment) : [token];
    for (const segment of segments) {
      if (/^[([{"“‘<]+$/.test(segment)) opening += segment;
      else if (/^[)\]}"”’>.,:;!?%]+\s*$/.test(segment) && pieces.length > 0 && opening === '')
        pieces[pieces.length - 1] += segment;
      else {
        pieces.push(opening + segment);
        opening = '';
      }
    }
  }
  if (opening) pieces.push(opening);
  return pieces;
}

/**
 * `text` broken into lines no wider than `width` (by `measure`), between the pieces above; a piece wider than a
 * line on its own is broken between characters, never inside one (a consonant keeps its vowels and tone marks).
 */
function wrapLines(text: string, width: number, measure: (text: string) => number): string {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const piece of breakable(paragraph)) {
      if (measure((line + piece).trimEnd()) <= width) {
        line += piece;
        continue;
      }
      if (line.trim() !== '') lines.push(line.trimEnd());
      line = piece.trimStart();
      while (measure(line.trimEnd()) > width) {
        let head = '';
        for (const { segment } of GRAPHEMES.segment(line)) {
          if (head !== '' && measure(head + segment) > width) break;
          head += segment;
        }
        lines.push(head);
        line = line.slice(head.length);
      }
    }
    lines.push(line.trimEnd());
  }
  return lines.join('\n');
}

/**
 * Every text call of `pdf` (drawing and measuring) uses THAI_FEATURES unless it names its own, only characters
 * the font has, and, when it wraps in a width, the lines broken between words as above (pdfkit then finds
 * every line already fits).
 */
function withThaiLayout(pdf: Doc): Doc {
  const text = pdf.text.bind(pdf) as (...args: unknown[]) => Doc;
  const heightOfString = pdf.heightOfString.bind(pdf) as (...args: unknown[]) => number;
  const widthOfString = pdf.widthOfString.bind(pdf) as (...args: unknown[]) => number;
  const withFeatures = (args: unknown[]): unknown[] => {
    const index = args.findIndex((a, i) => i > 0 && typeof a === 'object' && a !== null);
    const options = { features: THAI_FEATURES, ...(index === -1 ? {} : (args[index] as PDFKit.Mixins.TextOptions)) };
    let content = typeof args[0] === 'string' ? printable(pdf, args[0]) : args[0];
    const fits = (line: string) => widthOfString(line, { features: options.features }) <= (options.width ?? 0);
    if (
      typeof content === 'string' &&
      options.width !== undefined &&
      options.lineBreak !== false &&
      (content.includes('\n') || !fits(content))
    ) {
      const width = options.width;
      // Measured as pdfkit's wrapper measures it, the line break included (the font gives it a width), with
      // half a point to spare, so pdfkit never breaks a line again.
      content = wrapLines(content, width - 0.5, (line) => widthOfString(`${line}\n`, { features: options.features }));
    }
    const rest = args.slice(1).map((a, i) => (i + 1 === index ? options : a));
    return index === -1 ? [content, ...rest, options] : [content, ...rest];
  };
  Object.assign(pdf, {
    text: (...args: unknown[]) => text(...withFeatures(args)),
    heightOfString: (...args: unknown[]) => heightOfString(...withFeatures(args)),
    widthOfString: (...args: unknown[]) => widthOfString(...withFeatures(args)),
  });
  return pdf;
}

const XML_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/**
 * pdfkit copies the Info entries into the XMP as they are, so a seller named "A&B" would make the XMP packet
 * malformed XML (not PDF/A). The Info dictionary is written first, from the plain values; the XMP, written
 * after it, gets them escaped, so both say the same.
 */
function withEscapedXmp(pdf: Doc): Doc {
  const target = pdf as unknown as { info: Record<string, unknown>; endMetadata(): void };
  const endMetadata = target.endMetadata.bind(pdf);
  target.endMetadata = () => {
    for (const [key, value] of Object.entries(target.info)) {
      if (typeof value === 'string') target.info[key] = value.replace(/[&<>"]/g, (c) => XML_ESCAPES[c]!);
    }
    endMetadata();
  };
  return pdf;
}

/** Satang as the documents print it: 1,234.50. */
function partyBlock(pdf: Doc, label: string, party: TaxParty, x: number, y: number, width: number): number {
  pdf.font(FONT_BOLD).fontSize(SIZE.body).fillColor('black').text(label, x, y, { width });
  pdf.font(FONT_BOLD).text(party.name, { width });
  pdf.font(FONT);
  // A receipt's buyer may be known by name alone (or be a walk-in one): no address or tax ID to print.
  if (party.address !== '') pdf.text(party.address, { width });
  if (party.taxId !== '') pdf.text(`เลขประจำตัวผู้เสียภาษี ${party.taxId}  ${branchText(party.branch)}`, { width });
  const contact = [party.phone && `โทร ${party.phone}`, party.email && `อีเมล ${party.email}`].filter(Boolean);
  if (contact.length > 0) pdf.fillColor(GREY).text(contact.join('  '), { width }).fillColor('black');
  return pdf.y;
}

type Copy = 'ต้นฉบับ' | 'สำเนา';

/**
 * The top of every page: seller, title, copy mark, the line left for the page of the set (filled in once the
 * pages are counted), number and dates, buyer; a continued page repeats it whole, as the Revenue Department
 * expects of a tax invoice of several sheets. Answers where the table starts and where the page line goes.
 */
function header(pdf: Doc, doc: TaxDocument, copy: Copy): { tableTop: number; pageLineY: number } {
  const top = PAGE.margin;
  const right = PAGE.margin + WIDTH * 0.55;
  const rightWidth = WIDTH * 0.45;
  const sellerEnd = partyBlock(pdf, 'ผู้ขาย', doc.seller, PAGE.margin, top, WIDTH * 0.52);

  pdf.font(FONT_BOLD).fontSize(SIZE.title).text(titleOf(doc), right, top, { width: rightWidth, align: 'right' });
  pdf.fontSize(SIZE.heading).text(copy, { width: rightWidth, align: 'right' });
  const pageLineY = pdf.y;
  pdf.font(FONT).fontSize(SIZE.small);
  pdf.y += pdf.currentLineHeight(true);
  pdf.fontSize(SIZE.body);
  pdf.text(`เลขที่ ${doc.number}`, right, pdf.y, { width: rightWidth, align: 'right' });
  pdf.text(`วันที่ ${thaiDate(doc.issuedAt, doc.timeZone)}`, { width: rightWidth, align: 'right' });
  if (doc.kind === 'tax_invoice' && !sameDay(doc.suppliedAt, doc.issuedAt, doc.timeZone)) {
    pdf.text(`วันที่ส่งมอบสินค้า ${thaiDate(doc.suppliedAt, doc.timeZone)}`, { width: rightWidth, align: 'right' });
  }
  const headEnd = Math.max(sellerEnd, pdf.y) + 8;
  pdf
    .moveTo(PAGE.margin, headEnd)
    .lineTo(PAGE.margin + WIDTH, headEnd)
    .strokeColor(LINE)
    .stroke();

  const y = partyBlock(pdf, 'ผู้ซื้อ', doc.buyer, PAGE.margin, headEnd + 6, WIDTH) + 4;
  pdf.font(FONT).fontSize(SIZE.body).fillColor('black');
  if (doc.kind === 'tax_invoice') {
    pdf.text(
      `ออกแทนใบกำกับภาษีอย่างย่อเลขที่ ${doc.replaces.number} ลงวันที่ ${thaiDate(doc.replaces.issuedAt, doc.timeZone)}`,
      PAGE.margin,
      y,
      { width: WIDTH },
    );
  } else if (doc.kind === 'credit_note') {
    pdf.text(
      `อ้างอิงใบกำกับภาษีเลขที่ ${doc.invoice.number} ลงวันที่ ${thaiDate(doc.invoice.issuedAt, doc.timeZone)}`,
      PAGE.margin,
      y,
      { width: WIDTH },
    );
    pdf.text(`เหตุที่ออกใบลดหนี้: ${doc.reason}`, { width: WIDTH });
  }
  return { tableTop: pdf.y + 8, pageLineY };
}

/** A party on one line: its name, tax ID and branch (a continued page's header). */
function partyLine(label: string, party: TaxParty): string {
  const tax = party.taxId !== '' ? `  เลขประจำตัวผู้เสียภาษี ${party.taxId}  ${branchText(party.branch)}` : '';
  return `${label}: ${party.name}${tax}`;
}

/**
 * The top of a continued page: title, copy mark and the page line at the right; the document's number and date,
 * the seller and the buyer (name, tax ID, branch) a line each at the left. The first page has them in full; a
 * long invoice's further sheets are then mostly lines, not repeated addresses (40 lines took 4 sheets a copy).
 */
function continuedHeader(pdf: Doc, doc: TaxDocument, copy: Copy): { tableTop: number; pageLineY: number } {
  const top = PAGE.margin;
  const right = PAGE.margin + WIDTH * 0.55;
  const rightWidth = WIDTH * 0.45;
  const leftWidth = WIDTH * 0.53;
  pdf.font(FONT_BOLD).fontSize(SIZE.heading).fillColor('black');
  pdf.text(titleOf(doc), right, top, { width: rightWidth, align: 'right' });
  pdf.fontSize(SIZE.body).text(copy, { width: rightWidth, align: 'right' });
  const pageLineY = pdf.y;
  pdf.font(FONT).fontSize(SIZE.small);
  const rightEnd = pdf.y + pdf.currentLineHeight(true);
  pdf.font(FONT).fontSize(SIZE.small).fillColor('black');
  pdf.text(`เลขที่ ${doc.number}  วันที่ ${thaiDate(doc.issuedAt, doc.timeZone)}`, PAGE.margin, top, {
    width: leftWidth,
  });
  pdf.text(partyLine('ผู้ขาย', doc.seller), { width: leftWidth });
  pdf.text(partyLine('ผู้ซื้อ', doc.buyer), { width: leftWidth });
  const end = Math.max(pdf.y, rightEnd) + 6;
  pdf
    .moveTo(PAGE.margin, end)
    .lineTo(PAGE.margin + WIDTH, end)
    .strokeColor(LINE)
    .stroke();
  return { tableTop: end + 6, pageLineY };
}

/** Under the copy mark: which sheet of the set this is (original and copy are issued together). */
function pageLine(pdf: Doc, y: number, page: number, pages: number): void {
  pdf
    .font(FONT)
    .fontSize(SIZE.small)
    .fillColor(GREY)
    .text(`เอกสารออกเป็นชุด  หน้า ${page}/${pages}`, PAGE.margin + WIDTH * 0.55, y, {
      width: WIDTH * 0.45,
      align: 'right',
      lineBreak: false,
    })
    .fillColor('black');
}

function tableHeader(pdf: Doc, y: number): number {
  pdf.font(FONT_BOLD).fontSize(SIZE.small);
  let x = PAGE.margin;
  const height = 22;
  pdf.rect(PAGE.margin, y, WIDTH, height).fillColor('#eeeeee').fill().fillColor('black');
  for (const column of COLUMNS) {
    pdf.text(column.label, x + 4, y + 4, { width: column.width - 8, align: column.align, lineBreak: false });
    x += column.width;
  }
  return y + height;
}

function rowCells(index: number, line: TaxDocument['lines'][number]): string[] {
  return [
    String(index + 1),
    line.code ? `${line.name} (${line.code})` : line.name,
    line.quantity.toLocaleString('en-US'),
    money(line.unitPrice),
    money(line.lineTotal),
  ];
}

function rowHeight(pdf: Doc, cells: string[]): number {
  pdf.font(FONT).fontSize(SIZE.body);
  return Math.max(...cells.map((cell, i) => pdf.heightOfString(cell, { width: COLUMNS[i]!.width - 8 }))) + 6;
}

const TOTALS_HEIGHT = 6 * 20 + 30 + 90;

function totals(pdf: Doc, doc: TaxDocument, y: number): void {
  const labelX = PAGE.margin + WIDTH * 0.45;
  const labelWidth = WIDTH * 0.35;
  const valueWidth = WIDTH * 0.2;
  pdf
    .moveTo(PAGE.margin, y)
    .lineTo(PAGE.margin + WIDTH, y)
    .strokeColor(LINE)
    .stroke();
  let rowY = y + 6;
  const rows = totalsOf(doc);
  rows.forEach(([label, value], i) => {
    const last = i === rows.length - 1;
    pdf.font(last ? FONT_BOLD : FONT).fontSize(SIZE.body);
    pdf.text(label, labelX, rowY, { width: labelWidth, align: 'right', lineBreak: false });
    pdf.text(value, labelX + labelWidth, rowY, { width: valueWidth, align: 'right', lineBreak: false });
    rowY += 20;
  });
  pdf
    .font(FONT_BOLD)
    .text(`(${bahtText(doc.total)})`, PAGE.margin, y + 6, { width: WIDTH * 0.44 })
    .font(FONT);
  const signY = Math.max(rowY, pdf.y) + 50;
  const signatures = doc.kind !== 'credit_note' ? ['ผู้รับเงิน', 'ผู้รับสินค้า'] : ['ผู้อนุมัติ', 'ผู้รับใบลดหนี้'];
  signatures.forEach((who, i) => {
    const x = PAGE.margin + i * (WIDTH / 2) + 20;
    const w = WIDTH / 2 - 40;
    pdf
      .moveTo(x, signY)
      .lineTo(x + w, signY)
      .strokeColor(LINE)
      .stroke();
    pdf
      .fontSize(SIZE.small)
      .text(`${who}  วันที่ ......../......../........`, x, signY + 4, { width: w, align: 'center' });
  });
}

/** Room kept under a page's last row for "มีต่อหน้าถัดไป". */
const CONTINUED_HEIGHT = 20;

/**
 * One copy (original or copy): the header on every page, the lines flowing over as many pages as they need,
 * "มีต่อหน้าถัดไป" under a page's last row when more follow, the totals after the last line (which goes with them
 * to a new page rather than leave them alone there). Each page's "หน้า n/N" is written once the copy's pages
 * are counted (the pages stay buffered).
 */
function renderCopy(pdf: Doc, doc: TaxDocument, copy: Copy, first: boolean): void {
  if (!first) pdf.addPage();
  const bottom = PAGE.height - PAGE.margin;
  const pageLines: { index: number; y: number }[] = [];
  const startPage = (): number => {
    const { tableTop, pageLineY } = (pageLines.length === 0 ? header : continuedHeader)(pdf, doc, copy);
    pageLines.push({ index: pdf.bufferedPageRange().start + pdf.bufferedPageRange().count - 1, y: pageLineY });
    return tableHeader(pdf, tableTop);
  };
  let y = startPage();
  doc.lines.forEach((line, index) => {
    const cells = rowCells(index, line);
    const height = rowHeight(pdf, cells);
    const isLast = index === doc.lines.length - 1;
    if (y + height + (isLast ? TOTALS_HEIGHT : CONTINUED_HEIGHT) > bottom) {
      pdf
        .font(FONT)
        .fontSize(SIZE.small)
        .fillColor(GREY)
        .text('มีต่อหน้าถัดไป', PAGE.margin, y + 4, { width: WIDTH, align: 'right', lineBreak: false });
      pdf.fillColor('black');
      pdf.addPage();
      y = startPage();
    }
    pdf.font(FONT).fontSize(SIZE.body).fillColor('black');
    let x = PAGE.margin;
    cells.forEach((cell, i) => {
      pdf.text(cell, x + 4, y + 3, { width: COLUMNS[i]!.width - 8, align: COLUMNS[i]!.align });
      x += COLUMNS[i]!.width;
    });
    y += height;
    pdf
      .moveTo(PAGE.margin, y)
      .lineTo(PAGE.margin + WIDTH, y)
      .strokeColor('#dddddd')
      .stroke();
  });
  totals(pdf, doc, y + 4);
  const last = pdf.bufferedPageRange().start + pdf.bufferedPageRange().count - 1;
  pageLines.forEach(({ index, y: lineY }, n) => {
    pdf.switchToPage(index);
    pageLine(pdf, lineY, n + 1, pageLines.length);
  });
  pdf.switchToPage(last);
}

/** The PDF/A-3b of a tax document, the XML attached when given. */
export async function taxDocumentPdf(
  doc: TaxDocument,
  options: { xml?: { name: string; content: string } } = {},
): Promise<Buffer> {
  // Loaded on first use: a server start never reads it (and it reads its own data files, so it stays unbundled).
  const { default: PDFDocument } = await import('pdfkit');
  const pdf = withEscapedXmp(
    withThaiLayout(
      new PDFDocument({
        size: 'A4',
        // The layout breaks its own pages (header repeated): pdfkit's bottom margin is kept out of the way, so it
        // never starts a page of its own in the middle of a row.
        margins: { top: PAGE.margin, left: PAGE.margin, right: PAGE.margin, bottom: 0 },
        // Kept until the end: each page's "หน้า n/N" is written once its copy's pages are counted.
        bufferPages: true,
        subset: 'PDF/A-3b',
        pdfVersion: '1.7',
        // Not tagged: no content is marked with structure, and PDF/A-3b (level b) asks for none. A tagged flag
        // over an empty structure tree would claim an accessible document it is not.
        lang: 'th-TH',
        font: FONT,
        displayTitle: true,
        info: {
          Title: `${titleOf(doc)} ${doc.number}`,
          Author: doc.seller.name,
          Subject: `${titleOf(doc)} เลขที่ ${doc.number}`,
          CreationDate: new Date(doc.issuedAt),
        },
      }),
    ),
  );
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  if (options.xml) {
    // PDF/A-3 names how an attachment relates to the document (AFRelationship); pdfkit takes it, its types lag.
    const attachment: PDFKit.Mixins.PDFAttachmentOptions & { relationship: 'Alternative' } = {
      name: options.xml.name,
      type: 'application/xml',
      relationship: 'Alternative',
      description: `ETDA e-Tax XML of ${doc.number}`,
      creationDate: new Date(doc.issuedAt),
      modifiedDate: new Date(doc.issuedAt),
    };
    pdf.file(Buffer.from(options.xml.content, 'utf8'), attachment);
  }
  renderCopy(pdf, doc, 'ต้นฉบับ', true);
  renderCopy(pdf, doc, 'สำเนา', false);
  pdf.end();
  return done;
}
