import { OpenShiftRequest, satangToBaht, type Shift } from '@pos/core';
import { useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { MoneyField } from '../../components/form/money-field';
import { useFormDialog } from '../../components/form/use-form-dialog';
import { ErrorAlert } from '../../components/ui/alert';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFormFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { useI18n, useT, validationText } from '../../i18n';
import { SegmentButton } from '../receipt/paper-choice';
import { countsForApi, countsTotal, DenominationCount, EMPTY_COUNTS } from './denomination-count';
import { useOpenShift } from './shifts.queries';

export type CountMode = 'count' | 'total';

/** What the open form holds: the count by note and coin, or a total typed (satang, null when empty). */
const OpenShiftForm = z.object({
  mode: z.enum(['count', 'total']),
  counts: z.array(z.number()),
  openingFloat: z.number().nullable(),
});
type OpenShiftFormValues = z.input<typeof OpenShiftForm>;

/** The request the form stands for, checked by core's OpenShiftRequest: baht, with the count when there is one. */
export function openShiftRequestOf(values: OpenShiftFormValues, tillId: number): OpenShiftRequest {
  if (values.mode === 'count') {
    return {
      tillId,
      openingFloat: satangToBaht(countsTotal(values.counts)),
      openingCount: countsForApi(values.counts),
    };
  }
  // NaN (text that is no amount) goes on to the schema, which refuses it on the field.
  return {
    tillId,
    openingFloat: values.openingFloat === null ? 0 : satangToBaht(values.openingFloat),
    openingCount: null,
  };
}

interface OpenShiftDialogProps {
  open: boolean;
  till: { id: number; name: string };
  onClose: () => void;
  onOpened?: (shift: Shift) => void;
}

/** Opening a shift on this browser's till: the float counted by note and coin (or typed as a total). */
export function OpenShiftDialog({ open, till, onClose, onOpened }: OpenShiftDialogProps) {
  const t = useT();
  const { locale } = useI18n();
  const openShift = useOpenShift();
  const schema = useMemo(
    () => OpenShiftForm.transform((values) => openShiftRequestOf(values, till.id)).pipe(OpenShiftRequest),
    [till.id],
  );
  const { form, control, serverError, submit, fail, reset } = useFormDialog({
    schema,
    defaultValues: { mode: 'count', counts: [...EMPTY_COUNTS], openingFloat: null },
    serverFields: ['openingFloat'],
    codeToField: { CASH_COUNT_MISMATCH: 'openingFloat' },
    errorFallback: t('shifts.openFailed'),
  });
  const mode = useWatch({ control, name: 'mode' });
  const counts = useWatch({ control, name: 'counts' });
  // A new key draws fresh count fields after a reset.
  const [round, setRound] = useState(0);

  const close = () => {
    if (openShift.isPending) return;
    reset();
    setRound((r) => r + 1);
    onClose();
  };

  const onSubmit = submit((body) => {
    openShift.mutate(body, {
      onSuccess: ({ shift }) => {
        toast.success(t('shifts.opened', { till: shift.tillName }));
        reset();
        setRound((r) => r + 1);
        onOpened?.(shift);
        onClose();
      },
      onError: fail,
    });
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !next && close()}>
      <DialogContent
        className="flex max-w-xl flex-col overflow-y-auto"
        data-testid="open-shift-dialog"
        // The first count, not the mode switch, takes the keyboard (also when opened over another dialog).
        onOpenAutoFocus={(event) => {
          const first = document.getElementById(mode === 'count' ? 'open-float-100000' : 'open-float-total');
          if (!first) return;
          event.preventDefault();
          first.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>{t('shifts.openTitle')}</DialogTitle>
          <DialogDescription>{t('shifts.openDescription', { till: till.name })}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          {serverError ? <ErrorAlert>{serverError}</ErrorAlert> : null}
          <div className="flex gap-1 rounded-lg bg-slate-100 p-1" role="group" aria-label={t('shifts.countModeLabel')}>
            <SegmentButton active={mode === 'count'} onClick={() => form.setValue('mode', 'count')}>
              {t('shifts.countByDenomination')}
            </SegmentButton>
            <SegmentButton active={mode === 'total'} onClick={() => form.setValue('mode', 'total')}>
              {t('shifts.countAsTotal')}
            </SegmentButton>
          </div>
          {mode === 'count' ? (
            <DenominationCount
              key={round}
              idPrefix="open-float"
              counts={counts}
              onChange={(next) => form.setValue('counts', [...next])}
              totalLabel={t('shifts.openingFloat')}
              autoFocus
            />
          ) : (
            <MoneyField
              control={control}
              name="openingFloat"
              id="open-float-total"
              label={t('shifts.openingFloat')}
              autoFocus
            />
          )}
          {mode === 'count' && form.formState.errors.openingFloat?.message ? (
            <ErrorAlert>{validationText(locale, form.formState.errors.openingFloat.message)}</ErrorAlert>
          ) : null}
          <DialogFormFooter pending={openShift.isPending} submitLabel={t('shifts.openSubmit')} onCancel={close} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
