import { csvBaht, csvFileName, CSV_PREFIXES, formatPhone, toCsv, type Customer } from '@pos/core';
import { localDateKey } from '../../lib/dates';

/** A timestamp for a spreadsheet: local `YYYY-MM-DD HH:mm`, empty when missing. */
export function csvDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${localDateKey(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The local calendar date of a timestamp, `YYYY-MM-DD`. */
export function csvDate(value: string | null | undefined): string {
  return csvDateTime(value).slice(0, 10);
}

export const CUSTOMERS_CSV_COLUMNS = [
  'Customer ID',
  'Name',
  'Phone',
  'Email',
  'Address',
  'Loyalty Points',
  'Total Purchases',
  'Total Spent',
  'Last Purchase',
  'Member Since',
] as const;

/** The customers screen's export: `customers_{date}.csv`, UTF-8 with a byte-order mark. */
export function customersCsv(customers: readonly Customer[], today: Date): { fileName: string; text: string } {
  const rows = customers.map((c) => [
    c.id,
    c.name,
    formatPhone(c.phone),
    c.email ?? '',
    c.address ?? '',
    c.loyalty_points,
    c.total_purchases,
    csvBaht(c.total_spent),
    csvDateTime(c.last_purchase),
    csvDate(c.created_at),
  ]);
  return {
    fileName: csvFileName(CSV_PREFIXES.customers, localDateKey(today)),
    text: toCsv([CUSTOMERS_CSV_COLUMNS, ...rows]),
  };
}
