import { CashMovementRequest, formatBaht, satangToBaht, type CashMovementType } from '@pos/core';
import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { MoneyField } from '../../components/form/money-field';
import { TextField } from '../../components/form/text-field';
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
import { useT } from '../../i18n';
import { cn } from '../../lib/utils';
import { SegmentButton } from '../receipt/paper-choice';
import { useCashMovement } from './shifts.queries';

/** The reason choice standing for "other: typed below". */
export const OTHER_REASON = '\u0000other';

const CashMovementForm = z.object({
  type: z.enum(['in', 'out']),
  amount: z.number().nullable(),
  reasonChoice: z.string(),
  reason: z.string(),
});
type CashMovementFormValues = z.input<typeof CashMovementForm>;

/** The request the form stands for: baht, and the shop's reason chosen or the one typed. */
export function cashMovementRequestOf(values: CashMovementFormValues): CashMovementRequest {
  return {
    type: values.type,
    // NaN and empty go on to the schema, which refuses them on the field.
    amount: values.amount === null ? 0 : satangToBaht(values.amount),
    reason: values.reasonChoice === OTHER_REASON ? values.reason : values.reasonChoice,
  };
}

const schema = CashMovementForm.transform(cashMovementRequestOf).pipe(CashMovementRequest);

interface CashMovementDialogProps {
  open: boolean;
  shiftId: number;
  initialType: CashMovementType;
  /** The shop's reasons (settings.shifts.cashReasons). */
  reasons: readonly string[];
  onClose: () => void;
}

/** A pay-in or pay-out during the shift: type, amount and a reason from the shop's list or typed. */
export function CashMovementDialog({ open, shiftId, initialType, reasons, onClose }: CashMovementDialogProps) {
  const t = useT();
  const movement = useCashMovement();
  const defaults = useMemo(
    () => ({ type: initialType, amount: null, reasonChoice: reasons[0] ?? OTHER_REASON, reason: '' }),
    [initialType, reasons],
  );
  const { form, control, serverError, submit, fail, reset } = useFormDialog({
    schema,
    defaultValues: defaults,
    serverFields: ['amount', 'reason'],
    errorFallback: t('shifts.movementFailed'),
  });
  const type = useWatch({ control, name: 'type' });
  const reasonChoice = useWatch({ control, name: 'reasonChoice' });
  const choices = [...reasons, OTHER_REASON];

  const close = () => {
    if (movement.isPending) return;
    reset(defaults);
    onClose();
  };

  const onSubmit = submit((body) => {
    movement.mutate(
      { shiftId, body },
      {
        onSuccess: ({ movement: saved }) => {
          toast.success(
            t('shifts.movementSaved', {
              type: t(saved.type === 'in' ? 'shifts.payIn' : 'shifts.payOut'),
              amount: formatBaht(saved.amount),
            }),
          );
          reset(defaults);
          onClose();
        },
        onError: fail,
      },
    );
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !next && close()}>
      <DialogContent className="flex max-w-md flex-col overflow-y-auto" data-testid="cash-movement-dialog">
        <DialogHeader>
          <DialogTitle>{t('shifts.movementTitle')}</DialogTitle>
          <DialogDescription>{t('shifts.movementDescription')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          {serverError ? <ErrorAlert>{serverError}</ErrorAlert> : null}
          <div className="flex gap-1 rounded-lg bg-slate-100 p-1" role="group" aria-label={t('shifts.movementType')}>
            <SegmentButton active={type === 'in'} onClick={() => form.setValue('type', 'in')}>
              {t('shifts.payIn')}
            </SegmentButton>
            <SegmentButton active={type === 'out'} onClick={() => form.setValue('type', 'out')}>
              {t('shifts.payOut')}
            </SegmentButton>
          </div>
          <MoneyField control={control} name="amount" id="cash-movement-amount" label={t('shifts.amount')} autoFocus />
          <fieldset className="space-y-2">
            <legend className="mb-1.5 text-sm font-medium text-slate-900">{t('shifts.reason')}</legend>
            <div className="flex flex-wrap gap-2">
              {choices.map((choice) => {
                const id = `cash-reason-${choices.indexOf(choice)}`;
                const checked = reasonChoice === choice;
                return (
                  <label
                    key={choice}
                    htmlFor={id}
                    className={cn(
                      'flex min-h-11 cursor-pointer items-center gap-2 rounded-full border px-3 text-sm',
                      'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-1 has-[:focus-visible]:outline-blue-600',
                      checked ? 'border-blue-600 bg-blue-50 text-blue-900' : 'border-slate-300 text-slate-700',
                    )}
                  >
                    <input
                      id={id}
                      type="radio"
                      name="reasonChoice"
                      className="sr-only"
                      checked={checked}
                      onChange={() => form.setValue('reasonChoice', choice)}
                    />
                    {choice === OTHER_REASON ? t('shifts.reasonOther') : choice}
                  </label>
                );
              })}
            </div>
          </fieldset>
          {reasonChoice === OTHER_REASON ? (
            <TextField control={control} name="reason" id="cash-movement-reason" label={t('shifts.reasonOtherText')} />
          ) : form.formState.errors.reason ? (
            <ErrorAlert>{t('shifts.reasonOtherText')}</ErrorAlert>
          ) : null}
          <DialogFormFooter pending={movement.isPending} submitLabel={t('shifts.movementSubmit')} onCancel={close} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
