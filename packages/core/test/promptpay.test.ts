import { describe, expect, it } from 'vitest';
import { classifyPromptPayId, crc16ccitt, promptPayPayload } from '../src/promptpay';

// Vectors published with the promptpay-qr library (dtinth/promptpay-qr, index.test.js).
describe('PromptPay payload', () => {
  it.each([
    ['0801234567', '00020101021129370016A000000677010111011300668012345675802TH530376463046197'],
    ['080-123-4567', '00020101021129370016A000000677010111011300668012345675802TH530376463046197'],
    ['+66-89-123-4567', '00020101021129370016A000000677010111011300668912345675802TH5303764630429C1'],
    ['1111111111111', '00020101021129370016A000000677010111021311111111111115802TH530376463047B5A'],
    ['1-1111-11111-11-1', '00020101021129370016A000000677010111021311111111111115802TH530376463047B5A'],
    ['0123456789012', '00020101021129370016A000000677010111021301234567890125802TH530376463040CBD'],
    ['012345678901234', '00020101021129390016A00000067701011103150123456789012345802TH530376463049781'],
  ])('matches the published payload for %s without an amount', (id, expected) => {
    expect(promptPayPayload(id)).toBe(expected);
  });

  it('matches the published payload with an amount of 4.22 baht', () => {
    expect(promptPayPayload('000-000-0000', 422)).toBe(
      '00020101021229370016A000000677010111011300660000000005802TH530376454044.226304E469',
    );
  });

  it('writes amounts with two decimals', () => {
    expect(promptPayPayload('0812345678', 150_000)).toContain('54071500.00');
    expect(promptPayPayload('0812345678', 5)).toContain('54040.05');
  });

  it('refuses ids and amounts it cannot encode', () => {
    expect(classifyPromptPayId('12345')).toBeNull();
    expect(() => promptPayPayload('12345')).toThrow(RangeError);
    expect(() => promptPayPayload('0812345678', 0)).toThrow(RangeError);
    expect(() => promptPayPayload('0812345678', 10.5)).toThrow(RangeError);
  });

  it('computes CRC-16/CCITT-FALSE', () => {
    expect(crc16ccitt('123456789')).toBe('29B1');
  });
});
