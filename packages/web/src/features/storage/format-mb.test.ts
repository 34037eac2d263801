import { describe, expect, it } from 'vitest';
import { formatMb } from './format-mb';

describe('megabytes on the storage screen', () => {
  it('show 2 decimals, and small files 2 significant digits instead of 0', () => {
    expect([0, 1024, 12.345, 0.05, 0.0004567].map(formatMb)).toEqual(['0', '1,024', '12.35', '0.05', '0.00046']);
  });
});
