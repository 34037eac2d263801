import { bahtText } from '@pos/core';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { etaxXml } from '../src/features/tax-invoices/etax-xml';
import type { ReceiptDocument, TaxParty } from '../src/features/tax-invoices/tax-document';
import { taxDocumentPdf } from '../src/features/tax-invoices/tax-document-pdf';
import { etdaProblems } from './helpers/etda-validate';

// A sale's e-Receipt as ETDA's Receipt_CrossIndustryInvoice (T01): valid against ETDA's XSD and its receipt
// schematron for a sale with a customer and without, with a discount, with VAT in the prices or on top, and
// without VAT; saying what the receipt says. And its PDF/A-3, read back with pdf.js.

const seller: TaxParty = {
  name: 'ร้านแต่งตัวดี & เพื่อน',
  address: '11 ถนนสาทรใต้ แขวงทุ่งมหาเมฆ เขตสาทร กรุงเทพมหานคร 10120',
  taxId: '0105561234560',
  branch: '00000',
  email: 'shop@example.com',
  phone: '021234567',
  postcode: '10120',
  place: { buildingNumber: '11', subdistrict: '102803', district: '1028', province: '10' },
};
const walkIn: TaxParty = {
  name: 'ลูกค้าทั่วไป',
  address: '',
  taxId: '',
  branch: '00000',
  email: 'someone@example.com',
  phone: null,
  postcode: null,
  place: null,
};

/** 2 × 535 + 1 × 299 − 50 with VAT in the prices, 7 %, to a walk-in buyer. */
function receipt(over: Partial<ReceiptDocument> = {}): ReceiptDocument {
  const total = 2 * 53_500 + 29_900 - 5_000;
  const vat = Math.round((total * 700) / 10_700);
  return {
    kind: 'receipt',
    number: 'R2569-T01-000123',
    issuedAt: '2026-11-28T07:05:00.000Z',
    timeZone: 'Asia/Bangkok',
    seller,
    buyer: walkIn,
    walkIn: true,
    vatRateBp: 700,
    pricesIncludeVat: true,
    lines: [
      { name: 'เสื้อเชิ้ต <M> ขาว', code: 'SH-001-M', quantity: 2, unitPrice: 53_500, lineTotal: 107_000 },
      { name: 'ถุงเท้า', code: null, quantity: 1, unitPrice: 29_900, lineTotal: 29_900 },
    ],
    subtotal: 136_900,
    discount: 5_000,
    valueBeforeVat: total - vat,
    vat,
    total,
    ...over,
  };
}

function textOf(xml: string, name: string): string | undefined {
  return new RegExp(`<[a-z]+:${name}(?: [^>]*)?>([^<]*)</[a-z]+:${name}>`).exec(xml)?.[1];
}
/** The buyer's element, whole. */
function buyerOf(xml: string): string {
  return /<ram:BuyerTradeParty>[\s\S]*?<\/ram:BuyerTradeParty>/.exec(xml)?.[0] ?? '';
}

