import { addDays, type DayRange, type DateKey } from '../../lib/date-keys';

/** The reports screen's periods (spec 001 "Reports": today, last 7, 30 days, last 1 year). */
export const REPORT_PERIODS = ['today', 'week', 'month', 'year'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];

const PERIOD_DAYS: Readonly<Record<ReportPeriod, number>> = { today: 1, week: 7, month: 30, year: 365 };

/** The daily list always covers the last 7 days (spec 001 §9). */
export const DAILY_LIST_DAYS = 7;

/** The last `days` days up to and including `today`. */
export function lastDays(today: DateKey, days: number): DayRange {
  return { startDate: addDays(today, -(days - 1)), endDate: today };
}

export function reportRange(period: ReportPeriod, today: DateKey): DayRange {
  return lastDays(today, PERIOD_DAYS[period]);
}
