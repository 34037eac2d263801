import { formatBaht, VAT_REPORT_MAX_MONTHS, type VatMonth } from '@pos/core';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { EmptyState, ErrorState, LoadingState } from '../../components/ui/states';
import { useI18n } from '../../i18n';
import { cn } from '../../lib/utils';
import { errorDetail, errorMessage } from '../../lib/api';
import { downloadTextFile } from '../../lib/download';
import { MonthField } from './month-field';
import { formatCount, formatMonthKey } from './report-format';
import { reportsApi, useVatSummary } from './reports.queries';

const monthIndex = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

type VatFigures = Omit<VatMonth, 'month'>;

/** Beyond the spec, for the accountant: the output-VAT working paper of ภ.พ.30, month by month (issue 15). */
export function VatSummarySection({ thisMonth, canExport }: { thisMonth: string; canExport: boolean }) {
  const { t, intlLocale } = useI18n();
  const [startMonth, setStartMonth] = useState(`${thisMonth.slice(0, 4)}-01`);
  const [endMonth, setEndMonth] = useState(thisMonth);
  const [exporting, setExporting] = useState(false);
  const valid =
    MONTH.test(startMonth) &&
    MONTH.test(endMonth) &&
    startMonth <= endMonth &&
    monthIndex(endMonth) - monthIndex(startMonth) < VAT_REPORT_MAX_MONTHS;
  const vat = useVatSummary(startMonth, endMonth, valid);
  const hasDocuments = vat.data
    ? vat.data.total.taxInvoiceCount + vat.data.total.creditNoteCount + vat.data.total.vatExcludedCount > 0
    : false;

  const exportCsv = async () => {
    setExporting(true);
    try {
      const text = await reportsApi.vatCsv(startMonth, endMonth);
      const fileName = `vat_summary_${startMonth}_${endMonth}.csv`;
      downloadTextFile(fileName, text);
      toast.success(t('reports.exported'), { description: t('reports.exportedMessage', { file: fileName }) });
    } catch (error) {
      toast.error(t('reports.exportErrorTitle'), { description: errorMessage(error, t('reports.exportError')) });
    } finally {
      setExporting(false);
    }
  };

  const count = (n: number) => t('reports.vatCount', { count: formatCount(n, intlLocale) });
  /** A run of document numbers, each whole on its own line (never broken inside a number). */
  const range = (first: string | null, last: string | null) =>
    first ? (
      <span className="block text-xs whitespace-nowrap text-slate-500">
        <span className="block">{first}</span>
        {last && last !== first ? <span className="block">– {last}</span> : null}
      </span>
    ) : null;
  /** A credit note takes value off: shown with its minus sign held to the figure. */
  const minus = (n: number) => (n > 0 ? `−${formatBaht(n)}` : formatBaht(0));
  const figures = (f: VatFigures) => [
    {
      key: 'inv',
      label: t('reports.vatInvoices'),
      text: count(f.taxInvoiceCount),
      note: range(f.firstTaxInvoice, f.lastTaxInvoice),
    },
    { key: 'base', label: t('reports.vatBase'), money: formatBaht(f.taxableBase) },
    { key: 'vat', label: t('reports.vatVat'), money: formatBaht(f.vat) },
    {
      key: 'cn',
      label: t('reports.vatCreditNotes'),
      text: count(f.creditNoteCount),
      note: range(f.firstCreditNote, f.lastCreditNote),
    },
    { key: 'cnBase', label: t('reports.vatCreditNoteBase'), money: minus(f.creditNoteBase) },
    { key: 'cnVat', label: t('reports.vatCreditNoteVat'), money: minus(f.creditNoteVat) },
    { key: 'nb', label: t('reports.vatNetBase'), money: formatBaht(f.netTaxableBase), strong: true },
    { key: 'nv', label: t('reports.vatNetVat'), money: formatBaht(f.netVat), strong: true },
    { key: 'ex', label: t('reports.vatExcluded'), money: formatBaht(f.vatExcludedSales) },
  ];

  /**
   * The table's columns: each value with its VAT below it, labelled (issue 31: nine columns did not
   * fit 1280 in English; one cell held value, VAT and numbers with a lone minus sign).
   */
  const columns = (f: VatFigures) => [
    {
      key: 'inv',
      label: t('reports.vatInvoices'),
      text: count(f.taxInvoiceCount),
      note: range(f.firstTaxInvoice, f.lastTaxInvoice),
    },
    { key: 'sales', label: t('reports.vatSalesHead'), money: formatBaht(f.taxableBase), tax: formatBaht(f.vat) },
    {
      key: 'cn',
      label: t('reports.vatCreditNotes'),
      text: count(f.creditNoteCount),
      note: range(f.firstCreditNote, f.lastCreditNote),
    },
    {
      key: 'cnValue',
      label: t('reports.vatCreditNotesHead'),
      money: minus(f.creditNoteBase),
      tax: minus(f.creditNoteVat),
    },
    {
      key: 'net',
      label: t('reports.vatNetHead'),
      money: formatBaht(f.netTaxableBase),
      tax: formatBaht(f.netVat),
      strong: true,
    },
    { key: 'ex', label: t('reports.vatExcluded'), money: formatBaht(f.vatExcludedSales) },
  ];

  const cells = (f: VatFigures) =>
    columns(f).map((c) =>
      c.money !== undefined ? (
        <td
          key={c.key}
          className={cn('px-2 py-2 text-right whitespace-nowrap tabular-nums', c.strong && 'font-semibold')}
        >
          <span className="block">{c.money}</span>
          {c.tax !== undefined ? (
            <span className="block text-xs text-slate-600">{t('reports.vatTaxLine', { amount: c.tax })}</span>
          ) : null}
        </td>
      ) : (
        <td key={c.key} className="px-2 py-2">
          <span className="whitespace-nowrap tabular-nums">{c.text}</span>
          {c.note}
        </td>
      ),
    );

  /** Below 1280 px: each month a card of labelled figures (issue 31: 2.5 of 9 columns at 390). */
  const card = (title: string, f: VatFigures, key: string, total = false) => (
    <li key={key} data-testid="vat-month-card">
      <section
        aria-label={title}
        className={cn('rounded-lg border border-slate-200 p-3', total && 'border-slate-300 bg-slate-50')}
      >
        <h3 className="mb-2 font-semibold text-slate-900">{title}</h3>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
          {figures(f).map((c) => (
            <div key={c.key} className="min-w-0">
              <dt className="text-xs text-slate-600">{c.label}</dt>
              <dd className={cn('tabular-nums', c.strong && 'font-semibold')}>
                <span className="whitespace-nowrap">{c.money ?? c.text}</span>
                {c.note}
              </dd>
            </div>
          ))}
        </dl>
      </section>
    </li>
  );

  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle>{t('reports.vatTitle')}</CardTitle>
        <CardDescription>{t('reports.vatSubtitle')}</CardDescription>
        <div className="mt-2 flex flex-wrap items-end gap-3">
          <MonthField
            label={t('reports.vatFrom')}
            value={startMonth}
            thisMonth={thisMonth}
            onChange={setStartMonth}
            invalid={!valid}
          />
          <MonthField
            label={t('reports.vatTo')}
            value={endMonth}
            thisMonth={thisMonth}
            onChange={setEndMonth}
            invalid={!valid}
          />
          {canExport ? (
            <Button variant="outline" onClick={() => void exportCsv()} disabled={!valid || !hasDocuments || exporting}>
              <Download aria-hidden />
              {t('reports.vatExport')}
            </Button>
          ) : null}
        </div>
        {valid ? null : (
          <p role="alert" className="text-sm text-red-700">
            {t('reports.vatBadRange', { max: VAT_REPORT_MAX_MONTHS })}
          </p>
        )}
      </CardHeader>
      <CardContent>
        {!valid ? null : vat.isPending ? (
          <LoadingState>
            <Skeleton className="h-40 w-full" />
          </LoadingState>
        ) : vat.isError || !vat.data ? (
          <ErrorState
            title={t('reports.vatLoadError')}
            message={errorDetail(vat.error)}
            onRetry={() => void vat.refetch()}
            retrying={vat.isFetching}
          />
        ) : !hasDocuments ? (
          <EmptyState title={t('reports.vatEmpty')} />
        ) : (
          <>
            <ul className="space-y-3 xl:hidden" aria-label={t('reports.vatTitle')}>
              {vat.data.months.map((m) => card(formatMonthKey(m.month, intlLocale, true), m, m.month))}
              {card(t('reports.vatTotal'), vat.data.total, 'total', true)}
            </ul>
            {/* From 1280 px: the working paper as a table; headers wrap, figures never do. */}
            <div
              className="hidden overflow-x-auto xl:block"
              tabIndex={0}
              role="region"
              aria-label={t('reports.vatTitle')}
            >
              <table className="w-full text-sm" data-testid="vat-table">
                <thead className="border-b border-slate-200 text-left align-bottom text-xs text-slate-600">
                  <tr>
                    <th scope="col" className="px-2 py-2 font-medium">
                      {t('reports.vatMonth')}
                    </th>
                    {columns(vat.data.total).map((c) => (
                      <th
                        key={c.key}
                        scope="col"
                        className={cn('px-2 py-2 font-medium', c.money !== undefined && 'text-right')}
                      >
                        {c.label}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {vat.data.months.map((m) => (
                    <tr key={m.month}>
                      <th scope="row" className="px-2 py-2 text-left font-medium whitespace-nowrap text-slate-900">
                        {formatMonthKey(m.month, intlLocale, true)}
                      </th>
                      {cells(m)}
                    </tr>
                  ))}
                </tbody>
                <tfoot className="border-t-2 border-slate-300 bg-slate-50 font-semibold">
                  <tr>
                    <th scope="row" className="px-2 py-2 text-left">
                      {t('reports.vatTotal')}
                    </th>
                    {cells(vat.data.total)}
                  </tr>
                </tfoot>
              </table>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
