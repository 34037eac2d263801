import type { Sale, StoreSettings } from '@pos/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../i18n';
import { settingsKeys } from '../settings/settings.queries';
import { saleFixture } from '../../test-fixtures/sale';
import { storeSettingsFixture } from '../../test-fixtures/store-settings';
import { ReceiptDialog } from './receipt-dialog';

const SETTINGS = storeSettingsFixture({
  storeName: 'ร้านแต่งตัวดี',
  taxRate: 7,
  vatRegistered: true,
  pricesIncludeVat: true,
  address: '99/1 ถนนสุขุมวิท',
  phone: '02-123-4567',
  email: 'shop@example.com',
  taxId: '0105560123456',
});

const SALE = saleFixture({
  document_number: 'R2569-000042',
  created_at: '2026-11-22T07:05:00.000Z',
  created_by: 2,
  created_by_name: '',
  subtotal: 535,
  discount: 0,
  tax: 35,
  total: 535,
  tax_rate: 7,
  prices_include_vat: true,
  payment: { method: 'cash', amount: 535, cash_received: 1000, change: 465, reference: null },
  points_used: 0,
  points_earned: 5,
  items: [
    {
      id: 1,
      product_id: 7,
      product_name: 'เสื้อยืดคอกลม',
      name: 'เสื้อยืดคอกลม',
      sku: 'TS-001',
      barcode: 'TS-001',
      category: 'เสื้อผ้า',
      price: 267.5,
      original_price: null,
      quantity: 2,
      total: 535,
      size: null,
      color: null,
      sizes: [],
      colors: [],
      variant_id: null,
      refunded_quantity: 0,
    },
  ],
});

