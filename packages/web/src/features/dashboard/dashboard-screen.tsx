import { can, CSV_PREFIXES, DASHBOARD_PERIODS, type DashboardPeriod, type DashboardResponse } from '@pos/core';
import { ArrowRight, Download, ShoppingCart } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { useCurrentUser } from '../../auth/auth-context';
import { Button, buttonClasses } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { PageHeader } from '../../components/ui/page-header';
import { SetupChecklist } from '../settings/setup-checklist';
import { Skeleton } from '../../components/ui/skeleton';
import { ErrorState } from '../../components/ui/states';
import { useI18n, type MessageKey } from '../../i18n';
import type { DayRange } from '../../lib/date-keys';
import { useLoadErrorToast } from '../../lib/use-load-error-toast';
import { cn } from '../../lib/utils';
import { BestSellersList } from '../reports/best-sellers-list';
import { downloadSalesCsv } from '../reports/download-sales';
import { formatDayKeyLong } from '../reports/report-format';
import { useDashboard } from '../reports/reports.queries';
import { TillFilter } from '../reports/till-filter';
import { SegmentedPicker } from '../reports/segmented-picker';
import { ComparisonPanel } from './comparison-panel';
import { CustomRangeFields } from './custom-range-fields';
import { DashboardCards } from './dashboard-cards';
import { TREND_BAR_MAX_PX } from './trend-constants';
import { UserCard } from './user-card';
import { RecentSales } from './recent-sales';

// Its own chunk: recharts is loaded only when the dashboard draws its chart, never with the till.
const SalesTrendChart = lazy(() => import('./sales-trend-chart'));

const PERIOD_LABELS: Readonly<Record<DashboardPeriod, MessageKey>> = {
  today: 'dashboard.periodToday',
  week: 'dashboard.periodWeek',
  month: 'dashboard.periodMonth',
  year: 'dashboard.periodYear',
  custom: 'dashboard.periodCustom',
};

function trendDetailKey(data: DashboardResponse): MessageKey {
  if (data.period === 'today') return 'dashboard.trend7';
  if (data.period === 'week') return 'dashboard.trendWeek';
  if (data.period === 'month') return 'dashboard.trend30';
  if (data.period === 'year') return 'dashboard.trend12';
  return data.trend.granularity === 'month' ? 'dashboard.trendMonths' : 'dashboard.trendDays';
}

