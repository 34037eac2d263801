import { can, CSV_PREFIXES, formatBaht } from '@pos/core';
import { useQueryClient } from '@tanstack/react-query';
import { Download, Package, RefreshCw, ShoppingCart, TrendingUp, Wallet } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { useCurrentUser } from '../../auth/auth-context';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { PageHeader } from '../../components/ui/page-header';
import { Skeleton } from '../../components/ui/skeleton';
import { MoneyFigure } from '../../components/ui/money-figure';
import { StatCard, StatCardSkeleton } from '../../components/ui/stat-card';
import { EmptyState, ErrorState, LoadingState } from '../../components/ui/states';
import { useI18n, type MessageKey } from '../../i18n';
import { errorMessage } from '../../lib/api';
import { localDateKey } from '../../lib/dates';
import { useLoadErrorToast } from '../../lib/use-load-error-toast';
import { cn } from '../../lib/utils';
import { BestSellersList } from './best-sellers-list';
import { DailySalesList } from './daily-sales-list';
import { downloadSalesCsv } from './download-sales';
import { PaymentMethodCards } from './payment-method-cards';
import { DAILY_LIST_DAYS, lastDays, REPORT_PERIODS, reportRange, type ReportPeriod } from './report-periods';
import { formatCount, formatDayKeyLong } from './report-format';
import { reportKeys, useSalesSummary } from './reports.queries';
import { SegmentedPicker } from './segmented-picker';
import { TillFilter } from './till-filter';
import { VariantReportDialog, type VariantReportTarget } from './variant-report-dialog';
import { VariantReportPicker } from './variant-report-picker';
import { VatSummarySection } from './vat-summary-section';

const PERIOD_LABELS: Readonly<Record<ReportPeriod, MessageKey>> = {
  today: 'reports.periodToday',
  week: 'reports.periodWeek',
  month: 'reports.periodMonth',
  year: 'reports.periodYear',
};

