import { formatBaht, type Shift, type ShiftReport } from '@pos/core';
import type { ReactNode } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Skeleton } from '../../components/ui/skeleton';
import { ErrorState, LoadingState } from '../../components/ui/states';
import { useI18n } from '../../i18n';
import { errorMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { PAYMENT_METHOD_LOOK } from '../payments/payment-methods';
import { DifferenceBadge } from './shift-rows';
import { useShiftDetail } from './shift-list.queries';

/** A shift's detail from `GET /api/shifts/:id`: its X report while open, its Z report once closed. */
export function ShiftDetailDialog({ shift, onClose }: { shift: Shift; onClose: () => void }) {
  const { t } = useI18n();
  const detail = useShiftDetail(shift.id);
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-2xl" data-testid="shift-detail">
        <DialogHeader>
          <DialogTitle>{t('shiftList.detailTitle', { id: shift.id, till: shift.tillName })}</DialogTitle>
          <DialogDescription>
            {t(shift.status === 'open' ? 'shiftList.detailOpen' : 'shiftList.detailClosed')}
          </DialogDescription>
        </DialogHeader>
        {detail.isPending ? (
          <LoadingState>
            <div className="space-y-2" aria-hidden>
              {Array.from({ length: 6 }, (_, i) => (
                <Skeleton key={i} className="h-6" />
              ))}
            </div>
          </LoadingState>
        ) : detail.isError ? (
          <ErrorState
            title={t('shiftList.detailError')}
            message={errorMessage(detail.error, t('shiftList.detailError'))}
            onRetry={() => void detail.refetch()}
            retrying={detail.isFetching}
          />
        ) : (
          <ShiftSummary shift={detail.data.shift} report={detail.data.report} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function Line({ label, children, strong = false }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-1">
      <dt className={strong ? 'font-semibold text-slate-900' : 'text-slate-700'}>{label}</dt>
      <dd className={strong ? 'font-semibold tabular-nums' : 'tabular-nums'}>{children}</dd>
    </div>
  );
}

/** The report's figures: who and when, sales and refunds by method, the drawer's cash and its difference. */
function ShiftSummary({ shift, report }: { shift: Shift; report: ShiftReport }) {
  const { t, intlLocale } = useI18n();
  const section = 'rounded-lg border border-slate-200 p-3';
  const heading = 'mb-1 text-sm font-semibold text-slate-900';
  const who = (name: string | null | undefined) => name ?? t('shiftList.unknownUser');
  return (
    <div className="grid gap-3 text-sm" data-testid="shift-summary" data-report-kind={report.kind}>
      <section className={section} aria-labelledby="shift-summary-people">
        <h3 id="shift-summary-people" className={heading}>
          {t(report.kind === 'Z' ? 'shiftList.reportZ' : 'shiftList.reportX')}
        </h3>
        <dl>
          <Line label={t('shiftList.colOpened')}>
            {who(shift.openedBy.name)} · {formatDateTime(shift.openedAt, intlLocale)}
          </Line>
          {shift.closedAt ? (
            <Line label={t('shiftList.colClosed')}>
              {who(shift.closedBy?.name)} · {formatDateTime(shift.closedAt, intlLocale)}
            </Line>
          ) : null}
          <Line label={t('shiftList.salesCount')}>{report.sales.count.toLocaleString(intlLocale)}</Line>
          {report.sales.firstDocument ? (
            <Line label={t('shiftList.documents')}>
              {report.sales.firstDocument} – {report.sales.lastDocument ?? report.sales.firstDocument}
            </Line>
          ) : null}
        </dl>
      </section>
      <section className={section} aria-labelledby="shift-summary-methods">
        <h3 id="shift-summary-methods" className={heading}>
          {t('shiftList.byMethod')}
        </h3>
        <dl>
          {report.sales.byMethod.map((m) => (
            <Line key={m.method} label={t(PAYMENT_METHOD_LOOK[m.method].label)}>
              {formatBaht(m.amount)}
            </Line>
          ))}
          <Line label={t('shiftList.salesTotal')} strong>
            {formatBaht(report.sales.total)}
          </Line>
          <Line label={t('shiftList.refundsTotal', { count: report.refunds.count })}>
            {formatBaht(report.refunds.total)}
          </Line>
        </dl>
      </section>
      <section className={section} aria-labelledby="shift-summary-cash">
        <h3 id="shift-summary-cash" className={heading}>
          {t('shiftList.cashDrawer')}
        </h3>
        <dl>
          <Line label={t('shiftList.colFloat')}>{formatBaht(report.cash.openingFloat)}</Line>
          <Line label={t('shiftList.cashSales')}>{formatBaht(report.cash.cashSales)}</Line>
          <Line label={t('shiftList.cashRefunds')}>−{formatBaht(report.cash.cashRefunds)}</Line>
          <Line label={t('shiftList.paidIn')}>{formatBaht(report.cash.paidIn)}</Line>
          <Line label={t('shiftList.paidOut')}>−{formatBaht(report.cash.paidOut)}</Line>
          <Line label={t('shiftList.colExpected')} strong>
            {formatBaht(report.cash.expected)}
          </Line>
          {report.cash.counted !== null ? (
            <Line label={t('shiftList.colCounted')} strong>
              {formatBaht(report.cash.counted)}
            </Line>
          ) : null}
          <Line label={t('shiftList.colDifference')}>
            <DifferenceBadge difference={report.cash.difference} />
          </Line>
          {shift.differenceApprovedBy ? (
            <Line label={t('shiftList.colApprovedBy')}>{who(shift.differenceApprovedBy.name)}</Line>
          ) : null}
        </dl>
        {shift.closeNote ? (
          <p className="mt-2 break-words text-slate-700">{t('shiftList.closeNote', { note: shift.closeNote })}</p>
        ) : null}
      </section>
    </div>
  );
}