/** The dashboard (spec 000 "Dashboard"): the server works out every figure of the chosen period. */
export function DashboardScreen() {
  const { t, intlLocale } = useI18n();
  const me = useCurrentUser();
  const [period, setPeriod] = useState<DashboardPeriod>('today');
  const [custom, setCustom] = useState<DayRange | null>(null);
  const [tillId, setTillId] = useState<number | null>(null);
  const [exporting, setExporting] = useState(false);
  const canExport = can(me.role, 'reports_export');

  const dashboard = useDashboard({ period, custom, tillId }, period !== 'custom' || custom !== null);
  const loadError = dashboard.isError ? t('dashboard.loadError') : null;
  useLoadErrorToast(loadError, dashboard.errorUpdatedAt, t('dashboard.loadErrorTitle'));
  const data = dashboard.data;

  const exportAll = async () => {
    setExporting(true);
    try {
      await downloadSalesCsv({ allowed: canExport, range: null, prefix: CSV_PREFIXES.allSalesReport, t });
    } finally {
      setExporting(false);
    }
  };

  const viewAll = (
    <Link to="/reports" className={buttonClasses('ghost', 'md', 'text-blue-700')}>
      {t('dashboard.viewAll')}
      <ArrowRight aria-hidden />
    </Link>
  );

  return (
    <section>
      <PageHeader
        title={t('dashboard.title')}
        description={t('dashboard.welcome', { name: me.name })}
        actions={
          canExport ? (
            <Button variant="outline" onClick={() => void exportAll()} disabled={exporting}>
              <Download aria-hidden />
              {t('dashboard.exportAll')}
            </Button>
          ) : null
        }
      />

      {/* Until the owner has set the shop up (issue 13's first run); hidden once every item is done. */}
      <SetupChecklist className="mb-6" />

      <div className="mb-6 space-y-3">
        <SegmentedPicker
          label={t('dashboard.periodLabel')}
          options={DASHBOARD_PERIODS.map((p) => ({ value: p, label: t(PERIOD_LABELS[p]) }))}
          value={period}
          onChange={setPeriod}
        />
        <TillFilter id="dashboard-till" value={tillId} onChange={setTillId} />
        {period === 'custom' ? <CustomRangeFields value={custom} onApply={setCustom} /> : null}
        {data && (period !== 'custom' || custom) ? (
          <p className="text-sm text-slate-600 tabular-nums" data-testid="dashboard-range">
            {t('dashboard.range', {
              start: formatDayKeyLong(data.startDate, intlLocale),
              end: formatDayKeyLong(data.endDate, intlLocale),
            })}
          </p>
        ) : null}
      </div>

      {dashboard.isError ? (
        <ErrorState
          title={t('dashboard.loadErrorTitle')}
          message={t('dashboard.loadError')}
          onRetry={() => void dashboard.refetch()}
          retrying={dashboard.isFetching}
        />
      ) : period === 'custom' && !custom ? null : (
        <div className={cn('space-y-6', dashboard.isPlaceholderData && 'opacity-60')} aria-busy={dashboard.isFetching}>
          <DashboardCards data={data} />
          {data ? (
            <>
              <div className="grid gap-6 xl:grid-cols-3">
                <Card className="min-w-0 xl:col-span-2">
                  <CardHeader>
                    <CardTitle>{t('dashboard.trendTitle')}</CardTitle>
                    <CardDescription>{t(trendDetailKey(data))}</CardDescription>
                  </CardHeader>
                  <CardContent>
                    <Suspense fallback={<Skeleton className="w-full" style={{ height: TREND_BAR_MAX_PX + 44 }} />}>
                      <SalesTrendChart
                        points={data.trend.points}
                        granularity={data.trend.granularity}
                        label={t('dashboard.trendChartLabel', { detail: t(trendDetailKey(data)) })}
                      />
                    </Suspense>
                  </CardContent>
                </Card>
                <div className="flex flex-col gap-4">
                  {can(me.role, 'pos_view') ? (
                    <Link
                      to="/pos"
                      className="flex items-center gap-3 rounded-xl bg-blue-600 p-4 text-white shadow-sm hover:bg-blue-700 focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:ring-offset-2 focus-visible:outline-none"
                    >
                      <ShoppingCart className="size-8 shrink-0" aria-hidden />
                      <span>
                        <span className="block text-lg font-semibold">{t('dashboard.startSelling')}</span>
                        <span className="block text-sm text-blue-50">{t('dashboard.startSellingHint')}</span>
                      </span>
                    </Link>
                  ) : null}
                  <UserCard user={me} />
                </div>
              </div>

              <ComparisonPanel data={data} />

              <div className="grid gap-6 lg:grid-cols-2">
                <Card>
                  <CardHeader className="flex-row items-center justify-between">
                    <CardTitle>{t('dashboard.recentTitle')}</CardTitle>
                    {viewAll}
                  </CardHeader>
                  <CardContent>
                    <RecentSales sales={data.recentSales} />
                  </CardContent>
                </Card>
                <Card>
                  <CardHeader className="flex-row items-center justify-between">
                    <CardTitle>{t('dashboard.bestSellersTitle')}</CardTitle>
                    {viewAll}
                  </CardHeader>
                  <CardContent>
                    <BestSellersList products={data.topProducts} label={t('dashboard.bestSellersTitle')} />
                  </CardContent>
                </Card>
              </div>
            </>
          ) : null}
        </div>
      )}
    </section>
  );
}
