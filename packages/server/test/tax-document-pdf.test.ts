import { bahtText } from '@pos/core';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
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

async function read(bytes: Buffer) {
  const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  const attachments = ((await pdf.getAttachments()) ?? {}) as Record<string, { filename: string; content: Uint8Array }>;
  const metadata = await pdf.getMetadata();
  return { pages, attachments, metadata, raw: bytes.toString('latin1') };
}

const squash = (text: string) => text.replace(/\s+/g, '');

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
