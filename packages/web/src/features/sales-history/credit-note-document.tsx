import type { Sale, SaleRefund, StoreSettings, TaxInvoice } from '@pos/core';
import { creditNoteFigures } from '@pos/core';
import { cn } from '../../lib/utils';
import { variantText } from '../../lib/variant-text';
import { PAYMENT_METHOD_LOOK, paymentPartName } from '../payments/payment-methods';
import { A4Document, type A4Figure } from '../receipt/a4-document';
import { documentDate, documentDateTime, documentT } from '../receipt/document-language';
import { formatAmount, printable, type ReceiptPaper } from '../receipt/receipt';
import { ReceiptLinesTable } from '../receipt/receipt-lines-table';
import { storeIdentity } from '../settings/settings.queries';
import { branchText } from '../tax-invoice/tax-invoice-form';

import { refundReasonText } from './refund-reason';

const t = documentT;

function Line({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={cn('flex justify-between gap-2', strong && 'text-[1.2em] font-bold')}>
      <span>{label}</span>
      <span className="tabular-nums">{value}</span>
    </div>
  );
}

function Rule() {
  return <hr className="my-2 border-0 border-t border-dashed border-black" />;
}

/**
 * One refund on paper. A sale with a tax invoice gets a credit note (ใบลดหนี้), which Revenue Code
 * section 86/10 asks to show: the seller's name, address and tax id; the buyer's name and address;
 * its number and date; the original tax invoice's number and date; the value of the goods on that
 * invoice, the correct value, the difference and the VAT on the difference; and the reason. A sale
 * without a tax invoice (no VAT, or a shop without its tax id) prints as a refund note against the
 * receipt. In Thai whatever the screen language; on the roll or an A4 page.
 */
