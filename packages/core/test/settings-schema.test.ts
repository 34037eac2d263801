import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SETTINGS,
  DefaultPaymentMethod,
  Flag,
  isMaskedSecret,
  maskSecret,
  PromptPayId,
  StoreSettingsResponse,
  UpdateSettingsRequest,
  validationText,
} from '../src/index';

describe('settings schemas', () => {
  it('reads flags sent as text', () => {
    expect(Flag.parse('true')).toBe(true);
    expect(Flag.parse('1')).toBe(true);
    expect(Flag.parse('false')).toBe(false);
    expect(Flag.parse(false)).toBe(false);
    expect(Flag.safeParse('yes').success).toBe(false);
  });

  it('maps 1/2/3 and stripe to payment methods', () => {
    expect(DefaultPaymentMethod.parse('1')).toBe('cash');
    expect(DefaultPaymentMethod.parse('2')).toBe('card');
    expect(DefaultPaymentMethod.parse('stripe')).toBe('card');
    expect(DefaultPaymentMethod.parse('3')).toBe('promptpay');
  });

  it('accepts PromptPay phone numbers, national ids and e-wallet ids only', () => {
    expect(PromptPayId.parse('081-234-5678')).toBe('0812345678');
    expect(PromptPayId.parse('1 2345 67890 12 3')).toBe('1234567890123');
    expect(PromptPayId.parse('123456789012345')).toBe('123456789012345');
    expect(PromptPayId.safeParse('12345').success).toBe(false);
  });

  it("requires the store settings' answer to say whether the server has its Stripe key", () => {
    const payment = StoreSettingsResponse.shape.settings.shape.payment;
    expect(payment.safeParse({ ...DEFAULT_SETTINGS.payment, stripeSecretConfigured: false }).success).toBe(true);
    expect(payment.safeParse(DEFAULT_SETTINGS.payment).success).toBe(false);
  });

  it('masks secrets to their last four characters', () => {
    expect(maskSecret('abcdefgh')).toBe('••••efgh');
    expect(maskSecret('')).toBe('');
    expect(isMaskedSecret(maskSecret('abcdefgh'))).toBe(true);
  });

  it('gives Thai messages for wrong types', () => {
    const res = UpdateSettingsRequest.safeParse({ settings: { system: { taxRate: 'lots' } } });
    expect(res.success).toBe(false);
    expect(validationText(res.error?.issues[0]?.message ?? '')).toBe('อัตราภาษีต้องเป็นตัวเลข');
  });
});
