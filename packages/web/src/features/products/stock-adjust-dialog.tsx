import { STOCK_ADJUST_MODES, type Product, type StockAdjustment, type StockAdjustMode } from '@pos/core';
import { Minus, Plus, Equal, type LucideIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { TextAreaField, TextField } from '../../components/form/text-field';
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
import { fieldAria, FormField } from '../../components/ui/form-field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { useT } from '../../i18n';
import { cn } from '../../lib/utils';
import { useAdjustStock } from './products.queries';
import {
  freshStockOf,
  previewStock,
  reasonsFor,
  STOCK_ADJUST_FIELDS,
  StockAdjustSchema,
  stockAdjustDefaults,
} from './stock-adjust-form';

const MODE_ICONS: Record<StockAdjustMode, LucideIcon> = { add: Plus, remove: Minus, set: Equal };

interface StockAdjustDialogProps {
  product: Product;
  /** The stock the user sees now (may be fresher than `product.stock`). */
  stock: number;
  onClose: () => void;
  /** The stock as the server now has it: after a save, or the fresh value of a refusal. */
  onStockKnown?: (stock: number) => void;
}

/**
 * Add, remove or set a product's stock with a reason. The stock the user saw
 * travels as `expected`: when a sale or another manager changed it meanwhile,
 * the server refuses and the dialog shows the fresh stock for a redo.
 */
export function StockAdjustDialog({ product, stock, onClose, onStockKnown }: StockAdjustDialogProps) {
  const t = useT();
  const adjust = useAdjustStock();
  const [freshStock, setFreshStock] = useState<number | null>(null);
  const { form, control, serverError, submit, fail } = useFormDialog({
    schema: StockAdjustSchema,
    defaultValues: stockAdjustDefaults(stock),
    serverFields: STOCK_ADJUST_FIELDS,
    errorFallback: t('stock.saveError'),
  });
  const { errors } = form.formState;
  const [mode, amount, expected, reason] = useWatch({
    control: form.control,
    name: ['mode', 'amount', 'expected', 'reason'],
  });
  const current = Number(expected);
  const after = previewStock(current, mode, amount);
  const reasons = reasonsFor(current, mode, after);
  // A reason chosen for the other direction is dropped, so only a fitting one can be sent.
  const reasonFitsNow = reason === '' || reasons.includes(reason);
  useEffect(() => {
    if (!reasonFitsNow) form.setValue('reason', '');
  }, [reasonFitsNow, form]);

  const onValid = (values: StockAdjustment) => {
    setFreshStock(null);
    adjust.mutate(
      { id: product.id, body: values },
      {
        onSuccess: ({ product: saved, movement }) => {
          if (movement) {
            toast.success(t('stock.saved'), {
              description: t('stock.savedMessage', {
                name: saved.name,
                before: movement.old_quantity.toLocaleString(),
                after: movement.new_quantity.toLocaleString(),
              }),
            });
          } else {
            toast.info(t('stock.unchanged'));
          }
          onStockKnown?.(saved.stock);
          onClose();
        },
        onError: (error) => {
          const fresh = freshStockOf(error);
          if (fresh !== null) {
            // The user redoes the adjustment against what is there now.
            form.setValue('expected', String(fresh));
            setFreshStock(fresh);
            onStockKnown?.(fresh);
            return;
          }
          fail(error);
        },
      },
    );
  };

  const pending = adjust.isPending;
  return (
    <Dialog open onOpenChange={(next) => !next && !pending && onClose()}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{t('stock.adjustTitle')}</DialogTitle>
          <DialogDescription>
            {t('stock.adjustDescription', { name: product.name, stock: current.toLocaleString() })}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit(onValid)} noValidate className="space-y-4">
          {freshStock !== null ? (
            <ErrorAlert title={t('stock.changedTitle')}>
              {t('stock.changedMessage', { stock: freshStock.toLocaleString() })}
            </ErrorAlert>
          ) : null}
          {serverError ? <ErrorAlert>{serverError}</ErrorAlert> : null}

          <fieldset>
            <legend className="mb-1.5 text-sm font-medium text-slate-800">{t('stock.mode')}</legend>
            <div className="grid gap-2 sm:grid-cols-3">
              {STOCK_ADJUST_MODES.map((value) => {
                const Icon = MODE_ICONS[value];
                return (
                  <label
                    key={value}
                    className={cn(
                      'flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm font-medium',
                      'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-blue-600',
                      mode === value
                        ? 'border-blue-600 bg-blue-50 text-blue-900'
                        : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
                    )}
                  >
                    <input type="radio" value={value} className="sr-only" {...form.register('mode')} />
                    <Icon className="size-4 shrink-0" aria-hidden />
                    {t(`stock.mode.${value}`)}
                  </label>
                );
              })}
            </div>
          </fieldset>

          <TextField
            control={control}
            name="amount"
            id="stock-amount"
            label={t(`stock.amount.${mode}`)}
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            autoFocus
          />

          <div
            className="flex items-center justify-between rounded-lg bg-slate-50 px-4 py-3"
            data-testid="stock-preview"
            aria-live="polite"
          >
            <span className="text-sm text-slate-600">{t('stock.result')}</span>
            {after === null ? (
              <span className="text-sm text-slate-500">{t('stock.resultUnknown')}</span>
            ) : (
              <span className={cn('text-lg font-semibold tabular-nums', after < 0 ? 'text-red-700' : 'text-slate-900')}>
                {t('stock.change', { before: current.toLocaleString(), after: after.toLocaleString() })}
              </span>
            )}
          </div>

          <FormField id="stock-reason" label={t('stock.reason')} error={errors.reason?.message}>
            <Controller
              control={control}
              name="reason"
              render={({ field }) => (
                <Select value={field.value || undefined} onValueChange={field.onChange}>
                  <SelectTrigger
                    {...fieldAria('stock-reason', errors.reason?.message)}
                    ref={field.ref}
                    onBlur={field.onBlur}
                  >
                    <SelectValue placeholder={t('stock.reasonPlaceholder')} />
                  </SelectTrigger>
                  <SelectContent>
                    {reasons.map((code) => (
                      <SelectItem key={code} value={code}>
                        {t(`stock.reason.${code}`)}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          </FormField>

          <TextAreaField
            control={control}
            name="note"
            id="stock-note"
            label={t('stock.note')}
            labelNote={reason === 'other' ? undefined : t('common.optional')}
            hint={reason === 'other' ? t('stock.noteHintOther') : undefined}
            rows={2}
            maxLength={200}
          />

          <DialogFormFooter pending={pending} submitLabel={t('stock.submit')} onCancel={onClose} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
