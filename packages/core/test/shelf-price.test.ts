import { describe, expect, it } from 'vitest';
import { formatShelfPrice, originalPriceShown } from '../src/shelf-price';

describe('shelf price', () => {
  it('shows satang only when the price has them', () => {
    expect(formatShelfPrice(99.5)).toBe('฿99.50');
    expect(formatShelfPrice(100)).toBe('฿100');
    expect(formatShelfPrice(1250)).toBe('฿1,250');
    expect(formatShelfPrice(99.49)).toBe('฿99.49');
    expect(formatShelfPrice(0.05)).toBe('฿0.05');
    expect(formatShelfPrice(1_000_000)).toBe('฿1,000,000');
    expect(formatShelfPrice(Number.NaN)).toBe('฿0');
  });

  it('strikes through an original price only when it is above the selling price', () => {
    expect(originalPriceShown(299, 399)).toBe(399);
    expect(originalPriceShown(299, 299.01)).toBe(299.01);
    expect(originalPriceShown(299, 299)).toBeNull();
    expect(originalPriceShown(299, 199)).toBeNull();
    expect(originalPriceShown(299, null)).toBeNull();
    expect(originalPriceShown(299, undefined)).toBeNull();
  });
});
