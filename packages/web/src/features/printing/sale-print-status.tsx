import { printerOfTill, type Sale, type StoreSettings } from '@pos/core';
import { useState } from 'react';
import { toast } from 'sonner';
import { useT } from '../../i18n';
import { errorMessage } from '../../lib/api';
import { PrintJobStatus, printPhase, usePassed } from './print-job-state';
import { PRINT_FOLLOW_MS, useReprint, useSalePrintJob } from './printing.queries';

/**
 * The printer a sale's till prints on, if it has one: a network printer the server prints on by itself, or a
 * USB or serial one the till's browser sends the receipt to (issue 37).
 */
export function salePrinter(sale: Pick<Sale, 'till_id'>, settings: StoreSettings | undefined) {
  const printing = (settings as Partial<StoreSettings> | undefined)?.printing;
  if (!printing) return null;
  return printerOfTill(printing, sale.till_id);
}

/**
 * Right after a sale at a till with a printer: how its receipt's printing goes (issue 37), read every
 * second until it has printed or failed (at most 15 s), with "print again" when it failed. The browser's print
 * dialog stays beside it as the fallback.
 */
export function SalePrintStatus({ sale, printerName }: { sale: Sale; printerName: string }) {
  const t = useT();
  const [until, setUntil] = useState(() => Date.now() + PRINT_FOLLOW_MS);
  const job = useSalePrintJob(sale.id, until, true);
  const reprint = useReprint();
  const passed = usePassed(until);
  const current = job.data ?? null;
  const follow = () => {
    setUntil(Date.now() + PRINT_FOLLOW_MS);
    void job.refetch();
  };

  return (
    <PrintJobStatus
      job={current}
      phase={printPhase(current, passed)}
      printerName={printerName}
      label={t('printing.status.label')}
      reprinting={reprint.isPending}
      onReprint={(failed) =>
        reprint.mutate(failed.id, {
          onSuccess: follow,
          onError: (error) => toast.error(errorMessage(error, t('printing.reprintError'))),
        })
      }
      onCheckAgain={follow}
      testIds={{ status: 'sale-print-status', failure: 'sale-print-failure' }}
    />
  );
}
