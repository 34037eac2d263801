import type { Sale, SalesCsvLayout } from './api/sales';
import { csvBaht, type CsvCell } from './csv';
import { PAYMENT_METHOD_NAMES } from './payment-methods';
import { variantName } from './variants';
import { zonedClock } from './zoned-clock';

/**
 * The sales exports (spec 000 §9, 001 §9), written by the server row by row (issue 32: an export of
 * 1,000,000 sales in constant memory). The spec's columns keep their codes for outside checks; the Thai
 * columns after them are for people (issue 31).
 */

/** Spec 001 §9: the sales history export's columns, in order, then the method and the status in Thai. */
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
  'วิธีชำระเงิน',
  'สถานะ',
] as const;

/**
 * Spec 000 §9: the all-sales export's columns (the reports export uses them for its period), then the
 * method in Thai and the items naming their size and colour (issue 34).
 */
export const SALES_REPORT_CSV_COLUMNS = [
  'Sale ID',
  'Timestamp',
  'Customer',
  'Subtotal',
  'Discount',
  'Tax',
  'Total',
  'Payment Method',
  'Items',
  'วิธีชำระเงิน',
  'สินค้า (สี / ไซส์)',
] as const;

/** The words of the Thai columns, and of a sale without a registered customer. */
export const SALES_CSV_WORDS = {
  generalCustomer: 'ลูกค้าทั่วไป',
  methods: PAYMENT_METHOD_NAMES as Readonly<Record<string, string>>,
  statuses: {
    completed: 'สำเร็จ',
    partially_refunded: 'คืนเงินบางส่วน',
    refunded: 'คืนเงินแล้ว',
  } satisfies Readonly<Record<Sale['status'], string>>,
} as const;

type SaleForCsv = Pick<
  Sale,
  | 'document_number'
  | 'created_at'
  | 'customer_name'
  | 'items'
  | 'subtotal'
  | 'discount'
  | 'tax'
  | 'total'
  | 'payment_method'
  | 'payments'
  | 'status'
  | 'points_used'
  | 'points_earned'
>;

/** A method by its code, or in Thai (a method this build does not know is written as stored). */
function methodWord(method: string, thai: boolean): string {
  return thai ? (SALES_CSV_WORDS.methods[method] ?? method) : method;
}

/** How a sale was paid: its method, or a split bill's parts with their amounts ("cash 235.00; transfer 300.00"). */
function paymentCell(sale: SaleForCsv, thai: boolean): string {
  if (sale.payment_method !== 'split') return methodWord(sale.payment_method, thai);
  const parts = sale.payments.map((part) => `${methodWord(part.method, thai)} ${csvBaht(part.amount)}`).join('; ');
  return thai ? parts : `split: ${parts}`;
}

/**
 * `YYYY-MM-DD HH:mm` in the shop's time zone (the same instant reads the same on every till and in
 * every export, whatever the computer's own zone).
 */
export function shopDateTimeFormatter(timeZone: string): (iso: string) => string {
  const clock = zonedClock(timeZone);
  return (iso) => {
    const date = new Date(iso);
    if (Number.isNaN(date.getTime())) return '';
    const t = clock(date);
    return `${t.year}-${t.month}-${t.day} ${t.hour}:${t.minute}`;
  };
}

/** One sale's row of an export in `layout`, its time as `dateTime` writes it. */
export function salesCsvRow(sale: SaleForCsv, layout: SalesCsvLayout, dateTime: (iso: string) => string): CsvCell[] {
  const customer = sale.customer_name ?? SALES_CSV_WORDS.generalCustomer;
  if (layout === 'report') {
    return [
      sale.document_number,
      dateTime(sale.created_at),
      customer,
      csvBaht(sale.subtotal),
      csvBaht(sale.discount),
      csvBaht(sale.tax),
      csvBaht(sale.total),
      paymentCell(sale, false),
      sale.items.map((i) => `${i.product_name} x${i.quantity}`).join('; '),
      paymentCell(sale, true),
      // The spec's Items keeps its shape; people read which variant sold here ("โปโล ดำ / M x2").
      sale.items.map((i) => `${variantName(i.product_name, i)} x${i.quantity}`).join('; '),
    ];
  }
  return [
    sale.document_number,
    dateTime(sale.created_at),
    customer,
    sale.items
      .map((item) => {
        const variant = [item.size, item.color].filter(Boolean).join('/');
        return `${item.product_name}${variant ? ` (${variant})` : ''} x ${item.quantity}`;
      })
      .join('; '),
    csvBaht(sale.subtotal),
    csvBaht(sale.tax),
    csvBaht(sale.total),
    paymentCell(sale, false),
    sale.status,
    sale.points_used,
    sale.points_earned,
    paymentCell(sale, true),
    SALES_CSV_WORDS.statuses[sale.status],
  ];
}

/** The header row of an export in `layout`. */
export function salesCsvColumns(layout: SalesCsvLayout): readonly string[] {
  return layout === 'report' ? SALES_REPORT_CSV_COLUMNS : SALES_HISTORY_CSV_COLUMNS;
}
