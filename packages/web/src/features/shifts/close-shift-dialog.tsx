import { CloseShiftRequest, formatBaht, satangToBaht, type ShiftDetailResponse, type StoreSettings } from '@pos/core';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { toast } from 'sonner';
import { MoneyField } from '../../components/form/money-field';
import { ApproverFields } from '../../components/form/approver-fields';
import { TextAreaField } from '../../components/form/text-field';
import { useFormDialog } from '../../components/form/use-form-dialog';
import { ErrorAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogFormFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { useI18n, useT, validationText, type Translate } from '../../i18n';
import { ApiError, errorMessage } from '../../lib/api';
import { cn } from '../../lib/utils';
import { SegmentButton } from '../receipt/paper-choice';
import { countsForApi, countsTotal, DenominationCount, EMPTY_COUNTS } from './denomination-count';
import { ShiftReportView } from './shift-report';
import { useCloseShift } from './shifts.queries';

const CountForm = z.object({
  mode: z.enum(['count', 'total']),
  counts: z.array(z.number()),
  countedCash: z.number().nullable(),
});
type CountFormValues = z.input<typeof CountForm>;

/** The blind count as core's CloseShiftRequest takes it: baht, with the count by note and coin when there is one. */
export function closeCountOf(values: CountFormValues): CloseShiftRequest {
  if (values.mode === 'count') {
    return { countedCash: satangToBaht(countsTotal(values.counts)), countedCount: countsForApi(values.counts) };
  }
  return { countedCash: values.countedCash === null ? 0 : satangToBaht(values.countedCash), countedCount: null };
}

const countSchema = CountForm.transform(closeCountOf).pipe(CloseShiftRequest);

const approverShape = CloseShiftRequest.shape.approver.unwrap().unwrap().shape;

/** What the approval asks: the manager's sign-in and the note the close then requires. */
function approvalSchema(noteRequired: string) {
  return z.object({
    username: approverShape.username,
    password: approverShape.password,
    note: z.string().trim().min(1, noteRequired).max(500),
  });
}
type ApprovalValues = z.input<ReturnType<typeof approvalSchema>>;

/** The refusal's figures (baht), shown once the blind count was sent. */
export interface ApprovalNeeded {
  difference: number;
  limit: number;
  expectedCash: number;
  countedCash: number;
}

export function approvalNeededOf(error: unknown): ApprovalNeeded | null {
  if (!(error instanceof ApiError) || error.code !== 'SHIFT_DIFFERENCE_APPROVAL_REQUIRED') return null;
  const d = error.details ?? {};
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
  return {
    difference: num(d.difference),
    limit: num(d.limit),
    expectedCash: num(d.expectedCash),
    countedCash: num(d.countedCash),
  };
}

/** Over, short or exact, in the screen's words. */
export function differenceWords(difference: number, t: Translate): string {
  if (difference > 0) return t('shifts.over', { amount: formatBaht(difference) });
  if (difference < 0) return t('shifts.short', { amount: formatBaht(-difference) });
  return t('shifts.even');
}

function CashFigures({ expected, counted, difference }: { expected: number; counted: number; difference: number }) {
  const t = useT();
  return (
    <dl
      className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-1 rounded-lg bg-slate-50 p-3 text-sm"
      data-testid="close-figures"
    >
      <dt className="text-slate-700">{t('shifts.expected')}</dt>
      <dd className="text-right font-medium tabular-nums" data-testid="close-expected">
        {formatBaht(expected)}
      </dd>
      <dt className="text-slate-700">{t('shifts.counted')}</dt>
      <dd className="text-right font-medium tabular-nums" data-testid="close-counted">
        {formatBaht(counted)}
      </dd>
      <dt className="font-semibold text-slate-900">{t('shifts.difference')}</dt>
      <dd
        className={cn(
          'text-right font-semibold tabular-nums',
          difference < 0 ? 'text-red-700' : difference > 0 ? 'text-amber-800' : 'text-emerald-700',
        )}
        data-testid="close-difference"
      >
        {differenceWords(difference, t)}
      </dd>
    </dl>
  );
}

interface CloseShiftDialogProps {
  open: boolean;
  shiftId: number;
  tillName: string;
  settings: StoreSettings | undefined;
  onClose: () => void;
}

type Step =
  | { kind: 'count' }
  | { kind: 'approval'; count: CloseShiftRequest; needed: ApprovalNeeded }
  | { kind: 'done'; result: ShiftDetailResponse };

/**
 * Closing the shift (issue 35): a blind count first (the expected figure is not shown before the count is
 * sent), then, above the shop's limit, a manager's sign-in and a note; at the end expected against counted,
 * the difference as it is, and the Z report to print.
 */
export function CloseShiftDialog({ open, shiftId, tillName, settings, onClose }: CloseShiftDialogProps) {
  const t = useT();
  const { locale } = useI18n();
  const closeShift = useCloseShift();
  const [step, setStep] = useState<Step>({ kind: 'count' });
  const count = useFormDialog({
    schema: countSchema,
    defaultValues: { mode: 'count', counts: [...EMPTY_COUNTS], countedCash: null },
    serverFields: ['countedCash'],
    codeToField: { CASH_COUNT_MISMATCH: 'countedCash' },
    errorFallback: t('shifts.closeFailed'),
  });
  const approval = useForm<ApprovalValues, unknown, z.output<ReturnType<typeof approvalSchema>>>({
    resolver: zodResolver(approvalSchema(t('shifts.noteRequired'))),
    defaultValues: { username: '', password: '', note: '' },
  });
  const [approvalError, setApprovalError] = useState<string | null>(null);
  const mode = useWatch({ control: count.control, name: 'mode' });
  const counts = useWatch({ control: count.control, name: 'counts' });

  const done = (result: ShiftDetailResponse) => {
    toast.success(t('shifts.closed'));
    setStep({ kind: 'done', result });
  };

  const onCount = count.submit((body) => {
    closeShift.mutate(
      { shiftId, body },
      {
        onSuccess: done,
        onError: (error) => {
          const needed = approvalNeededOf(error);
          if (needed) setStep({ kind: 'approval', count: body, needed });
          else count.fail(error);
        },
      },
    );
  });

  const onApprove = approval.handleSubmit((values) => {
    if (step.kind !== 'approval') return;
    setApprovalError(null);
    closeShift.mutate(
      {
        shiftId,
        body: { ...step.count, note: values.note, approver: { username: values.username, password: values.password } },
      },
      {
        onSuccess: done,
        onError: (error) => {
          setApprovalError(errorMessage(error, t('shifts.closeFailed')));
          // The password is never kept on screen after a refusal.
          approval.setValue('password', '');
          approval.setFocus('password');
        },
      },
    );
  });

  const close = () => {
    if (closeShift.isPending) return;
    onClose();
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !next && close()}>
      <DialogContent
        className={cn('flex flex-col overflow-y-auto', step.kind === 'done' ? 'max-w-lg' : 'max-w-xl')}
        data-testid="close-shift-dialog"
      >
        <DialogHeader>
          <DialogTitle>{step.kind === 'done' ? t('shifts.resultTitle') : t('shifts.closeTitle')}</DialogTitle>
          <DialogDescription>
            {step.kind === 'done' ? t('shifts.reportDescription', { till: tillName }) : t('shifts.closeDescription')}
          </DialogDescription>
        </DialogHeader>
        {step.kind === 'count' ? (
          <form onSubmit={onCount} noValidate className="space-y-4">
            {count.serverError ? <ErrorAlert>{count.serverError}</ErrorAlert> : null}
            <div
              className="flex gap-1 rounded-lg bg-slate-100 p-1"
              role="group"
              aria-label={t('shifts.countModeLabel')}
            >
              <SegmentButton active={mode === 'count'} onClick={() => count.form.setValue('mode', 'count')}>
                {t('shifts.countByDenomination')}
              </SegmentButton>
              <SegmentButton active={mode === 'total'} onClick={() => count.form.setValue('mode', 'total')}>
                {t('shifts.countAsTotal')}
              </SegmentButton>
            </div>
            {mode === 'count' ? (
              <DenominationCount
                idPrefix="close-count"
                counts={counts}
                onChange={(next) => count.form.setValue('counts', [...next])}
                totalLabel={t('shifts.countedTotal')}
                autoFocus
              />
            ) : (
              <MoneyField
                control={count.control}
                name="countedCash"
                id="close-count-total"
                label={t('shifts.countedTotal')}
                autoFocus
              />
            )}
            {mode === 'count' && count.form.formState.errors.countedCash?.message ? (
              <ErrorAlert>{validationText(locale, count.form.formState.errors.countedCash.message)}</ErrorAlert>
            ) : null}
            <DialogFormFooter pending={closeShift.isPending} submitLabel={t('shifts.closeSubmit')} onCancel={close} />
          </form>
        ) : null}
        {step.kind === 'approval' ? (
          <form onSubmit={onApprove} noValidate className="space-y-4" data-testid="close-approval">
            <CashFigures
              expected={step.needed.expectedCash}
              counted={step.needed.countedCash}
              difference={step.needed.difference}
            />
            <div className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
              <ShieldCheck className="size-5 shrink-0" aria-hidden />
              <div>
                <p className="font-semibold">{t('shifts.approvalTitle')}</p>
                <p>
                  {t('shifts.approvalDescription', {
                    difference: formatBaht(Math.abs(step.needed.difference)),
                    limit: formatBaht(step.needed.limit),
                  })}
                </p>
              </div>
            </div>
            {approvalError ? <ErrorAlert>{approvalError}</ErrorAlert> : null}
            <ApproverFields
              control={approval.control}
              usernameName="username"
              passwordName="password"
              idPrefix="close-approver"
              usernameLabel={t('shifts.approverUsername')}
              passwordLabel={t('shifts.approverPassword')}
            />
            <TextAreaField control={approval.control} name="note" id="close-note" label={t('shifts.note')} rows={2} />
            <DialogFormFooter pending={closeShift.isPending} submitLabel={t('shifts.approveSubmit')} onCancel={close} />
          </form>
        ) : null}
        {step.kind === 'done' ? (
          <div className="flex min-h-0 flex-col gap-3" data-testid="close-result">
            <CashFigures
              expected={step.result.shift.expectedCash ?? step.result.report.cash.expected}
              counted={step.result.shift.countedCash ?? 0}
              difference={step.result.shift.difference ?? 0}
            />
            <ShiftReportView report={step.result.report} settings={settings} />
            <DialogFooter>
              <Button variant="outline" onClick={onClose}>
                {t('common.close')}
              </Button>
            </DialogFooter>
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
