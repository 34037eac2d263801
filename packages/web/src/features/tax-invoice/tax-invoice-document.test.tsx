import { cleanup, render, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { I18nProvider, loadDictionary } from '../../i18n';
import { ReceiptDocument } from '../receipt/receipt-document';
import { saleFixture } from '../../test-fixtures/sale';
import { VAT_SHOP_SETTINGS } from '../../test-fixtures/store-settings';
import { TaxInvoiceA4 } from './tax-invoice-a4';
import { taxInvoiceFixture } from './tax-invoice-fixtures';
import { TaxInvoiceRoll } from './tax-invoice-roll';

afterEach(cleanup);

const INVOICE = taxInvoiceFixture();

describe('the printed full tax invoice', () => {
  it('on A4: the original, then the copy on a page of its own, every 86/4 field in Thai', async () => {
    await loadDictionary('en');
    const { getByTestId } = render(
      <I18nProvider initialLocale="en">
        <TaxInvoiceA4 invoice={INVOICE} logoUrl={null} />
      </I18nProvider>,
    );
    const original = getByTestId('tax-invoice-page-original');
    const copy = getByTestId('tax-invoice-page-copy');
    // The copy starts a new sheet.
    expect(original.style.breakAfter).toBe('page');
    expect(copy.style.breakAfter).toBe('');
    expect(within(original).getByTestId('a4-mark').textContent).toBe('ต้นฉบับ');
    expect(within(copy).getByTestId('a4-mark').textContent).toBe('สำเนา');

    const text = original.textContent ?? '';
    for (const expected of [
      'ใบเสร็จรับเงิน/ใบกำกับภาษี',
      'ร้านลินินดี',
      'เลขประจำตัวผู้เสียภาษี 0105561234560 สาขาที่ 00003',
      'โทร 053123456',
      'บริษัท ตัวอย่าง จำกัด',
      'เลขประจำตัวผู้เสียภาษี 0105556123453 สำนักงานใหญ่',
      'INV2569-000001',
      'ออกแทนใบกำกับภาษีอย่างย่อเลขที่ R2569-000005',
      // Issued the day after the sale: the date of supply is stated too, in the Buddhist era.
      'วันที่ขายสินค้า',
      '2569',
      'รวมเป็นเงิน',
      'ส่วนลด',
      'มูลค่าสินค้าก่อนภาษี',
      'ภาษีมูลค่าเพิ่ม 7%',
      'จำนวนเงินรวมทั้งสิ้น',
      'ผู้รับสินค้า',
      'ผู้รับเงิน',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(within(original).getByTestId('a4-amount-in-words').textContent).toBe('(หนึ่งพันสองร้อยบาทห้าสิบสตางค์)');
    const totals = within(original).getByTestId('a4-totals').textContent ?? '';
    expect(totals).toContain('1,121.96');
    expect(totals).toContain('78.54');
    expect(totals).toContain('-50.00');
    expect(text).not.toMatch(/Tax invoice|Buyer|Grand total/);
  });

  it('leaves the date of supply out when issued the same day', () => {
    const { getByTestId } = render(
      <TaxInvoiceA4 invoice={{ ...INVOICE, suppliedAt: INVOICE.issuedAt }} logoUrl={null} copies={['original']} />,
    );
    expect(getByTestId('tax-invoice-page-original').textContent).not.toContain('วันที่ขายสินค้า');
  });

  it('on the roll: the same fields, original and copy', () => {
    const { getAllByTestId } = render(<TaxInvoiceRoll invoice={INVOICE} />);
    const [original, copy] = getAllByTestId('tax-invoice-document');
    expect(within(original!).getByTestId('roll-mark').textContent).toBe('ต้นฉบับ');
    expect(within(copy!).getByTestId('roll-mark').textContent).toBe('สำเนา');
    const text = original!.textContent ?? '';
    for (const expected of [
      'ใบเสร็จรับเงิน/ใบกำกับภาษี',
      'สาขาที่ 00003',
      'บริษัท ตัวอย่าง จำกัด',
      'เลขประจำตัวผู้เสียภาษี 0105556123453 สำนักงานใหญ่',
      'มูลค่าสินค้าก่อนภาษี',
      'จำนวนเงินรวมทั้งสิ้น',
      '(หนึ่งพันสองร้อยบาทห้าสิบสตางค์)',
    ]) {
      expect(text, expected).toContain(expected);
    }
  });

  it('marks the short invoice it replaced, on reprint', () => {
    const sale = saleFixture({ tax_invoice_id: 1, tax_invoice_number: 'INV2569-000001', tax_rate: 7, tax: 7 });
    for (const paper of ['roll', 'a4'] as const) {
      const { getByTestId, unmount } = render(
        <I18nProvider initialLocale="th">
          <ReceiptDocument sale={sale} settings={VAT_SHOP_SETTINGS} type="receipt" paper={paper} />
        </I18nProvider>,
      );
      expect(getByTestId('receipt-document').textContent).toContain('ถูกแทนที่ด้วยใบกำกับภาษีเต็มรูปเลขที่ INV2569-000001');
      unmount();
    }
  });
});
