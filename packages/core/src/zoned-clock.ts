/** A moment's calendar date and clock time in a time zone, each part zero-padded (`hour` 00-23). */
export interface ZonedTime {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
}

/**
 * Reads moments as the clocks of `timeZone` show them (the shop's clocks, whatever the computer's own
 * zone). One formatter made per zone, reused for every moment: exports call it once a row.
 */
export function zonedClock(timeZone: string): (date: Date) => ZonedTime {
  const format = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  return (date) => {
    const part: Record<string, string> = {};
    for (const { type, value } of format.formatToParts(date)) part[type] = value;
    return {
      year: part.year ?? '',
      month: part.month ?? '',
      day: part.day ?? '',
      hour: part.hour ?? '',
      minute: part.minute ?? '',
      second: part.second ?? '',
    };
  };
}
