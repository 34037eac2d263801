import { printerOfTill, type Sale, type StoreSettings } from '@pos/core';
import { Printer, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { useT } from '../../i18n';
import { errorMessage } from '../../lib/api';
import { failureText, PrintPhaseLine, printPhase, usePassed } from './print-job-state';
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
  const reprint = useReprint(sale.id);
  const passed = usePassed(until);
  const current = job.data ?? null;
  const phase = printPhase(current, passed);
  const follow = () => {
    setUntil(Date.now() + PRINT_FOLLOW_MS);
    void job.refetch();
  };

  return (
    <section
      aria-label={t('printing.status.label')}
      data-testid="sale-print-status"
      data-phase={phase}
      className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm"
    >
      <Printer className="size-4 shrink-0 text-slate-500" aria-hidden />
      <p role="status" className="min-w-0 flex-1 basis-40">
        <PrintPhaseLine phase={phase} />
        {phase === 'failed' && current ? (
          <span className="block text-red-700" data-testid="sale-print-failure">
            {failureText(t, current)}
          </span>
        ) : (
          <span className="block text-slate-500">{t('printing.status.printer', { name: printerName })}</span>
        )}
      </p>
      {phase === 'failed' && current ? (
        <Button
          variant="outline"
          className="shrink-0"
          disabled={reprint.isPending}
          onClick={() =>
            reprint.mutate(current.id, {
              onSuccess: follow,
              onError: (error) => toast.error(errorMessage(error, t('printing.reprintError'))),
            })
          }
        >
          <RotateCcw aria-hidden />
          {t('printing.reprint')}
        </Button>
      ) : phase === 'unknown' ? (
        <Button variant="outline" className="shrink-0" onClick={follow}>
          {t('printing.status.checkAgain')}
        </Button>
      ) : null}
    </section>
  );
}
