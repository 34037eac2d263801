import { describe, expect, it } from 'vitest';
import { formatThaiPhone, isStoredThaiPhone, normalizeThaiPhone, phoneSearchDigits } from '../src/phone';

describe('Thai phone numbers', () => {
  it.each([
    ['0812345678', '0812345678'],
    ['081-234-5678', '0812345678'],
    [' 081 234 5678 ', '0812345678'],
    ['081.234.5678', '0812345678'],
    ['(081) 234-5678', '0812345678'],
    ['+66 81 234 5678', '0812345678'],
    ['+66812345678', '0812345678'],
    ['+66 (0)81 234 5678', '0812345678'],
    ['0066 81 234 5678', '0812345678'],
    ['66812345678', '0812345678'],
    ['02-123-4567', '021234567'],
    ['+66 2 123 4567', '021234567'],
    ['053-123-456', '053123456'],
    ['０８１２３４５６７８', '0812345678'],
    ['081‐234‐5678', '0812345678'],
  ])('stores %s as %s', (input, stored) => {
    expect(normalizeThaiPhone(input)).toBe(stored);
    expect(isStoredThaiPhone(stored)).toBe(true);
  });

  it.each([
    '',
    'abc',
    '12345',
    '081234567890',
    '812345678',
    '0012345678',
    '+1 415 555 0100',
    '081-234-567x',
    '+66',
    '08123',
  ])('refuses %j', (input) => {
    expect(normalizeThaiPhone(input)).toBeNull();
  });

  it('writes stored numbers for people', () => {
    expect(formatThaiPhone('0812345678')).toBe('081-234-5678');
    expect(formatThaiPhone('021234567')).toBe('02-123-4567');
    expect(formatThaiPhone('053123456')).toBe('053-123-456');
    expect(formatThaiPhone('weird')).toBe('weird');
    expect(formatThaiPhone(null)).toBe('');
  });

  it('reads phone fragments in search terms', () => {
    expect(phoneSearchDigits('081-234')).toBe('081234');
    expect(phoneSearchDigits('+66 81')).toBe('081');
    expect(phoneSearchDigits(' 5678 ')).toBe('5678');
    expect(phoneSearchDigits('สมชาย')).toBeNull();
    expect(phoneSearchDigits('a@b.c')).toBeNull();
    expect(phoneSearchDigits('+1 415')).toBeNull();
  });
});
