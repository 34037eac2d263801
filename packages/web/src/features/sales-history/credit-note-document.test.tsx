import type { Sale, SaleRefund, StoreSettings } from '@pos/core';
import { creditNoteFigures } from '@pos/core';
import { cleanup, render, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { I18nProvider, loadDictionary } from '../../i18n';

import { CreditNoteDocument } from './credit-note-document';
import { saleFixture } from '../../test-fixtures/sale';
import { VAT_SHOP_SETTINGS } from '../../test-fixtures/store-settings';

const REFUND: SaleRefund = {
  id: 1,
  sale_id: 5,
  reason: 'defective',
  amount: 103,
  refund_method: 'transfer',
  parts: [{ method: 'transfer', amount: 103 }],
  refunded_by: 1,
  refunded_by_name: 'เจ้าของร้าน',
  created_at: '2026-11-24T03:00:00.000Z',
  edit_reason: null,
  edit_details: null,
  edited_by: null,
  edited_at: null,
  credit_note_number: 'CN2569-000001',
  original_document_number: 'R2569-000005',
  points_taken_back: 1,
  points_returned: 0,
  points_shortfall: 0,
  vat: 3,
  buyer_address: '12/3 ถ.นิมมานเหมินท์ เชียงใหม่',
  stripe_refund_id: null,
  off_card_reason: null,
  lines: [{ sale_item_id: 2, product_name: 'หมวก', quantity: 1, amount: 103 }],
};

/** ฿500 + 3 % on top: a shirt pair and a cap, the cap refunded first, then one shirt. */
const SALE: Sale = saleFixture({
  id: 5,
  document_number: 'R2569-000005',
  status: 'partially_refunded',
  created_at: '2026-11-23T03:00:00.000Z',
  customer_id: 3,
  customer_name: 'วันดี มีสุข',
  created_by_name: 'แคชเชียร์',
  subtotal: 500,
  discount: 0,
  tax: 15,
  total: 515,
  payment: { method: 'cash', amount: 515, cash_received: null, change: null, reference: null },
  points_used: 0,
  points_earned: 5,
  final_loyalty_points: 5,
  refunded_amount: 309,
  refunds: [
    REFUND,
    {
      ...REFUND,
      id: 2,
      reason: 'ลูกค้าเปลี่ยนใจ',
      refund_method: 'cash',
      amount: 206,
      vat: 6,
      credit_note_number: 'CN2569-000002',
      lines: [{ sale_item_id: 1, product_name: 'เสื้อ', quantity: 1, amount: 206 }],
    },
  ],
});

afterEach(cleanup);

describe('the credit note', () => {
  it('works out the 86/10 figures, earlier credit notes taken off first', () => {
    expect(creditNoteFigures(SALE, SALE.refunds[0]!)).toEqual({
      originalValue: 500,
      earlierValue: 0,
      correctValue: 400,
      difference: 100,
      vat: 3,
      amount: 103,
    });
    expect(creditNoteFigures(SALE, SALE.refunds[1]!)).toEqual({
      originalValue: 500,
      earlierValue: 100,
      correctValue: 200,
      difference: 200,
      vat: 6,
      amount: 206,
    });
  });

  it('prints the figures, the buyer with the address, the reason in words and the refund method', () => {
    const { getByTestId } = render(
      <I18nProvider>
        <CreditNoteDocument sale={SALE} refund={SALE.refunds[1]!} settings={VAT_SHOP_SETTINGS} />
      </I18nProvider>,
    );
    const figures = getByTestId('credit-note-figures').textContent;
    expect(figures).toContain('มูลค่าสินค้าตามใบกำกับภาษีเดิม500.00');
    expect(figures).toContain('ลดหนี้ไปแล้วก่อนหน้านี้100.00');
    expect(figures).toContain('มูลค่าที่ถูกต้อง200.00');
    expect(figures).toContain('ผลต่าง200.00');
    expect(figures).toContain('ภาษีมูลค่าเพิ่ม 3% ของผลต่าง6.00');
    const note = within(getByTestId('credit-note-document'));
    expect(getByTestId('credit-note-buyer').textContent).toContain('12/3 ถ.นิมมานเหมินท์ เชียงใหม่');
    expect(note.getByText('เหตุผล: ลูกค้าเปลี่ยนใจ')).toBeTruthy();
    expect(note.getByText('เงินสด')).toBeTruthy();
    cleanup();
    const first = render(
      <I18nProvider>
        <CreditNoteDocument sale={SALE} refund={SALE.refunds[0]!} settings={VAT_SHOP_SETTINGS} />
      </I18nProvider>,
    );
    expect(first.getByText('เหตุผล: สินค้าชำรุดหรือเสียหาย')).toBeTruthy();
    expect(first.getByTestId('credit-note-figures').textContent).not.toContain('ลดหนี้ไปแล้ว');
  });

  it('prints a refund note, not a credit note, for a shop without its tax id (no tax invoice to correct)', () => {
    const { getByTestId } = render(
      <I18nProvider>
        <CreditNoteDocument sale={SALE} refund={SALE.refunds[0]!} settings={undefined} />
      </I18nProvider>,
    );
    const note = getByTestId('credit-note-document');
    expect(note.getAttribute('aria-label')).toBe('ใบคืนเงิน');
    expect(note.textContent).not.toContain('ใบลดหนี้');
    expect(note.textContent).not.toContain('CN2569-000001');
    expect(getByTestId('credit-note-figures').textContent).not.toContain('ภาษีมูลค่าเพิ่ม');
  });

  it('prints in Thai with a Buddhist-era date when the screen is in English, on the roll and on A4', async () => {
    await loadDictionary('en');
    for (const paper of ['roll', 'a4'] as const) {
      const { getByTestId } = render(
        <I18nProvider initialLocale="en">
          <CreditNoteDocument sale={SALE} refund={SALE.refunds[0]!} settings={VAT_SHOP_SETTINGS} paper={paper} />
        </I18nProvider>,
      );
      const note = getByTestId('credit-note-document');
      expect(note.getAttribute('lang')).toBe('th');
      expect(note.textContent).toContain('ใบลดหนี้');
      expect(note.textContent).toContain('2569');
      expect(note.textContent).not.toMatch(/Credit note|Refund|Reason|2026/);
      cleanup();
    }
  });

  it("says a card sale's money went back to the card, with the Stripe refund, or why it did not", () => {
    const card = { ...SALE, payment_method: 'card' as const };
    const toCard = render(
      <I18nProvider>
        <CreditNoteDocument
          sale={card}
          refund={{ ...REFUND, refund_method: 'card', stripe_refund_id: 're_3Qx9Example' }}
          settings={VAT_SHOP_SETTINGS}
        />
      </I18nProvider>,
    );
    expect(toCard.getByText('คืนเข้าบัตรที่ใช้ชำระ (ผ่าน Stripe)')).toBeTruthy();
    expect(toCard.getByText('เลขอ้างอิงการคืนเงิน: re_3Qx9Example')).toBeTruthy();
    cleanup();
    const inCash = render(
      <I18nProvider>
        <CreditNoteDocument
          sale={card}
          refund={{ ...REFUND, refund_method: 'cash', off_card_reason: 'บัตรของลูกค้าถูกยกเลิกแล้ว' }}
          settings={VAT_SHOP_SETTINGS}
        />
      </I18nProvider>,
    );
    expect(inCash.getByText('เงินสด')).toBeTruthy();
    expect(inCash.getByText('ชำระด้วยบัตร ไม่ได้คืนเข้าบัตร เพราะ: บัตรของลูกค้าถูกยกเลิกแล้ว')).toBeTruthy();
    expect(inCash.queryByText(/เลขอ้างอิงการคืนเงิน/)).toBeNull();
  });
});

describe('a credit note of text stored before direction marks and zero-width characters were refused', () => {
  it('prints none of them, in the order typed', () => {
    const dressed = (text: string) => `\ufeff${text.slice(0, 2)}\u200b\u200f${text.slice(2)}\u2028\u061c`;
    const refund: SaleRefund = {
      ...REFUND,
      reason: dressed('ไซส์ไม่พอดี 12/3'),
      refunded_by_name: dressed('เจ้าของร้าน'),
      buyer_address: dressed('12/3 ถ.นิมมานเหมินท์'),
      lines: [{ sale_item_id: 2, product_name: dressed('หมวก 100 200'), quantity: 1, amount: 103 }],
    };
    const sale: Sale = { ...SALE, customer_name: dressed('วันดี มีสุข'), refunds: [refund, SALE.refunds[1]!] };
    const settings = {
      system: {
        storeName: `ร้าน\u200f 100 200 (12/3)`,
        address: dressed('99 ถนนสุขุมวิท'),
        taxId: dressed('0105556012345'),
        logo: '',
        logo_url: '',
      },
    } as unknown as StoreSettings;
    const view = render(
      <I18nProvider initialLocale="th">
        <CreditNoteDocument sale={sale} refund={refund} settings={settings} />
      </I18nProvider>,
    );
    const text = view.getByTestId('credit-note-document').textContent ?? '';
    expect(text).not.toMatch(/[\u061c\u200b-\u200f\u2028\u2029\u202a-\u202e\u2060-\u2069\ufeff]/);
    for (const shown of ['ร้าน 100 200 (12/3)', '99 ถนนสุขุมวิท', 'วันดี มีสุข', 'หมวก 100 200']) expect(text).toContain(shown);
  });
});
