import { describe, expect, it } from 'vitest';
import { shopDayEnd, shopDayOf, shopDayStart } from '../src/calendar/shop-day';

const HOUR = 3_600_000;

/** The zone's calendar date at an instant, as the platform's own time-zone data gives it. */
const wallDate = (ms: number, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(ms);

describe('the shop day of an instant', () => {
  // Bangkok (no DST), New York and São Paulo's old rules (DST starting at midnight: a day without 00:00),
  // Kathmandu (+05:45), Apia (skipped 30 December 2011 entirely).
  const zones = ['Asia/Bangkok', 'America/New_York', 'America/Sao_Paulo', 'Asia/Kathmandu', 'Pacific/Apia'];
  const starts = [
    Date.parse('2011-12-28T00:00:00Z'),
    Date.parse('2018-10-31T00:00:00Z'),
    Date.parse('2026-03-06T00:00:00Z'),
  ];

  it('lies within that day’s bounds and is the zone’s calendar date, hour by hour across DST changes', () => {
    for (const timeZone of zones) {
      for (const start of starts) {
        for (let ms = start; ms < start + 6 * 24 * HOUR; ms += HOUR / 2) {
          const day = shopDayOf(new Date(ms), timeZone);
          expect(Date.parse(shopDayStart(day, timeZone))).toBeLessThanOrEqual(ms);
          expect(Date.parse(shopDayEnd(day, timeZone))).toBeGreaterThan(ms);
          expect(day).toBe(wallDate(ms, timeZone));
        }
      }
    }
  });

  it('puts the last millisecond before a Bangkok midnight on the day before, and midnight on the next', () => {
    expect(shopDayOf('2026-02-28T16:59:59.999Z', 'Asia/Bangkok')).toBe('2026-02-28');
    expect(shopDayOf('2026-02-28T17:00:00.000Z', 'Asia/Bangkok')).toBe('2026-03-01');
    // The same instants, looked up in another order (the last day found is remembered per zone).
    expect(shopDayOf('2026-02-28T16:59:59.999Z', 'Asia/Bangkok')).toBe('2026-02-28');
    expect(shopDayOf('2026-02-28T17:00:00.000Z', 'America/New_York')).toBe('2026-02-28');
  });
});
