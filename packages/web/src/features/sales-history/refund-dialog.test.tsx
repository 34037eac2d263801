import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { SaleItem } from '@pos/core';
import { afterEach, describe, expect, it } from 'vitest';
import { I18nProvider } from '../../i18n';
import { saleFixture } from '../../test-fixtures/sale';
import { RefundDialog } from './refund-dialog';

const line = (id: number, size: string | null, color: string | null, name = 'โปโล'): SaleItem => ({
  id,
  product_id: 1,
  product_name: name,
  name,
  sku: 'POLO',
  barcode: null,
  category: null,
  price: 350,
  original_price: null,
  quantity: 1,
  total: 350,
  variant_id: id,
  size,
  color,
  sizes: size ? [size] : [],
  colors: color ? [color] : [],
  refunded_quantity: 0,
});

afterEach(cleanup);

describe('refund dialog', () => {
  it('names each line quantity by its variant, so two lines of one style are told apart', () => {
    const sale = saleFixture({
      items: [line(1, 'M', 'ดำ'), line(2, 'L', 'ขาว'), line(3, null, null, 'ถุงเท้า')],
      subtotal: 1050,
      discount: 0,
      tax: 0,
      total: 1050,
    });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <I18nProvider initialLocale="th">
          <RefundDialog sale={sale} onClose={() => {}} />
        </I18nProvider>
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'เลือกสินค้าที่คืน' }));
    expect(screen.getAllByRole('spinbutton').map((input) => input.getAttribute('aria-label'))).toEqual([
      'จำนวนที่คืนของ โปโล ดำ / M',
      'จำนวนที่คืนของ โปโล ขาว / L',
      'จำนวนที่คืนของ ถุงเท้า',
    ]);
  });
});
