/**
 * What a receipt or short tax invoice shows for a sale (spec 001 "Receipt and
 * tax invoice dialog"; Revenue Code section 86/6 for the short tax invoice).
 */
import { isTaxInvoice, printableText, type DocumentSale } from '@pos/core';

export { isTaxInvoice, vatStatement, type DocumentSale, type VatStatement } from '@pos/core';
import type { MessageKey } from '../../i18n';

/**
 * receipt: the original given to the customer, a short tax invoice combined
 * with the receipt when VAT applies (Revenue Code 86/6, 105 bis), a plain
 * receipt when it does not; tax-invoice: a copy of that same document, marked
 * as a copy, for a customer who asks for the tax invoice again.
 */
export type ReceiptType = 'receipt' | 'tax-invoice';

/** Paper the print stylesheet lays the document out for. */
export type ReceiptPaper = 'roll' | 'a4';

/** A sale without a tax invoice gets a receipt only; the tax-invoice copy needs a tax invoice. */
export function receiptTypesFor(sale: DocumentSale, sellerTaxId: string): ReceiptType[] {
  return isTaxInvoice(sale, sellerTaxId) ? ['receipt', 'tax-invoice'] : ['receipt'];
}

export interface DocumentHeading {
  title: MessageKey;
  /** Marked as a copy: same number as the original, so it must not pass for a second receipt. */
  copy: boolean;
  notes: MessageKey[];
}

/**
 * The document's title and notes. One sale has one number and one document:
 * with VAT it is "ใบกำกับภาษีอย่างย่อ/ใบเสร็จรับเงิน" stating that VAT is
 * included (86/6 (1) and (5)); without VAT (excluded at the till, a shop not
 * registered for VAT, or one without its tax id) a plain receipt. The
 * tax-invoice type is a copy of the same document.
 */
export function documentHeading(sale: DocumentSale, type: ReceiptType, sellerTaxId: string): DocumentHeading {
  if (sale.exclude_vat) return { title: 'receipt.titleReceipt', copy: false, notes: ['receipt.notTaxInvoiceNote'] };
  if (!isTaxInvoice(sale, sellerTaxId)) return { title: 'receipt.titleReceipt', copy: false, notes: [] };
  const vatNote: MessageKey = sale.prices_include_vat ? 'receipt.vatIncludedNote' : 'receipt.totalIncludesVatNote';
  if (type === 'tax-invoice') {
    return { title: 'receipt.titleTaxInvoiceReceipt', copy: true, notes: [vatNote, 'receipt.copyNote'] };
  }
  return { title: 'receipt.titleTaxInvoiceReceipt', copy: false, notes: [vatNote] };
}

const amountFormatter = new Intl.NumberFormat('th-TH', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Amounts on the document: always 2 decimals, no currency sign (the column says baht). */
export function formatAmount(value: number): string {
  return amountFormatter.format(Number.isFinite(value) ? value : 0);
}

/**
 * A copy of what a document prints with bidirectional controls, direction marks and zero-width
 * characters taken out of every text: the API refuses or removes them now, but a name stored before
 * could still print backwards or reorder the numbers beside it on a tax document.
 */
export function printable<T>(value: T): T {
  if (typeof value === 'string') return printableText(value) as T;
  if (Array.isArray(value)) return value.map(printable) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, printable(v)])) as T;
  }
  return value;
}
