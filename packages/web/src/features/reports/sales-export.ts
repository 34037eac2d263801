import { csvBaht, csvFileName, toCsv, type Sale } from '@pos/core';
import { localDateKey } from '../../lib/dates';
import { csvDateTime } from '../customers/customers-export';
import { paymentMethodCell } from '../payments/payment-methods';
import { thaiPaymentMethod } from '../sales-history/sale-status';

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

/** After the spec's columns (which keep their codes): the method in Thai (issue 31). */
const THAI_COLUMNS = ['วิธีชำระเงิน'] as const;

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
      paymentMethodCell(s),
      s.items.map((i) => `${i.product_name} x${i.quantity}`).join('; '),
      thaiPaymentMethod(s),
    ]);
  return {
    fileName: csvFileName(prefix, localDateKey(now)),
    text: toCsv([[...SALES_CSV_COLUMNS, ...THAI_COLUMNS], ...rows]),
  };
}
