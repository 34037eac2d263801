import { describe, expect, it } from 'vitest';
import { dayRange } from './date-ranges';

const none = { from: '', to: '' };

describe('dayRange', () => {
  // Wednesday 25 November 2026, late evening on the till's clock.
  const wednesday = new Date(2026, 10, 25, 23, 30);

  it('starts the week on Sunday and every range ends today', () => {
    expect(dayRange('week', wednesday, none)).toEqual({ startDate: '2026-11-22', endDate: '2026-11-25' });
    expect(dayRange('today', wednesday, none)).toEqual({ startDate: '2026-11-25', endDate: '2026-11-25' });
    expect(dayRange('month', wednesday, none)).toEqual({ startDate: '2026-11-01', endDate: '2026-11-25' });
    expect(dayRange('year', wednesday, none)).toEqual({ startDate: '2026-01-01', endDate: '2026-11-25' });
    expect(dayRange('all', wednesday, none)).toEqual({});
  });

  it('on a Sunday the week is that day alone, across a month boundary otherwise', () => {
    expect(dayRange('week', new Date(2026, 10, 22, 0, 5), none)).toEqual({
      startDate: '2026-11-22',
      endDate: '2026-11-22',
    });
    expect(dayRange('week', new Date(2026, 11, 2, 9), none)).toEqual({
      startDate: '2026-11-29',
      endDate: '2026-12-02',
    });
  });

  it('keeps a custom pair with its end day, in order, and either end alone', () => {
    expect(dayRange('custom', wednesday, { from: '2026-11-01', to: '2026-11-03' })).toEqual({
      startDate: '2026-11-01',
      endDate: '2026-11-03',
    });
    expect(dayRange('custom', wednesday, { from: '2026-11-03', to: '2026-11-01' })).toEqual({
      startDate: '2026-11-01',
      endDate: '2026-11-03',
    });
    expect(dayRange('custom', wednesday, { from: '2026-11-03', to: '' })).toEqual({ startDate: '2026-11-03' });
  });
});
