import type { StoreSettings } from '@pos/core';
import { QueryStates } from '../../components/ui/query-states';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { useT } from '../../i18n';
import { errorDetail } from '../../lib/api';
import { ShiftReportView } from './shift-report';
import { useShiftDetail } from './shifts.queries';

/** The X report of the open shift (figures as of now; reading it changes nothing), printable. */
export function ShiftReportDialog({
  shiftId,
  tillName,
  settings,
  onClose,
}: {
  shiftId: number;
  tillName: string;
  settings: StoreSettings | undefined;
  onClose: () => void;
}) {
  const t = useT();
  const detail = useShiftDetail(shiftId);
  const kind = detail.data?.report.kind ?? 'X';
  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="flex max-w-lg flex-col overflow-hidden" data-testid="shift-report-dialog">
        <DialogHeader>
          <DialogTitle>{t('shifts.reportTitle', { kind })}</DialogTitle>
          <DialogDescription>{t('shifts.reportDescription', { till: tillName })}</DialogDescription>
        </DialogHeader>
        <QueryStates
          query={detail}
          loading={<Spinner />}
          errorTitle={t('shifts.reportLoadFailed')}
          errorMessage={errorDetail(detail.error)}
          isEmpty={() => false}
          empty={null}
        >
          {(data) => <ShiftReportView report={data.report} settings={settings} />}
        </QueryStates>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            {t('common.close')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
