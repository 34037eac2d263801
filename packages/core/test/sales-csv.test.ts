import { describe, expect, it } from 'vitest';
import { salesCsvColumns, salesCsvRow, shopDateTimeFormatter, type Sale } from '../src/index';

const part = { cash_received: null, change: null, refunded: 0, reference: null };
const sale = (over: Partial<Sale> = {}) =>
  ({
    document_number: 'INV-000001',
    created_at: '2026-03-01T16:30:00.000Z',
    customer_name: null,
    items: [
      { product_name: 'เสื้อโปโล', quantity: 2, size: 'M', color: 'ดำ' },
      { product_name: 'ถุงเท้า', quantity: 1, size: null, color: null },
    ],
    subtotal: 500,
    discount: 10,
    tax: 34.3,
    total: 524.3,
    payment_method: 'cash',
    payments: [{ ...part, method: 'cash', amount: 524.3 }],
    status: 'completed',
    points_used: 10,
    points_earned: 5,
    ...over,
  }) as Sale;

const bangkok = shopDateTimeFormatter('Asia/Bangkok');

describe('the sales exports', () => {
  it("writes the history row: the spec's columns with codes, then the method and status in Thai", () => {
    const row = salesCsvRow(sale({ status: 'partially_refunded', payment_method: 'card' }), 'history', bangkok);
    expect(Object.fromEntries(salesCsvColumns('history').map((c, i) => [c, row[i]]))).toEqual({
      'Sale ID': 'INV-000001',
      Date: '2026-03-01 23:30',
      Customer: 'ลูกค้าทั่วไป',
      Items: 'เสื้อโปโล (M/ดำ) x 2; ถุงเท้า x 1',
      Subtotal: '500.00',
      Tax: '34.30',
      Total: '524.30',
      'Payment Method': 'card',
      Status: 'partially_refunded',
      'Points Used': 10,
      'Points Earned': 5,
      วิธีชำระเงิน: 'บัตรเครดิต',
      สถานะ: 'คืนเงินบางส่วน',
    });
  });

  it("writes the report row, a split bill's parts with their amounts, and a method this build does not know as stored", () => {
    const split = sale({
      customer_name: 'คุณแบ่งจ่าย',
      payment_method: 'split',
      payments: [
        { ...part, method: 'cash', amount: 224.3 },
        { ...part, method: 'transfer', amount: 300, reference: 'TX-9' },
      ],
    });
    const row = salesCsvRow(split, 'report', bangkok);
    expect(Object.fromEntries(salesCsvColumns('report').map((c, i) => [c, row[i]]))).toEqual({
      'Sale ID': 'INV-000001',
      Timestamp: '2026-03-01 23:30',
      Customer: 'คุณแบ่งจ่าย',
      Subtotal: '500.00',
      Discount: '10.00',
      Tax: '34.30',
      Total: '524.30',
      'Payment Method': 'split: cash 224.30; transfer 300.00',
      Items: 'เสื้อโปโล x2; ถุงเท้า x1',
      วิธีชำระเงิน: 'เงินสด 224.30; โอนเงินผ่านธนาคาร 300.00',
      'สินค้า (สี / ไซส์)': 'เสื้อโปโล ดำ / M x2; ถุงเท้า x1',
    });
    const odd = salesCsvRow(sale({ payment_method: 'voucher' as 'cash' }), 'history', bangkok);
    expect([odd[7], odd[11]]).toEqual(['voucher', 'voucher']);
  });

  it("writes times in the shop's zone, midnight as 00", () => {
    expect(bangkok('2026-03-01T17:00:00.000Z')).toBe('2026-03-02 00:00');
    expect(shopDateTimeFormatter('UTC')('2026-03-01T17:05:00.000Z')).toBe('2026-03-01 17:05');
    expect(bangkok('not a date')).toBe('');
  });
});
