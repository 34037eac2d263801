import { describe, expect, it } from 'vitest';
import { csvRecordCount } from './shift-list.queries';
import { dateRangeReversed, isFiltered, NO_SHIFT_FILTERS, shiftQuery } from './shift-filters';

const query = (s: string) => Object.fromEntries(new URLSearchParams(s));

describe('the shift list filters', () => {
  it('send nothing but the page when none is set', () => {
    expect(shiftQuery(NO_SHIFT_FILTERS)).toBe('');
    expect(query(shiftQuery(NO_SHIFT_FILTERS, { limit: 50, before: null }))).toEqual({ limit: '50' });
    expect(isFiltered(NO_SHIFT_FILTERS)).toBe(false);
  });

  it('send every filter set, and the cursor of the next page', () => {
    const filters = {
      tillId: 3,
      userId: 7,
      startDate: '2026-11-01',
      endDate: '2026-11-28',
      differenceOnly: true,
    };
    expect(query(shiftQuery(filters, { limit: 50, before: 120 }))).toEqual({
      tillId: '3',
      userId: '7',
      startDate: '2026-11-01',
      endDate: '2026-11-28',
      differenceOnly: 'true',
      limit: '50',
      before: '120',
    });
    // The CSV gets the same narrowing, without a page.
    expect(query(shiftQuery(filters))).toEqual({
      tillId: '3',
      userId: '7',
      startDate: '2026-11-01',
      endDate: '2026-11-28',
      differenceOnly: 'true',
    });
    expect(isFiltered({ ...NO_SHIFT_FILTERS, differenceOnly: true })).toBe(true);
  });

  it('leave a reversed date range out (the server would refuse it), one open end is kept', () => {
    const reversed = { ...NO_SHIFT_FILTERS, startDate: '2026-11-28', endDate: '2026-11-01' };
    expect(dateRangeReversed(reversed)).toBe(true);
    expect(shiftQuery(reversed)).toBe('');
    expect(dateRangeReversed({ ...reversed, endDate: '' })).toBe(false);
    expect(query(shiftQuery({ ...reversed, endDate: '' }))).toEqual({ startDate: '2026-11-28' });
    expect(dateRangeReversed({ ...reversed, endDate: '2026-11-28' })).toBe(false);
  });
});

describe('csvRecordCount', () => {
  it('counts records, not the line breaks quoted inside a note', () => {
    expect(csvRecordCount('\uFEFFa,b\r\n1,"x\r\ny"\r\n2,z\r\n')).toBe(3);
    expect(csvRecordCount('a,b\r\n1,2')).toBe(2);
    expect(csvRecordCount('\uFEFF')).toBe(0);
  });
});
