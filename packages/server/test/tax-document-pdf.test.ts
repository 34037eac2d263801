import { bahtText } from '@pos/core';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { etaxXml } from '../src/features/tax-invoices/etax-xml';
import type { CreditNoteDocument, TaxInvoiceDocument, TaxParty } from '../src/features/tax-invoices/tax-document';
import { taxDocumentPdf } from '../src/features/tax-invoices/tax-document-pdf';

// The PDF/A-3 of a tax document, read back with pdf.js: what it declares, what it embeds, what each page says.
// (No veraPDF here: the PDF/A claims checked are the ones a reader can see, not a full conformance check.)

const seller: TaxParty = {
  name: 'ร้านแต่งตัวดี กิ๊ฟช็อป',
  address: '11 ถนนสาทรใต้ แขวงทุ่งมหาเมฆ เขตสาทร กรุงเทพมหานคร 10120',
  taxId: '0105561234560',
  branch: '00000',
  email: 'shop@example.com',
  phone: '02-123-4567',
  postcode: '10120',
  place: { buildingNumber: '11', subdistrict: '102803', district: '1028', province: '10' },
};
const buyer: TaxParty = {
  ...seller,
  name: 'บริษัท ผู้ซื้อ จำกัด',
  address: '99/1 ถนนสุขุมวิท แขวงคลองเตย เขตคลองเตย กรุงเทพมหานคร 10110',
  taxId: '0105536112014',
  branch: '00002',
  email: null,
  phone: null,
  place: null,
};

function invoice(lineCount: number): TaxInvoiceDocument {
  const lines = Array.from({ length: lineCount }, (_, i) => ({
    name: `เสื้อยืดคอกลม ลายที่ ${i + 1}`,
    code: `TS-${String(i + 1).padStart(3, '0')}`,
    quantity: 1 + (i % 2),
    unitPrice: 29_900,
    lineTotal: 29_900 * (1 + (i % 2)),
  }));
  const subtotal = lines.reduce((s, l) => s + l.lineTotal, 0);
  const vat = Math.round((subtotal * 700) / 10_700);
  return {
    kind: 'tax_invoice',
    number: 'INV2569-000042',
    issuedAt: '2026-11-28T07:05:00.000Z',
    timeZone: 'Asia/Bangkok',
    seller,
    buyer,
    vatRateBp: 700,
    pricesIncludeVat: true,
    lines,
    paid: true,
    suppliedAt: '2026-11-27T07:05:00.000Z',
    replaces: { number: 'R2569-000123', issuedAt: '2026-11-27T07:05:00.000Z' },
    subtotal,
    discount: 0,
    valueBeforeVat: subtotal - vat,
    vat,
    total: subtotal,
  };
}

/** A run of text on a page, in points from the page's bottom left. */
interface Item {
  str: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

async function read(bytes: Buffer) {
  const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
  const pages: string[] = [];
  const items: Item[][] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
    items.push(
      content.items.flatMap((item) =>
        'str' in item && item.str.trim() !== ''
          ? [{ str: item.str, x: item.transform[4], y: item.transform[5], width: item.width, height: item.height }]
          : [],
      ),
    );
  }
  const attachments = ((await pdf.getAttachments()) ?? {}) as Record<string, { filename: string; content: Uint8Array }>;
  const metadata = await pdf.getMetadata();
  return { pages, items, attachments, metadata, raw: bytes.toString('latin1') };
}

const squash = (text: string) => text.replace(/\s+/g, '');

/** The dictionary (or value) of object `n` in the file, as written. */
function objectText(raw: string, n: number): string {
  const start = raw.indexOf(`\n${n} 0 obj`);
  return raw.slice(start, raw.indexOf('endobj', start));
}

