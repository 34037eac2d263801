/** The time of day of an instant, e.g. `09:30` (where a like-for-like comparison stops). */
export function formatClock(iso: string, intlLocale: string): string {
  return new Intl.DateTimeFormat(intlLocale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(iso),
  );
}
