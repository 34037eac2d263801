import { formatBaht, formatCompactBaht, type TrendPoint } from '@pos/core';
import {
  Bar,
  BarChart,
  CartesianGrid,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
  type TooltipContentProps,
} from 'recharts';
import type { NameType, ValueType } from 'recharts/types/component/DefaultTooltipContent';
import { useI18n } from '../../i18n';
import { formatCount, formatDayKey, formatDayKeyLong, formatMonthKey } from '../reports/report-format';
import { roundTicks } from './chart-ticks';
import { TREND_BAR_MAX_PX } from './trend-constants';

const X_AXIS_PX = 36;
const TOP_MARGIN_PX = 8;
/** Room for the widest compact label, e.g. `฿7.5 หมื่น` (issue 31: the ฿ and first digit were cut). */
const Y_AXIS_PX = 76;

export interface TrendChartProps {
  points: readonly TrendPoint[];
  granularity: 'day' | 'month';
  /** What the chart covers, for screen readers. */
  label: string;
}

/**
 * The dashboard's sales trend as bars (recharts), one per day or month, with Thai labels and a tooltip
 * giving the day, the sales and the orders. Loaded on its own (React.lazy), so the till never downloads
 * the charting library. Arrow keys move the tooltip (recharts' accessibility layer); a visually hidden
 * table gives screen readers the same figures.
 */
export default function SalesTrendChart({ points, granularity, label }: TrendChartProps) {
  const { t, intlLocale } = useI18n();
  const shortLabel = (key: string) =>
    granularity === 'month' ? formatMonthKey(key, intlLocale) : formatDayKey(key, intlLocale);
  const longLabel = (key: string) =>
    granularity === 'month' ? formatMonthKey(key, intlLocale, true) : formatDayKeyLong(key, intlLocale);
  const data = points.map((p) => ({ ...p, label: shortLabel(p.key) }));
  const max = Math.max(0, ...points.map((p) => p.total));

  const renderTooltip = ({ active, payload }: TooltipContentProps<ValueType, NameType>) => {
    const point = active ? (payload[0]?.payload as (typeof data)[number] | undefined) : undefined;
    if (!point) return null;
    return (
      <div className="rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm shadow-md">
        <p className="font-medium text-slate-900">{longLabel(point.key)}</p>
        <p className="text-slate-700 tabular-nums">
          {t('dashboard.trendSales')}: {formatBaht(point.total)}
        </p>
        <p className="text-slate-600 tabular-nums">
          {t('dashboard.trendTooltipOrders', { count: formatCount(point.count, intlLocale) })}
        </p>
      </div>
    );
  };

  return (
    <figure aria-label={label} className="m-0">
      <div data-testid="trend-chart" style={{ height: TREND_BAR_MAX_PX + X_AXIS_PX + TOP_MARGIN_PX }}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart
            data={data}
            margin={{ top: TOP_MARGIN_PX, right: 8, bottom: 0, left: 0 }}
            barCategoryGap="20%"
            title={label}
          >
            <CartesianGrid vertical={false} stroke="#e2e8f0" />
            <XAxis
              dataKey="label"
              height={X_AXIS_PX}
              tickLine={false}
              axisLine={{ stroke: '#cbd5e1' }}
              tick={{ fill: '#475569', fontSize: 12 }}
              interval="preserveStartEnd"
              minTickGap={8}
            />
            <YAxis
              width={Y_AXIS_PX}
              // The domain ends at the best bar, so it is exactly 200 px tall; the ticks are round values under it.
              domain={[0, max > 0 ? max : 1]}
              allowDataOverflow
              ticks={roundTicks(max)}
              interval={0}
              tickLine={false}
              axisLine={false}
              tick={{ fill: '#475569', fontSize: 12 }}
              tickFormatter={(v: number) => formatCompactBaht(v, intlLocale)}
            />
            <Tooltip content={renderTooltip} cursor={{ fill: '#eff6ff' }} />
            <Bar dataKey="total" fill="#2563eb" radius={[4, 4, 0, 0]} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <table className="sr-only">
        <caption>{label}</caption>
        <tbody>
          {points.map((p) => (
            <tr key={p.key} data-key={p.key}>
              <th scope="row">{longLabel(p.key)}</th>
              <td>{formatBaht(p.total)}</td>
              <td>{t('dashboard.trendTooltipOrders', { count: formatCount(p.count, intlLocale) })}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
