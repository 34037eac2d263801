import { formatBaht, type DailySalesFigure } from '@pos/core';
import { useI18n } from '../../i18n';
import { formatCount, formatDayKey } from './report-format';

/** Spec 001: the last 7 days as a bar list, each bar's length its share of the best day. */
export function DailySalesList({ days }: { days: readonly DailySalesFigure[] }) {
  const { t, intlLocale } = useI18n();
  const max = Math.max(0, ...days.map((d) => d.total));
  return (
    <ul className="space-y-3" aria-label={t('reports.dailyTitle')}>
      {days.map((day) => (
        <li key={day.date} className="space-y-1">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3">
            <span className="text-sm text-slate-600">{formatDayKey(day.date, intlLocale)}</span>
            <span className="text-sm tabular-nums">
              <span className="font-semibold text-slate-900">{formatBaht(day.total)}</span>{' '}
              <span className="text-slate-500">
                {t('reports.dailyOrders', { count: formatCount(day.count, intlLocale) })}
              </span>
            </span>
          </div>
          <div className="h-2.5 overflow-hidden rounded-full bg-slate-100" aria-hidden>
            <div
              className="h-full rounded-full bg-blue-500"
              style={{ width: `${max > 0 ? Math.max((day.total / max) * 100, day.total > 0 ? 2 : 0) : 0}%` }}
            />
          </div>
        </li>
      ))}
    </ul>
  );
}
