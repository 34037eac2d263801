import { describe, expect, it } from 'vitest';
import { etaxXml, netLines } from '../src/features/tax-invoices/etax-xml';
import type { CreditNoteDocument, TaxInvoiceDocument, TaxParty } from '../src/features/tax-invoices/tax-document';
import { etdaProblems } from './helpers/etda-validate';

// The ETDA XML of our tax documents: every one valid against ETDA's XSD and schematron rules, and saying what
// the document says (read back from the XML, not only "valid").

const seller: TaxParty = {
  name: 'ร้านแต่งตัวดี & เพื่อน <สาขาสยาม>',
  address: '11 ถนนสาทรใต้ แขวงทุ่งมหาเมฆ เขตสาทร กรุงเทพมหานคร 10120',
  taxId: '0105561234560',
  branch: '00000',
  email: 'shop@example.com',
  phone: '021234567',
  postcode: '10120',
  place: { buildingNumber: '11', subdistrict: '102803', district: '1028', province: '10' },
};
const company: TaxParty = {
  name: 'บริษัท "ผู้ซื้อ" จำกัด',
  address: '99/1 ถนนสุขุมวิท แขวงคลองเตย\nเขตคลองเตย กรุงเทพมหานคร 10110',
  taxId: '0105536112014',
  branch: '00002',
  email: 'acc@buyer.example',
  phone: null,
  postcode: '10110',
  place: null,
};
const person: TaxParty = { ...company, name: 'นายสมชาย ใจดี', taxId: '1101700230708', branch: '00000', email: null };

/** A paid invoice of VAT-inclusive prices with a points discount: 2 × 535 + 1 × 299 − 50, 7 %. */
function paidInvoice(over: Partial<TaxInvoiceDocument> = {}): TaxInvoiceDocument {
  const total = 2 * 53_500 + 29_900 - 5_000;
  const vat = Math.round((total * 700) / 10_700);
  return {
    kind: 'tax_invoice',
    number: 'INV2569-000042',
    issuedAt: '2026-11-28T07:05:00.000Z',
    timeZone: 'Asia/Bangkok',
    seller,
    buyer: company,
    vatRateBp: 700,
    pricesIncludeVat: true,
    lines: [
      { name: 'เสื้อเชิ้ต & กางเกง <M> ขาว', code: 'SH-001-M', quantity: 2, unitPrice: 53_500, lineTotal: 107_000 },
      { name: 'ถุงเท้า', code: null, quantity: 1, unitPrice: 29_900, lineTotal: 29_900 },
    ],
    paid: true,
    suppliedAt: '2026-11-27T10:00:00.000Z',
    replaces: { number: 'R2569-000123', issuedAt: '2026-11-27T10:00:00.000Z' },
    subtotal: 136_900,
    discount: 5_000,
    valueBeforeVat: total - vat,
    vat,
    total,
    ...over,
  };
}

function creditNote(over: Partial<CreditNoteDocument> = {}): CreditNoteDocument {
  return {
    kind: 'credit_note',
    number: 'CN2569-000007',
    issuedAt: '2026-11-29T03:00:00.000Z',
    timeZone: 'Asia/Bangkok',
    seller,
    buyer: company,
    vatRateBp: 700,
    pricesIncludeVat: true,
    lines: [{ name: 'เสื้อเชิ้ต ขาว M', code: 'SH-001-M', quantity: 1, unitPrice: 51_639, lineTotal: 51_639 }],
    invoice: {
      number: 'INV2569-000042',
      issuedAt: '2026-11-28T07:05:00.000Z',
      valueBeforeVat: 123_271,
      typeCode: 'T03',
    },
    reason: 'สินค้าชำรุดหรือเสียหาย',
    reasonCode: 'defective',
    originalValue: 123_271,
    correctValue: 123_271 - 48_261,
    difference: 48_261,
    vat: 3_378,
    total: 51_639,
    ...over,
  };
}

/** The text of the first element named `name` (any namespace prefix). */
function textOf(xml: string, name: string): string | undefined {
  return new RegExp(`<[a-z]+:${name}(?: [^>]*)?>([^<]*)</[a-z]+:${name}>`).exec(xml)?.[1];
}
function allOf(xml: string, name: string): string[] {
  return [...xml.matchAll(new RegExp(`<[a-z]+:${name}(?: [^>]*)?>([^<]*)</[a-z]+:${name}>`, 'g'))].map((m) => m[1]!);
}

