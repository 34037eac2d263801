import { describe, expect, it } from 'vitest';
import { formatSize } from './format-size';

describe('sizes on the storage screen', () => {
  it('read in B, KB, MB or GB, never "0.0072 MB"', () => {
    expect([0, 0.0072, 0.5, 12.345, 1024, 2500, 0.0000005].map(formatSize)).toEqual([
      '0 MB',
      '7.4 KB',
      '512 KB',
      '12.35 MB',
      '1 GB',
      '2.44 GB',
      '1 B',
    ]);
  });
});
