import { localDateKey } from './dates';

/** A calendar day written `YYYY-MM-DD` (the API's startDate and endDate). */
export type DateKey = string;

/** The day `key` names, at local midnight. */
export function dateOfKey(key: DateKey): Date {
  const [y, m, d] = key.split('-').map(Number);
  return new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1);
}

/** The day `days` after (or before, when negative) `key`; month and year ends roll over. */
export function addDays(key: DateKey, days: number): DateKey {
  const date = dateOfKey(key);
  date.setDate(date.getDate() + days);
  return localDateKey(date);
}

/** A range of days, both ends included. */
export interface DayRange {
  startDate: DateKey;
  endDate: DateKey;
}