export function CreditNoteDocument({
  sale: saleAsStored,
  refund: refundAsStored,
  settings: settingsAsStored,
  taxInvoice: invoiceAsStored = null,
  paper = 'roll',
  className,
}: {
  sale: Sale;
  refund: SaleRefund;
  settings: StoreSettings | undefined;
  /** The full tax invoice the sale got (issue 36): the note refers to it and names its buyer. */
  taxInvoice?: TaxInvoice | null;
  paper?: ReceiptPaper;
  className?: string;
}) {
  const sale = printable(saleAsStored);
  const refund = printable(refundAsStored);
  const { name, logoUrl } = storeIdentity(printable(settingsAsStored));
  const system = printable(settingsAsStored)?.system;
  const taxId = system?.taxId ?? '';
  // A credit note is a tax document: it needs the seller's tax id like the invoice it corrects.
  const isCreditNote = refund.credit_note_number !== null && taxId !== '';
  const figures = creditNoteFigures(sale, refund);
  const rate = sale.tax_rate.toLocaleString('th-TH', { maximumFractionDigits: 2 });
  const invoice = invoiceAsStored ? printable(invoiceAsStored) : null;
  const ref = invoice
    ? { number: invoice.number, date: documentDate(invoice.issuedAt) }
    : { number: refund.original_document_number, date: documentDate(sale.created_at) };
  // The credit note of a full invoice refers to it by number; a short one's keeps the short invoice's wording.
  const refText = invoice
    ? t('taxInvoice.doc.creditNoteRef', ref)
    : isCreditNote
      ? t('salesHistory.creditNoteRef', ref)
      : t('salesHistory.refundRef', ref);
  const items = new Map(sale.items.map((item) => [item.id, item]));
  const title = isCreditNote ? t('salesHistory.creditNoteTitle') : t('salesHistory.refundNoteTitle');
  const buyer = invoice?.buyer.name || sale.customer_name?.trim() || t('receipt.generalCustomer');
  // The buyer's address, tax ID and branch as the full invoice has them, else the address the refund kept.
  const buyerLines = invoice
    ? [
        invoice.buyer.address,
        `${t('taxInvoice.doc.taxId', { taxId: invoice.buyer.taxId })} ${branchText(invoice.buyer.branch, t)}`,
      ]
    : refund.buyer_address
      ? [refund.buyer_address]
      : [];
  const lines = refund.lines.map((line) => {
    const item = items.get(line.sale_item_id);
    return {
      id: line.sale_item_id,
      name: line.product_name,
      variant: item && (item.size || item.color) ? variantText(item, t) : null,
      quantity: line.quantity,
      amount: line.amount,
    };
  });
  const totals: A4Figure[] = isCreditNote
    ? [
        { label: t('salesHistory.creditNoteOriginalValue'), value: formatAmount(figures.originalValue) },
        ...(figures.earlierValue > 0
          ? [{ label: t('salesHistory.creditNoteEarlier'), value: formatAmount(figures.earlierValue) }]
          : []),
        { label: t('salesHistory.creditNoteCorrectValue'), value: formatAmount(figures.correctValue) },
        { label: t('salesHistory.creditNoteDifference'), value: formatAmount(figures.difference) },
        { label: t('salesHistory.creditNoteVat', { rate }), value: formatAmount(figures.vat) },
        { label: t('salesHistory.creditNoteAmount'), value: formatAmount(figures.amount), strong: true },
      ]
    : [
        { label: t('salesHistory.refundNoteOriginalTotal'), value: formatAmount(sale.total) },
        { label: t('salesHistory.refundNoteAmount'), value: formatAmount(refund.amount), strong: true },
      ];
  const method = refund.stripe_refund_id
    ? t('salesHistory.creditNoteToCard')
    : t(PAYMENT_METHOD_LOOK[refund.refund_method].label);
  // A refund of a bill paid several ways lists what went back through each part.
  const parts: A4Figure[] =
    refund.parts.length > 1
      ? refund.parts.map((part) => ({
          label: `· ${paymentPartName(part, t)}`,
          value: formatAmount(part.amount),
        }))
      : [];
  const remarks = [
    t('salesHistory.creditNoteReason', { reason: refundReasonText(refund, t) }),
    ...(refund.edit_details ? [refund.edit_details] : []),
    `${t('salesHistory.creditNoteMethod')}: ${method}`,
    ...parts.map((part) => `${part.label} ${part.value}`),
    ...(refund.stripe_refund_id ? [t('salesHistory.creditNoteStripeRef', { id: refund.stripe_refund_id })] : []),
    ...(refund.off_card_reason ? [t('salesHistory.creditNoteOffCard', { reason: refund.off_card_reason })] : []),
    t('salesHistory.creditNoteBy', { name: refund.refunded_by_name }),
    ...(isCreditNote ? [t('salesHistory.creditNoteValuesNote')] : []),
  ];

  if (paper === 'a4') {
    return (
      <A4Document
        testId="credit-note-document"
        className={className}
        title={title}
        notes={[refText]}
        seller={{
          name,
          logoUrl,
          lines: [
            system?.address ?? '',
            system?.phone ? t('receipt.phone', { phone: system.phone }) : '',
            taxId ? t('receipt.taxId', { taxId }) : '',
          ].filter((line) => line !== ''),
        }}
        meta={[
          ...(isCreditNote && refund.credit_note_number
            ? [{ label: t('salesHistory.creditNoteNumberLabel'), value: refund.credit_note_number }]
            : []),
          { label: t('receipt.date'), value: documentDateTime(refund.created_at) },
        ]}
        buyer={{
          heading: t('salesHistory.creditNoteBuyer'),
          name: buyer,
          lines: buyerLines,
        }}
        lines={lines.map((line) => ({
          id: line.id,
          description: line.name,
          details: line.variant ? [line.variant] : [],
          quantity: line.quantity,
          amount: line.amount,
        }))}
        totals={totals}
        remarks={remarks}
        signatures={[t('salesHistory.creditNoteSignatureIssuer'), t('salesHistory.creditNoteSignatureReceiver')]}
      />
    );
  }

  return (
    <article
      lang="th"
      data-paper="roll"
      data-testid="credit-note-document"
      className={cn('bg-white text-[12px] leading-normal text-black', className)}
      aria-label={title}
    >
      <header className="space-y-0.5 text-center">
        <p className="text-[1.25em] font-bold">{name}</p>
        {system?.address ? <p className="whitespace-pre-line">{system.address}</p> : null}
        {taxId ? <p>{t('receipt.taxId', { taxId })}</p> : null}
      </header>
      <Rule />
      <div className="space-y-0.5 text-center">
        <h3 className="text-[1.35em] font-bold">{title}</h3>
        {isCreditNote && refund.credit_note_number ? (
          <p>{t('salesHistory.creditNoteNumber', { number: refund.credit_note_number })}</p>
        ) : null}
        <p>{t('salesHistory.creditNoteDate', { date: documentDateTime(refund.created_at) })}</p>
        <p>{refText}</p>
      </div>
      <div className="mt-1 space-y-0.5" data-testid="credit-note-buyer">
        <Line label={t('salesHistory.creditNoteBuyer')} value={buyer} />
        {invoice ? (
          buyerLines.map((line) => (
            <p key={line} className="break-words whitespace-pre-line">
              {line}
            </p>
          ))
        ) : refund.buyer_address ? (
          <p>
            {t('salesHistory.creditNoteBuyerAddress')}:{' '}
            <span className="whitespace-pre-line">{refund.buyer_address}</span>
          </p>
        ) : null}
      </div>
      <Rule />
      <ReceiptLinesTable lines={lines} />
      <Rule />
      <div className="space-y-0.5" data-testid="credit-note-figures">
        {totals.map((f) => (
          <Line key={f.label} label={f.label} value={f.value} strong={f.strong} />
        ))}
        {isCreditNote ? <p className="text-[0.9em]">{t('salesHistory.creditNoteValuesNote')}</p> : null}
      </div>
      <Rule />
      <p>{t('salesHistory.creditNoteReason', { reason: refundReasonText(refund, t) })}</p>
      {refund.edit_details ? <p className="whitespace-pre-line">{refund.edit_details}</p> : null}
      <Line label={t('salesHistory.creditNoteMethod')} value={method} />
      {parts.map((part) => (
        <Line key={part.label} label={part.label} value={part.value} />
      ))}
      {refund.stripe_refund_id ? (
        <p className="break-all">{t('salesHistory.creditNoteStripeRef', { id: refund.stripe_refund_id })}</p>
      ) : null}
      {refund.off_card_reason ? <p>{t('salesHistory.creditNoteOffCard', { reason: refund.off_card_reason })}</p> : null}
      <p>{t('salesHistory.creditNoteBy', { name: refund.refunded_by_name })}</p>
    </article>
  );
}
