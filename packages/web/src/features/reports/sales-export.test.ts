import type { Sale } from '@pos/core';
import { describe, expect, it } from 'vitest';
import { salesCsv, SALES_CSV_COLUMNS } from './sales-export';

function sale(over: Partial<Sale>): Sale {
  return {
    id: 1,
    document_number: 'INV-000001',
    status: 'completed',
    created_at: new Date(2026, 10, 20, 14, 5).toISOString(),
    customer_id: null,
    customer_name: null,
    created_by: 1,
    created_by_name: 'admin',
    subtotal: 200,
    discount: 10,
    tax: 5.7,
    total: 195.7,
    tax_rate: 3,
    exclude_vat: false,
    vat_excluded_by: null,
    vat_excluded_by_name: null,
    vat_exclusion_approved_by: null,
    vat_exclusion_approved_by_name: null,
    prices_include_vat: false,
    payment_method: 'cash',
    payment: { method: 'cash', amount: 195.7, cash_received: null, change: null, reference: null },
    points_used: 10,
    points_earned: 1,
    final_loyalty_points: null,
    replaces_sale_id: null,
    replaces_document_number: null,
    replaced_by_sale_id: null,
    replaced_by_document_number: null,
    notes: null,
    items: [],
    refunded_amount: 0,
    refunds: [],
    ...over,
  };
}

describe('salesCsv', () => {
  it('writes {prefix}_{date}.csv with a BOM, the spec columns and one row per sale, oldest first', () => {
    const line = { product_name: 'เสื้อยืด, ขาว', quantity: 2 } as Sale['items'][number];
    const { fileName, text } = salesCsv(
      [
        sale({ id: 2, document_number: 'INV-000002', created_at: new Date(2026, 10, 21, 9, 0).toISOString() }),
        sale({
          customer_name: 'สมชาย',
          payment_method: 'promptpay',
          items: [line, { ...line, product_name: 'หมวก', quantity: 1 }],
        }),
      ],
      { prefix: 'all_sales_report', now: new Date(2026, 10, 22, 10, 0), generalCustomer: 'ลูกค้าทั่วไป' },
    );
    expect(fileName).toBe('all_sales_report_2026-11-22.csv');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(text.slice(1).split('\r\n')).toEqual([
      SALES_CSV_COLUMNS.join(','),
      'INV-000001,2026-11-20 14:05,สมชาย,200.00,10.00,5.70,195.70,promptpay,"เสื้อยืด, ขาว x2; หมวก x1"',
      'INV-000002,2026-11-21 09:00,ลูกค้าทั่วไป,200.00,10.00,5.70,195.70,cash,',
      '',
    ]);
  });
});
