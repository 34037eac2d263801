import { describe, expect, it } from 'vitest';
import { splitByMonths } from '../src/calendar/calendar';

describe('a range of days as whole months and the days around them', () => {
  it('keeps a range inside one month as days', () => {
    expect(splitByMonths('2026-10-27', '2026-11-25')).toEqual({
      months: null,
      days: [{ first: '2026-10-27', last: '2026-11-25' }],
    });
    expect(splitByMonths('2026-02-02', '2026-02-27')).toEqual({
      months: null,
      days: [{ first: '2026-02-02', last: '2026-02-27' }],
    });
  });

  it('takes whole months, leap February included, with no day left over', () => {
    expect(splitByMonths('2026-01-01', '2026-12-31')).toEqual({
      months: { first: '2026-01', last: '2026-12' },
      days: [],
    });
    expect(splitByMonths('2024-02-01', '2024-02-29')).toEqual({
      months: { first: '2024-02', last: '2024-02' },
      days: [],
    });
  });

  it('puts the days before the first whole month and after the last one apart', () => {
    expect(splitByMonths('2025-11-25', '2026-11-24')).toEqual({
      months: { first: '2025-12', last: '2026-10' },
      days: [
        { first: '2025-11-25', last: '2025-11-30' },
        { first: '2026-11-01', last: '2026-11-24' },
      ],
    });
    expect(splitByMonths('2026-03-01', '2026-04-15')).toEqual({
      months: { first: '2026-03', last: '2026-03' },
      days: [{ first: '2026-04-01', last: '2026-04-15' }],
    });
  });
});
