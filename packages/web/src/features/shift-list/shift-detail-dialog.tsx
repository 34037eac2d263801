import type { Shift } from '@pos/core';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Skeleton } from '../../components/ui/skeleton';
import { ErrorState, LoadingState } from '../../components/ui/states';
import { useI18n } from '../../i18n';
import { errorMessage } from '../../lib/api';
import { useStoreSettings } from '../settings/settings.queries';
import { ShiftReportView } from '../shifts/shift-report';
import { useShiftDetail } from '../shifts/shifts.queries';
import { DifferenceBadge } from './shift-rows';

/**
 * A shift's detail from `GET /api/shifts/:id`: what the list cannot show (who approved the difference, the close
 * note), then its report as it prints (X while open, the Z kept at the close) with the paper choice and print.
 */
export function ShiftDetailDialog({ shift, onClose }: { shift: Shift; onClose: () => void }) {
  const { t } = useI18n();
  const detail = useShiftDetail(shift.id);
  const settings = useStoreSettings();
  const current = detail.data?.shift ?? shift;
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="flex max-w-xl flex-col overflow-hidden" data-testid="shift-detail">
        <DialogHeader>
          <DialogTitle>{t('shiftList.detailTitle', { id: shift.id, till: shift.tillName })}</DialogTitle>
          <DialogDescription>
            {t(current.status === 'open' ? 'shiftList.detailOpen' : 'shiftList.detailClosed')}
          </DialogDescription>
        </DialogHeader>
        {current.status === 'closed' ? (
          <dl className="grid gap-1 rounded-lg border border-slate-200 p-3 text-sm" data-testid="shift-detail-close">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <dt className="text-slate-700">{t('shiftList.colDifference')}</dt>
              <dd>
                <DifferenceBadge difference={current.difference} />
              </dd>
            </div>
            {current.differenceApprovedBy ? (
              <div className="flex flex-wrap items-center justify-between gap-2">
                <dt className="text-slate-700">{t('shiftList.colApprovedBy')}</dt>
                <dd className="break-words">{current.differenceApprovedBy.name ?? t('shiftList.unknownUser')}</dd>
              </div>
            ) : null}
            {current.closeNote ? (
              <div className="space-y-0.5">
                <dt className="text-slate-700">{t('shiftList.closeNoteLabel')}</dt>
                <dd className="break-words whitespace-pre-line">{current.closeNote}</dd>
              </div>
            ) : null}
          </dl>
        ) : null}
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
          <ShiftReportView report={detail.data.report} settings={settings.data} />
        )}
      </DialogContent>
    </Dialog>
  );
}
