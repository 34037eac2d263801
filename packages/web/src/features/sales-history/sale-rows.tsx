import { formatBaht, type Sale } from '@pos/core';
import { ChevronDown, FileCheck, FileMinus, FileText, Pencil, ReceiptText, Undo2 } from 'lucide-react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { useI18n } from '../../i18n';
import { formatDateTime } from '../../lib/dates';
import { cn } from '../../lib/utils';
import { variantText } from '../../lib/variant-text';
import { PAYMENT_METHOD_LOOK, paymentPartsText } from '../payments/payment-methods';
import { refundReasonText } from './refund-reason';
import { SALE_STATUS } from './sale-status';

/** What a row's buttons open; the screen holds the dialogs. */
export type SaleAction = 'receipt' | 'tax-invoice' | 'full-tax-invoice' | 'credit-notes' | 'edit' | 'refund';

export interface SaleRowProps {
  sale: Sale;
  canRefund: boolean;
  /** May issue full tax invoices (pos_process_sale); anyone who reads the history may print one issued. */
  canIssueTaxInvoice?: boolean;
  onAction: (action: SaleAction, sale: Sale) => void;
}

/** `compact` (the table): each note on one line, cut with its whole text as a tooltip. */
function StatusCell({ sale, compact = false }: { sale: Sale; compact?: boolean }) {
  const { t } = useI18n();
  const status = SALE_STATUS[sale.status];
  const line = compact ? 'truncate' : 'break-words';
  return (
    <div className={cn('space-y-1', compact && 'min-w-0')}>
      <Badge tone={status.tone}>{t(status.key)}</Badge>
      {sale.status === 'refunded' ? <p className="text-xs text-red-700">{t('salesHistory.refundedNote')}</p> : null}
      {sale.status === 'partially_refunded' ? (
        <p className="text-xs text-amber-800">
          {t('salesHistory.partialNote', { amount: formatBaht(sale.refunded_amount) })}
        </p>
      ) : null}
      {sale.refunds.map((refund) => (
        <div key={refund.id} className="text-xs text-slate-600" data-testid="refund-summary">
          <RefundLine
            className={line}
            text={t('salesHistory.refundSummary', {
              amount: formatBaht(refund.amount),
              reason: refundReasonText(refund, t),
              method: t(PAYMENT_METHOD_LOOK[refund.refund_method].label),
            })}
          />
          {refund.stripe_refund_id ? (
            <p className={compact ? 'truncate' : 'break-all'} data-testid="refund-stripe-id">
              {t('salesHistory.refundStripeId', { id: refund.stripe_refund_id })}
            </p>
          ) : null}
          {refund.off_card_reason ? (
            <RefundLine className={line} text={t('salesHistory.refundOffCard', { reason: refund.off_card_reason })} />
          ) : null}
        </div>
      ))}
      {sale.tax_invoice_number ? (
        <p
          className={cn('flex items-center gap-1 text-xs text-slate-600', compact && 'whitespace-nowrap')}
          title={t('taxInvoice.historyIssued', { number: sale.tax_invoice_number })}
          data-testid="sale-full-tax-invoice"
        >
          {/* In the table the number alone shows (its column is narrow); the words are there for screen readers. */}
          <FileCheck className="size-3.5 shrink-0" aria-hidden />
          <span className={compact ? 'sr-only' : undefined}>{t('taxInvoice.historyIssuedLabel')} </span>
          <span className="tabular-nums">{sale.tax_invoice_number}</span>
        </p>
      ) : null}
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

function RefundLine({ text, className }: { text: string; className: string }) {
  return (
    <p className={className} title={text}>
      {text}
    </p>
  );
}

/** A line as the history names it: `เสื้อโปโล (M, แดง) × 2`. */
function itemText(item: Sale['items'][number], t: ReturnType<typeof useI18n>['t']): string {
  const variant = variantText(item, t);
  return `${item.product_name}${variant ? ` (${variant})` : ''} × ${item.quantity}`;
}

/**
 * The table's summary of the lines (issue 31): the first line (`เสื้อโปโล × 2`), then how many more,
 * the units and the method (`และอีก 3 รายการ · 7 ชิ้น · เงินสด`); every line in the tooltip.
 */
function ItemsSummary({ sale }: { sale: Sale }) {
  const { t, intlLocale } = useI18n();
  const [first, ...rest] = sale.items;
  const all = sale.items.map((item) => itemText(item, t)).join('\n');
  const units = sale.items.reduce((sum, item) => sum + item.quantity, 0);
  const variant = first ? variantText(first, t) : null;
  return (
    <div className="min-w-0" title={all} data-testid="sale-items-summary">
      {/* The name gives way (cut with "…"); its quantity always shows, the other lines are counted below. */}
      <p className="flex min-w-0">
        <span className="truncate">{first ? `${first.product_name}${variant ? ` (${variant})` : ''}` : null}</span>
        <span className="shrink-0 whitespace-pre">{first ? ` × ${first.quantity}` : null}</span>
      </p>
      <p className="truncate text-xs text-slate-600">
        {rest.length > 0 ? `${t('salesHistory.itemsMore', { count: rest.length })} · ` : null}
        {t('salesHistory.itemsUnits', { count: units.toLocaleString(intlLocale) })} · {paymentPartsText(sale, t)}
      </p>
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

function CustomerCell({ sale, compact = false }: { sale: Sale; compact?: boolean }) {
  const { t, intlLocale } = useI18n();
  const name = sale.customer_name ?? t('salesHistory.generalCustomer');
  return (
    <div className={cn(compact && 'min-w-0')}>
      <p className={compact ? 'truncate' : 'break-words'} title={compact ? name : undefined}>
        {name}
      </p>
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
      <p className="font-semibold whitespace-nowrap">{formatBaht(sale.total)}</p>
      {sale.discount > 0 ? (
        <p className="text-xs whitespace-nowrap text-slate-600">
          {t('salesHistory.discount', { amount: formatBaht(sale.discount) })}
        </p>
      ) : null}
    </div>
  );
}

interface ActionButton {
  action: SaleAction;
  label: string;
  icon: typeof Pencil;
  shown: boolean;
  disabled?: boolean;
}

/** Receipt, tax invoice, credit notes, edit and refund (refund only with pos_refund, spec 001). */
function actionsOf(
  sale: Sale,
  canRefund: boolean,
  canIssue: boolean,
  t: ReturnType<typeof useI18n>['t'],
): ActionButton[] {
  const open = sale.status !== 'refunded';
  const actions: ActionButton[] = [
    { action: 'receipt', label: t('salesHistory.viewReceipt'), icon: ReceiptText, shown: true },
    { action: 'tax-invoice', label: t('salesHistory.viewTaxInvoice'), icon: FileText, shown: !sale.exclude_vat },
    // Issue 36: a sale with VAT and nothing returned may get a full tax invoice; one that has it shows it.
    {
      action: 'full-tax-invoice',
      label: sale.tax_invoice_number
        ? t('taxInvoice.historyIssued', { number: sale.tax_invoice_number })
        : t('taxInvoice.historyIssue'),
      icon: FileCheck,
      shown:
        sale.tax_invoice_id !== null ||
        (canIssue && !sale.exclude_vat && sale.tax_rate > 0 && sale.status === 'completed'),
    },
    { action: 'credit-notes', label: t('salesHistory.creditNotes'), icon: FileMinus, shown: sale.refunds.length > 0 },
    { action: 'edit', label: t('salesHistory.edit'), icon: Pencil, shown: true, disabled: sale.status !== 'completed' },
    { action: 'refund', label: t('salesHistory.refund'), icon: Undo2, shown: canRefund, disabled: !open },
  ];
  return actions.filter((b) => b.shown);
}

/** On a phone's card: every action a labelled button. */
function SaleActions({ sale, canRefund, canIssueTaxInvoice = false, onAction }: SaleRowProps) {
  const { t } = useI18n();
  return (
    <div
      role="group"
      aria-label={t('salesHistory.actionsFor', { number: sale.document_number })}
      className="flex flex-wrap gap-1"
    >
      {actionsOf(sale, canRefund, canIssueTaxInvoice, t).map(({ action, label, icon: Icon, disabled }) => (
        <Button
          key={action}
          variant={action === 'refund' ? 'destructive-outline' : 'outline'}
          disabled={disabled}
          data-action={action}
          onClick={() => onAction(action, sale)}
        >
          <Icon aria-hidden />
          {label}
        </Button>
      ))}
    </div>
  );
}

/**
 * In the table (issue 31: four look-alike icons before): the receipt as a labelled button, the
 * other actions in a labelled menu.
 */
function SaleActionsMenu({ sale, canRefund, canIssueTaxInvoice = false, onAction }: SaleRowProps) {
  const { t } = useI18n();
  const [receipt, ...more] = actionsOf(sale, canRefund, canIssueTaxInvoice, t);
  return (
    <div className="flex justify-end gap-1 whitespace-nowrap">
      {receipt ? (
        <Button variant="outline" data-action={receipt.action} onClick={() => onAction(receipt.action, sale)}>
          {receipt.label}
        </Button>
      ) : null}
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button
            variant="outline"
            aria-label={t('salesHistory.moreActionsFor', { number: sale.document_number })}
            data-testid="sale-actions-menu"
          >
            {t('salesHistory.moreActions')}
            <ChevronDown aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent aria-label={t('salesHistory.actionsFor', { number: sale.document_number })}>
          {more.map(({ action, label, icon: Icon, disabled }) => (
            <DropdownMenuItem
              key={action}
              disabled={disabled}
              destructive={action === 'refund'}
              data-action={action}
              onSelect={() => onAction(action, sale)}
            >
              <Icon aria-hidden />
              {label}
            </DropdownMenuItem>
          ))}
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}

function EntryCell({ sale, withDate = false }: { sale: Sale; withDate?: boolean }) {
  const { t, intlLocale } = useI18n();
  return (
    <div>
      <p className="font-semibold whitespace-nowrap text-slate-900">{sale.document_number}</p>
      <p className="text-xs whitespace-nowrap text-slate-600 tabular-nums">
        {withDate ? formatDateTime(sale.created_at, intlLocale) : paymentPartsText(sale, t)}
      </p>
    </div>
  );
}

/**
 * One sale on a wide screen, one or two lines tall (issue 31: ten sales fit at 1280 × 800); a refunded
 * one is red.
 */
export function SaleRow(props: SaleRowProps) {
  const { sale } = props;
  const cell = 'px-3 py-2';
  return (
    <tr
      data-testid={`sale-row-${sale.document_number}`}
      data-status={sale.status}
      className={cn('align-top', sale.status === 'refunded' && 'bg-red-50 text-red-900')}
    >
      <td className={cell}>
        <EntryCell sale={sale} withDate />
      </td>
      <td className={cn(cell, 'max-w-36')}>
        <CustomerCell sale={sale} compact />
      </td>
      {/* Takes the room left; its text is cut to one line rather than widening the table. */}
      <td className={cn(cell, 'w-full max-w-0')}>
        <ItemsSummary sale={sale} />
      </td>
      <td className={cell}>
        <TotalCell sale={sale} />
      </td>
      <td className={cn(cell, 'max-w-44')}>
        <StatusCell sale={sale} compact />
      </td>
      <td className={cell}>
        <SaleActionsMenu {...props} />
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
        <SaleActions {...props} />
      </Card>
    </li>
  );
}

/** Cards on phones and small tablets, the spec's table on wider screens. */
export function SalesTable({ sales, ...rest }: Omit<SaleRowProps, 'sale'> & { sales: readonly Sale[] }) {
  const { t } = useI18n();
  const head = 'px-3 py-2 font-medium whitespace-nowrap';
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
                {t('salesHistory.colEntryDate')}
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
