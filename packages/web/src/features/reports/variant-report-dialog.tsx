import { formatBaht, sellThroughPercent, type VariantReportResponse } from '@pos/core';
import { useState } from 'react';
import { Badge } from '../../components/ui/badge';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Skeleton } from '../../components/ui/skeleton';
import { EmptyState, ErrorState, LoadingState } from '../../components/ui/states';
import { useI18n } from '../../i18n';
import { errorMessage } from '../../lib/api';
import type { DayRange } from '../../lib/date-keys';
import { cn } from '../../lib/utils';
import { formatCount, formatDayKeyLong } from './report-format';
import { useVariantReport } from './reports.queries';
import {
  breakdownRows,
  formatSellThrough,
  nothingSold,
  showsUnassigned,
  variantLabel,
  type BreakdownRow,
} from './variant-report';

/** The style whose variant report is open: its id and the name the best sellers showed. */
export interface VariantReportTarget {
  productId: number;
  name: string;
}

/** One style's sales by size and by colour, and sell-through per variant, over the report's period (issue 34). */
export function VariantReportDialog({
  target,
  range,
  onClose,
}: {
  target: VariantReportTarget | null;
  range: DayRange;
  onClose: () => void;
}) {
  const { t, intlLocale } = useI18n();
  // The last style opened stays drawn while the dialog closes.
  const [last, setLast] = useState(target);
  if (target !== null && target !== last) setLast(target);
  const shown = target ?? last;
  const report = useVariantReport(shown?.productId ?? null, range);
  const name = report.data?.product.name ?? shown?.name ?? '';
  return (
    <Dialog open={target !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>{t('reports.variantTitle', { name })}</DialogTitle>
          <DialogDescription>
            {t('reports.variantRange', {
              start: formatDayKeyLong(range.startDate, intlLocale),
              end: formatDayKeyLong(range.endDate, intlLocale),
            })}
          </DialogDescription>
        </DialogHeader>
        {report.isPending ? (
          <LoadingState>
            <div className="grid gap-4 sm:grid-cols-2">
              <Skeleton className="h-32 w-full" />
              <Skeleton className="h-32 w-full" />
            </div>
            <Skeleton className="h-48 w-full" />
          </LoadingState>
        ) : report.isError ? (
          <ErrorState
            title={t('reports.variantLoadError')}
            message={errorMessage(report.error, t('reports.loadError'))}
            onRetry={() => void report.refetch()}
            retrying={report.isFetching}
          />
        ) : (
          <VariantReportBody report={report.data} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function VariantReportBody({ report }: { report: VariantReportResponse }) {
  const { t, intlLocale } = useI18n();
  const empty = nothingSold(report);
  return (
    <div className="space-y-5">
      {empty ? (
        <EmptyState
          className="py-6"
          title={t('reports.variantEmptyTitle')}
          message={t('reports.variantEmptyMessage')}
        />
      ) : (
        <>
          <p className="text-sm font-medium text-slate-700 tabular-nums" data-testid="variant-total">
            {t('reports.variantTotal', {
              count: formatCount(report.total.quantity, intlLocale),
              amount: formatBaht(report.total.revenue),
            })}
          </p>
          <div className="grid gap-5 sm:grid-cols-2">
            <Breakdown
              title={t('reports.variantBySize')}
              rows={breakdownRows(report.bySize, t('reports.variantNoSize'))}
              testId="variant-by-size"
            />
            <Breakdown
              title={t('reports.variantByColor')}
              rows={breakdownRows(report.byColor, t('reports.variantNoColor'))}
              testId="variant-by-color"
            />
          </div>
        </>
      )}
      <SellThroughTable report={report} />
    </div>
  );
}

function Breakdown({ title, rows, testId }: { title: string; rows: BreakdownRow[]; testId: string }) {
  const { t, intlLocale } = useI18n();
  return (
    <section aria-labelledby={`${testId}-title`} className="min-w-0">
      <h3 id={`${testId}-title`} className="mb-2 text-sm font-semibold text-slate-900">
        {title}
      </h3>
      <ul className="space-y-2" data-testid={testId}>
        {rows.map((row) => (
          <li key={row.key} className="text-sm">
            <div className="flex items-baseline justify-between gap-3">
              <span className="min-w-0 font-medium break-words text-slate-900">{row.label}</span>
              <span className="shrink-0 text-slate-700 tabular-nums">
                {t('reports.variantUnits', { count: formatCount(row.quantity, intlLocale) })}
                <span className="mx-1.5 text-slate-400" aria-hidden>
                  ·
                </span>
                {formatBaht(row.revenue)}
              </span>
            </div>
            <div className="mt-1 h-2 rounded-full bg-slate-100" aria-hidden>
              <div className="h-2 rounded-full bg-blue-600" style={{ width: `${row.bar}%` }} />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

function SellThroughTable({ report }: { report: VariantReportResponse }) {
  const { t, intlLocale } = useI18n();
  const head = 'px-2 py-2 font-medium whitespace-nowrap sm:px-3';
  const cell = 'px-2 py-2 sm:px-3';
  const number = cn(cell, 'text-right tabular-nums');
  return (
    <section aria-labelledby="variant-sell-through-title">
      <h3 id="variant-sell-through-title" className="text-sm font-semibold text-slate-900">
        {t('reports.variantSellThroughTitle')}
      </h3>
      <p className="mb-2 text-xs text-slate-600">{t('reports.variantSellThroughNote')}</p>
      <div className="overflow-x-auto rounded-lg border border-slate-200">
        <table className="w-full text-left text-sm" data-testid="variant-sell-through">
          <caption className="sr-only">{t('reports.variantSellThroughTitle')}</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-xs text-slate-600">
            <tr>
              <th scope="col" className={head}>
                {t('reports.variantColumn')}
              </th>
              <th scope="col" className={cn(head, 'text-right')}>
                {t('reports.variantSold')}
              </th>
              <th scope="col" className={cn(head, 'text-right')}>
                {t('reports.variantStock')}
              </th>
              <th scope="col" className={cn(head, 'text-right')}>
                {t('reports.variantSellThrough')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {report.variants.map((v) => (
              <tr key={v.variant_id}>
                <th scope="row" className={cn(cell, 'font-medium break-words text-slate-900')}>
                  {variantLabel(v)}
                  {v.active ? null : (
                    <Badge tone="grey" className="ml-2">
                      {t('reports.variantOff')}
                    </Badge>
                  )}
                </th>
                <td className={number}>{formatCount(v.sold, intlLocale)}</td>
                <td className={number}>{formatCount(v.stock, intlLocale)}</td>
                <td className={cn(number, 'font-semibold text-slate-900')}>
                  {formatSellThrough(v.sell_through, intlLocale)}
                </td>
              </tr>
            ))}
            {showsUnassigned(report) ? (
              <tr className="bg-slate-50/60">
                <th scope="row" className={cn(cell, 'font-medium text-slate-600')}>
                  {t('reports.variantUnassigned')}
                </th>
                <td className={number}>{formatCount(report.unassigned.sold, intlLocale)}</td>
                <td className={number}>{formatCount(report.unassigned.stock, intlLocale)}</td>
                <td className={number}>
                  {formatSellThrough(sellThroughPercent(report.unassigned.sold, report.unassigned.stock), intlLocale)}
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
    </section>
  );
}
