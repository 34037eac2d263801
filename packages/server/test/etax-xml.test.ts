import { describe, expect, it } from 'vitest';
import { allocate, etaxXml } from '../src/features/tax-invoices/etax-xml';
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

  it('shares an amount among lines in proportion, to the satang, the rounding spread over the largest remainders', () => {
    expect(allocate(10, [1, 1, 1])).toEqual([4, 3, 3]);
    expect(
      allocate(
        187,
        Array.from({ length: 40 }, () => 5),
      ).sort(),
    ).toEqual([...Array.from({ length: 27 }, () => 5), ...Array.from({ length: 13 }, () => 4)].sort());
    expect(allocate(5, [0, 0])).toEqual([3, 2]);
    expect(allocate(0, [3, 7])).toEqual([0, 0]);
    expect(allocate(7, [])).toEqual([]);
  });
});

/**
 * An invoice priced the way the till prices a sale (core's priceSale): VAT-inclusive prices give total =
 * subtotal − discount and VAT = total × rate / (100 + rate); prices before VAT put the rate on subtotal − discount.
 */
function pricedInvoice(
  lines: { unitPrice: number; quantity: number }[],
  options: { discount?: number; pricesIncludeVat: boolean; vatRateBp?: number },
): TaxInvoiceDocument {
  const rate = options.vatRateBp ?? 700;
  const discount = options.discount ?? 0;
  const docLines = lines.map((l, i) => ({
    name: `สินค้า ${i + 1}`,
    code: null,
    quantity: l.quantity,
    unitPrice: l.unitPrice,
    lineTotal: l.unitPrice * l.quantity,
  }));
  const subtotal = docLines.reduce((s, l) => s + l.lineTotal, 0);
  const after = subtotal - discount;
  const vat = options.pricesIncludeVat
    ? Math.floor((2 * after * rate + 10_000 + rate) / (2 * (10_000 + rate)))
    : Math.floor((2 * after * rate + 10_000) / 20_000);
  const total = options.pricesIncludeVat ? after : after + vat;
  return paidInvoice({
    lines: docLines,
    pricesIncludeVat: options.pricesIncludeVat,
    vatRateBp: rate,
    subtotal,
    discount,
    valueBeforeVat: total - vat,
    vat,
    total,
  });
}

const satang = (text: string | undefined) => Math.round(Number(text) * 100);

/** Every line item's amounts, in satang. */
function lineAmounts(
  xml: string,
): { net: number; vat: number; gross: number; basis: number; lineVat: number; unit: number }[] {
  return [
    ...xml.matchAll(/<ram:IncludedSupplyChainTradeLineItem>([\s\S]*?)<\/ram:IncludedSupplyChainTradeLineItem>/g),
  ].map(([, item]) => ({
    net: satang(textOf(item!, 'NetLineTotalAmount')),
    vat: satang(
      /<ram:SpecifiedTradeSettlementLineMonetarySummation>\s*<ram:TaxTotalAmount[^>]*>([^<]*)</.exec(item!)?.[1],
    ),
    gross: satang(textOf(item!, 'NetIncludingTaxesLineTotalAmount')),
    basis: satang(textOf(item!, 'BasisAmount')),
    lineVat: satang(textOf(item!, 'CalculatedAmount')),
    unit: Number(textOf(item!, 'ChargeAmount')),
  }));
}

/** The header's sums, in satang. */
function headerAmounts(xml: string) {
  const summation =
    /<ram:SpecifiedTradeSettlementHeaderMonetarySummation>([\s\S]*?)<\/ram:SpecifiedTradeSettlementHeaderMonetarySummation>/.exec(
      xml,
    )![1]!;
  return {
    lines: satang(textOf(summation, 'LineTotalAmount')),
    allowance: satang(textOf(summation, 'AllowanceTotalAmount')),
    basis: satang(textOf(summation, 'TaxBasisTotalAmount')),
    vat: satang(textOf(summation, 'TaxTotalAmount')),
    total: satang(textOf(summation, 'GrandTotalAmount')),
  };
}

