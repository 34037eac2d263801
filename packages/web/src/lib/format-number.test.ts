import { describe, expect, it } from 'vitest';
import { formatChange, formatCurrencyAmount, formatNumber, formatRate } from './format-number';

describe('number formatting', () => {
  it('writes what toLocaleString writes for Thai', () => {
    for (const n of [0, 7, 1234, 1234567, 12.5, 0.125, -3]) {
      expect(formatNumber(n)).toBe(n.toLocaleString('th-TH'));
      expect(formatRate(n)).toBe(n.toLocaleString('th-TH', { maximumFractionDigits: 2 }));
    }
    expect(formatNumber(1234)).toBe('1,234');
    expect(formatRate(7)).toBe('7');
    expect(formatRate(6.875)).toBe('6.88');
  });

  it('writes a change with its sign: a rise with +, a fall with -, none as 0', () => {
    expect(formatChange(1234)).toBe('+1,234');
    expect(formatChange(-3)).toBe('-3');
    expect(formatChange(0)).toBe('0');
  });

  it('writes an amount in its own currency, and an unknown code after the number', () => {
    expect(formatCurrencyAmount(617.23, 'USD', 'en-US')).toBe('$617.23');
    expect(formatCurrencyAmount(2600, 'JPY', 'en-US')).toBe('¥2,600');
    expect(formatCurrencyAmount(500, 'THB', 'th-TH')).toBe(
      (500).toLocaleString('th-TH', { style: 'currency', currency: 'THB' }),
    );
    expect(formatCurrencyAmount(12.5, 'NOT A CODE', 'en-US')).toBe('12.5 NOT A CODE');
    expect(formatCurrencyAmount(12.5, '', 'en-US')).toBe('12.5');
  });
});
