import {
  averageOrderValue,
  csvBaht,
  csvFileName,
  CSV_PREFIXES,
  formatPhone,
  isActiveCustomer,
  toCsv,
  type Customer,
} from '@pos/core';
import { localDateKey } from '../../lib/dates';
import { csvDate, csvDateTime } from '../customers/customers-export';

export const CUSTOMER_HISTORY_CSV_COLUMNS = [
  'Customer ID',
  'Name',
  'Phone',
  'Email',
  'Total Purchases',
  'Total Spent',
  'Average Order',
  'Loyalty Points',
  'Last Purchase',
  'Member Since',
  'Status',
] as const;

/** The history screen's export: `customer_history_{date}.csv`, UTF-8 with a byte-order mark (spec 001 §9). */
export function customerHistoryCsv(customers: readonly Customer[], now: Date): { fileName: string; text: string } {
  const rows = customers.map((c) => [
    c.id,
    c.name,
    formatPhone(c.phone),
    c.email ?? '',
    c.total_purchases,
    csvBaht(c.total_spent),
    csvBaht(averageOrderValue(c.total_spent, c.total_purchases)),
    c.loyalty_points,
    csvDateTime(c.last_purchase),
    csvDate(c.created_at),
    isActiveCustomer(c, now) ? 'Active' : 'Inactive',
  ]);
  return {
    fileName: csvFileName(CSV_PREFIXES.customerHistory, localDateKey(now)),
    text: toCsv([CUSTOMER_HISTORY_CSV_COLUMNS, ...rows]),
  };
}