/** A PDF string as written by pdfkit, `(…)` with escapes, decoded (UTF-16BE after its BOM, else Latin-1). */
function pdfString(written: string): string {
  const body = /\((.*)\)/s.exec(written)![1]!;
  const bytes: number[] = [];
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c !== '\\') {
      bytes.push(c.charCodeAt(0));
      continue;
    }
    const next = body[++i]!;
    const octal = /^[0-7]{1,3}/.exec(body.slice(i))?.[0];
    if (octal) {
      bytes.push(parseInt(octal, 8));
      i += octal.length - 1;
    } else bytes.push(({ n: 10, r: 13, t: 9, b: 8, f: 12 } as Record<string, number>)[next] ?? next.charCodeAt(0));
  }
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return Buffer.from(bytes.slice(2)).swap16().toString('utf16le');
  return Buffer.from(bytes).toString('latin1');
}

/** The document information dictionary: each entry's value, strings decoded, dates as ISO instants. */
function infoOf(raw: string): Record<string, string> {
  const ref = /\/Info (\d+) 0 R/.exec(raw.slice(raw.lastIndexOf('trailer')))![1]!;
  const info: Record<string, string> = {};
  for (const [, key, n] of objectText(raw, Number(ref)).matchAll(/\/(\w+) (\d+) 0 R/g)) {
    const value = pdfString(objectText(raw, Number(n)));
    const date = /^D:(\d{4})(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)Z/.exec(value);
    info[key!] = date ? `${date[1]}-${date[2]}-${date[3]}T${date[4]}:${date[5]}:${date[6]}Z` : value;
  }
  return info;
}

/** Where PDF/A asks each Info entry to be repeated in the XMP (ISO 19005-3, 6.6.2.3.1). */
const XMP_OF_INFO: Record<string, RegExp> = {
  Title: /<dc:title>\s*<rdf:Alt>\s*<rdf:li xml:lang="x-default">([^<]*)</,
  Author: /<dc:creator>\s*<rdf:Seq>\s*<rdf:li>([^<]*)</,
  Subject: /<dc:description>\s*<rdf:Alt>\s*<rdf:li xml:lang="x-default">([^<]*)</,
  Keywords: /<pdf:Keywords>([^<]*)</,
  Creator: /<xmp:CreatorTool>([^<]*)</,
  Producer: /<pdf:Producer>([^<]*)</,
  CreationDate: /<xmp:CreateDate>([^<]*)</,
  ModDate: /<xmp:ModifyDate>([^<]*)</,
  Trapped: /<pdf:Trapped>([^<]*)</,
};

