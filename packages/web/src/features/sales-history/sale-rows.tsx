import { formatBaht, type Sale } from '@pos/core';
import { FileMinus, FileText, Pencil, ReceiptText, Undo2 } from 'lucide-react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { useI18n, type MessageKey } from '../../i18n';
import { formatDateTime } from '../../lib/dates';
import { cn } from '../../lib/utils';
import { variantText } from '../../lib/variant-text';
import { PAYMENT_METHOD_LOOK } from '../payments/payment-methods';
import { refundReasonText } from './refund-reason';

/** What a row's buttons open; the screen holds the dialogs. */
export type SaleAction = 'receipt' | 'tax-invoice' | 'credit-notes' | 'edit' | 'refund';

export interface SaleRowProps {
  sale: Sale;
  canRefund: boolean;
  onAction: (action: SaleAction, sale: Sale) => void;
}

const STATUS: Record<Sale['status'], { key: MessageKey; tone: 'green' | 'amber' | 'red' }> = {
  completed: { key: 'salesHistory.statusCompleted', tone: 'green' },
  partially_refunded: { key: 'salesHistory.statusPartial', tone: 'amber' },
  refunded: { key: 'salesHistory.statusRefunded', tone: 'red' },
};

function StatusCell({ sale }: { sale: Sale }) {
  const { t } = useI18n();
  const status = STATUS[sale.status];
  return (
    <div className="space-y-1">
      <Badge tone={status.tone}>{t(status.key)}</Badge>
      {sale.status === 'refunded' ? <p className="text-xs text-red-700">{t('salesHistory.refundedNote')}</p> : null}
      {sale.status === 'partially_refunded' ? (
        <p className="text-xs text-amber-800">
          {t('salesHistory.partialNote', { amount: formatBaht(sale.refunded_amount) })}
        </p>
      ) : null}
      {sale.refunds.map((refund) => (
        <div key={refund.id} className="text-xs text-slate-600" data-testid="refund-summary">
          <p>
            {t('salesHistory.refundSummary', {
              amount: formatBaht(refund.amount),
              reason: refundReasonText(refund, t),
              method: t(PAYMENT_METHOD_LOOK[refund.refund_method].label),
            })}
          </p>
          {refund.stripe_refund_id ? (
            <p className="break-all" data-testid="refund-stripe-id">
              {t('salesHistory.refundStripeId', { id: refund.stripe_refund_id })}
            </p>
          ) : null}
          {refund.off_card_reason ? (
            <p className="break-words">{t('salesHistory.refundOffCard', { reason: refund.off_card_reason })}</p>
          ) : null}
        </div>
      ))}
      {sale.replaced_by_document_number ? (
        <p className="text-xs text-slate-600">
          {t('salesHistory.replacedBy', { number: sale.replaced_by_document_number })}
        </p>
      ) : null}
      {sale.replaces_document_number ? (
        <p className="text-xs text-slate-600">
          {t('salesHistory.replaces', { number: sale.replaces_document_number })}
        </p>
      ) : null}
    </div>
  );
}

function ProductsCell({ sale }: { sale: Sale }) {
  const { t } = useI18n();
  return (
    <ul className="space-y-0.5">
      {sale.items.map((item) => {
        const variant = variantText(item, t);
        return (
          <li key={item.id} className="break-words">
            {item.product_name}
            {variant ? <span className="text-slate-500"> ({variant})</span> : null}
            <span className="text-slate-600 tabular-nums"> × {item.quantity}</span>
          </li>
        );
      })}
    </ul>
  );
}

function CustomerCell({ sale }: { sale: Sale }) {
  const { t, intlLocale } = useI18n();
  return (
    <div>
      <p className="break-words">{sale.customer_name ?? t('salesHistory.generalCustomer')}</p>
      {sale.points_used > 0 ? (
        <p className="text-xs text-amber-800">
          {t('salesHistory.pointsUsed', { points: sale.points_used.toLocaleString(intlLocale) })}
        </p>
      ) : null}
    </div>
  );
}

function TotalCell({ sale }: { sale: Sale }) {
  const { t } = useI18n();
  return (
    <div className="text-right tabular-nums">
      <p className="font-semibold">{formatBaht(sale.total)}</p>
      {sale.discount > 0 ? (
        <p className="text-xs text-slate-600">{t('salesHistory.discount', { amount: formatBaht(sale.discount) })}</p>
      ) : null}
    </div>
  );
}

/** Receipt, tax invoice, credit notes, edit and refund (refund only with pos_refund, spec 001). */
function SaleActions({ sale, canRefund, onAction, wide }: SaleRowProps & { wide: boolean }) {
  const { t } = useI18n();
  const open = sale.status !== 'refunded';
  const buttons: { action: SaleAction; label: string; icon: typeof Pencil; shown: boolean; disabled?: boolean }[] = [
    { action: 'receipt', label: t('salesHistory.viewReceipt'), icon: ReceiptText, shown: true },
    { action: 'tax-invoice', label: t('salesHistory.viewTaxInvoice'), icon: FileText, shown: !sale.exclude_vat },
    { action: 'credit-notes', label: t('salesHistory.creditNotes'), icon: FileMinus, shown: sale.refunds.length > 0 },
    { action: 'edit', label: t('salesHistory.edit'), icon: Pencil, shown: true, disabled: sale.status !== 'completed' },
    { action: 'refund', label: t('salesHistory.refund'), icon: Undo2, shown: canRefund, disabled: !open },
  ];
  return (
    <div
      role="group"
      aria-label={t('salesHistory.actionsFor', { number: sale.document_number })}
      className={cn('flex gap-1', wide ? 'justify-end' : 'flex-wrap')}
    >
      {buttons
        .filter((b) => b.shown)
        .map(({ action, label, icon: Icon, disabled }) => (
          <Button
            key={action}
            variant={action === 'refund' ? 'destructive-outline' : 'outline'}
            size={wide ? 'icon' : 'md'}
            disabled={disabled}
            aria-label={wide ? label : undefined}
            title={wide ? label : undefined}
            data-action={action}
            onClick={() => onAction(action, sale)}
          >
            <Icon aria-hidden />
            {wide ? null : label}
          </Button>
        ))}
    </div>
  );
}

