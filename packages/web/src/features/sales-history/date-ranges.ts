import { localDateKey } from '../../lib/dates';

/** The date filter buttons of spec 001: all, today, this week (from Sunday), month, year, or a custom pair. */
export const RANGE_KINDS = ['all', 'today', 'week', 'month', 'year', 'custom'] as const;
export type RangeKind = (typeof RANGE_KINDS)[number];

/** Shop days as `YYYY-MM-DD`, both ends included (the server reads them in the shop's time zone). */
export interface DayRange {
  startDate?: string;
  endDate?: string;
}

/** The days a button stands for, as of `now` on the till's calendar; custom uses the chosen pair as is. */
export function dayRange(kind: RangeKind, now: Date, custom: { from: string; to: string }): DayRange {
  const today = localDateKey(now);
  const from = (d: Date): DayRange => ({ startDate: localDateKey(d), endDate: today });
  switch (kind) {
    case 'all':
      return {};
    case 'today':
      return { startDate: today, endDate: today };
    case 'week':
      return from(new Date(now.getFullYear(), now.getMonth(), now.getDate() - now.getDay()));
    case 'month':
      return from(new Date(now.getFullYear(), now.getMonth(), 1));
    case 'year':
      return from(new Date(now.getFullYear(), 0, 1));
    case 'custom': {
      // A reversed pair is read the way it was meant: the earlier day first.
      const [a, b] =
        custom.from && custom.to && custom.from > custom.to ? [custom.to, custom.from] : [custom.from, custom.to];
      return { ...(a ? { startDate: a } : {}), ...(b ? { endDate: b } : {}) };
    }
  }
}
