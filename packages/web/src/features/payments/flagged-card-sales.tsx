import { formatBaht, type CardSaleFlag, type CardSaleFlagReason, type FlaggedCardSale } from '@pos/core';
import { AlertTriangle, CheckCircle2, RotateCw, Search } from 'lucide-react';
import { toast } from 'sonner';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { Spinner } from '../../components/ui/spinner';
import { LoadingState } from '../../components/ui/states';
import { useI18n, type MessageKey } from '../../i18n';
import { errorMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { formatCurrencyAmount } from '../../lib/format-number';
import { useFlaggedCardSales, useMarkCardSaleHandled } from './payments.queries';

const REASON: Record<CardSaleFlagReason, MessageKey> = {
  stock_shortfall: 'payments.flags.reason.stock_shortfall',
  product_unavailable: 'payments.flags.reason.product_unavailable',
  price_changed: 'payments.flags.reason.price_changed',
  variant_unavailable: 'payments.flags.reason.variant_unavailable',
  customer_deleted: 'payments.flags.reason.customer_deleted',
  points_shortfall: 'payments.flags.reason.points_shortfall',
  vat_approval_invalid: 'payments.flags.reason.vat_approval_invalid',
  seller_inactive: 'payments.flags.reason.seller_inactive',
  payment_method_disabled: 'payments.flags.reason.payment_method_disabled',
  settings_changed: 'payments.flags.reason.settings_changed',
  replacement_invalid: 'payments.flags.reason.replacement_invalid',
  amount_mismatch: 'payments.flags.reason.amount_mismatch',
  no_open_shift: 'payments.flags.reason.no_open_shift',
  time_invalid: 'payments.flags.reason.time_invalid',
  number_invalid: 'payments.flags.reason.number_invalid',
  price_unknown: 'payments.flags.reason.price_unknown',
};

/** What the checkout asked (THB) and what the provider took, in its currency. */
function AmountsPaid({ flag }: { flag: CardSaleFlag }) {
  const { t, intlLocale } = useI18n();
  if (flag.amountAsked === undefined) return null;
  const paid =
    flag.amountPaid === null || flag.amountPaid === undefined
      ? t('payments.flags.amountUnknown')
      : formatCurrencyAmount(flag.amountPaid, flag.currency ?? '', intlLocale);
  return (
    <span className="font-medium">
      : {t('payments.flags.amounts', { asked: formatCurrencyAmount(flag.amountAsked, 'THB', intlLocale), paid })}
    </span>
  );
}

/** One reason a card sale was flagged, in words, with the products, amounts and points it names. */
export function ReasonLine({ flag }: { flag: CardSaleFlag }) {
  const { t, intlLocale } = useI18n();
  const products = (flag.products ?? [])
    .map((p) =>
      p.short === undefined
        ? p.name
        : t('payments.flags.productShort', { name: p.name, count: p.short.toLocaleString(intlLocale) }),
    )
    .join(', ');
  return (
    <li className="flex gap-2">
      <AlertTriangle className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden />
      <span>
        {t(REASON[flag.reason], { claimed: flag.claimed ?? '' })}
        {products ? <span className="font-medium">: {products}</span> : null}
        <AmountsPaid flag={flag} />
        {flag.pointsShort ? (
          <span className="font-medium">
            {' '}
            {t('payments.flags.pointsShort', { points: flag.pointsShort.toLocaleString(intlLocale) })}
          </span>
        ) : null}
      </span>
    </li>
  );
}

function FlaggedRow({
  sale,
  canHandle,
  onShowSale,
}: {
  sale: FlaggedCardSale;
  canHandle: boolean;
  onShowSale: (documentNumber: string) => void;
}) {
  const { t, intlLocale } = useI18n();
  const handle = useMarkCardSaleHandled();
  const markHandled = () =>
    handle.mutate(sale.saleId, {
      onSuccess: () => toast.success(t('payments.flags.handled', { document: sale.documentNumber })),
      onError: (cause) =>
        toast.error(t('payments.flags.handleError'), {
          description: errorMessage(cause, t('payments.flags.handleError')),
        }),
    });
  return (
    <li className="grid gap-2 rounded-lg border border-amber-200 bg-white p-3" data-testid="flagged-card-sale">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="font-semibold text-slate-900">{sale.documentNumber}</p>
        <p className="font-semibold text-slate-900 tabular-nums">{formatBaht(sale.total)}</p>
      </div>
      <p className="text-sm text-slate-600">
        {t('payments.flags.meta', {
          when: formatDateTime(sale.completedAt, intlLocale),
          seller: sale.sellerName,
          customer: sale.customerName ?? t('salesHistory.generalCustomer'),
        })}
      </p>
      <ul className="grid gap-1 text-sm text-slate-800" aria-label={t('payments.flags.reasonsLabel')}>
        {sale.reasons.map((flag) => (
          <ReasonLine key={flag.reason} flag={flag} />
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="md" onClick={() => onShowSale(sale.documentNumber)}>
          <Search aria-hidden />
          {t('payments.flags.showSale')}
        </Button>
        {canHandle ? (
          <Button onClick={markHandled} disabled={handle.isPending}>
            {handle.isPending ? <Spinner /> : <CheckCircle2 aria-hidden />}
            {t('payments.flags.markHandled')}
          </Button>
        ) : null}
      </div>
    </li>
  );
}

/**
 * Card sales recorded although something changed while the customer paid (stock ran out, the
 * customer was deleted, ...): the manager sees who, when, what, why, and marks each handled.
 */
export function FlaggedCardSalesPanel({
  canHandle,
  onShowSale,
}: {
  canHandle: boolean;
  onShowSale: (documentNumber: string) => void;
}) {
  const { t, intlLocale } = useI18n();
  const flagged = useFlaggedCardSales(true);
  const items = flagged.data?.checkouts ?? [];
  const headingId = 'flagged-card-sales-title';

  let body;
  if (flagged.isPending) {
    body = (
      <LoadingState>
        <Skeleton className="h-24 w-full rounded-lg" />
      </LoadingState>
    );
  } else if (flagged.isError) {
    body = (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-800">
        <span>{errorMessage(flagged.error, t('payments.flags.loadError'))}</span>
        <Button variant="outline" onClick={() => void flagged.refetch()} disabled={flagged.isFetching}>
          <RotateCw aria-hidden />
          {t('common.retry')}
        </Button>
      </div>
    );
  } else if (items.length === 0) {
    body = (
      <p className="flex items-center gap-2 text-sm text-slate-600">
        <CheckCircle2 className="size-4 shrink-0 text-green-700" aria-hidden />
        {t('payments.flags.empty')}
      </p>
    );
  } else {
    body = (
      <>
        <p className="text-sm text-amber-900">{t('payments.flags.explain')}</p>
        <ul className="grid gap-3">
          {items.map((sale) => (
            <FlaggedRow key={sale.saleId} sale={sale} canHandle={canHandle} onShowSale={onShowSale} />
          ))}
        </ul>
      </>
    );
  }

  return (
    <Card
      className={items.length > 0 ? 'mb-6 border-amber-300 bg-amber-50' : 'mb-6'}
      aria-labelledby={headingId}
      role="region"
    >
      <div className="grid gap-3 p-4">
        <h2 id={headingId} className="flex flex-wrap items-center gap-2 text-base font-semibold text-slate-900">
          {t('payments.flags.title')}
          {items.length > 0 ? <Badge tone="amber">{items.length.toLocaleString(intlLocale)}</Badge> : null}
        </h2>
        {body}
      </div>
    </Card>
  );
}
