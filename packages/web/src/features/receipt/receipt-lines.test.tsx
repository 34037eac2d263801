import type { Sale } from '@pos/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { I18nProvider } from '../../i18n';
import { saleFixture } from '../../test-fixtures/sale';
import { ReceiptDocument } from './receipt-document';
import { printable, type ReceiptType } from './receipt';

const LINE = {
  product_id: 7,
  product_name: 'เสื้อโปโล',
  name: 'เสื้อโปโล',
  sku: 'PL-1',
  barcode: 'PL-1',
  category: 'เสื้อผ้า',
  price: 299,
  original_price: 399,
  quantity: 1,
  total: 299,
  refunded_quantity: 0,
};

const SALE = saleFixture({
  id: 9,
  document_number: 'R2569-000009',
  created_at: '2026-11-23T03:00:00.000Z',
  created_by_name: 'แคชเชียร์',
  subtotal: 697,
  discount: 0,
  tax: 0,
  total: 697,
  tax_rate: 7,
  prices_include_vat: true,
  payment: { method: 'cash', amount: 697, cash_received: null, change: null, reference: null },
  points_used: 0,
  points_earned: 0,
  items: [
    { ...LINE, id: 1, size: 'M', color: 'แดง', sizes: ['M'], colors: ['แดง'] },
    { ...LINE, id: 2, size: 'L', color: null, sizes: ['L'], colors: [] },
    {
      ...LINE,
      id: 3,
      product_name: 'ถุงเท้า',
      original_price: null,
      price: 99,
      total: 99,
      size: null,
      color: null,
      sizes: [],
      colors: [],
    },
  ],
});

afterEach(cleanup);

describe.each<ReceiptType>(['receipt', 'tax-invoice'])('the lines of a %s', (type) => {
  it('name the size and colour sold and strike through the usual price', () => {
    render(
      <I18nProvider initialLocale="th">
        <ReceiptDocument sale={SALE} settings={undefined} type={type} />
      </I18nProvider>,
    );
    const rows = within(screen.getByTestId('receipt-document')).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('ไซส์ M · สี แดง')).toBeTruthy();
    expect(within(rows[1]!).getByText('ไซส์ L')).toBeTruthy();
    expect(within(rows[0]!).getByText('ปกติ ฿399').tagName).toBe('S');
    expect(within(rows[2]!).queryByText(/ไซส์|สี /)).toBeNull();
    expect(within(rows[2]!).queryByText(/ปกติ/)).toBeNull();
  });
});

describe('text stored before bidirectional controls were refused', () => {
  const RLO = '\u202e';

  it('prints in the order it was typed, without the controls', () => {
    const sale: Sale = {
      ...SALE,
      created_by_name: `\u2066แคชเชียร์${RLO}`,
      customer_name: `${RLO}สมชาย`,
      items: [{ ...SALE.items[0]!, product_name: `${RLO}เสื้อ ABC`, size: `${RLO}XL`, sizes: [`${RLO}XL`] }],
    };
    render(
      <I18nProvider initialLocale="th">
        <ReceiptDocument sale={sale} settings={undefined} type="receipt" />
      </I18nProvider>,
    );
    const text = screen.getByTestId('receipt-document').textContent ?? '';
    expect(text).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
    for (const shown of ['เสื้อ ABC', 'ไซส์ XL', 'แคชเชียร์', 'สมชาย']) expect(text).toContain(shown);
  });

  it('cleans every text of the settings it prints too, the store address included', () => {
    const settings = { system: { storeName: `ร้าน${RLO}ดี`, address: `99 ถนน\u2067สุขุมวิท\u2069\nกรุงเทพฯ`, taxRate: 7 } };
    expect(printable(settings)).toEqual({
      system: { storeName: 'ร้านดี', address: '99 ถนนสุขุมวิท\nกรุงเทพฯ', taxRate: 7 },
    });
  });
});
