import { dateOfKey } from '../../lib/date-keys';

/** A shop day `YYYY-MM-DD` for a list row, e.g. `พ. 25 พ.ย.`. */
export function formatDayKey(key: string, intlLocale: string): string {
  return new Intl.DateTimeFormat(intlLocale, { weekday: 'short', day: 'numeric', month: 'short' }).format(
    dateOfKey(key),
  );
}

/** A shop day `YYYY-MM-DD` with its year, e.g. `25 พ.ย. 2569`. */
export function formatDayKeyLong(key: string, intlLocale: string): string {
  return new Intl.DateTimeFormat(intlLocale, { dateStyle: 'medium' }).format(dateOfKey(key));
}

/** A month `YYYY-MM`, e.g. `พ.ย. 2569` (long: `พฤศจิกายน 2569`). */
export function formatMonthKey(key: string, intlLocale: string, long = false): string {
  return new Intl.DateTimeFormat(intlLocale, { month: long ? 'long' : 'short', year: 'numeric' }).format(
    dateOfKey(`${key}-01`),
  );
}

/** A count with the locale's separators. */
export function formatCount(value: number, intlLocale: string): string {
  return value.toLocaleString(intlLocale);
}
