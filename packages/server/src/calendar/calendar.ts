import { shopDayOf } from './shop-day';

/**
 * Calendar arithmetic on shop days written YYYY-MM-DD (plain dates, no time zone: the zone only
 * matters where a day meets the clock, in `shop-day.ts`).
 */
const DAY_MS = 86_400_000;

const toMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
const fromMs = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function addDays(day: string, days: number): string {
  return fromMs(toMs(day) + days * DAY_MS);
}

/** Days from `start` to `end`, both included. */
export function dayCount(start: string, end: string): number {
  return Math.round((toMs(end) - toMs(start)) / DAY_MS) + 1;
}

/** Every day from `start` to `end`, both included. */
export function daysOf(start: string, end: string): string[] {
  return Array.from({ length: dayCount(start, end) }, (_, i) => addDays(start, i));
}

/** The Sunday that starts `day`'s week (spec 000: weeks start on Sunday). */
export function weekStart(day: string): string {
  return addDays(day, -new Date(toMs(day)).getUTCDay());
}

/** YYYY-MM of a day. */
export const monthOf = (day: string) => day.slice(0, 7);

/** YYYY-MM `months` months after `month` (negative: before). */
export function addMonths(month: string, months: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + months;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

export const firstDayOf = (month: string) => `${month}-01`;
export const lastDayOf = (month: string) => addDays(firstDayOf(addMonths(month, 1)), -1);

/** Every month from `start` to `end` (YYYY-MM), both included. */
export function monthsOf(start: string, end: string): string[] {
  const months: string[] = [];
  for (let m = start; m <= end; m = addMonths(m, 1)) months.push(m);
  return months;
}

/**
 * Days `first`..`last` as the whole months inside them and the days before and after those (each
 * part only when there is one).
 */
export function splitByMonths(
  first: string,
  last: string,
): { months: { first: string; last: string } | null; days: { first: string; last: string }[] } {
  const firstMonth = first.endsWith('-01') ? monthOf(first) : addMonths(monthOf(first), 1);
  const lastMonth = lastDayOf(monthOf(last)) === last ? monthOf(last) : addMonths(monthOf(last), -1);
  if (firstMonth > lastMonth) return { months: null, days: [{ first, last }] };
  const days = [];
  if (first < firstDayOf(firstMonth)) days.push({ first, last: addDays(firstDayOf(firstMonth), -1) });
  if (last > lastDayOf(lastMonth)) days.push({ first: addDays(lastDayOf(lastMonth), 1), last });
  return { months: { first: firstMonth, last: lastMonth }, days };
}

/** The shop's calendar day at `now` (the one day key, `shop-day.ts`). */
export function shopToday(now: Date, timeZone: string): string {
  return shopDayOf(now, timeZone);
}
