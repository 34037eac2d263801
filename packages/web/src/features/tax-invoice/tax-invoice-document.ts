import { bahtText, bahtToSatang, type TaxInvoice } from '@pos/core';
import type { A4Figure } from '../receipt/a4-document';
import { documentDate, documentT } from '../receipt/document-language';
import { formatAmount } from '../receipt/receipt';

const t = documentT;

/** ใบเสร็จรับเงิน/ใบกำกับภาษี when paid at once (every invoice the till issues), else ใบกำกับภาษี. */
export function taxInvoiceTitle(invoice: Pick<TaxInvoice, 'paid'>): string {
  return invoice.paid ? t('taxInvoice.doc.titlePaid') : t('taxInvoice.doc.title');
}

/** Whether two instants fall on different calendar days as the document prints them. */
function otherDay(a: string, b: string): boolean {
  return documentDate(a) !== documentDate(b);
}

/** Number, date of issue, and the date of supply when the invoice was issued on a later day (86/4). */
export function taxInvoiceMeta(invoice: TaxInvoice): A4Figure[] {
  return [
    { label: t('taxInvoice.doc.number'), value: invoice.number },
    { label: t('taxInvoice.doc.date'), value: documentDate(invoice.issuedAt) },
    ...(otherDay(invoice.issuedAt, invoice.suppliedAt)
      ? [{ label: t('taxInvoice.doc.suppliedAt'), value: documentDate(invoice.suppliedAt) }]
      : []),
  ];
}

/**
 * The totals 86/4 asks to show apart: the goods' value, the discount, the value before VAT, the VAT and the
 * total; then the total in Thai words (from satang, so no rounding reaches the words).
 */
export function taxInvoiceTotals(invoice: TaxInvoice): { figures: A4Figure[]; words: string } {
  const rate = invoice.vatRate.toLocaleString('th-TH', { maximumFractionDigits: 2 });
  return {
    figures: [
      { label: t('taxInvoice.doc.subtotal'), value: formatAmount(invoice.subtotal) },
      {
        label: t('taxInvoice.doc.discount'),
        value: invoice.discount > 0 ? `-${formatAmount(invoice.discount)}` : formatAmount(0),
      },
      { label: t('taxInvoice.doc.valueBeforeVat'), value: formatAmount(invoice.valueBeforeVat) },
      { label: t('taxInvoice.doc.vat', { rate }), value: formatAmount(invoice.vat) },
      { label: t('taxInvoice.doc.total'), value: formatAmount(invoice.total), strong: true },
    ],
    words: t('taxInvoice.doc.inWords', { words: bahtText(bahtToSatang(invoice.total)) }),
  };
}

/** The two copies every full tax invoice prints: the buyer's original, then the seller's copy. */
export const TAX_INVOICE_COPIES = ['original', 'copy'] as const;
export type TaxInvoiceCopy = (typeof TAX_INVOICE_COPIES)[number];

export function copyMark(copy: TaxInvoiceCopy): string {
  return copy === 'original' ? t('taxInvoice.doc.original') : t('taxInvoice.doc.copy');
}
