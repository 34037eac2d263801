import { EDIT_SALE_REASON, formatBaht, type Sale, type SaleRefund, type StoreSettings } from '@pos/core';
import { useT } from '../../i18n';
import { formatDate, formatDateTime } from '../../lib/dates';
import { cn } from '../../lib/utils';
import { storeIdentity } from '../settings/settings.queries';

function Line({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={cn('flex justify-between gap-2', strong && 'text-[1.2em] font-bold')}>
      <span>{label}</span>
      <span className="tabular-nums">{value}</span>
    </div>
  );
}

/**
 * One refund on paper. A sale with a tax invoice gets a credit note (ใบลดหนี้, Revenue Code
 * section 86/10): the seller, its number and date, the original tax invoice's number and date,
 * the goods and the value reduced, and the reason; otherwise a refund note against the receipt.
 */
export function CreditNoteDocument({
  sale,
  refund,
  settings,
  className,
}: {
  sale: Sale;
  refund: SaleRefund;
  settings: StoreSettings | undefined;
  className?: string;
}) {
  const t = useT();
  const { name } = storeIdentity(settings);
  const system = settings?.system;
  const isCreditNote = refund.credit_note_number !== null;
  const reason =
    refund.reason === EDIT_SALE_REASON
      ? `${t('salesHistory.reasonEdit')}${refund.edit_reason ? `: ${refund.edit_reason}` : ''}`
      : refund.reason === 'customer_request'
        ? t('salesHistory.reasonCustomer')
        : refund.reason;
  const ref = { number: refund.original_document_number, date: formatDate(sale.created_at) };

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
      <hr className="my-2 border-0 border-t border-dashed border-black" />
      <div className="space-y-0.5 text-center">
        <h3 className="text-[1.15em] font-bold">
          {isCreditNote ? t('salesHistory.creditNoteTitle') : t('salesHistory.refundNoteTitle')}
        </h3>
        {refund.credit_note_number ? (
          <p>{t('salesHistory.creditNoteNumber', { number: refund.credit_note_number })}</p>
        ) : null}
        <p>{t('salesHistory.creditNoteDate', { date: formatDateTime(refund.created_at) })}</p>
        <p>{isCreditNote ? t('salesHistory.creditNoteRef', ref) : t('salesHistory.refundRef', ref)}</p>
      </div>
      <div className="mt-1 space-y-0.5">
        <Line label={t('receipt.customer')} value={sale.customer_name?.trim() || t('receipt.generalCustomer')} />
      </div>
      <hr className="my-2 border-0 border-t border-dashed border-black" />
      <table className="w-full border-collapse">
        <thead>
          <tr className="border-b border-black text-left">
            <th className="py-0.5 font-semibold">{t('receipt.item')}</th>
            <th className="py-0.5 text-right font-semibold">{t('receipt.quantity')}</th>
            <th className="py-0.5 text-right font-semibold">{t('receipt.amount')}</th>
          </tr>
        </thead>
        <tbody>
          {refund.lines.map((line) => (
            <tr key={line.sale_item_id} className="align-top">
              <td className="py-0.5 break-words">{line.product_name}</td>
              <td className="py-0.5 text-right tabular-nums">{line.quantity}</td>
              <td className="py-0.5 text-right tabular-nums">{formatBaht(line.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <hr className="my-2 border-0 border-t border-dashed border-black" />
      <div className="space-y-0.5">
        <Line label={t('salesHistory.creditNoteOriginalTotal')} value={formatBaht(sale.total)} />
        <Line label={t('salesHistory.creditNoteAmount')} value={formatBaht(refund.amount)} strong />
      </div>
      <hr className="my-2 border-0 border-t border-dashed border-black" />
      <p>{t('salesHistory.creditNoteReason', { reason })}</p>
      {refund.edit_details ? <p className="whitespace-pre-line">{refund.edit_details}</p> : null}
      <p>{t('salesHistory.creditNoteBy', { name: refund.refunded_by_name })}</p>
    </article>
  );
}
