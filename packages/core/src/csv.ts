/**
 * CSV files for spreadsheets (spec 001 §9: every export is UTF-8 with a
 * byte-order mark, so Excel shows Thai text). RFC 4180 quoting, CRLF line ends.
 */

export const CSV_BOM = '\uFEFF';
export const CSV_MIME_TYPE = 'text/csv;charset=utf-8';

export type CsvCell = string | number | boolean | null | undefined;

/**
 * Text a spreadsheet would run as a formula (= + - @, or a leading tab or
 * carriage return) gets a leading apostrophe, so a customer named "=HYPERLINK(…)"
 * stays text. Numbers are written as numbers, never changed.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
/** "-12.50" is a number written as text (a refund amount), not a formula. */
const PLAIN_NUMBER = /^[+-]?\d+(?:\.\d+)?$/;

/** One cell: quoted when it holds a comma, quote or line break; quotes doubled. */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows (header first) to CSV text, starting with the UTF-8 byte-order mark unless `bom` is false. */
export function toCsv(rows: readonly (readonly CsvCell[])[], options: { bom?: boolean } = {}): string {
  const body = rows.map((row) => row.map(csvCell).join(',')).join('\r\n');
  return `${options.bom === false ? '' : CSV_BOM}${body}\r\n`;
}

/** A baht amount in a CSV cell: a plain number with 2 decimals (no sign or separators, so it sums). */
export function csvBaht(value: number): string {
  return (Number.isFinite(value) ? value : 0).toFixed(2);
}

/** The spec's file names: `customer_history_2026-11-22.csv` for prefix customer_history and that date. */
export function csvFileName(prefix: string, date: string): string {
  return `${prefix}_${date}.csv`;
}

/** The export file name prefixes (spec 000 §9, 001 §9). */
export const CSV_PREFIXES = {
  customerHistory: 'customer_history',
  customers: 'customers',
  salesReport: 'sales_report',
  salesHistory: 'sales_history',
  allSalesReport: 'all_sales_report',
  shifts: 'shifts',
} as const;
