import { zodResolver } from '@hookform/resolvers/zod';
import { msg } from '@pos/core';
import { describe, expect, it } from 'vitest';
import { validationText } from '../../i18n';
import { CustomerForm, customerFormValues, type CustomerFormInput } from './customer-form';

// The dialog's own resolver: what it returns is what the fields show.
const resolve = (values: CustomerFormInput) =>
  zodResolver(CustomerForm)(values, undefined, { fields: {}, shouldUseNativeValidation: false });

describe('customer dialog field messages for characters that may not be stored', () => {
  const filled = { ...customerFormValues(), name: 'สมชาย ใจดี', phone: '081-234-5678' };

  it('has Thai and English messages for them', () => {
    for (const id of ['text.controlChars', 'text.bidiControls'] as const) {
      expect(validationText('th', msg(id))).toMatch(/[\u0E00-\u0E7F]/);
      expect(validationText('en', msg(id))).toMatch(/^The text contains invisible/);
    }
  });

  it('gives the message id at the name and address', async () => {
    const { errors } = await resolve({ ...filled, name: 'สมชาย\u0000', address: '\u202e99 ถนนสุขุมวิท' });
    expect(errors.name?.message).toBe(msg('text.controlChars'));
    expect(errors.address?.message).toBe(msg('text.bidiControls'));
  });

  it('accepts an address over several lines', async () => {
    const { errors, values } = await resolve({ ...filled, address: '99/1 หมู่ 2\nถนนสุขุมวิท' });
    expect(errors).toEqual({});
    expect(values).toMatchObject({ address: '99/1 หมู่ 2\nถนนสุขุมวิท' });
  });
});
