import { describe, expect, it } from 'vitest';
import { translate } from '../../i18n/translate';
import { documentHeading, formatAmount, receiptTypesFor, vatStatement, type ReceiptType } from './receipt';

describe('receipt and short tax invoice', () => {
  const TAX_ID = '0105561234560';
  const vatSale = { exclude_vat: false, prices_include_vat: true, tax_rate: 7 };

  it('offers a tax invoice only for a sale recorded with VAT by a shop with its tax id', () => {
    expect(receiptTypesFor(vatSale, TAX_ID)).toEqual(['receipt', 'tax-invoice']);
    expect(receiptTypesFor({ ...vatSale, exclude_vat: true, tax_rate: 0 }, TAX_ID)).toEqual(['receipt']);
    expect(receiptTypesFor(vatSale, '')).toEqual(['receipt']);
    expect(receiptTypesFor({ ...vatSale, tax_rate: 0 }, TAX_ID)).toEqual(['receipt']);
  });

  it('titles the document ใบเสร็จรับเงิน, stating no VAT, when the shop has no tax id or charged no VAT', () => {
    const th = (key: Parameters<typeof translate>[1]) => translate('th', key);
    for (const [sale, taxId] of [
      [vatSale, ''],
      [{ ...vatSale, tax_rate: 0 }, TAX_ID],
    ] as const) {
      const h = documentHeading(sale, 'receipt', taxId);
      expect(th(h.title)).toBe('ใบเสร็จรับเงิน');
      expect(h.notes).toEqual([]);
    }
    expect(vatStatement({ ...vatSale, tax: 7 }, '')).toEqual({ kind: 'none' });
    // Recorded with VAT on top before the tax id was set: the money added is shown, not as tax.
    expect(vatStatement({ ...vatSale, prices_include_vat: false, tax: 3 }, '')).toEqual({ kind: 'added' });
  });

  it('heads a VAT sale as one short tax invoice/receipt, and its copy as a marked copy (86/6)', () => {
    const th = (key: Parameters<typeof translate>[1]) => translate('th', key);
    const shown = (sale: { exclude_vat: boolean; prices_include_vat: boolean }, type: ReceiptType) => {
      const h = documentHeading({ ...sale, tax_rate: 7 }, type, TAX_ID);
      return { title: th(h.title), copy: h.copy, notes: h.notes.map(th) };
    };
    expect(shown({ exclude_vat: false, prices_include_vat: true }, 'receipt')).toEqual({
      title: 'ใบกำกับภาษีอย่างย่อ/ใบเสร็จรับเงิน',
      copy: false,
      notes: ['ราคารวมภาษีมูลค่าเพิ่มแล้ว'],
    });
    // Tax on top of the shelf price: the total, not each price, includes VAT.
    expect(shown({ exclude_vat: false, prices_include_vat: false }, 'receipt').notes).toEqual([
      'ยอดสุทธิรวมภาษีมูลค่าเพิ่มแล้ว',
    ]);
    expect(shown({ exclude_vat: false, prices_include_vat: true }, 'tax-invoice')).toEqual({
      title: 'ใบกำกับภาษีอย่างย่อ/ใบเสร็จรับเงิน',
      copy: true,
      notes: ['ราคารวมภาษีมูลค่าเพิ่มแล้ว', 'สำเนาของเอกสารเลขที่เดียวกันที่ออกให้ลูกค้าแล้ว ไม่ใช่ใบเสร็จรับเงินฉบับใหม่'],
    });
  });

  it('heads a sale without VAT as a plain receipt that says it is not a tax invoice', () => {
    const th = (key: Parameters<typeof translate>[1]) => translate('th', key);
    for (const type of ['receipt', 'tax-invoice'] as const) {
      const h = documentHeading({ exclude_vat: true, prices_include_vat: true, tax_rate: 0 }, type, TAX_ID);
      expect(th(h.title)).toBe('ใบเสร็จรับเงิน');
      expect(h.copy).toBe(false);
      expect(h.notes.map(th)).toEqual(['ขายแบบไม่รวมภาษีมูลค่าเพิ่ม เอกสารนี้ไม่ใช่ใบกำกับภาษี']);
    }
  });

  it('states VAT as included in prices or as a separate amount', () => {
    expect(vatStatement({ exclude_vat: false, prices_include_vat: true, tax_rate: 7, tax: 7 }, TAX_ID)).toEqual({
      kind: 'included',
      rate: 7,
    });
    expect(vatStatement({ exclude_vat: false, prices_include_vat: false, tax_rate: 3, tax: 3 }, TAX_ID)).toEqual({
      kind: 'separate',
      rate: 3,
    });
    expect(vatStatement({ exclude_vat: true, prices_include_vat: true, tax_rate: 0, tax: 0 }, TAX_ID)).toEqual({
      kind: 'excluded',
    });
  });

  it('prints amounts with 2 decimals', () => {
    expect(formatAmount(1234.5)).toBe('1,234.50');
    expect(formatAmount(0)).toBe('0.00');
    expect(formatAmount(Number.NaN)).toBe('0.00');
  });
});
