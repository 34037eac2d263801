import type { Customer } from '@pos/core';
import { describe, expect, it } from 'vitest';
import { pickerCustomers } from './customer-picker-options';

function customer(id: number, values: Partial<Customer>): Customer {
  return {
    id,
    name: `ลูกค้า ${id}`,
    phone: `08${String(10_000_000 + id)}`,
    email: null,
    address: null,
    tax_name: null,
    tax_id: null,
    tax_branch: null,
    loyalty_points: 0,
    total_purchases: 0,
    total_spent: 0,
    last_purchase: null,
    created_at: '2026-01-01T00:00:00.000Z',
    ...values,
  };
}

const somchai = customer(1, {
  name: 'สมชาย ใจดี',
  phone: '0812345678',
  last_purchase: '2026-11-20T10:00:00.000Z',
});
const somying = customer(2, { name: 'สมหญิง รักสวย', phone: '0898765432', created_at: '2026-11-22T09:00:00.000Z' });
const jane = customer(3, { name: 'Jane Doe', phone: '+442079460958', last_purchase: '2026-10-01T00:00:00.000Z' });
const old = customer(4, { name: 'ลุงเก่า', phone: '021234567' });
const all = [old, jane, somchai, somying];

const ids = (list: { customers: Customer[] }) => list.customers.map((c) => c.id);

describe('the POS customer picker', () => {
  it('lists the most recently served or joined customers first when nothing is typed', () => {
    expect(ids(pickerCustomers(all, ''))).toEqual([somying.id, somchai.id, jane.id, old.id]);
    expect(pickerCustomers(all, '  ', 2)).toMatchObject({ total: 4 });
    expect(ids(pickerCustomers(all, '', 2))).toEqual([somying.id, somchai.id]);
  });

  it.each(['081-234-5678', '0812345678', '+66812345678', '+66 81 234 5678', '66812345678', '5678', '081 234'])(
    'finds a Thai customer by the phone typed as %s',
    (term) => {
      expect(ids(pickerCustomers(all, term))).toEqual([somchai.id]);
    },
  );

  it('finds a foreign customer by the number in any writing, and anyone by name', () => {
    expect(ids(pickerCustomers(all, '+44 20 7946 0958'))).toEqual([jane.id]);
    expect(ids(pickerCustomers(all, '0044 20 7946 0958'))).toEqual([jane.id]);
    expect(ids(pickerCustomers(all, 'jane'))).toEqual([jane.id]);
    expect(ids(pickerCustomers(all, 'สม'))).toEqual([somying.id, somchai.id]);
    expect(pickerCustomers(all, 'ไม่มีใคร')).toEqual({ customers: [], total: 0 });
  });

  it('puts the customer whose number is typed in full before other matches', () => {
    const near = customer(5, { phone: '0812345679', last_purchase: '2026-11-23T00:00:00.000Z' });
    // "081234567" is a fragment of both numbers and a whole landline number of neither.
    expect(ids(pickerCustomers([...all, near], '081234567'))).toEqual([near.id, somchai.id]);
    expect(ids(pickerCustomers([...all, near], '081-234-5678'))).toEqual([somchai.id]);
  });

  it('shows at most the limit and says how many match', () => {
    const many = Array.from({ length: 100 }, (_, i) => customer(100 + i, { name: `สมาชิก ${i}` }));
    const result = pickerCustomers(many, 'สมาชิก', 30);
    expect(result.customers).toHaveLength(30);
    expect(result.total).toBe(100);
  });
});