describe('ETDA e-Receipt XML (T01)', () => {
  it('writes a walk-in sale with a discount as a receipt ETDA accepts: T01, the sale’s number, the smallest buyer', async () => {
    const doc = receipt();
    const xml = etaxXml(doc);
    expect(await etdaProblems(xml, 'receipt')).toEqual([]);
    expect(xml).toContain('<rsm:Receipt_CrossIndustryInvoice');
    expect(textOf(xml, 'TypeCode')).toBe('T01');
    expect(xml).toContain('<ram:Name>ใบเสร็จรับเงิน</ram:Name>');
    expect(textOf(xml, 'ID')).toBe('ER3-2560');
    expect(xml).toContain('<ram:ID>R2569-T01-000123</ram:ID>');
    expect(textOf(xml, 'IssueDateTime')).toBe('2026-11-28T14:05:00');
    // A buyer nobody named: no name, ETDA's "no tax ID", the address the e-mail went to.
    const buyer = buyerOf(xml);
    expect(buyer).toContain('<ram:ID schemeID="OTHR">N/A</ram:ID>');
    expect(buyer).not.toContain('<ram:Name>');
    expect(buyer).not.toContain('PostalTradeAddress');
    expect(buyer).toContain('<ram:URIID>someone@example.com</ram:URIID>');
    expect(textOf(xml, 'AllowanceTotalAmount')).not.toBe('0.00');
    const line = Number(textOf(xml, 'LineTotalAmount'));
    const allowance = Number(textOf(xml, 'AllowanceTotalAmount'));
    expect(Math.round((line - allowance) * 100)).toBe(doc.valueBeforeVat);
    expect(textOf(xml, 'TaxTotalAmount')).toBe((doc.vat / 100).toFixed(2));
    expect(textOf(xml, 'GrandTotalAmount')).toBe((doc.total / 100).toFixed(2));
    expect(xml).toContain('เสื้อเชิ้ต &lt;M&gt; ขาว');
  });

  it('names a customer: by name alone, or with their tax ID and address when they keep them', async () => {
    const named = etaxXml(receipt({ walkIn: false, buyer: { ...walkIn, name: 'คุณสมหญิง', address: 'ไม่ระบุรหัสไปรษณีย์' } }));
    expect(await etdaProblems(named, 'receipt')).toEqual([]);
    expect(buyerOf(named)).toContain('<ram:Name>คุณสมหญิง</ram:Name>');
    expect(buyerOf(named)).toContain('schemeID="OTHR"');
    // An address without a postcode is not one ETDA takes for Thailand: left out rather than refused.
    expect(buyerOf(named)).not.toContain('PostalTradeAddress');

    const person = etaxXml(
      receipt({
        walkIn: false,
        buyer: {
          ...walkIn,
          name: 'นายสมชาย ใจดี',
          taxId: '1101700230708',
          address: '99/1 ถนนสุขุมวิท แขวงคลองเตย เขตคลองเตย กรุงเทพมหานคร 10110',
          postcode: '10110',
        },
      }),
    );
    expect(await etdaProblems(person, 'receipt')).toEqual([]);
    expect(buyerOf(person)).toContain('<ram:ID schemeID="NIDN">1101700230708</ram:ID>');
    expect(buyerOf(person)).toContain('<ram:PostcodeCode>10110</ram:PostcodeCode>');

    const company = etaxXml(
      receipt({ walkIn: false, buyer: { ...walkIn, name: 'บริษัท ผู้ซื้อ จำกัด', taxId: '0105536112014', branch: '00002' } }),
    );
    expect(await etdaProblems(company, 'receipt')).toEqual([]);
    expect(buyerOf(company)).toContain('<ram:ID schemeID="TXID">010553611201400002</ram:ID>');
  });

  it('writes prices with VAT on top, and a sale without VAT stating no tax', async () => {
    const onTop = etaxXml(
      receipt({
        pricesIncludeVat: false,
        discount: 0,
        lines: [{ name: 'กระเป๋า', code: 'BAG-1', quantity: 3, unitPrice: 33_333, lineTotal: 99_999 }],
        subtotal: 99_999,
        valueBeforeVat: 99_999,
        vat: 7_000,
        total: 106_999,
      }),
    );
    expect(await etdaProblems(onTop, 'receipt')).toEqual([]);
    expect(textOf(onTop, 'LineTotalAmount')).toBe('999.99');
    expect(textOf(onTop, 'CalculatedRate')).toBe('7');
    expect(textOf(onTop, 'GrandTotalAmount')).toBe('1069.99');

    const noVat = etaxXml(
      receipt({
        vatRateBp: 0,
        discount: 0,
        lines: [{ name: 'หนังสือ', code: null, quantity: 1, unitPrice: 25_000, lineTotal: 25_000 }],
        subtotal: 25_000,
        valueBeforeVat: 25_000,
        vat: 0,
        total: 25_000,
      }),
    );
    expect(await etdaProblems(noVat, 'receipt')).toEqual([]);
    expect(noVat).not.toContain('ApplicableTradeTax');
    expect(textOf(noVat, 'GrandTotalAmount')).toBe('250.00');
  });

  it('is refused by the receipt’s rules when it is not a receipt, so the check is known to bite', async () => {
    const wrongType = etaxXml(receipt()).replace(
      '<ram:TypeCode>T01</ram:TypeCode>',
      '<ram:TypeCode>T03</ram:TypeCode>',
    );
    expect((await etdaProblems(wrongType, 'receipt')).join('\n')).toMatch(/RCT-Document-001/);
    const noBuyerId = etaxXml(receipt()).replace(
      /<ram:SpecifiedTaxRegistration>\s*<ram:ID schemeID="OTHR">N\/A<\/ram:ID>\s*<\/ram:SpecifiedTaxRegistration>/,
      '',
    );
    expect((await etdaProblems(noBuyerId, 'receipt')).join('\n')).toMatch(/RCT-BuyerTradeParty-001/);
  });

  it('renders the receipt as a PDF/A-3 titled ใบเสร็จรับเงิน with the sale’s figures, its XML attached', async () => {
    const doc = receipt();
    const xml = etaxXml(doc);
    const bytes = await taxDocumentPdf(doc, { xml: { name: `${doc.number}.xml`, content: xml } });
    const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
    expect(pdf.numPages).toBe(2);
    const first = await (await pdf.getPage(1)).getTextContent();
    const page = first.items
      .map((item) => ('str' in item ? item.str : ''))
      .join('')
      .replace(/\s+/g, '');
    for (const text of [
      'ใบเสร็จรับเงิน',
      'ต้นฉบับ',
      'R2569-T01-000123',
      '28พฤศจิกายน2569',
      'ลูกค้าทั่วไป',
      'ส่วนลด50.00',
      'ภาษีมูลค่าเพิ่ม7%',
      `จำนวนเงินรวมทั้งสิ้น${(doc.total / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
      bahtText(doc.total).replace(/\s+/g, ''),
    ]) {
      expect(page).toContain(text);
    }
    // Not a tax invoice: no "ใบกำกับภาษี" in its title, and a walk-in buyer has no tax ID line.
    expect(page).not.toContain('ใบกำกับภาษี');
    expect(page.match(/เลขประจำตัวผู้เสียภาษี/g)).toHaveLength(1);
    const attachments = ((await pdf.getAttachments()) ?? {}) as Record<
      string,
      { filename: string; content: Uint8Array }
    >;
    const [attached] = Object.values(attachments);
    expect(attached?.filename).toBe(`${doc.number}.xml`);
    expect(Buffer.from(attached!.content).toString('utf8')).toBe(xml);
    expect(bytes.toString('latin1')).toMatch(/<pdfaid:part>3<\/pdfaid:part>/);

    const noVat = await taxDocumentPdf(receipt({ vatRateBp: 0, vat: 0, valueBeforeVat: receipt().total }));
    const noVatPdf = await getDocument({ data: new Uint8Array(noVat), useSystemFonts: false }).promise;
    const noVatText = (await (await noVatPdf.getPage(1)).getTextContent()).items
      .map((item) => ('str' in item ? item.str : ''))
      .join('');
    expect(noVatText).not.toContain('ภาษีมูลค่าเพิ่ม');
  });
});
