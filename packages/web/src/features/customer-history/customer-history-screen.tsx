import {
  averageOrderValue,
  can,
  formatBaht,
  formatPhone,
  isActiveCustomer,
  summarizeCustomers,
  type Customer,
  type CustomerSale,
} from '@pos/core';
import { useQueryClient } from '@tanstack/react-query';
import { Bug, Download, Eye, RefreshCw, ShoppingBag, TrendingUp, UserCheck, Users } from 'lucide-react';
import { useMemo, useState, useSyncExternalStore } from 'react';
import { toast } from 'sonner';
import { useCurrentUser } from '../../auth/auth-context';
import { Avatar } from '../../components/ui/avatar';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { PageHeader } from '../../components/ui/page-header';
import { Skeleton } from '../../components/ui/skeleton';
import { StatCard, StatCardSkeleton } from '../../components/ui/stat-card';
import { EmptyState, ErrorState, LoadingState } from '../../components/ui/states';
import { useI18n } from '../../i18n';
import { ApiError } from '../../lib/api';
import { formatDate } from '../../lib/dates';
import { getToken } from '../../lib/session';
import { useLoadErrorToast } from '../../lib/use-load-error-toast';
import { cn } from '../../lib/utils';
import { CustomerNoMatch, CustomerSearchBox, useCustomerSearch } from '../customers/customer-search';
import { customerKeys } from '../customers/customers.queries';
import { downloadCustomersCsv } from '../customers/customers-csv-download';
import { CustomerDetailDialog } from './customer-detail-dialog';
import { useHistoryCustomers } from './customer-history.queries';
import { HistoryDebugPanel, type HistoryDebugInfo } from './history-debug-panel';
import { historyErrorMessage } from './history-errors';
import { customerHistoryCsv } from './history-export';

const DEBUG_PANEL_ID = 'customer-history-debug';

/** How many customers' purchase lists are in the cache, and how many sales they hold (for the debug panel). */
function useLoadedHistories(): { customers: number; sales: number } {
  const queryClient = useQueryClient();
  const snapshot = useSyncExternalStore(
    (onChange) => queryClient.getQueryCache().subscribe(onChange),
    () => {
      let customers = 0;
      let sales = 0;
      for (const [, data] of queryClient.getQueriesData<CustomerSale[]>({ queryKey: customerKeys.histories() })) {
        if (!data) continue;
        customers += 1;
        sales += data.length;
      }
      return `${customers}:${sales}`;
    },
  );
  const [customers = 0, sales = 0] = snapshot.split(':').map(Number);
  return { customers, sales };
}

function TableSkeleton() {
  return (
    <Card className="space-y-3 p-4" aria-hidden>
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} className="flex items-center gap-3">
          <Skeleton className="size-10 rounded-full" />
          <Skeleton className="h-5 flex-1" />
          <Skeleton className="hidden h-5 w-1/5 md:block" />
          <Skeleton className="hidden h-5 w-1/6 md:block" />
          <Skeleton className="h-11 w-24" />
        </div>
      ))}
    </Card>
  );
}

