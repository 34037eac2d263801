import type { PrintJob } from '@pos/core';
import { CircleAlert, CircleCheck, Printer, RotateCcw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { useT } from '../../i18n';
import type { MessageKey } from '../../i18n/types';
import { cn } from '../../lib/utils';

/** Whether `until` (ms since the epoch) has passed; turns true by itself when it does. */
export function usePassed(until: number): boolean {
  const [passed, setPassed] = useState(() => Date.now() >= until);
  useEffect(() => {
    const left = until - Date.now();
    if (left <= 0) {
      setPassed(true);
      return;
    }
    setPassed(false);
    const timer = setTimeout(() => setPassed(true), left);
    return () => clearTimeout(timer);
  }, [until]);
  return passed;
}

/**
 * Why a job failed, in the reader's words (the server's failure codes are API error codes too). A job the till's
 * browser sent to its USB or serial printer has its own words: the cable and the till's computer, not the network.
 */
export function failureText(t: ReturnType<typeof useT>, job: PrintJob): string {
  const failure = job.failure ?? 'PRINTER_OFFLINE';
  if (job.transport === 'till' && (failure === 'PRINTER_OFFLINE' || failure === 'PRINTER_NOT_FOUND')) {
    return t(`printing.device.failure.${failure}`);
  }
  return t(`apiErrors.${failure}`);
}

export type PrintPhase = 'pending' | 'printed' | 'failed' | 'unknown';

/** Where a followed job stands: still printing, done, failed, or no answer within the time it was followed. */
export function printPhase(job: PrintJob | null | undefined, passed: boolean): PrintPhase {
  if (job?.status === 'printed') return 'printed';
  if (job?.status === 'failed') return 'failed';
  return passed ? 'unknown' : 'pending';
}

const PHASE_TEXT: Record<Exclude<PrintPhase, 'failed'>, MessageKey> = {
  pending: 'printing.status.pending',
  printed: 'printing.status.printed',
  unknown: 'printing.status.unknown',
};

/** A job's state as one line: a spinner while printing, a tick once printed, the reason when it failed. */
export function PrintPhaseLine({
  phase,
  text,
  className,
}: {
  phase: PrintPhase;
  /** The words to show; the phase's own when left out. */
  text?: string;
  className?: string;
}) {
  const t = useT();
  const words = text ?? (phase === 'failed' ? t('printing.status.failed') : t(PHASE_TEXT[phase]));
  const tone = phase === 'printed' ? 'text-emerald-800' : phase === 'pending' ? 'text-slate-700' : 'text-red-700';
  return (
    <span className={cn('inline-flex min-w-0 items-start gap-1.5', tone, className)} data-phase={phase}>
      {phase === 'pending' ? (
        <Spinner className="mt-0.5 size-4 shrink-0" />
      ) : phase === 'printed' ? (
        <CircleCheck className="mt-0.5 size-4 shrink-0" aria-hidden />
      ) : (
        <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
      )}
      <span className="min-w-0 break-words">{words}</span>
    </span>
  );
}

/**
 * A followed job's state in a box: the phase line, the printer (or the reason it failed), and the way on: "print
 * again" once failed, "check again" when no answer came in time. Both the sale's own receipt and a document
 * printed from a screen show their job with it.
 */
export function PrintJobStatus({
  job,
  onReprint,
  ...box
}: Omit<PrintStatusBoxProps, 'failure' | 'onReprint'> & {
  job: PrintJob | null;
  onReprint: (job: PrintJob) => void;
}) {
  const t = useT();
  return (
    <PrintStatusBox
      {...box}
      failure={box.phase === 'failed' && job ? failureText(t, job) : null}
      onReprint={() => job && onReprint(job)}
    />
  );
}

export interface PrintStatusBoxProps {
  phase: PrintPhase;
  printerName: string;
  /** What is printing, for screen readers ("receipt printing"). */
  label: string;
  /** Why it failed, in the reader's words; "print again" shows with it. */
  failure: string | null;
  reprinting: boolean;
  onReprint: () => void;
  /** "Check again" once no answer came in time (a job the server follows); none when left out. */
  onCheckAgain?: () => void;
  testIds?: { status: string; failure: string };
}

/**
 * The box of a print's state, for a job the server follows (PrintJobStatus) and for a receipt the till printed
 * on its own printer while offline (issue 38), which has no job.
 */
export function PrintStatusBox({
  phase,
  printerName,
  label,
  failure,
  reprinting,
  onReprint,
  onCheckAgain,
  testIds = { status: 'print-status', failure: 'print-failure' },
}: PrintStatusBoxProps) {
  const t = useT();
  const failed = phase === 'failed' && failure !== null;
  return (
    <section
      aria-label={label}
      data-testid={testIds.status}
      data-phase={phase}
      className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm"
    >
      <Printer className="size-4 shrink-0 text-slate-500" aria-hidden />
      <p role="status" className="min-w-0 flex-1 basis-40">
        <PrintPhaseLine phase={phase} />
        {failed ? (
          <span className="block text-red-700" data-testid={testIds.failure}>
            {failure}
          </span>
        ) : (
          <span className="block break-words text-slate-500">
            {t('printing.status.printer', { name: printerName })}
          </span>
        )}
      </p>
      {failed ? (
        <Button variant="outline" className="shrink-0" disabled={reprinting} onClick={onReprint}>
          <RotateCcw aria-hidden />
          {t('printing.reprint')}
        </Button>
      ) : phase === 'unknown' && onCheckAgain ? (
        <Button variant="outline" className="shrink-0" onClick={onCheckAgain}>
          {t('printing.status.checkAgain')}
        </Button>
      ) : null}
    </section>
  );
}