function renderReceipt(
  sale: Sale,
  options: { showPaymentSummary?: boolean; canIssueTaxInvoice?: boolean } = {},
  settings: StoreSettings = SETTINGS,
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(settingsKeys.store, settings);
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={queryClient}>
      <I18nProvider initialLocale="th">
        <ReceiptDialog sale={sale} onClose={onClose} {...options} />
      </I18nProvider>
    </QueryClientProvider>,
  );
  return { onClose };
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('ReceiptDialog', () => {
  it('shows a receipt with the store, seller, customer, items, totals and payment', () => {
    renderReceipt(SALE);
    const dialog = screen.getByRole('dialog', { name: 'ใบเสร็จรับเงิน' });
    const doc = within(dialog).getByTestId('receipt-document');
    for (const text of [
      'ร้านแต่งตัวดี',
      'เลขประจำตัวผู้เสียภาษี 0105560123456',
      'ใบกำกับภาษีอย่างย่อ/ใบเสร็จรับเงิน',
      'ราคารวมภาษีมูลค่าเพิ่มแล้ว',
      'R2569-000042',
      'ไม่ระบุ',
      'ลูกค้าทั่วไป',
      'เสื้อยืดคอกลม',
      '@ 267.50',
      'ภาษีมูลค่าเพิ่ม 7% (รวมในราคาแล้ว)',
      '1,000.00',
      '465.00',
    ]) {
      expect(within(doc).getAllByText(text).length, text).toBeGreaterThan(0);
    }
    expect(within(doc).queryByText('สำเนา')).toBeNull();
    expect(within(doc).queryByText('ไม่รวม VAT โดย')).toBeNull();
    // A general customer collects no points, so the points block is left out.
    expect(within(doc).queryByText('แต้มที่ได้รับ')).toBeNull();
    // The CODE128 bars themselves are checked in the browser tests (jsdom cannot measure the text under them).
  });

  it('after a sale, shows total, received and change above the preview', () => {
    renderReceipt(SALE, { showPaymentSummary: true });
    const dialog = screen.getByRole('dialog', { name: 'ใบเสร็จรับเงิน' });
    const summary = within(dialog).getByTestId('receipt-payment-summary');
    expect(within(summary).getByTestId('receipt-summary-total').textContent).toMatch(/535\.00/);
    expect(within(summary).getByTestId('receipt-summary-received').textContent).toMatch(/1,000\.00/);
    expect(within(summary).getByTestId('receipt-summary-change').textContent).toMatch(/465\.00/);
    expect(within(summary).getByText('รับเงิน · เงินสด')).toBeTruthy();
    const doc = within(dialog).getByTestId('receipt-document');
    // Above the scrolling preview, so it is seen without scrolling.
    expect(summary.compareDocumentPosition(doc) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(doc.contains(summary)).toBe(false);
  });

  it('gives a non-cash sale its amount as received and no change, and leaves the summary out elsewhere', () => {
    renderReceipt(
      {
        ...SALE,
        payment_method: 'promptpay',
        payment: { method: 'promptpay', amount: 535, cash_received: null, change: null, reference: null },
      },
      { showPaymentSummary: true },
    );
    expect(screen.getByTestId('receipt-summary-received').textContent).toMatch(/535\.00/);
    expect(screen.getByTestId('receipt-summary-change').textContent).toMatch(/0\.00/);
    cleanup();
    renderReceipt(SALE);
    expect(screen.queryByTestId('receipt-payment-summary')).toBeNull();
  });

  it('switches to a copy of the short tax invoice marked as such, and prints only the document', () => {
    renderReceipt(SALE);
    fireEvent.click(screen.getByRole('button', { name: 'สำเนาใบกำกับภาษี' }));
    const dialog = screen.getByRole('dialog', { name: 'สำเนาใบกำกับภาษีอย่างย่อ' });
    const doc = within(dialog).getByTestId('receipt-document');
    expect(doc.getAttribute('aria-label')).toBe('สำเนา ใบกำกับภาษีอย่างย่อ/ใบเสร็จรับเงิน');
    expect(within(doc).getByText('สำเนา')).toBeTruthy();
    expect(within(doc).getByRole('heading', { name: 'ใบกำกับภาษีอย่างย่อ/ใบเสร็จรับเงิน' })).toBeTruthy();
    expect(within(doc).getByText('สำเนาของเอกสารเลขที่เดียวกันที่ออกให้ลูกค้าแล้ว ไม่ใช่ใบเสร็จรับเงินฉบับใหม่')).toBeTruthy();
    expect(within(doc).getByText('R2569-000042')).toBeTruthy();

    const print = vi.spyOn(window, 'print').mockImplementation(() => {
      expect(document.body.classList.contains('receipt-printing')).toBe(true);
      expect(document.getElementById('receipt-roll-page')?.textContent).toMatch(
        /@page receipt-roll \{ size: 80mm \d+mm/,
      );
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'พิมพ์' }));
    expect(print).toHaveBeenCalledOnce();
    const root = document.querySelector<HTMLElement>('.receipt-print-root');
    expect(root?.parentElement).toBe(document.body);
    expect(root?.dataset.paper).toBe('roll');
    window.dispatchEvent(new Event('afterprint'));
    expect(document.body.classList.contains('receipt-printing')).toBe(false);
    expect(document.getElementById('receipt-roll-page')).toBeNull();
  });

  it('gives a sale recorded without VAT a receipt only, naming who excluded VAT and who approved it', () => {
    renderReceipt({
      ...SALE,
      exclude_vat: true,
      tax: 0,
      tax_rate: 0,
      total: 535,
      vat_excluded_by: 2,
      vat_excluded_by_name: 'แคชเชียร์ นก',
      vat_exclusion_approved_by: 1,
      vat_exclusion_approved_by_name: 'เจ้าของร้าน',
    });
    const dialog = screen.getByRole('dialog', { name: 'ใบเสร็จรับเงิน' });
    expect(within(dialog).queryByRole('button', { name: 'สำเนาใบกำกับภาษี' })).toBeNull();
    expect(within(dialog).getByText('รายการนี้บันทึกแบบไม่รวม VAT จึงออกได้เฉพาะใบเสร็จรับเงิน')).toBeTruthy();
    const doc = within(dialog).getByTestId('receipt-document');
    expect(within(doc).getByRole('heading', { name: 'ใบเสร็จรับเงิน' })).toBeTruthy();
    expect(within(doc).queryByText('ราคารวมภาษีมูลค่าเพิ่มแล้ว')).toBeNull();
    expect(within(doc).getByText('ขายแบบไม่รวมภาษีมูลค่าเพิ่ม เอกสารนี้ไม่ใช่ใบกำกับภาษี')).toBeTruthy();
    expect(within(doc).getByText('ไม่รวม VAT โดย')).toBeTruthy();
    expect(within(doc).getByText('แคชเชียร์ นก')).toBeTruthy();
    expect(within(doc).getByText('อนุมัติไม่รวม VAT โดย')).toBeTruthy();
    expect(within(doc).getByText('เจ้าของร้าน')).toBeTruthy();
  });

  it('prints the POS registration number on a short tax invoice when set, not on a receipt without VAT', () => {
    const registered = { ...SETTINGS, system: { ...SETTINGS.system, posRegistrationNumber: 'E051190000123' } };
    renderReceipt(SALE, {}, registered);
    const doc = within(screen.getByRole('dialog')).getByTestId('receipt-document');
    expect(within(doc).getByText('หมายเลขเครื่อง POS E051190000123')).toBeTruthy();
    cleanup();
    renderReceipt({ ...SALE, exclude_vat: true, tax: 0, tax_rate: 0 }, {}, registered);
    expect(within(screen.getByRole('dialog')).getByTestId('receipt-document').textContent).not.toMatch(/E051190000123/);
    cleanup();
    renderReceipt(SALE);
    expect(within(screen.getByRole('dialog')).getByTestId('receipt-document').textContent).not.toMatch(
      /หมายเลขเครื่อง POS/,
    );
  });

  it('shows VAT as a separate amount when prices do not include it, and the points of a customer', () => {
    renderReceipt({
      ...SALE,
      prices_include_vat: false,
      customer_id: 3,
      customer_name: 'สมหญิง ใจงาม',
      created_by_name: 'นกน้อย',
      points_used: 10,
      discount: 10,
      points_earned: 5,
      final_loyalty_points: 40,
    });
    const doc = within(screen.getByRole('dialog')).getByTestId('receipt-document');
    expect(within(doc).getByText('ภาษีมูลค่าเพิ่ม 7%')).toBeTruthy();
    expect(within(doc).queryByText('ราคารวมภาษีมูลค่าเพิ่มแล้ว')).toBeNull();
    expect(within(doc).getByText('ยอดสุทธิรวมภาษีมูลค่าเพิ่มแล้ว')).toBeTruthy();
    expect(within(doc).getByText('ส่วนลด (ใช้ 10 แต้ม)')).toBeTruthy();
    expect(within(doc).getByText('-10.00')).toBeTruthy();
    expect(within(doc).getByText('สมหญิง ใจงาม')).toBeTruthy();
    expect(within(doc).getByText('นกน้อย')).toBeTruthy();
    expect(within(doc).getByText('แต้มคงเหลือ')).toBeTruthy();
  });

  it('prints the till that sold it when the shop has tills, and no till line otherwise', () => {
    renderReceipt({ ...SALE, till_id: 2, till_name: 'เคาน์เตอร์ 2', shift_id: 5 });
    const doc = within(screen.getByRole('dialog')).getByTestId('receipt-document');
    expect(within(doc).getByText('เครื่องขาย')).toBeTruthy();
    expect(within(doc).getByText('เคาน์เตอร์ 2')).toBeTruthy();
  });

  it('leaves the till line out of a sale made without one', () => {
    renderReceipt({ ...SALE, till_id: null, till_name: null, shift_id: null });
    const doc = within(screen.getByRole('dialog')).getByTestId('receipt-document');
    expect(within(doc).queryByText('เครื่องขาย')).toBeNull();
  });

  it('offers the full tax invoice beside print, names one issued, and says on the receipt that it was replaced', () => {
    renderReceipt(SALE);
    const dialog = screen.getByRole('dialog', { name: 'ใบเสร็จรับเงิน' });
    expect(within(dialog).getByTestId('receipt-full-tax-invoice').textContent).toBe('ใบกำกับภาษีเต็มรูป');
    cleanup();

    // Who may not sell may not issue one, but sees one issued.
    renderReceipt({ ...SALE, exclude_vat: true }, {});
    expect(screen.queryByTestId('receipt-full-tax-invoice')).toBeNull();
    cleanup();
    renderReceipt(SALE, { canIssueTaxInvoice: false });
    expect(screen.queryByTestId('receipt-full-tax-invoice')).toBeNull();
    cleanup();
    renderReceipt({ ...SALE, tax_invoice_id: 3, tax_invoice_number: 'INV2569-000003' }, { canIssueTaxInvoice: false });
    const issued = screen.getByRole('dialog', { name: 'ใบเสร็จรับเงิน' });
    expect(within(issued).getByTestId('receipt-full-tax-invoice').textContent).toBe('ใบกำกับภาษีเต็มรูป INV2569-000003');
    expect(within(issued).getByTestId('receipt-replaced-by').textContent).toBe(
      'ถูกแทนที่ด้วยใบกำกับภาษีเต็มรูปเลขที่ INV2569-000003',
    );
  });
});