/** Customer history (spec 001 "Customer history"). */
export function CustomerHistoryScreen() {
  const { t, intlLocale } = useI18n();
  const me = useCurrentUser();
  const queryClient = useQueryClient();
  const customers = useHistoryCustomers();
  const loadedHistories = useLoadedHistories();
  const [showDebug, setShowDebug] = useState(false);
  const [selected, setSelected] = useState<Customer | null>(null);
  const [refreshing, setRefreshing] = useState(false);
  const canExport = can(me.role, 'reports_export');
  // The debug panel shows load internals (role, token, HTTP status): for the shop's admins, not the counter.
  const canDebug = me.role === 'admin';

  const all = useMemo(() => customers.data ?? [], [customers.data]);
  const { search, setSearch, term, shown } = useCustomerSearch(all);
  // "Now" moves on with each load, so "active" (last purchase within 30 days) is as of the data.
  const loadedAt = customers.dataUpdatedAt;
  const now = useMemo(() => (loadedAt ? new Date(loadedAt) : new Date()), [loadedAt]);
  const summary = useMemo(() => summarizeCustomers(all, now), [all, now]);

  const loadError = customers.isError ? historyErrorMessage(customers.error, t) : null;
  useLoadErrorToast(loadError, customers.errorUpdatedAt);

  // A newer copy of the open customer (after a refresh) replaces the one shown.
  const selectedId = selected?.id ?? null;
  const selectedNow = useMemo(
    () => (selectedId === null ? null : (all.find((c) => c.id === selectedId) ?? selected)),
    [all, selectedId, selected],
  );

  const refresh = async () => {
    setRefreshing(true);
    try {
      void queryClient.invalidateQueries({ queryKey: customerKeys.histories() });
      const result = await customers.refetch();
      if (result.isSuccess) {
        toast.success(t('customerHistory.refreshed'), {
          description: t('customerHistory.refreshedMessage', { count: result.data.length }),
        });
      } else {
        toast.error(t('customerHistory.updateError'), { description: historyErrorMessage(result.error, t) });
      }
    } finally {
      setRefreshing(false);
    }
  };

  const exportCsv = () => downloadCustomersCsv(shown, { allowed: canExport, toCsv: customerHistoryCsv, t });

  const view = (customer: Customer) => {
    if (!customer || !Number.isInteger(customer.id)) {
      toast.error(t('customerHistory.invalidData'), { description: t('customerHistory.invalidDataMessage') });
      return;
    }
    setSelected(customer);
  };

  const debugInfo: HistoryDebugInfo = {
    status: customers.isPending ? 'loading' : customers.isError ? 'error' : 'ok',
    httpStatus: customers.error instanceof ApiError ? customers.error.status : null,
    errorText: loadError,
    customersLoaded: all.length,
    customersWithPurchases: all.filter((c) => c.total_purchases > 0).length,
    customersShown: shown.length,
    historiesLoaded: loadedHistories.customers,
    salesLoaded: loadedHistories.sales,
    lastLoadedAt: customers.dataUpdatedAt || null,
    tokenPresent: getToken() !== null,
    role: me.role,
    fetching: customers.isFetching,
  };

  let body;
  if (customers.isPending) {
    body = (
      <LoadingState>
        <TableSkeleton />
      </LoadingState>
    );
  } else if (customers.isError) {
    body = (
      <ErrorState
        title={t('customerHistory.loadErrorTitle')}
        message={loadError ?? undefined}
        onRetry={() => void customers.refetch()}
        retrying={customers.isFetching}
      />
    );
  } else if (all.length === 0) {
    body = <EmptyState title={t('customerHistory.emptyTitle')} message={t('customerHistory.emptyMessage')} />;
  } else if (shown.length === 0) {
    body = <CustomerNoMatch term={term} onClear={() => setSearch('')} />;
  } else {
    body = (
      <>
        {/* Phones and small tablets: one card per customer. */}
        <ul className="space-y-3 md:hidden" aria-label={t('customerHistory.tableLabel')}>
          {shown.map((customer) => {
            const active = isActiveCustomer(customer, now);
            return (
              <li key={customer.id}>
                <Card className="space-y-3 p-4" data-testid={`history-card-${customer.phone}`}>
                  <div className="flex items-start gap-3">
                    <Avatar name={customer.name} size="md" />
                    <div className="min-w-0 flex-1">
                      <p className="font-semibold break-words text-slate-900">{customer.name}</p>
                      <p className="text-sm text-slate-600 tabular-nums">{formatPhone(customer.phone)}</p>
                      {customer.email ? <p className="text-sm break-all text-slate-600">{customer.email}</p> : null}
                    </div>
                    <Badge tone={active ? 'green' : 'grey'}>
                      {active ? t('customerHistory.active') : t('customerHistory.inactive')}
                    </Badge>
                  </div>
                  <dl className="grid grid-cols-2 gap-2 rounded-lg bg-slate-50 p-3 text-sm">
                    <div>
                      <dt className="text-xs text-slate-500">{t('customers.totalSpent')}</dt>
                      <dd className="font-semibold tabular-nums">{formatBaht(customer.total_spent)}</dd>
                    </div>
                    <div>
                      <dt className="text-xs text-slate-500">{t('customers.purchases')}</dt>
                      <dd className="font-semibold tabular-nums">
                        {t('customers.purchaseCount', { count: customer.total_purchases })}
                      </dd>
                    </div>
                    <div>
                      <dt className="text-xs text-slate-500">{t('customers.points')}</dt>
                      <dd className="font-semibold text-amber-700 tabular-nums">
                        {customer.loyalty_points.toLocaleString(intlLocale)}
                      </dd>
                    </div>
                    <div>
                      <dt className="text-xs text-slate-500">{t('customers.lastPurchase')}</dt>
                      <dd className="font-semibold tabular-nums">
                        {customer.last_purchase
                          ? formatDate(customer.last_purchase, intlLocale)
                          : t('customers.neverPurchased')}
                      </dd>
                    </div>
                  </dl>
                  <Button variant="outline" className="w-full" onClick={() => view(customer)}>
                    <Eye aria-hidden />
                    {t('customerHistory.view')}
                    <span className="sr-only">{customer.name}</span>
                  </Button>
                </Card>
              </li>
            );
          })}
        </ul>

        {/* Wider screens: the table of spec 001. */}
        <Card className="hidden overflow-x-auto md:block">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t('customerHistory.tableLabel')}</caption>
            <thead className="border-b border-slate-200 bg-slate-50 text-xs text-slate-600">
              <tr>
                <th scope="col" className="px-4 py-3 font-medium">
                  {t('customerHistory.colCustomer')}
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  {t('customerHistory.colContact')}
                </th>
                <th scope="col" className="px-4 py-3 text-right font-medium">
                  {t('customerHistory.colPurchases')}
                </th>
                <th scope="col" className="px-4 py-3 text-right font-medium">
                  {t('customerHistory.colPoints')}
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  {t('customerHistory.colLastPurchase')}
                </th>
                <th scope="col" className="px-4 py-3 text-right font-medium">
                  <span className="sr-only">{t('customerHistory.colActions')}</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {shown.map((customer) => {
                const active = isActiveCustomer(customer, now);
                return (
                  <tr key={customer.id} data-testid={`history-row-${customer.phone}`} className="hover:bg-slate-50">
                    <td className="px-4 py-3">
                      <div className="flex items-center gap-3">
                        <Avatar name={customer.name} size="md" />
                        <div className="min-w-0">
                          <p className="font-medium break-words text-slate-900">{customer.name}</p>
                          <p className="text-xs text-slate-500">
                            {t('customers.memberSince', { date: formatDate(customer.created_at, intlLocale) })}
                          </p>
                        </div>
                      </div>
                    </td>
                    <td className="px-4 py-3">
                      <p className="text-slate-900 tabular-nums">{formatPhone(customer.phone)}</p>
                      <p className="text-xs break-all text-slate-500">{customer.email ?? t('customers.noEmail')}</p>
                    </td>
                    <td className="px-4 py-3 text-right tabular-nums">
                      <p className="font-semibold text-slate-900">{formatBaht(customer.total_spent)}</p>
                      <p className="text-xs text-slate-500">
                        {t('customerHistory.purchasesAndAverage', {
                          count: customer.total_purchases,
                          average: formatBaht(averageOrderValue(customer.total_spent, customer.total_purchases)),
                        })}
                      </p>
                    </td>
                    <td className="px-4 py-3 text-right font-semibold text-amber-700 tabular-nums">
                      {customer.loyalty_points.toLocaleString(intlLocale)}
                    </td>
                    <td className="px-4 py-3">
                      <p className="text-slate-900 tabular-nums">
                        {customer.last_purchase
                          ? formatDate(customer.last_purchase, intlLocale)
                          : t('customers.neverPurchased')}
                      </p>
                      <Badge tone={active ? 'green' : 'grey'}>
                        {active ? t('customerHistory.active') : t('customerHistory.inactive')}
                      </Badge>
                    </td>
                    <td className="px-4 py-3 text-right">
                      <Button
                        variant="outline"
                        onClick={() => view(customer)}
                        aria-label={t('customerHistory.viewNamed', { name: customer.name })}
                      >
                        <Eye aria-hidden />
                        {t('customerHistory.view')}
                      </Button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </Card>
      </>
    );
  }

  return (
    <section>
      <PageHeader
        title={t('customerHistory.title')}
        description={t('customerHistory.subtitle')}
        actions={
          <>
            <Button variant="outline" onClick={() => void refresh()} disabled={refreshing || customers.isFetching}>
              <RefreshCw className={cn((refreshing || customers.isFetching) && 'animate-spin')} aria-hidden />
              {t('customerHistory.refresh')}
            </Button>
            {canDebug ? (
              <Button
                variant={showDebug ? 'secondary' : 'outline'}
                onClick={() => setShowDebug((v) => !v)}
                aria-expanded={showDebug}
                aria-controls={showDebug ? DEBUG_PANEL_ID : undefined}
              >
                <Bug aria-hidden />
                {t('customerHistory.debug')}
              </Button>
            ) : null}
            {canExport ? (
              <Button variant="outline" onClick={exportCsv} disabled={!customers.isSuccess}>
                <Download aria-hidden />
                {t('customerHistory.export')}
              </Button>
            ) : null}
          </>
        }
      />

      {canDebug && showDebug ? <HistoryDebugPanel id={DEBUG_PANEL_ID} info={debugInfo} /> : null}

      {customers.isError ? null : (
        <div className="mb-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {customers.isSuccess ? (
            <>
              <StatCard
                icon={Users}
                tone="blue"
                label={t('customerHistory.statCustomers')}
                value={summary.totalCustomers.toLocaleString(intlLocale)}
              />
              <StatCard
                icon={ShoppingBag}
                tone="green"
                label={t('customerHistory.statSales')}
                value={formatBaht(summary.totalSales)}
                note={t('customerHistory.statSalesNote', { count: summary.totalPurchases.toLocaleString(intlLocale) })}
              />
              <StatCard
                icon={TrendingUp}
                tone="violet"
                label={t('customerHistory.statAverage')}
                value={formatBaht(summary.averageOrder)}
              />
              <StatCard
                icon={UserCheck}
                tone="amber"
                label={t('customerHistory.statActive')}
                value={summary.activeCustomers.toLocaleString(intlLocale)}
                note={t('customerHistory.statActiveNote')}
              />
            </>
          ) : (
            Array.from({ length: 4 }, (_, i) => <StatCardSkeleton key={i} />)
          )}
        </div>
      )}

      <CustomerSearchBox
        id="history-search"
        value={search}
        onValueChange={setSearch}
        result={term && customers.isSuccess ? { shown: shown.length, total: all.length } : null}
      />

      {body}

      {selectedNow ? (
        <CustomerDetailDialog key={selectedNow.id} customer={selectedNow} onClose={() => setSelected(null)} />
      ) : null}
    </section>
  );
}
