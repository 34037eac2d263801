import type { Sale } from '@pos/core';
import { describe, expect, it } from 'vitest';
import { saleFixture } from '../../test-fixtures/sale';
import { salesCsv, SALES_CSV_COLUMNS } from './sales-export';

describe('salesCsv', () => {
  it('writes {prefix}_{date}.csv with a BOM, the spec columns and one row per sale, oldest first', () => {
    const line = { product_name: 'เสื้อยืด, ขาว', quantity: 2 } as Sale['items'][number];
    const { fileName, text } = salesCsv(
      [
        saleFixture({ id: 2, document_number: 'INV-000002', created_at: new Date(2026, 10, 21, 9, 0).toISOString() }),
        saleFixture({
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
      // The spec's columns as they are, the method in Thai after them (issue 31: no raw codes for people).
      [...SALES_CSV_COLUMNS, 'วิธีชำระเงิน'].join(','),
      'INV-000001,2026-11-20 14:05,สมชาย,200.00,10.00,5.70,195.70,promptpay,"เสื้อยืด, ขาว x2; หมวก x1",พร้อมเพย์',
      'INV-000002,2026-11-21 09:00,ลูกค้าทั่วไป,200.00,10.00,5.70,195.70,cash,,เงินสด',
      '',
    ]);
  });
});
