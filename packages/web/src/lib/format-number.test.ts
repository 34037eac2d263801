import { describe, expect, it } from 'vitest';
import { formatNumber, formatRate } from './format-number';

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
});
