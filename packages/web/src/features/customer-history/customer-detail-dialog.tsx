import {
  averageOrderValue,
  bahtToSatang,
  formatBaht,
  isActiveCustomer,
  satangToBaht,
  type Customer,
  type CustomerSale,
} from '@pos/core';
import { Coins, Receipt, RefreshCw, ShoppingBag, Wallet } from 'lucide-react';
import { useMemo, type ReactNode } from 'react';
import { toast } from 'sonner';
import { Avatar } from '../../components/ui/avatar';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Skeleton } from '../../components/ui/skeleton';
import { ErrorState } from '../../components/ui/states';
import { useI18n } from '../../i18n';
import { formatDate, formatDateTime } from '../../lib/dates';
import { useLoadErrorToast } from '../../lib/use-load-error-toast';
import { cn } from '../../lib/utils';
import { variantText } from '../../lib/variant-text';
import { CustomerContact } from '../customers/customer-contact';
import { paymentMethodLabel } from '../payments/payment-methods';
import { useCustomerSales } from './customer-history.queries';
import { historyErrorMessage } from './history-errors';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Totals of the loaded purchases: refunded sales are counted apart and not added to the amount. */
export function salesSummary(sales: readonly CustomerSale[]) {
  let satang = 0;
  let completed = 0;
  let refunded = 0;
  let pointsEarned = 0;
  let pointsUsed = 0;
  for (const sale of sales) {
    if (sale.status === 'refunded') {
      refunded += 1;
      continue;
    }
    completed += 1;
    satang += bahtToSatang(sale.total);
    pointsEarned += sale.points_earned;
    pointsUsed += sale.points_used;
  }
  return { count: sales.length, completed, refunded, total: satangToBaht(satang), pointsEarned, pointsUsed };
}

function Tile({
  icon: Icon,
  label,
  value,
  tone,
}: {
  icon: typeof Wallet;
  label: string;
  value: ReactNode;
  tone: string;
}) {
  return (
    <div className="flex items-center gap-3 rounded-lg border border-slate-200 p-2.5 sm:p-3">
      <span className={cn('hidden size-10 shrink-0 items-center justify-center rounded-lg sm:flex', tone)}>
        <Icon className="size-5" aria-hidden />
      </span>
      <div className="min-w-0">
        <p className="text-xs text-slate-500">{label}</p>
        <p className="text-sm font-bold break-words text-slate-900 tabular-nums sm:text-lg">{value}</p>
      </div>
    </div>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-1.5 text-sm">
      <dt className="text-slate-500">{label}</dt>
      <dd className="text-right font-medium break-words text-slate-900 tabular-nums">{children}</dd>
    </div>
  );
}

function SalesSkeleton() {
  return (
    <ul className="space-y-2" aria-hidden>
      {Array.from({ length: 3 }, (_, i) => (
        <li key={i}>
          <Skeleton className="h-16" />
        </li>
      ))}
    </ul>
  );
}

/**
 * A customer's details and purchases (spec 001 "Customer history" detail modal):
 * totals, contact, extra stats, the list of purchases and a summary; the
 * purchases can be reloaded on demand.
 */