describe('ETDA e-Tax XML', () => {
  it('writes a paid full tax invoice that passes ETDA’s schema and rules, saying what the invoice says', async () => {
    const doc = paidInvoice();
    const xml = etaxXml(doc);
    expect(await etdaProblems(xml, 'tax_invoice')).toEqual([]);
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    expect(textOf(xml, 'TypeCode')).toBe('T03');
    expect(xml).toContain('<ram:Name>ใบเสร็จรับเงิน/ใบกำกับภาษี</ram:Name>');
    expect(textOf(xml, 'IssueDateTime')).toBe('2026-11-28T14:05:00');
    expect(allOf(xml, 'ID')).toEqual(
      expect.arrayContaining(['INV2569-000042', '010556123456000000', '010553611201400002', 'SH-001-M']),
    );
    expect(xml).toContain('ออกแทนใบกำกับภาษีอย่างย่อเลขที่ R2569-000123 ลงวันที่ 2026-11-27');
    // Escaped, never raw: a name with &, < and quotes stays text.
    expect(xml).toContain('ร้านแต่งตัวดี &amp; เพื่อน &lt;สาขาสยาม&gt;');
    expect(xml).toContain('เสื้อเชิ้ต &amp; กางเกง &lt;M&gt; ขาว');
    expect(textOf(xml, 'TaxBasisTotalAmount')).toBe((doc.valueBeforeVat / 100).toFixed(2));
    expect(textOf(xml, 'TaxTotalAmount')).toBe((doc.vat / 100).toFixed(2));
    expect(textOf(xml, 'GrandTotalAmount')).toBe((doc.total / 100).toFixed(2));
    // Lines and the discount add up to the value before VAT exactly.
    const line = Number(textOf(xml, 'LineTotalAmount'));
    const allowance = Number(textOf(xml, 'AllowanceTotalAmount'));
    expect(Math.round((line - allowance) * 100)).toBe(doc.valueBeforeVat);
    expect(allOf(xml, 'NetLineTotalAmount').reduce((s, v) => s + Math.round(Number(v) * 100), 0)).toBe(
      Math.round(line * 100),
    );
    expect(xml).toContain('<ram:URIID>acc@buyer.example</ram:URIID>');
  });

  it('writes an unpaid invoice of prices with VAT on top as ใบกำกับภาษี (388), a person by their ID card number', async () => {
    const xml = etaxXml(
      paidInvoice({
        paid: false,
        buyer: person,
        pricesIncludeVat: false,
        vatRateBp: 300,
        discount: 0,
        lines: [{ name: 'กระเป๋า', code: 'BAG-1', quantity: 3, unitPrice: 33_333, lineTotal: 99_999 }],
        subtotal: 99_999,
        valueBeforeVat: 99_999,
        vat: 3_000,
        total: 102_999,
      }),
    );
    expect(await etdaProblems(xml, 'tax_invoice')).toEqual([]);
    expect(textOf(xml, 'TypeCode')).toBe('388');
    expect(xml).toContain('<ram:ID schemeID="NIDN">1101700230708</ram:ID>');
    expect(textOf(xml, 'CalculatedRate')).toBe('3');
    expect(textOf(xml, 'LineTotalAmount')).toBe('999.99');
  });

  it('writes a credit note referring to the invoice it corrects, with the original, correct and difference values', async () => {
    const doc = creditNote();
    const xml = etaxXml(doc);
    expect(await etdaProblems(xml, 'credit_note')).toEqual([]);
    expect(textOf(xml, 'TypeCode')).toBe('81');
    expect(textOf(xml, 'PurposeCode')).toBe('CDNG02');
    expect(textOf(xml, 'IssuerAssignedID')).toBe('INV2569-000042');
    expect(textOf(xml, 'ReferenceTypeCode')).toBe('T03');
    expect(textOf(xml, 'OriginalInformationAmount')).toBe('1232.71');
    expect(textOf(xml, 'LineTotalAmount')).toBe('750.10');
    expect(textOf(xml, 'DifferenceInformationAmount')).toBe('482.61');
    expect(textOf(xml, 'GrandTotalAmount')).toBe('516.39');
    const other = etaxXml(creditNote({ reasonCode: 'ลูกค้าเปลี่ยนใจ', reason: 'ลูกค้าเปลี่ยนใจ' }));
    expect(await etdaProblems(other, 'credit_note')).toEqual([]);
    expect(textOf(other, 'PurposeCode')).toBe('CDNG99');
    expect(textOf(other, 'Purpose')).toBe('ลูกค้าเปลี่ยนใจ');
  });

  it('is reported invalid when what ETDA requires is missing, so the checks are known to bite', async () => {
    const noPlace = etaxXml(paidInvoice({ seller: { ...seller, place: null } }));
    expect((await etdaProblems(noPlace, 'tax_invoice')).join('\n')).toMatch(/BuildingNumber|CityName/);
    const broken = etaxXml(paidInvoice()).replace(
      /<ram:TypeCode>T03<\/ram:TypeCode>/,
      '<ram:TypeCode>T99</ram:TypeCode>',
    );
    expect(await etdaProblems(broken, 'tax_invoice')).not.toEqual([]);
    const wrongRoot = etaxXml(creditNote());
    expect(await etdaProblems(wrongRoot, 'tax_invoice')).not.toEqual([]);
  });

  it('takes VAT-inclusive lines apart so they add up to the value before VAT, rounding left on the largest line', () => {
    const lines = [1, 2, 3].map((q) => ({
      name: 'x',
      code: null,
      quantity: q,
      unitPrice: 1_001,
      lineTotal: 1_001 * q,
    }));
    const total = 6_006;
    const vat = Math.round((total * 700) / 10_700);
    const { nets, allowance } = netLines(lines, {
      pricesIncludeVat: true,
      vatRateBp: 700,
      valueBeforeVat: total - vat,
      hasDiscount: false,
    });
    expect(allowance).toBe(0);
    expect(nets.reduce((a, b) => a + b, 0)).toBe(total - vat);
  });
});
