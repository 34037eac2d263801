import { describe, expect, it } from 'vitest';
import { usageTone } from './usage-tone';

describe('the usage colour', () => {
  it('is red from 90 %, orange from 80 %, yellow from 60 %, else green (spec 001 §9)', () => {
    expect([100, 90, 89.9, 80, 79.99, 60, 59.9, 0, null].map(usageTone)).toEqual([
      'red',
      'red',
      'orange',
      'orange',
      'yellow',
      'yellow',
      'green',
      'green',
      'green',
    ]);
  });
});
