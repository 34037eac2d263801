import { formatBaht, VAT_REPORT_MAX_MONTHS, type VatMonth } from '@pos/core';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { DateRangeFields } from '../../components/form/date-range-fields';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { EmptyState, ErrorState, LoadingState } from '../../components/ui/states';
import { useI18n } from '../../i18n';
import { errorDetail, errorMessage } from '../../lib/api';
import { downloadTextFile } from '../../lib/download';
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

  const cells = (f: VatFigures) => [
    <td key="inv" className="px-3 py-2">
      <span className="tabular-nums">
        {t('reports.vatCount', { count: formatCount(f.taxInvoiceCount, intlLocale) })}
      </span>
      {f.firstTaxInvoice ? (
        <span className="block text-xs text-slate-500">
          {t('reports.vatNumbers', { first: f.firstTaxInvoice, last: f.lastTaxInvoice ?? f.firstTaxInvoice })}
        </span>
      ) : null}
    </td>,
    <td key="base" className="px-3 py-2 text-right tabular-nums">
      {formatBaht(f.taxableBase)}
    </td>,
    <td key="vat" className="px-3 py-2 text-right tabular-nums">
      {formatBaht(f.vat)}
    </td>,
    <td key="cn" className="px-3 py-2 text-right tabular-nums">
      {f.creditNoteCount > 0 ? `−${formatBaht(f.creditNoteBase)} / −${formatBaht(f.creditNoteVat)}` : formatBaht(0)}
      {f.firstCreditNote ? (
        <span className="block text-xs text-slate-500">
          {t('reports.vatNumbers', { first: f.firstCreditNote, last: f.lastCreditNote ?? f.firstCreditNote })}
        </span>
      ) : null}
    </td>,
    <td key="nb" className="px-3 py-2 text-right font-medium tabular-nums">
      {formatBaht(f.netTaxableBase)}
    </td>,
    <td key="nv" className="px-3 py-2 text-right font-semibold tabular-nums">
      {formatBaht(f.netVat)}
    </td>,
    <td key="ex" className="px-3 py-2 text-right tabular-nums">
      {formatBaht(f.vatExcludedSales)}
    </td>,
  ];

  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle>{t('reports.vatTitle')}</CardTitle>
        <CardDescription>{t('reports.vatSubtitle')}</CardDescription>
        <div className="mt-2 flex flex-wrap items-end gap-3">
          <DateRangeFields
            type="month"
            idPrefix="vat"
            labels={{ start: t('reports.vatFrom'), end: t('reports.vatTo') }}
            start={startMonth}
            end={endMonth}
            onChange={(from, to) => {
              setStartMonth(from);
              setEndMonth(to);
            }}
            invalid={!valid}
            className="contents"
            inputClassName="w-44"
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
          // Wider than a phone: the table scrolls sideways, reachable from the keyboard.
          <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={t('reports.vatTitle')}>
            <table className="w-full min-w-[56rem] text-sm [&_th]:whitespace-nowrap">
              <thead className="border-b border-slate-200 text-left text-slate-600">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {t('reports.vatMonth')}
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {t('reports.vatInvoices')}
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    {t('reports.vatBase')}
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    {t('reports.vatVat')}
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    {t('reports.vatCreditNotes')}
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    {t('reports.vatNetBase')}
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    {t('reports.vatNetVat')}
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    {t('reports.vatExcluded')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {vat.data.months.map((m) => (
                  <tr key={m.month}>
                    <th scope="row" className="px-3 py-2 text-left font-medium text-slate-900">
                      {formatMonthKey(m.month, intlLocale, true)}
                    </th>
                    {cells(m)}
                  </tr>
                ))}
              </tbody>
              <tfoot className="border-t-2 border-slate-300 bg-slate-50 font-semibold">
                <tr>
                  <th scope="row" className="px-3 py-2 text-left">
                    {t('reports.vatTotal')}
                  </th>
                  {cells(vat.data.total)}
                </tr>
              </tfoot>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
