import type { Sale, SaleRefund, StoreSettings } from '@pos/core';
import { useT } from '../../i18n';
import { formatDate, formatDateTime } from '../../lib/dates';
import { cn } from '../../lib/utils';
import { variantText } from '../../lib/variant-text';
import { PAYMENT_METHOD_LOOK } from '../payments/payment-methods';
import { formatAmount, printable } from '../receipt/receipt';
import { ReceiptLinesTable } from '../receipt/receipt-lines-table';
import { storeIdentity } from '../settings/settings.queries';
import { creditNoteFigures } from './credit-note';
import { refundReasonText } from './refund-reason';

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
 * without VAT had no tax invoice, so its refund prints as a refund note against the receipt.
 */
export function CreditNoteDocument({
  sale: saleAsStored,
  refund: refundAsStored,
  settings: settingsAsStored,
  className,
}: {
  sale: Sale;
  refund: SaleRefund;
  settings: StoreSettings | undefined;
  className?: string;
}) {
  const t = useT();
  const sale = printable(saleAsStored);
  const refund = printable(refundAsStored);
  const { name } = storeIdentity(printable(settingsAsStored));
  const system = printable(settingsAsStored)?.system;
  const isCreditNote = refund.credit_note_number !== null;
  const figures = creditNoteFigures(sale, refund);
  const rate = sale.tax_rate.toLocaleString('th-TH', { maximumFractionDigits: 2 });
  const ref = { number: refund.original_document_number, date: formatDate(sale.created_at) };
  const items = new Map(sale.items.map((item) => [item.id, item]));

  return (
    <article
      data-testid="credit-note-document"
      className={cn('bg-white text-[12px] leading-normal text-black', className)}
      aria-label={isCreditNote ? t('salesHistory.creditNoteTitle') : t('salesHistory.refundNoteTitle')}
    >
      <header className="space-y-0.5 text-center">
        <p className="text-[1.25em] font-bold">{name}</p>
        {system?.address ? <p className="whitespace-pre-line">{system.address}</p> : null}
        {system?.taxId ? <p>{t('receipt.taxId', { taxId: system.taxId })}</p> : null}
      </header>
      <Rule />
      <div className="space-y-0.5 text-center">
        <h3 className="text-[1.35em] font-bold">
          {isCreditNote ? t('salesHistory.creditNoteTitle') : t('salesHistory.refundNoteTitle')}
        </h3>
        {refund.credit_note_number ? (
          <p>{t('salesHistory.creditNoteNumber', { number: refund.credit_note_number })}</p>
        ) : null}
        <p>{t('salesHistory.creditNoteDate', { date: formatDateTime(refund.created_at) })}</p>
        <p>{isCreditNote ? t('salesHistory.creditNoteRef', ref) : t('salesHistory.refundRef', ref)}</p>
      </div>
      <div className="mt-1 space-y-0.5" data-testid="credit-note-buyer">
        <Line
          label={t('salesHistory.creditNoteBuyer')}
          value={sale.customer_name?.trim() || t('receipt.generalCustomer')}
        />
        {refund.buyer_address ? (
          <p>
            {t('salesHistory.creditNoteBuyerAddress')}:{' '}
            <span className="whitespace-pre-line">{refund.buyer_address}</span>
          </p>
        ) : null}
      </div>
      <Rule />
      <ReceiptLinesTable
        lines={refund.lines.map((line) => {
          const item = items.get(line.sale_item_id);
          return {
            id: line.sale_item_id,
            name: line.product_name,
            variant: item && (item.size || item.color) ? variantText(item, t) : null,
            quantity: line.quantity,
            amount: line.amount,
          };
        })}
      />
      <Rule />
      {isCreditNote ? (
        <div className="space-y-0.5" data-testid="credit-note-figures">
          <Line label={t('salesHistory.creditNoteOriginalValue')} value={formatAmount(figures.originalValue)} />
          {figures.earlierValue > 0 ? (
            <Line label={t('salesHistory.creditNoteEarlier')} value={formatAmount(figures.earlierValue)} />
          ) : null}
          <Line label={t('salesHistory.creditNoteCorrectValue')} value={formatAmount(figures.correctValue)} />
          <Line label={t('salesHistory.creditNoteDifference')} value={formatAmount(figures.difference)} />
          <Line label={t('salesHistory.creditNoteVat', { rate })} value={formatAmount(figures.vat)} />
          <Line label={t('salesHistory.creditNoteAmount')} value={formatAmount(figures.amount)} strong />
          <p className="text-[0.9em]">{t('salesHistory.creditNoteValuesNote')}</p>
        </div>
      ) : (
        <div className="space-y-0.5" data-testid="credit-note-figures">
          <Line label={t('salesHistory.refundNoteOriginalTotal')} value={formatAmount(sale.total)} />
          <Line label={t('salesHistory.refundNoteAmount')} value={formatAmount(refund.amount)} strong />
        </div>
      )}
      <Rule />
      <p>{t('salesHistory.creditNoteReason', { reason: refundReasonText(refund, t) })}</p>
      {refund.edit_details ? <p className="whitespace-pre-line">{refund.edit_details}</p> : null}
      <Line
        label={t('salesHistory.creditNoteMethod')}
        value={
          refund.stripe_refund_id
            ? t('salesHistory.creditNoteToCard')
            : t(PAYMENT_METHOD_LOOK[refund.refund_method].label)
        }
      />
      {refund.parts.length > 1
        ? refund.parts.map((part) => (
            <Line
              key={part.method}
              label={`· ${t(PAYMENT_METHOD_LOOK[part.method].label)}`}
              value={formatAmount(part.amount)}
            />
          ))
        : null}
      {refund.stripe_refund_id ? (
        <p className="break-all">{t('salesHistory.creditNoteStripeRef', { id: refund.stripe_refund_id })}</p>
      ) : null}
      {refund.off_card_reason ? <p>{t('salesHistory.creditNoteOffCard', { reason: refund.off_card_reason })}</p> : null}
      <p>{t('salesHistory.creditNoteBy', { name: refund.refunded_by_name })}</p>
    </article>
  );
}
