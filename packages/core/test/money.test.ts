import { describe, expect, it } from 'vitest';
import { bahtToSatang, formatBaht, formatSatang, hasAtMostTwoDecimals } from '../src/money';

describe('money', () => {
  it('formats baht with the baht sign, separators and two decimals', () => {
    expect(formatBaht(1234)).toBe('฿1,234.00');
    expect(formatBaht(0.5)).toBe('฿0.50');
    expect(formatBaht('99.9')).toBe('฿99.90');
    expect(formatSatang(123456)).toBe('฿1,234.56');
  });

  it('shows empty or non-numeric input as ฿0.00', () => {
    for (const value of ['', '   ', 'abc', null, undefined, NaN, {}, Infinity]) expect(formatBaht(value)).toBe('฿0.00');
  });

  it('converts baht to satang without binary noise', () => {
    expect(bahtToSatang(1.005)).toBe(101);
    expect(bahtToSatang(0.1 + 0.2)).toBe(30);
    expect(bahtToSatang(19.99)).toBe(1999);
    expect(bahtToSatang(-2.5)).toBe(-250);
  });

  it('recognises amounts with at most two decimals', () => {
    expect(hasAtMostTwoDecimals(10.25)).toBe(true);
    expect(hasAtMostTwoDecimals(0.1 + 0.2)).toBe(true);
    expect(hasAtMostTwoDecimals(10.255)).toBe(false);
  });
});
