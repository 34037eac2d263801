import { getCurrentLocale, INTL_LOCALE } from '../i18n/translate';
import type { Locale } from '../i18n/types';

function toDate(value: Date | string | number | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** An Intl tag; the app's own codes (`th`, `en`) read as theirs, so `en` gives 28 Nov 2026, not Nov 28. */
function intlTag(locale?: string): string {
  if (locale === undefined) return INTL_LOCALE[getCurrentLocale()];
  return Object.hasOwn(INTL_LOCALE, locale) ? INTL_LOCALE[locale as Locale] : locale;
}

/** Today's date in long form, e.g. `วันอาทิตย์ที่ 22 พฤศจิกายน พ.ศ. 2569` in Thai. */
export function formatLongDate(value: Date | string | number, locale?: string): string {
  const date = toDate(value);
  return date ? new Intl.DateTimeFormat(intlTag(locale), { dateStyle: 'full' }).format(date) : '';
}

/** A date with time, e.g. `22 พ.ย. 2569 14:05`. Empty text for a missing or invalid value. */
export function formatDateTime(value: Date | string | number | null | undefined, locale?: string): string {
  const date = toDate(value);
  return date ? new Intl.DateTimeFormat(intlTag(locale), { dateStyle: 'medium', timeStyle: 'short' }).format(date) : '';
}

/** A date without time, e.g. `22 พ.ย. 2569`. */
export function formatDate(value: Date | string | number | null | undefined, locale?: string): string {
  const date = toDate(value);
  return date ? new Intl.DateTimeFormat(intlTag(locale), { dateStyle: 'medium' }).format(date) : '';
}

/** The local calendar date as `YYYY-MM-DD` (not the UTC date). */
export function localDateKey(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