/** Reports (spec 001 "Reports"): every figure is the server's, over every sale of the period. */
export function ReportsScreen() {
  const { t, intlLocale } = useI18n();
  const me = useCurrentUser();
  const queryClient = useQueryClient();
  // The browser's day: the shop's PC keeps the shop's time.
  const today = localDateKey(new Date());
  const [period, setPeriod] = useState<ReportPeriod>('week');
  const [tillId, setTillId] = useState<number | null>(null);
  const [exporting, setExporting] = useState(false);
  const [variantTarget, setVariantTarget] = useState<VariantReportTarget | null>(null);
  const canExport = can(me.role, 'reports_export');

  const range = { ...reportRange(period, today), tillId };
  const summary = useSalesSummary(range);
  const daily = useSalesSummary({ ...lastDays(today, DAILY_LIST_DAYS), tillId });
  const loadError = summary.isError ? errorMessage(summary.error, t('reports.loadError')) : null;
  useLoadErrorToast(loadError, summary.errorUpdatedAt, t('reports.loadErrorTitle'));

  const data = summary.data;
  const empty = data !== undefined && data.summary.totalOrders === 0;
  const fetching = summary.isFetching || daily.isFetching;

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: reportKeys.all });
    if (!queryClient.getQueryState(reportKeys.summary(range))?.error) toast.success(t('reports.refreshed'));
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadSalesCsv({ allowed: canExport, range, prefix: CSV_PREFIXES.salesReport, t });
    } finally {
      setExporting(false);
    }
  };

  return (
    <section>
      <PageHeader
        title={t('reports.title')}
        description={t('reports.subtitle')}
        actions={
          <>
            <Button variant="outline" onClick={() => void refresh()} disabled={fetching}>
              <RefreshCw className={cn(fetching && 'animate-spin')} aria-hidden />
              {t('reports.refresh')}
            </Button>
            {canExport ? (
              <Button variant="outline" onClick={() => void exportCsv()} disabled={!data || empty || exporting}>
                <Download aria-hidden />
                {t('reports.export')}
              </Button>
            ) : null}
          </>
        }
      />

      <div className="mb-6 flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <SegmentedPicker
          label={t('reports.periodLabel')}
          options={REPORT_PERIODS.map((p) => ({ value: p, label: t(PERIOD_LABELS[p]) }))}
          value={period}
          onChange={setPeriod}
        />
        <TillFilter id="reports-till" value={tillId} onChange={setTillId} />
        <p className="text-sm text-slate-600 tabular-nums">
          {t('reports.range', {
            start: formatDayKeyLong(range.startDate, intlLocale),
            end: formatDayKeyLong(range.endDate, intlLocale),
          })}
        </p>
      </div>

      {summary.isError ? (
        <ErrorState
          title={t('reports.loadErrorTitle')}
          message={loadError ?? undefined}
          onRetry={() => void summary.refetch()}
          retrying={summary.isFetching}
        />
      ) : (
        <div className={cn('space-y-6', summary.isPlaceholderData && 'opacity-60')} aria-busy={summary.isFetching}>
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
            {data ? (
              <>
                <StatCard
                  icon={Wallet}
                  tone="green"
                  label={t('reports.statSales')}
                  value={<MoneyFigure value={data.summary.totalSales} />}
                  note={
                    data.summary.refundsCount > 0
                      ? t('reports.statSalesRefunds', {
                          amount: formatBaht(data.summary.refundsTotal),
                          count: formatCount(data.summary.refundsCount, intlLocale),
                        })
                      : undefined
                  }
                />
                <StatCard
                  icon={ShoppingCart}
                  tone="blue"
                  label={t('reports.statOrders')}
                  value={formatCount(data.summary.totalOrders, intlLocale)}
                  note={t('reports.statOrdersCustomers', {
                    count: formatCount(data.summary.uniqueCustomers, intlLocale),
                  })}
                />
                <StatCard
                  icon={TrendingUp}
                  tone="violet"
                  label={t('reports.statAverage')}
                  value={<MoneyFigure value={data.summary.averageOrderValue} />}
                />
                <StatCard
                  icon={Package}
                  tone="amber"
                  label={t('reports.statItems')}
                  value={t('reports.statItemsUnit', { count: formatCount(data.summary.itemsSold, intlLocale) })}
                />
              </>
            ) : (
              <LoadingState>
                {Array.from({ length: 4 }, (_, i) => (
                  <StatCardSkeleton key={i} />
                ))}
              </LoadingState>
            )}
          </div>

          {data && empty ? (
            <EmptyState title={t('reports.emptyTitle')} message={t('reports.emptyMessage')} />
          ) : (
            <>
              <div className="grid gap-6 lg:grid-cols-2">
                <Card>
                  <CardHeader>
                    <CardTitle>{t('reports.dailyTitle')}</CardTitle>
                  </CardHeader>
                  <CardContent>
                    {daily.data ? (
                      <DailySalesList days={daily.data.dailySales.slice(-DAILY_LIST_DAYS)} />
                    ) : (
                      <Skeleton className="h-56 w-full" />
                    )}
                  </CardContent>
                </Card>
                <Card>
                  <CardHeader>
                    <CardTitle>{t('reports.bestSellersTitle')}</CardTitle>
                    <CardDescription>{t('reports.bestSellersHint')}</CardDescription>
                  </CardHeader>
                  <CardContent>
                    {data ? (
                      <BestSellersList
                        products={data.topProducts}
                        label={t('reports.bestSellersTitle')}
                        onOpen={(product) => setVariantTarget({ productId: product.product_id, name: product.name })}
                      />
                    ) : (
                      <Skeleton className="h-56 w-full" />
                    )}
                  </CardContent>
                </Card>
              </div>
              <Card>
                <CardHeader>
                  <CardTitle>{t('reports.paymentTitle')}</CardTitle>
                </CardHeader>
                <CardContent>
                  {data ? (
                    <PaymentMethodCards methods={data.paymentMethods} totalSales={data.summary.totalSales} />
                  ) : (
                    <Skeleton className="h-24 w-full" />
                  )}
                </CardContent>
              </Card>
            </>
          )}
        </div>
      )}

      <div className="mt-6">
        <VariantReportPicker onOpen={setVariantTarget} />
      </div>
      <VariantReportDialog target={variantTarget} range={range} onClose={() => setVariantTarget(null)} />

      <VatSummarySection thisMonth={today.slice(0, 7)} canExport={canExport} />
    </section>
  );
}