const unescapeXml = (text: string) =>
  text.replace(
    /&(lt|gt|quot|apos|amp);/g,
    (_, name: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[name]!,
  );

/** Two text runs whose boxes (baseline to most of the way up) overlap, on one page. */
function overlaps(items: Item[]): [string, string][] {
  const found: [string, string][] = [];
  items.forEach((a, i) => {
    for (const b of items.slice(i + 1)) {
      const apart =
        a.x + a.width <= b.x + 0.5 ||
        b.x + b.width <= a.x + 0.5 ||
        a.y + a.height * 0.7 <= b.y ||
        b.y + b.height * 0.7 <= a.y;
      if (!apart) found.push([a.str, b.str]);
    }
  });
  return found;
}

describe('the PDF/A-3 of a tax document', () => {
  it('declares PDF/A-3b, embeds its Thai font and carries the XML inside, byte for byte', async () => {
    const doc = invoice(3);
    const xml = etaxXml(doc);
    const { attachments, raw } = await read(
      await taxDocumentPdf(doc, { xml: { name: 'INV2569-000042.xml', content: xml } }),
    );
    expect(raw).toMatch(/<pdfaid:part>3<\/pdfaid:part>/);
    expect(raw).toMatch(/<pdfaid:conformance>B<\/pdfaid:conformance>/);
    expect(raw).toContain('/FontFile2');
    expect(raw).not.toMatch(/\/BaseFont \/Helvetica/);
    expect(raw).toContain('/AFRelationship /Alternative');
    const attached = Object.values(attachments);
    expect(attached).toHaveLength(1);
    expect(attached[0]!.filename).toBe('INV2569-000042.xml');
    expect(Buffer.from(attached[0]!.content).toString('utf8')).toBe(xml);
  });

  it('prints the original then the copy, each with every field of a full tax invoice', async () => {
    const doc = invoice(3);
    const { pages } = await read(await taxDocumentPdf(doc));
    expect(pages).toHaveLength(2);
    const [original, copy] = pages.map(squash);
    expect(original).toContain('ต้นฉบับ');
    expect(copy).toContain('สำเนา');
    for (const page of [original!, copy!]) {
      for (const text of [
        'ใบเสร็จรับเงิน/ใบกำกับภาษี',
        'INV2569-000042',
        '28พฤศจิกายน2569',
        'เลขประจำตัวผู้เสียภาษี0105561234560',
        'สำนักงานใหญ่',
        'บริษัทผู้ซื้อจำกัด',
        'เลขประจำตัวผู้เสียภาษี0105536112014',
        'สาขาที่00002',
        'ออกแทนใบกำกับภาษีอย่างย่อเลขที่R2569-000123',
        'TS-003',
        'มูลค่าสินค้าก่อนภาษีมูลค่าเพิ่ม',
        'ภาษีมูลค่าเพิ่ม7%',
        'จำนวนเงินรวมทั้งสิ้น',
        squash(bahtText(doc.total)),
        '1,196.00',
      ]) {
        expect(page).toContain(text);
      }
    }
  });

  it('flows a long invoice over more pages, every line on one of them and the totals once per copy', async () => {
    const doc = invoice(60);
    const { pages } = await read(await taxDocumentPdf(doc));
    expect(pages.length).toBeGreaterThan(4);
    const text = pages.map(squash);
    const originals = text.filter((p) => p.includes('ต้นฉบับ'));
    for (let i = 1; i <= 60; i++) {
      const code = `TS-${String(i).padStart(3, '0')}`;
      expect(
        originals.filter((p) => p.includes(code)),
        code,
      ).toHaveLength(1);
    }
    expect(originals.filter((p) => p.includes('จำนวนเงินรวมทั้งสิ้น'))).toHaveLength(1);
    expect(text.filter((p) => p.includes('สำเนา')).length).toBe(originals.length);
  });

  it('prints a credit note with the invoice it corrects and its values', async () => {
    const note: CreditNoteDocument = {
      kind: 'credit_note',
      number: 'CN2569-000007',
      issuedAt: '2026-11-29T03:00:00.000Z',
      timeZone: 'Asia/Bangkok',
      seller,
      buyer,
      vatRateBp: 700,
      pricesIncludeVat: true,
      lines: [{ name: 'เสื้อยืดคอกลม ลายที่ 2', code: 'TS-002', quantity: 1, unitPrice: 29_900, lineTotal: 29_900 }],
      invoice: {
        number: 'INV2569-000042',
        issuedAt: '2026-11-28T07:05:00.000Z',
        valueBeforeVat: 111_776,
        typeCode: 'T03',
      },
      reason: 'สินค้าชำรุดหรือเสียหาย',
      reasonCode: 'defective',
      originalValue: 111_776,
      correctValue: 111_776 - 27_944,
      difference: 27_944,
      vat: 1_956,
      total: 29_900,
    };
    const { pages } = await read(await taxDocumentPdf(note));
    const page = squash(pages[0]!);
    for (const text of [
      'ใบลดหนี้',
      'CN2569-000007',
      'อ้างอิงใบกำกับภาษีเลขที่INV2569-000042',
      'สินค้าชำรุดหรือเสียหาย',
      'มูลค่าสินค้าตามใบกำกับภาษีเดิม1,117.76',
      'มูลค่าสินค้าที่ถูกต้อง838.32',
      'ผลต่าง279.44',
      'รวมเงินที่ลดหนี้ทั้งสิ้น299.00',
    ]) {
      expect(page).toContain(text);
    }
  });
});

/** A shop and a buyer with everything long: names with & and brackets, addresses over several lines. */
const longSeller: TaxParty = {
  ...seller,
  name: 'บริษัท ช้างทองการค้า A&B <สาขาสยาม> จำกัด (มหาชน)',
  address: '1234/567 อาคารเอ็มไพร์ทาวเวอร์ ชั้น 45 ห้อง 4501-4505 ถนนสาทรใต้ แขวงยานนาวา เขตสาทร กรุงเทพมหานคร 10120',
};
const longBuyer: TaxParty = {
  ...buyer,
  name: 'ห้างหุ้นส่วนจำกัด ศรีสวัสดิ์พาณิชย์ค้าวัสดุก่อสร้างและเครื่องใช้ไฟฟ้า (สำนักงานใหญ่เดิม)',
  address:
    '99/123 หมู่บ้านพฤกษาวิลล์ซอยเทศบาลสงเคราะห์แยกสิบสาม ถนนประชาราษฎร์บำเพ็ญ ตำบลบางกระสอ อำเภอเมืองนนทบุรี จังหวัดนนทบุรี 11000',
};

function longInvoice(lineCount: number): TaxInvoiceDocument {
  const doc = invoice(lineCount);
  const lines = doc.lines.map((line, i) =>
    i % 7 === 3 ? { ...line, name: 'เสื้อยืดคอกลมผ้าฝ้ายออร์แกนิกพิมพ์ลายช้างไทย(รุ่นพิเศษ)สีน้ำเงินเข้มขนาดใหญ่พิเศษ' } : line,
  );
  return { ...doc, seller: longSeller, buyer: longBuyer, lines };
}

describe('the PDF/A-3b as a validator reads it', () => {
  it('claims no tagged structure it does not have (PDF/A-3b asks for none)', async () => {
    const { raw } = await read(await taxDocumentPdf(invoice(2)));
    expect(raw).not.toContain('/Marked true');
    expect(raw).not.toContain('/StructTreeRoot');
  });

  it('repeats every Info entry in the XMP with the same value, and the XMP is well-formed XML', async () => {
    const doc = longInvoice(3);
    const { raw, metadata } = await read(await taxDocumentPdf(doc));
    const xmp = /<\?xpacket begin[\s\S]*?<\?xpacket end="[rw]"\?>|<x:xmpmeta[\s\S]*?<\/x:xmpmeta>/.exec(raw)![0];
    const wellFormed = await validateXML({ xml: Buffer.from(xmp, 'latin1').toString('utf8'), normalization: 'format' });
    expect(wellFormed.errors).toEqual([]);
    const info = infoOf(raw);
    expect(Object.keys(info)).toEqual(expect.arrayContaining(['Title', 'Author', 'CreationDate']));
    const text = Buffer.from(xmp, 'latin1').toString('utf8');
    for (const [key, value] of Object.entries(info)) {
      const pattern = XMP_OF_INFO[key];
      expect(pattern, `Info /${key} has no XMP property`).toBeDefined();
      const inXmp = pattern!.exec(text)?.[1];
      expect(inXmp, `Info /${key} missing from the XMP`).toBeDefined();
      expect(unescapeXml(inXmp!), `Info /${key}`).toBe(value);
    }
    expect(info.Author).toBe(longSeller.name);
    expect(metadata.info).toMatchObject({ IsLinearized: false });
  });

  it('declares PDF/A-3b, embeds every font, has an output intent with an ICC profile and the XML as an associated file', async () => {
    const doc = longInvoice(3);
    const { raw } = await read(
      await taxDocumentPdf(doc, { xml: { name: 'INV2569-000042.xml', content: etaxXml(doc) } }),
    );
    expect(raw).toMatch(/<pdfaid:part>3<\/pdfaid:part>\s*<pdfaid:conformance>B<\/pdfaid:conformance>/);
    const descriptors = [...raw.matchAll(/\/Type \/FontDescriptor[\s\S]*?>>/g)].map((m) => m[0]);
    expect(descriptors.length).toBeGreaterThan(0);
    for (const descriptor of descriptors) expect(descriptor).toMatch(/\/FontFile2 \d+ 0 R/);
    expect(raw).not.toMatch(/\/Subtype \/Type1/);
    const intent = /\/Type \/OutputIntent[\s\S]*?>>/.exec(raw)![0];
    expect(intent).toMatch(/\/S \/GTS_PDFA1/);
    const profile = /\/DestOutputProfile (\d+) 0 R/.exec(intent)![1]!;
    expect(objectText(raw, Number(profile))).toMatch(/\/N 3/);
    const catalog = /\/Type \/Catalog[\s\S]*?\n>>/.exec(raw)![0];
    const af = /\/AF \[(\d+) 0 R\]/.exec(catalog)![1]!;
    const filespec = objectText(raw, Number(af));
    expect(filespec).toMatch(/\/Type \/Filespec/);
    expect(filespec).toMatch(/\/AFRelationship \/Alternative/);
    expect(filespec).toMatch(/\/UF \(INV2569-000042\.xml\)/);
  });
});

describe('the tax document’s text on the page', () => {
  it('prints a character the font lacks as ? (PDF/A forbids the empty .notdef glyph), keeping the rest', async () => {
    const doc = invoice(2);
    doc.lines[0]!.name = 'ชาเขียว 🍵 抹茶 ไซส์ L';
    const { pages } = await read(await taxDocumentPdf(doc));
    const page = squash(pages[0]!);
    expect(page).toContain('ชาเขียว???ไซส์L');
    expect(page).not.toContain('抹');
  });

  it('wraps long Thai names and addresses whole, in order, brackets with their word, nothing overlapping', async () => {
    const doc = longInvoice(8);
    const { pages, items } = await read(await taxDocumentPdf(doc));
    const first = squash(pages[0]!);
    for (const text of [longSeller.name, longSeller.address, longBuyer.name, longBuyer.address, doc.lines[3]!.name]) {
      expect(first).toContain(squash(text));
    }
    for (const page of items) {
      for (const item of page) {
        expect(item.str.trimEnd(), item.str).not.toMatch(/[(<]$/);
        expect(item.str.trimStart(), item.str).not.toMatch(/^[)>]/);
      }
      expect(overlaps(page)).toEqual([]);
    }
  });

  it('continues 40 lines onto further pages, each with the header, its page of the set, and the notes; totals with the last lines', async () => {
    // A total whose words need two lines beside the totals.
    const doc: TaxInvoiceDocument = { ...longInvoice(40), total: 1_126_502 };
    const { pages, items } = await read(await taxDocumentPdf(doc));
    const text = pages.map(squash);
    const originals = text.filter((p) => p.includes('ต้นฉบับ'));
    const count = originals.length;
    expect(count).toBeGreaterThan(1);
    // Further sheets repeat the header in short (number, date, seller and buyer a line each): these 40 long
    // lines took 7 sheets a copy with the whole header on each.
    expect(count).toBeLessThanOrEqual(4);
    expect(text).toHaveLength(2 * count);
    text.forEach((page, i) => {
      const n = (i % count) + 1;
      expect(page, `page ${i + 1}`).toContain(`หน้า${n}/${count}`);
      expect(page, `page ${i + 1}`).toContain('เอกสารออกเป็นชุด');
      for (const field of [
        'INV2569-000042',
        squash(longSeller.name),
        'เลขประจำตัวผู้เสียภาษี0105561234560',
        squash(longBuyer.name),
      ]) {
        expect(page, `page ${i + 1}: ${field}`).toContain(field);
      }
      expect(page.includes('มีต่อหน้าถัดไป'), `page ${i + 1}`).toBe(n < count);
      expect(page.includes('จำนวนเงินรวมทั้งสิ้น'), `page ${i + 1}`).toBe(n === count);
    });
    // The total in words wraps between words (pdfkit alone broke สอ|งสตางค์).
    const words = `(${bahtText(doc.total)})`;
    const boundaries = new Set([
      0,
      ...Array.from(
        new Intl.Segmenter('th', { granularity: 'word' }).segment(words),
        (w) => w.index + w.segment.length,
      ),
    ]);
    const wordLines = items[count - 1]!.filter((item) => item.str.length > 2 && words.includes(item.str.trim()));
    expect(wordLines.map((item) => item.str.trim()).join('')).toBe(words);
    for (const item of wordLines) {
      const at = words.indexOf(item.str.trim());
      expect(boundaries.has(at) && boundaries.has(at + item.str.trim().length), item.str).toBe(true);
    }
    // The totals' page carries the last line with them.
    expect(text[count - 1]).toContain('TS-040');
    for (const page of items) {
      expect(overlaps(page)).toEqual([]);
      // Everything inside the page's margins.
      for (const item of page) expect(item.y, item.str).toBeGreaterThan(20);
    }
  });
});
