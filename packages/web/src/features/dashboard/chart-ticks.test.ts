import { describe, expect, it } from 'vitest';
import { roundTicks } from './chart-ticks';

describe('roundTicks', () => {
  it('gives round steps below the tallest bar, never its odd value', () => {
    expect(roundTicks(92_556)).toEqual([0, 25_000, 50_000, 75_000]);
    expect(roundTicks(370_224)).toEqual([0, 100_000, 200_000, 300_000]);
    expect(roundTicks(1_000)).toEqual([0, 250, 500, 750, 1_000]);
    expect(roundTicks(6_627_854)).toEqual([0, 2_000_000, 4_000_000, 6_000_000]);
    expect(roundTicks(3)).toEqual([0, 1, 2, 3]);
  });

  it('gives a lone zero for an empty shop instead of ฿0, ฿0, ฿1', () => {
    expect(roundTicks(0)).toEqual([0]);
  });
});
