import { formatBaht, type CardSaleFlag, type CardSaleFlagReason } from '@pos/core';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { AlertTriangle, CheckCircle2, RotateCw, Search } from 'lucide-react';
import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { Spinner } from '../../components/ui/spinner';
import { LoadingState } from '../../components/ui/states';
import { apiErrorText, useI18n, type MessageKey } from '../../i18n';
import { errorMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { formatCurrencyAmount } from '../../lib/format-number';

/** A sale recorded although something was out of line (a paid card sale, a sale made offline), as the list shows it. */
export interface FlaggedSaleView {
  /** The row's own key (a sale's id, or an offline refund's device-made id): what "handled" is asked for. */
  key: string;
  saleId: number;
  documentNumber: string;
  /** What the row is about beyond the sale itself (an offline refund of it, and its credit note). */
  subject?: string;
  /** Baht. */
  total: number;
  /** When it was sold. */
  when: string;
  sellerName: string;
  customerName: string | null;
  /** The till it was sold at, when the list knows it. */
  tillName?: string | null;
  reasons: CardSaleFlag[];
}

/** The words of one kind of flagged sale: its panel's texts and each reason's. */
export interface FlaggedSalesTexts {
  title: MessageKey;
  explain: MessageKey;
  empty: MessageKey;
  loadError: MessageKey;
  reasonsLabel: MessageKey;
  reason: Record<CardSaleFlagReason, MessageKey>;
}

/** What the provider was asked (THB) and what it took, in its currency. */
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

/** One reason a sale was flagged, in words, with the products, amounts and points it names. */
export function ReasonLine({ flag, reason }: { flag: CardSaleFlag; reason: Record<CardSaleFlagReason, MessageKey> }) {
  const { t, intlLocale, locale } = useI18n();
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
        {t(reason[flag.reason], { claimed: flag.claimed ?? '' })}
        {products ? <span className="font-medium">: {products}</span> : null}
        {flag.code ? (
          <span className="font-medium">: {apiErrorText(locale, flag.code, undefined) ?? flag.code}</span>
        ) : null}
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
  texts,
  testId,
  handle,
  canHandle,
  onShowSale,
}: {
  sale: FlaggedSaleView;
  texts: FlaggedSalesTexts;
  testId: string;
  handle: UseMutationResult<unknown, Error, FlaggedSaleView>;
  canHandle: boolean;
  onShowSale: (documentNumber: string) => void;
}) {
  const { t, intlLocale } = useI18n();
  const pending = handle.isPending && handle.variables?.key === sale.key;
  const markHandled = () =>
    handle.mutate(sale, {
      onSuccess: () => toast.success(t('payments.flags.handled', { document: sale.documentNumber })),
      onError: (cause) =>
        toast.error(t('payments.flags.handleError'), {
          description: errorMessage(cause, t('payments.flags.handleError')),
        }),
    });
  const meta = t('payments.flags.meta', {
    when: formatDateTime(sale.when, intlLocale),
    seller: sale.sellerName,
    customer: sale.customerName ?? t('salesHistory.generalCustomer'),
  });
  return (
    <li className="grid gap-2 rounded-lg border border-amber-200 bg-white p-3" data-testid={testId}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="font-semibold text-slate-900">{sale.documentNumber}</p>
        <p className="font-semibold text-slate-900 tabular-nums">{formatBaht(sale.total)}</p>
      </div>
      {sale.subject ? <p className="text-sm font-medium text-slate-800">{sale.subject}</p> : null}
      <p className="text-sm text-slate-600">{sale.tillName ? `${meta} · ${sale.tillName}` : meta}</p>
      <ul className="grid gap-1 text-sm text-slate-800" aria-label={t(texts.reasonsLabel)}>
        {sale.reasons.map((flag) => (
          <ReasonLine key={flag.reason} flag={flag} reason={texts.reason} />
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="md" onClick={() => onShowSale(sale.documentNumber)}>
          <Search aria-hidden />
          {t('payments.flags.showSale')}
        </Button>
        {canHandle ? (
          <Button onClick={markHandled} disabled={pending}>
            {pending ? <Spinner /> : <CheckCircle2 aria-hidden />}
            {t('payments.flags.markHandled')}
          </Button>
        ) : null}
      </div>
    </li>
  );
}

/**
 * Sales recorded although something was out of line: the manager sees who, when, what, why, and marks each
 * handled. One panel for every kind (`texts` words it; `headingId` and `rowTestId` name it for tests).
 */
export function FlaggedSalesPanel({
  headingId,
  rowTestId,
  texts,
  list,
  handle,
  canHandle,
  onShowSale,
  children,
}: {
  headingId: string;
  rowTestId: string;
  texts: FlaggedSalesTexts;
  list: UseQueryResult<FlaggedSaleView[]>;
  handle: UseMutationResult<unknown, Error, FlaggedSaleView>;
  canHandle: boolean;
  onShowSale: (documentNumber: string) => void;
  /** More about this kind below the list (an offline till's periods). */
  children?: ReactNode;
}) {
  const { t, intlLocale } = useI18n();
  const items = list.data ?? [];
  // Offline before it ever loaded (its read waits for the network): nothing to show rather than a skeleton forever.
  if (list.isPending && list.fetchStatus === 'paused') return null;

  let body;
  if (list.isPending) {
    body = (
      <LoadingState>
        <Skeleton className="h-24 w-full rounded-lg" />
      </LoadingState>
    );
  } else if (list.isError) {
    body = (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-800">
        <span>{errorMessage(list.error, t(texts.loadError))}</span>
        <Button variant="outline" onClick={() => void list.refetch()} disabled={list.isFetching}>
          <RotateCw aria-hidden />
          {t('common.retry')}
        </Button>
      </div>
    );
  } else if (items.length === 0) {
    body = (
      <p className="flex items-center gap-2 text-sm text-slate-600">
        <CheckCircle2 className="size-4 shrink-0 text-green-700" aria-hidden />
        {t(texts.empty)}
      </p>
    );
  } else {
    body = (
      <>
        <p className="text-sm text-amber-900">{t(texts.explain)}</p>
        <ul className="grid gap-3">
          {items.map((sale) => (
            <FlaggedRow
              key={sale.key}
              sale={sale}
              texts={texts}
              testId={rowTestId}
              handle={handle}
              canHandle={canHandle}
              onShowSale={onShowSale}
            />
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
          {t(texts.title)}
          {items.length > 0 ? <Badge tone="amber">{items.length.toLocaleString(intlLocale)}</Badge> : null}
        </h2>
        {body}
        {children}
      </div>
    </Card>
  );
}
