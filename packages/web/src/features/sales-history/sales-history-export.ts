import { csvBaht, csvFileName, CSV_PREFIXES, toCsv, type Sale } from '@pos/core';
import { localDateKey } from '../../lib/dates';
import { csvDateTime } from '../customers/customers-export';
import { paymentMethodCell } from '../payments/payment-methods';
import { thaiPaymentMethod, thaiSaleStatus } from './sale-status';

/** Spec 001 §9: the sales history export's columns, in order. */
export const SALES_HISTORY_CSV_COLUMNS = [
  'Sale ID',
  'Date',
  'Customer',
  'Items',
  'Subtotal',
  'Tax',
  'Total',
  'Payment Method',
  'Status',
  'Points Used',
  'Points Earned',
] as const;

/** After the spec's columns (which keep their codes): the method and the status in Thai (issue 31). */
const THAI_COLUMNS = ['วิธีชำระเงิน', 'สถานะ'] as const;

/** The line list of one sale in one cell: `name (size/colour) x qty; …`. */
function itemsCell(sale: Sale): string {
  return sale.items
    .map((item) => {
      const variant = [item.size, item.color].filter(Boolean).join('/');
      return `${item.product_name}${variant ? ` (${variant})` : ''} x ${item.quantity}`;
    })
    .join('; ');
}

/** `sales_history_{date}.csv`, UTF-8 with a byte-order mark, one row per sale (the server's figures). */
export function salesHistoryCsv(
  sales: readonly Sale[],
  now: Date,
  generalCustomer: string,
): { fileName: string; text: string } {
  const rows = sales.map((s) => [
    s.document_number,
    csvDateTime(s.created_at),
    s.customer_name ?? generalCustomer,
    itemsCell(s),
    csvBaht(s.subtotal),
    csvBaht(s.tax),
    csvBaht(s.total),
    paymentMethodCell(s),
    s.status,
    s.points_used,
    s.points_earned,
    thaiPaymentMethod(s),
    thaiSaleStatus(s.status),
  ]);
  return {
    fileName: csvFileName(CSV_PREFIXES.salesHistory, localDateKey(now)),
    text: toCsv([[...SALES_HISTORY_CSV_COLUMNS, ...THAI_COLUMNS], ...rows]),
  };
}