function EntryCell({ sale }: { sale: Sale }) {
  const { t } = useI18n();
  return (
    <div>
      <p className="font-semibold whitespace-nowrap text-slate-900">{sale.document_number}</p>
      <p className="text-xs text-slate-600">
        {sale.payment_method === 'split'
          ? sale.payments.map((p) => t(PAYMENT_METHOD_LOOK[p.method].label)).join(' + ')
          : t(PAYMENT_METHOD_LOOK[sale.payment_method].label)}
      </p>
    </div>
  );
}

/** One sale on a wide screen; a refunded one is red. */
export function SaleRow(props: SaleRowProps) {
  const { intlLocale } = useI18n();
  const { sale } = props;
  return (
    <tr
      data-testid={`sale-row-${sale.document_number}`}
      data-status={sale.status}
      className={cn('align-top', sale.status === 'refunded' && 'bg-red-50 text-red-900')}
    >
      <td className="px-4 py-3">
        <EntryCell sale={sale} />
      </td>
      <td className="px-4 py-3">
        <CustomerCell sale={sale} />
      </td>
      <td className="px-4 py-3">
        <ProductsCell sale={sale} />
      </td>
      <td className="px-4 py-3">
        <TotalCell sale={sale} />
      </td>
      <td className="px-4 py-3 whitespace-nowrap tabular-nums">{formatDateTime(sale.created_at, intlLocale)}</td>
      <td className="px-4 py-3">
        <StatusCell sale={sale} />
      </td>
      <td className="px-4 py-3">
        <SaleActions {...props} wide />
      </td>
    </tr>
  );
}

/** One sale on a phone: a card with the same facts and labelled buttons. */
export function SaleCard(props: SaleRowProps) {
  const { t, intlLocale } = useI18n();
  const { sale } = props;
  return (
    <li>
      <Card
        data-testid={`sale-card-${sale.document_number}`}
        data-status={sale.status}
        className={cn('space-y-3 p-4', sale.status === 'refunded' && 'border-red-300 bg-red-50')}
      >
        <div className="flex items-start justify-between gap-3">
          <EntryCell sale={sale} />
          <TotalCell sale={sale} />
        </div>
        <dl className="grid grid-cols-2 gap-2 text-sm">
          <div>
            <dt className="text-xs text-slate-600">{t('salesHistory.colCustomer')}</dt>
            <dd>
              <CustomerCell sale={sale} />
            </dd>
          </div>
          <div>
            <dt className="text-xs text-slate-600">{t('salesHistory.colDate')}</dt>
            <dd className="tabular-nums">{formatDateTime(sale.created_at, intlLocale)}</dd>
          </div>
          <div className="col-span-2">
            <dt className="text-xs text-slate-600">{t('salesHistory.colProducts')}</dt>
            <dd>
              <ProductsCell sale={sale} />
            </dd>
          </div>
          <div className="col-span-2">
            <dt className="sr-only">{t('salesHistory.colStatus')}</dt>
            <dd>
              <StatusCell sale={sale} />
            </dd>
          </div>
        </dl>
        <SaleActions {...props} wide={false} />
      </Card>
    </li>
  );
}

/** Cards on phones and small tablets, the spec's table on wider screens. */
export function SalesTable({ sales, ...rest }: Omit<SaleRowProps, 'sale'> & { sales: readonly Sale[] }) {
  const { t } = useI18n();
  const head = 'px-4 py-3 font-medium';
  return (
    <>
      <ul className="space-y-3 md:hidden" aria-label={t('salesHistory.tableLabel')}>
        {sales.map((sale) => (
          <SaleCard key={sale.id} sale={sale} {...rest} />
        ))}
      </ul>
      <Card className="hidden overflow-x-auto md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t('salesHistory.tableLabel')}</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-xs text-slate-600">
            <tr>
              <th scope="col" className={head}>
                {t('salesHistory.colEntry')}
              </th>
              <th scope="col" className={head}>
                {t('salesHistory.colCustomer')}
              </th>
              <th scope="col" className={head}>
                {t('salesHistory.colProducts')}
              </th>
              <th scope="col" className={cn(head, 'text-right')}>
                {t('salesHistory.colTotal')}
              </th>
              <th scope="col" className={head}>
                {t('salesHistory.colDate')}
              </th>
              <th scope="col" className={head}>
                {t('salesHistory.colStatus')}
              </th>
              <th scope="col" className={cn(head, 'text-right')}>
                {t('salesHistory.colActions')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {sales.map((sale) => (
              <SaleRow key={sale.id} sale={sale} {...rest} />
            ))}
          </tbody>
        </table>
      </Card>
    </>
  );
}
