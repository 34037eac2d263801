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
        <li key={day.date} className="grid grid-cols-[5.5rem_1fr] items-center gap-3 sm:grid-cols-[6.5rem_1fr_auto]">
          <span className="text-sm text-slate-600">{formatDayKey(day.date, intlLocale)}</span>
          <div className="h-3 overflow-hidden rounded-full bg-slate-100" aria-hidden>
            <div
              className="h-full rounded-full bg-blue-500"
              style={{ width: `${max > 0 ? Math.max((day.total / max) * 100, day.total > 0 ? 2 : 0) : 0}%` }}
            />
          </div>
          <span className="col-span-2 text-right text-sm tabular-nums sm:col-span-1">
            <span className="font-semibold text-slate-900">{formatBaht(day.total)}</span>{' '}
            <span className="text-slate-500">
              {t('reports.dailyOrders', { count: formatCount(day.count, intlLocale) })}
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}
