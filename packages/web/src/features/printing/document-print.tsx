import { printerOfTill, type PrintDocumentRequest, type StoreSettings } from '@pos/core';
import { Printer } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { Button, type ButtonProps } from '../../components/ui/button';
import { useT } from '../../i18n';
import { ApiError, errorMessage } from '../../lib/api';
import { useStoreSettings } from '../settings/settings.queries';
import { readChosenTillId } from '../shifts/till-choice';
import { PrintJobStatus, printPhase, usePassed, type PrintPhase } from './print-job-state';
import {
  jobsOfDocument,
  PRINT_FOLLOW_MS,
  useLatestPrintJob,
  usePrintDocument,
  useReprint,
  type PrintTarget,
} from './printing.queries';

/** The printer of the till chosen on this device (issue 35: a browser picks its till), if that till has one. */
export function tillPrinterOf(settings: StoreSettings | undefined, tillId: number | null) {
  const printing = (settings as Partial<StoreSettings> | undefined)?.printing;
  const printer = printing ? printerOfTill(printing, tillId) : null;
  return printer && tillId !== null ? { tillId, printer } : null;
}

/** This device's till and its printer; null prints through the browser's dialog. */
export function useTillPrinter() {
  const settings = useStoreSettings();
  const [tillId] = useState(readChosenTillId);
  return tillPrinterOf(settings.data, tillId);
}

export interface DocumentPrintOptions {
  /** What "print" sends to the till's printer. */
  target: PrintTarget;
  /** The browser's print dialog: the fallback, and the only way without a till printer. */
  onBrowserPrint: () => void;
  /** The till's printer prints this paper (its roll); false (A4 chosen) leaves the browser to print it. */
  direct?: boolean;
  /** The print button's text; "พิมพ์" when left out. */
  label?: string;
  testId?: string;
  autoFocus?: boolean;
  disabled?: boolean;
  variant?: ButtonProps['variant'];
}

export interface DocumentPrint {
  /** The job's state (printing, printed, failed with "print again"), once "print" was pressed; else null. */
  status: ReactNode;
  /** "พิมพ์": to the till's printer when it has one (and the paper is its roll), else the browser's dialog. */
  printButton: ReactNode;
  /** "พิมพ์ผ่านเบราว์เซอร์" beside it while "print" goes to the till's printer; else null. */
  browserButton: ReactNode;
  /** Where the followed job stands (null while nothing is followed). */
  phase: PrintPhase | null;
}

/**
 * The print control of a document (issue 37): at a till with a printer, "พิมพ์" queues the document on it and
 * follows the job in place, with "พิมพ์อีกครั้ง" when it failed and the browser's dialog as a second button;
 * without one, "พิมพ์" opens the browser's print dialog as it always did. The parts are laid out by the screen
 * (the status above a dialog's footer, the buttons in it).
 */
export function useDocumentPrint({
  target,
  onBrowserPrint,
  direct = true,
  label,
  testId,
  autoFocus,
  disabled = false,
  variant = 'primary',
}: DocumentPrintOptions): DocumentPrint {
  const t = useT();
  const till = useTillPrinter();
  const key = JSON.stringify(target);
  // Followed until `until` once queued; another document shown (a credit note of the sale) follows nothing.
  const [followed, setFollowed] = useState<{ key: string; until: number } | null>(null);
  const following = followed?.key === key ? followed : null;
  const until = following?.until ?? 0;
  const queue = usePrintDocument();
  const reprint = useReprint();
  const job = useLatestPrintJob(jobsOfDocument(target), target.kind, until, till !== null && following !== null);
  const passed = usePassed(until);
  const queuing = queue.isPending && queue.variables !== undefined && sameTarget(queue.variables, target);
  const current = job.data ?? null;
  const phase: PrintPhase | null = queuing ? 'pending' : following ? printPhase(current, passed) : null;
  const follow = () => setFollowed({ key, until: Date.now() + PRINT_FOLLOW_MS });
  const toTill = till !== null && direct;

  const print = () => {
    if (!till) return onBrowserPrint();
    queue.mutate({ ...target, tillId: till.tillId } as PrintDocumentRequest, {
      onSuccess: follow,
      onError: (error) => {
        // The till's printer was taken away meanwhile: the browser prints it, as without one.
        if (error instanceof ApiError && error.code === 'TILL_NO_PRINTER') {
          toast.info(t('printing.noPrinterFallback'));
          onBrowserPrint();
        } else toast.error(errorMessage(error, t('printing.queueError')));
      },
    });
  };

  const status =
    till && phase ? (
      <PrintJobStatus
        job={queuing ? null : current}
        phase={phase}
        printerName={till.printer.name}
        label={t('printing.document.label')}
        reprinting={reprint.isPending}
        onReprint={(failed) =>
          reprint.mutate(failed.id, {
            onSuccess: follow,
            onError: (error) => toast.error(errorMessage(error, t('printing.reprintError'))),
          })
        }
        onCheckAgain={() => {
          follow();
          void job.refetch();
        }}
      />
    ) : null;

  const printButton = (
    <Button
      variant={variant}
      autoFocus={autoFocus}
      disabled={disabled || queuing}
      onClick={toTill ? print : onBrowserPrint}
      data-testid={testId}
      data-print-to={toTill ? 'till' : 'browser'}
    >
      <Printer aria-hidden />
      {label ?? t('receipt.print')}
    </Button>
  );
  const browserButton = toTill ? (
    <Button variant="outline" disabled={disabled} onClick={onBrowserPrint} data-testid="print-browser">
      {t('printing.printBrowser')}
    </Button>
  ) : null;

  return { status, printButton, browserButton, phase };
}

function sameTarget(request: PrintDocumentRequest, target: PrintTarget): boolean {
  const { tillId: _till, ...rest } = request;
  return JSON.stringify(rest) === JSON.stringify(target);
}
