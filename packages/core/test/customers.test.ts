import { describe, expect, it } from 'vitest';
import { CreateCustomerRequest, UpdateCustomerRequest, type Customer } from '../src/api/customers';
import { msg, validationText } from '../src/validation';
import { averageOrderValue, customerMatchesSearch, isActiveCustomer, summarizeCustomers } from '../src/customers';

const base: Customer = {
  id: 1,
  name: 'สมชาย ใจดี',
  phone: '0812345678',
  email: 'Somchai@Example.com',
  address: null,
  tax_name: null,
  tax_id: null,
  tax_branch: null,
  loyalty_points: 0,
  total_purchases: 0,
  total_spent: 0,
  last_purchase: null,
  created_at: '2026-01-01T00:00:00.000Z',
};

describe('customer request schemas', () => {
  it('normalises the phone, trims, and turns empty e-mail and address into null', () => {
    const parsed = CreateCustomerRequest.parse({ name: '  สมชาย ', phone: '+66 81 234 5678', email: '', address: ' ' });
    expect(parsed).toEqual({ name: 'สมชาย', phone: '0812345678', email: null, address: null });
  });

  it('asks for name and phone with the spec message', () => {
    const result = CreateCustomerRequest.safeParse({ name: ' ', phone: '' });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(messages).toEqual([
      ['name', msg('customer.nameAndPhoneRequired')],
      ['phone', msg('customer.nameAndPhoneRequired')],
    ]);
    expect(validationText(msg('customer.nameAndPhoneRequired'))).toBe('กรุณากรอกชื่อและเบอร์โทรศัพท์');
    expect(CreateCustomerRequest.safeParse({}).error?.issues[0]?.message).toBe(msg('customer.nameAndPhoneRequired'));
  });

  it('stores a foreign phone in E.164', () => {
    expect(CreateCustomerRequest.parse({ name: 'a', phone: '+44 20 7946 0958' }).phone).toBe('+442079460958');
  });

  it('refuses a phone that is neither Thai nor international, and an invalid e-mail', () => {
    const phone = CreateCustomerRequest.safeParse({ name: 'a', phone: '12345' });
    expect(phone.error?.issues[0]).toMatchObject({ path: ['phone'], message: msg('customer.phoneInvalid') });
    const email = CreateCustomerRequest.safeParse({ name: 'a', phone: '0812345678', email: 'nope' });
    expect(email.error?.issues[0]?.path).toEqual(['email']);
  });

  it('drops the server-owned fields', () => {
    const parsed = CreateCustomerRequest.parse({
      name: 'a',
      phone: '021234567',
      loyalty_points: 500,
      loyaltyPoints: 500,
      total_spent: 99,
      totalPurchases: 3,
      last_purchase: '2026-01-01',
    });
    expect(Object.keys(parsed).sort()).toEqual(['name', 'phone']);
    expect(UpdateCustomerRequest.parse({ loyalty_points: 5 })).toEqual({});
  });
});

describe('customer figures', () => {
  const now = new Date('2026-11-22T12:00:00Z');

  it('is active with a last purchase within 30 days', () => {
    expect(isActiveCustomer({ last_purchase: '2026-10-23T12:00:00Z' }, now)).toBe(true);
    expect(isActiveCustomer({ last_purchase: '2026-10-23T11:59:59Z' }, now)).toBe(false);
    expect(isActiveCustomer({ last_purchase: null }, now)).toBe(false);
    expect(isActiveCustomer({ last_purchase: 'garbage' }, now)).toBe(false);
  });

  it('averages per purchase without float noise', () => {
    expect(averageOrderValue(100, 3)).toBe(33.33);
    expect(averageOrderValue(100, 0)).toBe(0);
  });

  it('summarises the stat cards', () => {
    const summary = summarizeCustomers(
      [
        { ...base, total_spent: 0.1, total_purchases: 1, last_purchase: '2026-11-20T00:00:00Z' },
        { ...base, id: 2, total_spent: 0.2, total_purchases: 2, last_purchase: '2026-01-01T00:00:00Z' },
        { ...base, id: 3 },
      ],
      now,
    );
    expect(summary).toEqual({
      totalCustomers: 3,
      totalSales: 0.3,
      totalPurchases: 3,
      averageOrder: 0.1,
      activeCustomers: 1,
    });
  });

  it('searches name, e-mail and phone, also by phone digits', () => {
    expect(customerMatchesSearch(base, 'สมชาย')).toBe(true);
    expect(customerMatchesSearch(base, 'SOMCHAI@example')).toBe(true);
    expect(customerMatchesSearch(base, '081-234')).toBe(true);
    expect(customerMatchesSearch(base, '+66 81 234')).toBe(true);
    expect(customerMatchesSearch(base, '5678')).toBe(true);
    expect(customerMatchesSearch(base, 'สมหญิง')).toBe(false);
    expect(customerMatchesSearch(base, '   ')).toBe(true);
  });
});
