import { formatWholeBaht, type DashboardPeriod, type DashboardResponse } from '@pos/core';
import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle, CardDescription } from '../../components/ui/card';
import { MoneyFigure } from '../../components/ui/money-figure';
import { useI18n, type MessageKey } from '../../i18n';
import { formatCount, formatDayKey } from '../reports/report-format';
import { formatClock } from './clock-time';
import { Growth, percentText } from './growth';

const AGAINST: Readonly<Record<Exclude<DashboardPeriod, 'today'>, MessageKey>> = {
  week: 'dashboard.comparisonWeek',
  month: 'dashboard.comparisonMonth',
  year: 'dashboard.comparisonYear',
  custom: 'dashboard.comparisonCustom',
};

/** Spec 000: the period against the one before it (a running one like for like, issue 31), amounts in whole baht, growth as the server worked it out. */
export function ComparisonPanel({ data }: { data: DashboardResponse }) {
  const { t, intlLocale } = useI18n();
  const c = data.comparison;
  if (!c || data.period === 'today') return null;
  const growthText = (percent: number | null) =>
    percent === null ? t('dashboard.growthNone') : `${percent >= 0 ? '+' : '−'}${percentText(percent, intlLocale)}%`;
  const rows: { key: string; label: string; now: ReactNode; before: string; growth: number | null }[] = [
    {
      key: 'sales',
      label: t('dashboard.comparisonSales'),
      now: <MoneyFigure value={data.totals.totalSales} whole />,
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
      now: <MoneyFigure value={data.totals.averageOrderValue} whole />,
      before: formatWholeBaht(c.previous.averageOrderValue),
      growth: c.averageOrderValueGrowth,
    },
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('dashboard.comparisonTitle')}</CardTitle>
        <CardDescription data-testid="comparison-against">
          {c.previous.until
            ? t('dashboard.comparisonSoFar', {
                start: formatDayKey(c.previous.startDate, intlLocale),
                end: formatDayKey(c.previous.endDate, intlLocale),
                time: formatClock(c.previous.until, intlLocale),
              })
            : t(AGAINST[data.period])}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-3 sm:grid-cols-3">
          {rows.map((row) => (
            <div key={row.key} className="rounded-lg bg-slate-50 p-3" data-testid={`comparison-${row.key}`}>
              <dt className="text-sm text-slate-600">{row.label}</dt>
              <dd className="mt-1 space-y-0.5">
                <span className="block text-xl font-bold whitespace-nowrap text-slate-900 tabular-nums">{row.now}</span>
                <span className="block text-sm whitespace-nowrap text-slate-600 tabular-nums">
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
