/**
 * Receipt / tax-invoice numbers: R<Buddhist-era year>-<6-digit sequence>,
 * e.g. R2569-000123. The sequence restarts each year in the shop's time zone.
 */
export function documentSeries(now: Date, timeZone: string): string {
  const year = Number(new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric' }).format(now));
  return `R${year + 543}`;
}

export function formatDocumentNumber(series: string, sequence: number): string {
  return `${series}-${String(sequence).padStart(6, '0')}`;
}
