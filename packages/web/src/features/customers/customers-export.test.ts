import type { Customer } from '@pos/core';
import { describe, expect, it } from 'vitest';
import { customerHistoryCsv, CUSTOMER_HISTORY_CSV_COLUMNS } from '../customer-history/history-export';
import { customersCsv } from './customers-export';

const customer: Customer = {
  id: 3,
  name: 'ร้าน "ดี", จำกัด',
  phone: '0812345678',
  email: 'a@example.com',
  address: '1 ถนนสุขุมวิท\nกรุงเทพฯ',
  tax_name: null,
  tax_id: null,
  tax_branch: null,
  loyalty_points: 12,
  total_purchases: 3,
  total_spent: 100,
  last_purchase: new Date(2026, 10, 20, 14, 5).toISOString(),
  created_at: new Date(2026, 0, 2, 9, 0).toISOString(),
};

describe('customer CSV exports', () => {
  it('writes customer_history_{date}.csv with a BOM, the columns and escaped values', () => {
    const { fileName, text } = customerHistoryCsv([customer], new Date(2026, 10, 22, 10, 0));
    expect(fileName).toBe('customer_history_2026-11-22.csv');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const [header, row] = text.slice(1).split('\r\n');
    expect(header).toBe(CUSTOMER_HISTORY_CSV_COLUMNS.join(','));
    expect(row).toBe(
      '3,"ร้าน ""ดี"", จำกัด",081-234-5678,a@example.com,3,100.00,33.33,12,2026-11-20 14:05,2026-01-02,Active',
    );
  });

  it('writes customers_{date}.csv with the address kept in one cell', () => {
    const { fileName, text } = customersCsv([customer], new Date(2026, 10, 22));
    expect(fileName).toBe('customers_2026-11-22.csv');
    expect(text.startsWith('\uFEFFCustomer ID,Name,Phone,Email,Address,')).toBe(true);
    expect(text).toContain('"1 ถนนสุขุมวิท\nกรุงเทพฯ"');
  });
});
