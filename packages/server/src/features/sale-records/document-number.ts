import type { NumberBlockKind } from '@pos/core';

/**
 * Receipt / tax-invoice numbers: R<Buddhist-era year>-<6-digit sequence>,
 * e.g. R2569-000123. The sequence restarts each year in the shop's time zone.
 */

/**
 * Every zone's offset is a whole number of quarter hours, so its year cannot change inside a quarter
 * hour of UTC: the year is formatted once per quarter hour and zone, not per sale (formatting was ~1 %
 * of a sale's CPU under load, building a formatter per sale ~3 %; issue 17).
 */
const QUARTER_HOUR_MS = 15 * 60_000;
const years = new Map<string, { formatter: Intl.DateTimeFormat; quarter: number; year: number }>();

function yearIn(now: Date, timeZone: string): number {
  const quarter = Math.floor(now.getTime() / QUARTER_HOUR_MS);
  let known = years.get(timeZone);
  if (!known) {
    known = { formatter: new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric' }), quarter: NaN, year: 0 };
    years.set(timeZone, known);
  }
  if (known.quarter !== quarter) {
    known.year = Number(known.formatter.format(now));
    known.quarter = quarter;
  }
  return known.year;
}

export function documentSeries(now: Date, timeZone: string): string {
  return `R${yearIn(now, timeZone) + 543}`;
}

// Core's, the one rule the offline till prints its block's numbers with too.
export { formatDocumentNumber } from '@pos/core';

/**
 * A till's own receipt series, for the numbers reserved for its offline sales (issue 38): R2569-T01. The
 * Revenue Department expects a gapless series per POS machine; the shop's R2569 series stays the online one.
 */
export function tillReceiptSeries(now: Date, timeZone: string, tillId: number): string {
  return `${documentSeries(now, timeZone)}-${tillPart(tillId)}`;
}

/** A till's own credit note series, for its offline refunds: CN2569-T01 (the shop's CN2569 stays the online one). */
export function tillCreditNoteSeries(now: Date, timeZone: string, tillId: number): string {
  return `CN${documentSeries(now, timeZone).slice(1)}-${tillPart(tillId)}`;
}

const tillPart = (tillId: number) => `T${String(tillId).padStart(2, '0')}`;

/** Which kind of document a till series numbers. */
export function tillSeriesKind(series: string): NumberBlockKind {
  return series.startsWith('CN') ? 'credit_note' : 'receipt';
}

/** A number of a till's series split back into its series and sequence; null when it is not one of `kind`. */
export function parseTillDocumentNumber(
  documentNumber: string,
  kind: NumberBlockKind,
): { series: string; sequence: number } | null {
  const match = /^((?:R|CN)\d{4}-T\d{2,})-(\d{6})$/.exec(documentNumber);
  if (!match || tillSeriesKind(match[1]!) !== kind) return null;
  return { series: match[1]!, sequence: Number(match[2]) };
}
