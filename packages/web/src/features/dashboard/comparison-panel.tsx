import { formatWholeBaht, type DashboardPeriod, type DashboardResponse } from '@pos/core';
import { Card, CardContent, CardHeader, CardTitle, CardDescription } from '../../components/ui/card';
import { useI18n, type MessageKey } from '../../i18n';
import { formatCount } from '../reports/report-format';
import { Growth, percentText } from './growth';

const AGAINST: Readonly<Record<Exclude<DashboardPeriod, 'today'>, MessageKey>> = {
  week: 'dashboard.comparisonWeek',
  month: 'dashboard.comparisonMonth',
  year: 'dashboard.comparisonYear',
  custom: 'dashboard.comparisonCustom',
};

/** Spec 000: the period against the one before it, amounts in whole baht, growth as the server worked it out. */
export function ComparisonPanel({ data }: { data: DashboardResponse }) {
  const { t, intlLocale } = useI18n();
  const c = data.comparison;
  if (!c || data.period === 'today') return null;
  const growthText = (percent: number | null) =>
    percent === null ? t('dashboard.growthNone') : `${percent >= 0 ? '+' : '−'}${percentText(percent, intlLocale)}%`;
  const rows = [
    {
      key: 'sales',
      label: t('dashboard.comparisonSales'),
      now: formatWholeBaht(data.totals.totalSales),
      before: formatWholeBaht(c.previous.totalSales),
      growth: c.salesGrowth,
    },
    {
      key: 'orders',
      label: t('dashboard.comparisonOrders'),
      now: formatCount(data.totals.totalOrders, intlLocale),
      before: formatCount(c.previous.totalOrders, intlLocale),
      growth: c.ordersGrowth,
    },
    {
      key: 'average',
      label: t('dashboard.comparisonAverage'),
      now: formatWholeBaht(data.totals.averageOrderValue),
      before: formatWholeBaht(c.previous.averageOrderValue),
      growth: c.averageOrderValueGrowth,
    },
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('dashboard.comparisonTitle')}</CardTitle>
        <CardDescription>{t(AGAINST[data.period])}</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-3 sm:grid-cols-3">
          {rows.map((row) => (
            <div key={row.key} className="rounded-lg bg-slate-50 p-3" data-testid={`comparison-${row.key}`}>
              <dt className="text-sm text-slate-600">{row.label}</dt>
              <dd className="mt-1 space-y-0.5">
                <span className="block text-xl font-bold text-slate-900 tabular-nums">{row.now}</span>
                <span className="block text-sm text-slate-600 tabular-nums">
                  {t('dashboard.comparisonPrevious', { value: row.before })}
                </span>
                <Growth percent={row.growth} text={growthText(row.growth)} />
              </dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
