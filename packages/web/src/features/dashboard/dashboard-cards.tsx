import type { DashboardResponse } from '@pos/core';
import { Package, ShoppingCart, Users, Wallet } from 'lucide-react';
import { MoneyFigure } from '../../components/ui/money-figure';
import { StatCard, StatCardSkeleton } from '../../components/ui/stat-card';
import { LoadingState } from '../../components/ui/states';
import { useI18n } from '../../i18n';
import { formatCount } from '../reports/report-format';
import { formatClock } from './clock-time';
import { Growth, percentText } from './growth';

/** The four summary cards; on "today" the sales and order cards compare with yesterday (spec 000). */
export function DashboardCards({ data }: { data: DashboardResponse | undefined }) {
  const { t, intlLocale } = useI18n();
  if (!data) {
    return (
      <LoadingState>
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" data-testid="dashboard-skeleton">
          {Array.from({ length: 4 }, (_, i) => (
            <StatCardSkeleton key={i} />
          ))}
        </div>
      </LoadingState>
    );
  }
  const y = data.yesterday;
  // Today so far meets yesterday up to the same time (issue 31): the note says until when.
  const until = y?.until ? ` ${t('dashboard.yesterdayUntil', { time: formatClock(y.until, intlLocale) })}` : '';
  const salesNote = y ? (
    <Growth
      percent={y.salesGrowth}
      text={
        (y.salesGrowth === null
          ? t('dashboard.vsYesterdayNone')
          : y.salesGrowth === 0
            ? t('dashboard.vsYesterdaySame')
            : t(y.salesGrowth > 0 ? 'dashboard.vsYesterdayUp' : 'dashboard.vsYesterdayDown', {
                percent: percentText(y.salesGrowth, intlLocale),
              })) + until
      }
    />
  ) : undefined;
  const ordersNote = y ? (
    <Growth
      percent={data.totals.totalOrders - y.totalOrders}
      text={t('dashboard.yesterdayOrders', { count: formatCount(y.totalOrders, intlLocale) }) + until}
    />
  ) : undefined;
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <StatCard
        icon={Wallet}
        tone="green"
        label={t('dashboard.cardSales')}
        value={<MoneyFigure value={data.totals.totalSales} />}
        note={salesNote}
      />
      <StatCard
        icon={ShoppingCart}
        tone="blue"
        label={t('dashboard.cardOrders')}
        value={formatCount(data.totals.totalOrders, intlLocale)}
        note={ordersNote}
      />
      <StatCard
        icon={Users}
        tone="violet"
        label={t('dashboard.cardCustomers')}
        value={formatCount(data.totalCustomers, intlLocale)}
      />
      <StatCard
        icon={Package}
        tone="amber"
        label={t('dashboard.cardStock')}
        value={t('dashboard.cardStockUnit', { count: formatCount(data.totalStock, intlLocale) })}
      />
    </div>
  );
}
