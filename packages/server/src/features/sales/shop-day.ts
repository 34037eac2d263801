const DAY_MS = 24 * 60 * 60_000;

/** How far the zone's wall clock is ahead of UTC at `at`. */
function zoneOffsetMs(timeZone: string, at: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(at));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return wall - Math.floor(at / 1000) * 1000;
}

/** The instant a shop day (YYYY-MM-DD in `timeZone`) begins, as ISO-8601 UTC text. */
export function shopDayStart(day: string, timeZone: string): string {
  const midnightAsUtc = Date.parse(`${day}T00:00:00Z`);
  // Twice, so a day whose offset differs from the guess's (a DST change) still lands on local midnight.
  const first = midnightAsUtc - zoneOffsetMs(timeZone, midnightAsUtc);
  return new Date(midnightAsUtc - zoneOffsetMs(timeZone, first)).toISOString();
}

/** The instant the day after `day` begins: the exclusive end of a range that includes `day`. */
export function shopDayEnd(day: string, timeZone: string): string {
  const next = new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
  return shopDayStart(next, timeZone);
}
