import { describe, expect, it } from 'vitest';
import { translate } from '../../i18n/translate';
import { documentTitleKey, formatAmount, receiptTypesFor, vatStatement } from './receipt';

describe('receipt and short tax invoice', () => {
  it('offers a tax invoice only for a sale recorded with VAT', () => {
    expect(receiptTypesFor({ exclude_vat: false })).toEqual(['receipt', 'tax-invoice']);
    expect(receiptTypesFor({ exclude_vat: true })).toEqual(['receipt']);
  });

  it('heads the document as the law asks', () => {
    const th = (key: Parameters<typeof translate>[1]) => translate('th', key);
    expect(th(documentTitleKey({ exclude_vat: false }, 'tax-invoice'))).toBe('ใบกำกับภาษีอย่างย่อ');
    expect(th(documentTitleKey({ exclude_vat: false }, 'receipt'))).toBe('ใบเสร็จรับเงิน/ใบกำกับภาษีอย่างย่อ');
    expect(th(documentTitleKey({ exclude_vat: true }, 'tax-invoice'))).toBe('ใบเสร็จรับเงิน');
    expect(translate('th', 'receipt.vatIncludedNote')).toBe('ราคารวมภาษีมูลค่าเพิ่มแล้ว');
  });

  it('states VAT as included in prices or as a separate amount', () => {
    expect(vatStatement({ exclude_vat: false, prices_include_vat: true, tax_rate: 7 })).toEqual({
      kind: 'included',
      rate: 7,
    });
    expect(vatStatement({ exclude_vat: false, prices_include_vat: false, tax_rate: 3 })).toEqual({
      kind: 'separate',
      rate: 3,
    });
    expect(vatStatement({ exclude_vat: true, prices_include_vat: true, tax_rate: 0 })).toEqual({ kind: 'none' });
  });

  it('prints amounts with 2 decimals', () => {
    expect(formatAmount(1234.5)).toBe('1,234.50');
    expect(formatAmount(0)).toBe('0.00');
    expect(formatAmount(Number.NaN)).toBe('0.00');
  });
});