export function CustomerDetailDialog({ customer, onClose }: { customer: Customer | null; onClose: () => void }) {
  const { t, intlLocale } = useI18n();
  const sales = useCustomerSales(customer?.id ?? null);
  const summary = useMemo(() => salesSummary(sales.data ?? []), [sales.data]);
  const now = new Date();

  const loadError = sales.isError ? historyErrorMessage(sales.error, t) : null;
  useLoadErrorToast(loadError, sales.errorUpdatedAt, t('customerHistory.historyError'));

  const refresh = async () => {
    const result = await sales.refetch();
    if (result.isSuccess) {
      toast.success(t('customerHistory.refreshed'), {
        description: t('customerHistory.historyRefreshed', { count: result.data.length }),
      });
    }
  };

  if (!customer) return null;
  const active = isActiveCustomer(customer, now);
  const daysSince = customer.last_purchase
    ? Math.max(0, Math.floor((now.getTime() - new Date(customer.last_purchase).getTime()) / DAY_MS))
    : null;

  let purchases;
  if (sales.isPending) purchases = <SalesSkeleton />;
  else if (sales.isError) {
    purchases = (
      <ErrorState
        className="py-8"
        title={t('customerHistory.historyError')}
        message={loadError ?? undefined}
        onRetry={() => void sales.refetch()}
        retrying={sales.isFetching}
      />
    );
  } else if (sales.data.length === 0) {
    purchases = (
      <p className="rounded-lg border border-dashed border-slate-300 px-4 py-8 text-center text-sm text-slate-600">
        {t('customerHistory.noPurchases')}
      </p>
    );
  } else {
    purchases = (
      <ul
        className="divide-y divide-slate-100 rounded-lg border border-slate-200"
        aria-label={t('customerHistory.purchases')}
      >
        {sales.data.map((sale) => {
          const method = paymentMethodLabel(sale.payment_method);
          return (
            <li key={sale.id} className="flex flex-col gap-1 p-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0 space-y-0.5">
                <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                  <Receipt className="size-4 text-slate-400" aria-hidden />
                  <span className="tabular-nums">{sale.document_number}</span>
                  <Badge tone={sale.status === 'refunded' ? 'red' : 'green'}>
                    {sale.status === 'refunded'
                      ? t('customerHistory.statusRefunded')
                      : t('customerHistory.statusCompleted')}
                  </Badge>
                </p>
                <p className="text-xs text-slate-500 tabular-nums">
                  {[
                    formatDateTime(sale.created_at, intlLocale),
                    method ? t(method) : (sale.payment_method ?? t('customerHistory.paymentUnknown')),
                    sale.items.length > 0
                      ? t('customerHistory.itemCount', { count: sale.items.reduce((n, item) => n + item.quantity, 0) })
                      : t('customerHistory.noItemDetails'),
                  ].join(' · ')}
                </p>
                {sale.items.length > 0 ? (
                  <ul className="text-xs break-words text-slate-600" aria-label={t('customerHistory.saleItems')}>
                    {sale.items.map((item) => (
                      <li key={item.id}>
                        <span className="text-slate-800">{`${item.product_name} × ${item.quantity}`}</span>
                        {[item.sku ? t('customerHistory.itemSku', { sku: item.sku }) : '', variantText(item, t)]
                          .filter(Boolean)
                          .map((text) => ` · ${text}`)
                          .join('')}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </div>
              <div className="shrink-0 text-left sm:text-right">
                <p
                  className={cn(
                    'font-semibold tabular-nums',
                    sale.status === 'refunded' ? 'text-slate-500 line-through' : 'text-slate-900',
                  )}
                >
                  {formatBaht(sale.total)}
                </p>
                {sale.points_earned > 0 || sale.points_used > 0 ? (
                  <p className="text-xs text-amber-700 tabular-nums">
                    {t('customerHistory.salePoints', { earned: sale.points_earned, used: sale.points_used })}
                  </p>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="max-w-3xl">
        <DialogHeader className="flex-row items-center gap-3">
          <Avatar name={customer.name} />
          <div className="min-w-0 space-y-0.5">
            <DialogTitle className="break-words">{customer.name}</DialogTitle>
            <DialogDescription className="flex flex-wrap items-center gap-2">
              <span>{t('customers.memberSince', { date: formatDate(customer.created_at, intlLocale) })}</span>
              <Badge tone={active ? 'green' : 'grey'}>
                {active ? t('customerHistory.active') : t('customerHistory.inactive')}
              </Badge>
            </DialogDescription>
          </div>
        </DialogHeader>

        <div className="grid grid-cols-3 gap-2 sm:gap-3">
          <Tile
            icon={Wallet}
            tone="bg-green-100 text-green-700"
            label={t('customers.totalSpent')}
            value={formatBaht(customer.total_spent)}
          />
          <Tile
            icon={ShoppingBag}
            tone="bg-blue-100 text-blue-700"
            label={t('customers.purchases')}
            value={t('customers.purchaseCount', { count: customer.total_purchases.toLocaleString(intlLocale) })}
          />
          <Tile
            icon={Coins}
            tone="bg-amber-100 text-amber-700"
            label={t('customers.points')}
            value={t('customers.pointsValue', { points: customer.loyalty_points.toLocaleString(intlLocale) })}
          />
        </div>

        <div className="grid gap-4 sm:grid-cols-2">
          <section aria-labelledby="customer-contact" className="rounded-lg bg-slate-50 p-3">
            <h3 id="customer-contact" className="mb-2 font-semibold text-slate-900">
              {t('customerHistory.contact')}
            </h3>
            <CustomerContact customer={customer} />
          </section>
          <section aria-labelledby="customer-stats" className="rounded-lg bg-slate-50 p-3">
            <h3 id="customer-stats" className="mb-1 font-semibold text-slate-900">
              {t('customerHistory.stats')}
            </h3>
            <dl className="divide-y divide-slate-200">
              <Row label={t('customerHistory.averageOrder')}>
                {formatBaht(averageOrderValue(customer.total_spent, customer.total_purchases))}
              </Row>
              <Row label={t('customers.lastPurchase')}>
                {customer.last_purchase
                  ? formatDate(customer.last_purchase, intlLocale)
                  : t('customers.neverPurchased')}
              </Row>
              <Row label={t('customerHistory.daysSince')}>
                {daysSince === null ? '-' : t('customerHistory.days', { count: daysSince })}
              </Row>
            </dl>
          </section>
        </div>

        <section aria-labelledby="customer-purchases" className="space-y-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 id="customer-purchases" className="font-semibold text-slate-900">
              {t('customerHistory.purchases')}
            </h3>
            <Button variant="outline" onClick={() => void refresh()} disabled={sales.isFetching}>
              <RefreshCw className={cn(sales.isFetching && 'animate-spin')} aria-hidden />
              {t('customerHistory.refreshHistory')}
            </Button>
          </div>
          {purchases}
        </section>

        {sales.isSuccess ? (
          <section aria-labelledby="customer-summary" className="rounded-lg border border-blue-100 bg-blue-50 p-3">
            <h3 id="customer-summary" className="mb-1 font-semibold text-blue-900">
              {t('customerHistory.summary')}
            </h3>
            <dl className="grid gap-x-6 sm:grid-cols-2">
              <Row label={t('customerHistory.summaryCount')}>
                {t('customerHistory.summaryCountValue', { completed: summary.completed, refunded: summary.refunded })}
              </Row>
              <Row label={t('customerHistory.summaryTotal')}>{formatBaht(summary.total)}</Row>
              <Row label={t('customerHistory.summaryPointsEarned')}>
                {summary.pointsEarned.toLocaleString(intlLocale)}
              </Row>
              <Row label={t('customerHistory.summaryPointsUsed')}>{summary.pointsUsed.toLocaleString(intlLocale)}</Row>
            </dl>
          </section>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
