import { describe, expect, it } from 'vitest';
import {
  formatPhone,
  formatThaiPhone,
  isStoredThaiPhone,
  normalizePhone,
  normalizeThaiPhone,
  phoneSearchDigits,
} from '../src/phone';

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
    expect(normalizePhone(input)).toBe(stored);
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
    expect(phoneSearchDigits('+1 415')).toBe('+1415');
    expect(phoneSearchDigits('+44 20 7946')).toBe('+44207946');
    expect(phoneSearchDigits('+66812345678')).toBe('0812345678');
    expect(phoneSearchDigits('66812345678')).toBe('0812345678');
    expect(phoneSearchDigits('0012')).toBe('0012');
    expect(phoneSearchDigits('+')).toBeNull();
  });
});

describe('any phone number', () => {
  it.each([
    ['+44 20 7946 0958', '+442079460958'],
    ['0044 20 7946 0958', '+442079460958'],
    ['+1 (415) 555-2671', '+14155552671'],
    ['+49 30 123456', '+4930123456'],
    ['+855 12 345 678', '+85512345678'],
    ['+86 138 0013 8000', '+8613800138000'],
    ['＋４４ ２０ ７９４６ ０９５８', '+442079460958'],
  ])('stores the foreign number %s as %s', (input, stored) => {
    expect(normalizePhone(input)).toBe(stored);
    expect(normalizeThaiPhone(input)).toBeNull();
  });

  it.each([
    '',
    '12345',
    '4420794609', // a foreign number without + or 00 is read as Thai, and is not one
    '+44 20', // too short for E.164
    '+44 2079 4609 5812 34', // 16 digits
    '+0 123 456 789',
    '+1 415 555 267', // North America has ten digits after +1
    '+66 12', // a Thai country code keeps the Thai rule
    '+66 81 234 56789',
    '0012345678',
    '+44 20 7946 095x',
  ])('refuses %j', (input) => {
    expect(normalizePhone(input)).toBeNull();
  });

  it('writes any stored number for people', () => {
    expect(formatPhone('0812345678')).toBe('081-234-5678');
    expect(formatPhone('021234567')).toBe('02-123-4567');
    expect(formatPhone('+442079460958')).toBe('+44 20 7946 0958');
    expect(formatPhone('+14155552671')).toBe('+1 415 555 2671');
    expect(formatPhone('+85512345678')).toBe('+855 1234 5678');
    expect(formatPhone('+4930123456')).toBe('+49 3012 3456');
    expect(formatPhone(undefined)).toBe('');
    expect(formatPhone('weird')).toBe('weird');
  });
});
