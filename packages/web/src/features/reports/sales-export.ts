import { csvBaht, csvFileName, SalesListResponse, SALES_LIST_LIMIT_MAX, toCsv, type Sale } from '@pos/core';
import { api } from '../../lib/api';
import { localDateKey } from '../../lib/dates';
import type { DayRange } from '../../lib/date-keys';
import { csvDateTime } from '../customers/customers-export';

/** Spec 000 §9: the all-sales export's columns; the reports export uses the same for its period. */
export const SALES_CSV_COLUMNS = [
  'Sale ID',
  'Timestamp',
  'Customer',
  'Subtotal',
  'Discount',
  'Tax',
  'Total',
  'Payment Method',
  'Items',
] as const;

/**
 * Every sale (of `range`, or all of them), read page by page with the server's cursor: an export must
 * not stop at the first page.
 */
export async function fetchAllSales(range: DayRange | null, signal?: AbortSignal): Promise<Sale[]> {
  const sales: Sale[] = [];
  let cursor: string | null = null;
  do {
    const params = new URLSearchParams({ limit: String(SALES_LIST_LIMIT_MAX) });
    if (range) {
      params.set('startDate', range.startDate);
      params.set('endDate', range.endDate);
    }
    if (cursor) params.set('cursor', cursor);
    const page: SalesListResponse = await api.get(`/sales?${params.toString()}`, {
      schema: SalesListResponse,
      signal,
    });
    sales.push(...page.sales);
    cursor = page.nextCursor;
  } while (cursor !== null);
  return sales;
}

/** `{prefix}_{date}.csv`, UTF-8 with a byte-order mark, one row per sale, oldest first. */
export function salesCsv(
  sales: readonly Sale[],
  { prefix, now, generalCustomer }: { prefix: string; now: Date; generalCustomer: string },
): { fileName: string; text: string } {
  const rows = [...sales]
    .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id)
    .map((s) => [
      s.document_number,
      csvDateTime(s.created_at),
      s.customer_name ?? generalCustomer,
      csvBaht(s.subtotal),
      csvBaht(s.discount),
      csvBaht(s.tax),
      csvBaht(s.total),
      s.payment_method,
      s.items.map((i) => `${i.product_name} x${i.quantity}`).join('; '),
    ]);
  return { fileName: csvFileName(prefix, localDateKey(now)), text: toCsv([SALES_CSV_COLUMNS, ...rows]) };
}
