import { PAYMENT_METHOD_NAMES, SALE_PAYMENT_METHODS } from '@pos/core';
import { describe, expect, it } from 'vitest';
import { saleMessage } from './line-message';

describe('the LINE message after a sale', () => {
  it('names each payment method in the words the screens and exports use (core’s one table)', () => {
    for (const method of SALE_PAYMENT_METHODS) {
      const text = saleMessage({
        documentNumber: 'R2569-000001',
        total: 125_050,
        customerName: null,
        itemCount: 3,
        paymentMethod: method,
      });
      expect(text.split('\n').at(-1), method).toBe(`ชำระโดย: ${PAYMENT_METHOD_NAMES[method]}`);
    }
    expect(PAYMENT_METHOD_NAMES.card).toBe('บัตรเครดิต');
  });

  it('writes the total in baht, a walk-in customer and the units sold', () => {
    const text = saleMessage({
      documentNumber: 'R2569-000002',
      total: 125_050,
      customerName: '  ',
      itemCount: 1200,
      paymentMethod: 'cash',
    });
    expect(text).toContain('เลขที่: R2569-000002');
    expect(text).toContain('ลูกค้า: ลูกค้าทั่วไป');
    expect(text).toContain('จำนวนสินค้า: 1,200 ชิ้น');
    expect(text).toMatch(/ยอดรวม: .*1,250\.50/);
  });
});
