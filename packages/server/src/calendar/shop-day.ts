/**
 * The shop's days in `SHOP_TIMEZONE`: where a day meets the clock. Every day key (sales history
 * filters, report ranges, the report rollups a sale or refund updates) comes from here.
 */
const DAY_MS = 24 * 60 * 60_000;

/** Built once per zone: building a formatter costs more than using it (this runs for every sale). */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** How far the zone's wall clock is ahead of UTC at `at`. */
function zoneOffsetMs(timeZone: string, at: number): number {
  const parts = formatterFor(timeZone).formatToParts(new Date(at));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return wall - Math.floor(at / 1000) * 1000;
}

const nextDay = (day: string, days = 1) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The zone's calendar date at `at`. */
const wallDay = (timeZone: string, at: number) => new Date(at + zoneOffsetMs(timeZone, at)).toISOString().slice(0, 10);

/**
 * The instant a shop day (YYYY-MM-DD in `timeZone`) begins, as ISO-8601 UTC text: its first instant,
 * which is local midnight, or the end of a DST gap where a zone skips midnight (or the whole day).
 */
export function shopDayStart(day: string, timeZone: string): string {
  const midnightAsUtc = Date.parse(`${day}T00:00:00Z`);
  // Midnight with the offset in force just before it, and with the one in force just after: the same
  // instant unless the offset changes around midnight; then the one that begins the day is the answer.
  const first = midnightAsUtc - zoneOffsetMs(timeZone, midnightAsUtc);
  const second = midnightAsUtc - zoneOffsetMs(timeZone, first);
  const begins = (at: number) => wallDay(timeZone, at) >= day && wallDay(timeZone, at - 1) < day;
  const start = begins(second) ? second : begins(first) ? first : second;
  return new Date(start).toISOString();
}

/** The instant the day after `day` begins: the exclusive end of a range that includes `day`. */
export function shopDayEnd(day: string, timeZone: string): string {
  return shopDayStart(nextDay(day), timeZone);
}

/** The last day looked up, per zone: sales come in time order, so most look-ups land in it. */
const lastDay = new Map<string, { day: string; from: number; to: number }>();

/**
 * The shop day (YYYY-MM-DD) an instant falls in: the day whose [shopDayStart, shopDayEnd) holds it,
 * so a sale's day key always agrees with the instant ranges reports and the sales history use.
 */
export function shopDayOf(at: Date | string, timeZone: string): string {
  const ms = typeof at === 'string' ? Date.parse(at) : at.getTime();
  const known = lastDay.get(timeZone);
  if (known && ms >= known.from && ms < known.to) return known.day;
  let day = new Date(ms + zoneOffsetMs(timeZone, ms)).toISOString().slice(0, 10);
  // The wall-clock guess is the answer in every real zone; the bounds make it so by definition.
  for (let step = 0; step < 3; step++) {
    const from = Date.parse(shopDayStart(day, timeZone));
    const to = Date.parse(shopDayEnd(day, timeZone));
    if (ms < from) day = nextDay(day, -1);
    else if (ms >= to) day = nextDay(day);
    else {
      lastDay.set(timeZone, { day, from, to });
      return day;
    }
  }
  return day;
}
