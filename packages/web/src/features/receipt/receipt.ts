/**
 * What a receipt or short tax invoice shows for a sale (spec 001 "Receipt and
 * tax invoice dialog"; Revenue Code section 86/6 for the short tax invoice).
 */
import type { PaymentMethod, Sale } from '@pos/core';
import type { MessageKey } from '../../i18n';

/** receipt: a receipt (and short tax invoice when VAT applies); tax-invoice: the short tax invoice alone. */
export type ReceiptType = 'receipt' | 'tax-invoice';

/** Paper the print stylesheet lays the document out for. */
export type ReceiptPaper = 'roll' | 'a4';

export const PAYMENT_METHOD_LABEL: Record<PaymentMethod, MessageKey> = {
  cash: 'receipt.methodCash',
  card: 'receipt.methodCard',
  transfer: 'receipt.methodTransfer',
  promptpay: 'receipt.methodPromptpay',
};

/** A sale recorded without VAT gets a receipt only; a tax invoice needs VAT. */
export function receiptTypesFor(sale: Pick<Sale, 'exclude_vat'>): ReceiptType[] {
  return sale.exclude_vat ? ['receipt'] : ['receipt', 'tax-invoice'];
}

/** The document's heading. */
export function documentTitleKey(sale: Pick<Sale, 'exclude_vat'>, type: ReceiptType): MessageKey {
  if (sale.exclude_vat) return 'receipt.titleReceipt';
  return type === 'tax-invoice' ? 'receipt.titleTaxInvoice' : 'receipt.titleReceiptTaxInvoice';
}

export type VatStatement = { kind: 'none' } | { kind: 'included'; rate: number } | { kind: 'separate'; rate: number };

/** How the VAT is stated: included in the prices (86/6 wording) or shown as a separate amount. */
export function vatStatement(sale: Pick<Sale, 'exclude_vat' | 'prices_include_vat' | 'tax_rate'>): VatStatement {
  if (sale.exclude_vat) return { kind: 'none' };
  return sale.prices_include_vat
    ? { kind: 'included', rate: sale.tax_rate }
    : { kind: 'separate', rate: sale.tax_rate };
}

const amountFormatter = new Intl.NumberFormat('th-TH', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Amounts on the document: always 2 decimals, no currency sign (the column says baht). */
export function formatAmount(value: number): string {
  return amountFormatter.format(Number.isFinite(value) ? value : 0);
}
