import { zodResolver } from '@hookform/resolvers/zod';
import { TEXT_MESSAGES } from '@pos/core';
import { describe, expect, it } from 'vitest';
import { CustomerForm, customerFormValues, type CustomerFormInput } from './customer-form';

// The dialog's own resolver: what it returns is what the fields show.
const resolve = (values: CustomerFormInput) =>
  zodResolver(CustomerForm)(values, undefined, { fields: {}, shouldUseNativeValidation: false });

describe('customer dialog field messages for characters that may not be stored', () => {
  const filled = { ...customerFormValues(), name: 'สมชาย ใจดี', phone: '081-234-5678' };

  it('has Thai messages for them', () => {
    expect(TEXT_MESSAGES.controlChars).toMatch(/[\u0E00-\u0E7F]/);
    expect(TEXT_MESSAGES.bidiControls).toMatch(/[\u0E00-\u0E7F]/);
  });

  it('shows the Thai message at the name and address', async () => {
    const { errors } = await resolve({ ...filled, name: 'สมชาย\u0000', address: '\u202e99 ถนนสุขุมวิท' });
    expect(errors.name?.message).toBe(TEXT_MESSAGES.controlChars);
    expect(errors.address?.message).toBe(TEXT_MESSAGES.bidiControls);
  });

  it('accepts an address over several lines', async () => {
    const { errors, values } = await resolve({ ...filled, address: '99/1 หมู่ 2\nถนนสุขุมวิท' });
    expect(errors).toEqual({});
    expect(values).toMatchObject({ address: '99/1 หมู่ 2\nถนนสุขุมวิท' });
  });
});