describe('ETDA e-Tax XML with awkward figures', () => {
  const cases: [string, TaxInvoiceDocument][] = [
    [
      '3 × ฿33.33, 10 % off the bill, VAT in the prices',
      pricedInvoice(
        [33_33, 33_33, 33_33].map((p) => ({ unitPrice: p, quantity: 1 })),
        { discount: 1_000, pricesIncludeVat: true },
      ),
    ],
    [
      '3 × ฿33.33, 10 % off the bill, VAT on top',
      pricedInvoice(
        [33_33, 33_33, 33_33].map((p) => ({ unitPrice: p, quantity: 1 })),
        { discount: 1_000, pricesIncludeVat: false },
      ),
    ],
    ['7 × ฿0.01, VAT in the prices', pricedInvoice([{ unitPrice: 1, quantity: 7 }], { pricesIncludeVat: true })],
    ['7 × ฿0.01, VAT on top', pricedInvoice([{ unitPrice: 1, quantity: 7 }], { pricesIncludeVat: false })],
    [
      '40 lines of ฿0.05, VAT in the prices',
      pricedInvoice(
        Array.from({ length: 40 }, () => ({ unitPrice: 5, quantity: 1 })),
        { pricesIncludeVat: true },
      ),
    ],
    [
      '10 lines of ฿0.08, 1 satang off, VAT in the prices',
      pricedInvoice(
        Array.from({ length: 10 }, () => ({ unitPrice: 8, quantity: 1 })),
        { discount: 1, pricesIncludeVat: true },
      ),
    ],
    [
      '40 mixed lines, ฿17 off, VAT in the prices',
      pricedInvoice(
        Array.from({ length: 40 }, (_, i) => ({ unitPrice: 1_999 + i * 37, quantity: 1 + (i % 3) })),
        { discount: 1_700, pricesIncludeVat: true },
      ),
    ],
    [
      '40 mixed lines, ฿17 off, VAT on top at 3.5 %',
      pricedInvoice(
        Array.from({ length: 40 }, (_, i) => ({ unitPrice: 1_999 + i * 37, quantity: 1 + (i % 3) })),
        { discount: 1_700, pricesIncludeVat: false, vatRateBp: 350 },
      ),
    ],
  ];

  it.each(cases)('%s: valid, and the lines, discount, VAT and total add up', async (_name, doc) => {
    const xml = etaxXml(doc);
    expect(await etdaProblems(xml, 'tax_invoice')).toEqual([]);
    const head = headerAmounts(xml);
    const lines = lineAmounts(xml);
    expect(head).toEqual({
      lines: head.lines,
      allowance: head.lines - doc.valueBeforeVat,
      basis: doc.valueBeforeVat,
      vat: doc.vat,
      total: doc.total,
    });
    expect(head.allowance).toBeGreaterThanOrEqual(0);
    expect(lines.reduce((s, l) => s + l.net, 0)).toBe(head.lines);
    for (const [i, line] of lines.entries()) {
      expect(line.net, `line ${i + 1}`).toBeGreaterThanOrEqual(0);
      expect(line.basis).toBe(line.net);
      expect(line.lineVat).toBe(line.vat);
      expect(line.gross).toBe(line.net + line.vat);
      // The price per unit before VAT, to ETDA's five decimals.
      expect(Math.abs(line.unit * doc.lines[i]!.quantity * 100 - line.net)).toBeLessThan(
        0.001 * doc.lines[i]!.quantity,
      );
      // What the line was charged: its price with the VAT in it, or its price before VAT.
      if (doc.pricesIncludeVat) expect(line.gross, `line ${i + 1}`).toBe(doc.lines[i]!.lineTotal);
      else expect(line.net, `line ${i + 1}`).toBe(doc.lines[i]!.lineTotal);
      // Each line's share of the split is within a satang of its exact share.
      const exact = doc.pricesIncludeVat
        ? (doc.lines[i]!.lineTotal * 10_000) / (10_000 + doc.vatRateBp)
        : (doc.lines[i]!.lineTotal * doc.vatRateBp) / 10_000;
      expect(Math.abs((doc.pricesIncludeVat ? line.net : line.vat) - exact), `line ${i + 1}`).toBeLessThan(1.5);
    }
    // Without a discount the lines' VAT is the invoice's VAT.
    if (doc.discount === 0) expect(lines.reduce((s, l) => s + l.vat, 0)).toBe(doc.vat);
  });

  it('writes a credit note of many small lines whose nets and VAT add up to the difference and its VAT', async () => {
    const lines = Array.from({ length: 12 }, (_, i) => ({
      name: `สินค้า ${i + 1}`,
      code: null,
      quantity: 1,
      unitPrice: 5 + (i % 4),
      lineTotal: 5 + (i % 4),
    }));
    const total = lines.reduce((s, l) => s + l.lineTotal, 0);
    const vat = Math.round((total * 700) / 10_700);
    const doc = creditNote({
      lines,
      total,
      vat,
      difference: total - vat,
      correctValue: 123_271 - (total - vat),
    });
    const xml = etaxXml(doc);
    expect(await etdaProblems(xml, 'credit_note')).toEqual([]);
    const items = lineAmounts(xml);
    expect(items.reduce((s, l) => s + l.net, 0)).toBe(doc.difference);
    expect(items.reduce((s, l) => s + l.vat, 0)).toBe(doc.vat);
    items.forEach((line, i) => {
      expect(line.net).toBeGreaterThanOrEqual(0);
      expect(line.gross).toBe(lines[i]!.lineTotal);
    });
  });
});
