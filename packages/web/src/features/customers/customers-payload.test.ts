import type { Customer } from '@pos/core';
import { describe, expect, it } from 'vitest';
import { PayloadShapeError, readCustomersPayload, readSalesPayload } from './customers-payload';

const customer: Customer = {
  id: 7,
  name: 'สมชาย ใจดี',
  phone: '0812345678',
  email: null,
  address: null,
  tax_name: null,
  tax_id: null,
  tax_branch: null,
  loyalty_points: 10,
  total_purchases: 2,
  total_spent: 250.5,
  last_purchase: '2026-11-20T03:00:00.000Z',
  created_at: '2026-01-01T00:00:00.000Z',
};

const sale = {
  id: 1,
  document_number: 'INV-1',
  created_at: '2026-11-20T03:00:00.000Z',
  customer_id: 7,
  customer_name: 'สมชาย ใจดี',
  subtotal: 100,
  discount: 0,
  tax: 3,
  total: 103,
  payment_method: 'cash',
  status: 'completed',
  points_used: 0,
  points_earned: 1,
  items: [],
};

describe('reading the answers in every shape the spec allows', () => {
  it('reads customers as {customers}, a bare array or {data}', () => {
    expect(readCustomersPayload({ customers: [customer] })).toEqual([customer]);
    expect(readCustomersPayload([customer])).toEqual([customer]);
    expect(readCustomersPayload({ data: [customer] })).toEqual([customer]);
    expect(readCustomersPayload({ customers: [] })).toEqual([]);
  });

  it.each([
    null,
    undefined,
    'text',
    42,
    {},
    { customers: 'x' },
    { customers: [{ id: 'x' }] },
    [{ ...customer, total_spent: '9' }],
  ])('refuses customers %j as a bad shape', (payload) => {
    expect(() => readCustomersPayload(payload)).toThrow(PayloadShapeError);
  });

  it('reads sales as {sales}, {data: {sales}} or a bare array, and refuses anything else', () => {
    expect(readSalesPayload({ sales: [sale] })).toEqual([sale]);
    expect(readSalesPayload({ data: { sales: [sale] } })).toEqual([sale]);
    expect(readSalesPayload([sale])).toEqual([sale]);
    for (const bad of [null, {}, { sales: null }, { data: [] }, [{ ...sale, total: 'x' }]]) {
      try {
        readSalesPayload(bad);
        expect.unreachable();
      } catch (error) {
        expect(error).toBeInstanceOf(PayloadShapeError);
        expect((error as PayloadShapeError).kind).toBe('sales');
      }
    }
  });
});
