import { can, summarizeCustomers, type Customer } from '@pos/core';
import { useQueryClient } from '@tanstack/react-query';
import { Bug, Download, RefreshCw, ShoppingBag, TrendingUp, UserCheck, Users } from 'lucide-react';
import { useMemo, useState } from 'react';
import { toast } from 'sonner';
import { useCurrentUser } from '../../auth/auth-context';
import { Button } from '../../components/ui/button';
import { PageHeader } from '../../components/ui/page-header';
import { MoneyFigure } from '../../components/ui/money-figure';
import { StatCard, StatCardSkeleton } from '../../components/ui/stat-card';
import { QueryStates } from '../../components/ui/query-states';
import { EmptyState } from '../../components/ui/states';
import { useI18n } from '../../i18n';
import { ApiError } from '../../lib/api';
import { getToken } from '../../lib/session';
import { useLoadErrorToast } from '../../lib/use-load-error-toast';
import { cn } from '../../lib/utils';
import { CustomerNoMatch, CustomerSearchBox, useCustomerSearch } from '../customers/customer-search';
import { customerKeys } from '../customers/customers.queries';
import { downloadCustomersCsv } from '../customers/customers-csv-download';
import { CustomerDetailDialog } from './customer-detail-dialog';
import { HistorySkeleton } from './history-skeleton';
import { HistoryTable } from './history-table';
import { useLoadedHistories } from './use-loaded-histories';
import { useHistoryCustomers } from './customer-history.queries';
import { HistoryDebugPanel, type HistoryDebugInfo } from './history-debug-panel';
import { historyErrorMessage } from './history-errors';
import { customerHistoryCsv } from './history-export';

const DEBUG_PANEL_ID = 'customer-history-debug';

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
  // Development builds only (issue 31 item 18): a shop's admin never sees the debug panel.
  const canDebug = import.meta.env.DEV && me.role === 'admin';

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
                value={<MoneyFigure value={summary.totalSales} />}
                note={t('customerHistory.statSalesNote', { count: summary.totalPurchases.toLocaleString(intlLocale) })}
              />
              <StatCard
                icon={TrendingUp}
                tone="violet"
                label={t('customerHistory.statAverage')}
                value={<MoneyFigure value={summary.averageOrder} />}
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

      <QueryStates
        query={customers}
        loading={<HistorySkeleton />}
        errorTitle={t('customerHistory.loadErrorTitle')}
        errorMessage={loadError ?? undefined}
        empty={<EmptyState title={t('customerHistory.emptyTitle')} message={t('customerHistory.emptyMessage')} />}
        noMatch={shown.length === 0 ? <CustomerNoMatch term={term} onClear={() => setSearch('')} /> : null}
      >
        {() => <HistoryTable customers={shown} now={now} onView={view} />}
      </QueryStates>

      {selectedNow ? (
        <CustomerDetailDialog key={selectedNow.id} customer={selectedNow} onClose={() => setSelected(null)} />
      ) : null}
    </section>
  );
}
