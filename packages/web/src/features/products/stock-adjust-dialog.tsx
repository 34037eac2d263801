import {
  adjustedStock,
  STOCK_ADJUST_MODES,
  variantName,
  type Product,
  type StockAdjustment,
  type StockAdjustMode,
} from '@pos/core';
import { Minus, Plus, Equal, type LucideIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { TextAreaField, TextField } from '../../components/form/text-field';
import { useFormDialog } from '../../components/form/use-form-dialog';
import { ErrorAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
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
import { Skeleton } from '../../components/ui/skeleton';
import { useT } from '../../i18n';
import { cn } from '../../lib/utils';
import { variantText } from '../../lib/variant-text';
import { formatNumber } from '../../lib/format-number';
import { useAdjustStock } from './products.queries';
import {
  freshStockOf,
  previewStock,
  reasonsFor,
  STOCK_ADJUST_FIELDS,
  StockAdjustSchema,
  stockAdjustDefaults,
} from './stock-adjust-form';
import { countableVariants, isStyle } from './stock-count';
import { useProductWithVariants } from './stock-variants.queries';

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
 * Add, remove or set a product's stock with a reason. The stock the user saw travels as `expected`: when a
 * sale or another manager changed it meanwhile, the server refuses and the dialog shows the fresh stock for
 * a redo. A style (sizes or colours) adjusts one variant, chosen first: `expected` is that variant's stock,
 * and the preview shows the style's total too.
 */
export function StockAdjustDialog({ product, stock, onClose, onStockKnown }: StockAdjustDialogProps) {
  const t = useT();
  const adjust = useAdjustStock();
  const [freshStock, setFreshStock] = useState<number | null>(null);
  const style = isStyle(product);
  const detail = useProductWithVariants(product.id, style);
  const variants = style ? countableVariants(detail.data?.variants ?? []) : [];
  const { form, control, serverError, submit, fail } = useFormDialog({
    schema: StockAdjustSchema,
    defaultValues: stockAdjustDefaults(stock),
    serverFields: STOCK_ADJUST_FIELDS,
    errorFallback: t('stock.saveError'),
  });
  const { errors } = form.formState;
  const [mode, amount, expected, reason, variantId] = useWatch({
    control: form.control,
    name: ['mode', 'amount', 'expected', 'reason', 'variantId'],
  });
  const current = Number(expected);
  const after = previewStock(current, mode, amount);
  const variant = variants.find((v) => v.id === variantId) ?? null;
  const styleTotal = detail.data?.stock ?? stock;

  const chooseVariant = (id: number) => {
    const chosen = variants.find((v) => v.id === id);
    if (!chosen) return;
    form.setValue('variantId', id);
    form.setValue('expected', String(chosen.stock));
    form.clearErrors('variantId');
    setFreshStock(null);
  };
  // A style with a single variant has nothing to choose.
  const onlyVariant = variants.length === 1 ? variants[0] : undefined;
  useEffect(() => {
    if (onlyVariant && form.getValues('variantId') === undefined) {
      form.setValue('variantId', onlyVariant.id);
      form.setValue('expected', String(onlyVariant.stock));
    }
  }, [onlyVariant, form]);
  const requireVariant = () => {
    if (style && form.getValues('variantId') === undefined) {
      form.setError('variantId', { message: t('stock.variantRequired') });
      return false;
    }
    return true;
  };
  const reasons = reasonsFor(current, mode, after);
  // A reason chosen for the other direction is dropped, so only a fitting one can be sent.
  const reasonFitsNow = reason === '' || reasons.includes(reason);
  useEffect(() => {
    if (!reasonFitsNow) form.setValue('reason', '');
  }, [reasonFitsNow, form]);

  const onValid = (values: StockAdjustment) => {
    if (!requireVariant()) return;
    setFreshStock(null);
    const adjusted = variants.find((v) => v.id === values.variantId);
    adjust.mutate(
      { id: product.id, body: values },
      {
        onSuccess: ({ product: saved, movement }) => {
          if (movement) {
            // A movement keeps the style's figures; a variant's toast says the variant's.
            const figures = adjusted
              ? { before: values.expected, after: adjustedStock(values.expected, values.mode, values.amount) }
              : { before: movement.old_quantity, after: movement.new_quantity };
            toast.success(t('stock.saved'), {
              description: t('stock.savedMessage', {
                name: adjusted ? variantName(saved.name, adjusted) : saved.name,
                before: formatNumber(figures.before),
                after: formatNumber(figures.after),
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
            if (!adjusted) onStockKnown?.(fresh);
            // The variant's figure is fresh; the style's total and the other variants' reload.
            else void detail.refetch().then(({ data }) => data && onStockKnown?.(data.stock));
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
            {t('stock.adjustDescription', {
              name: product.name,
              stock: formatNumber(style ? styleTotal : current),
            })}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit(onValid, requireVariant)} noValidate className="space-y-4">
          {freshStock !== null ? (
            <ErrorAlert title={t('stock.changedTitle')}>
              {t('stock.changedMessage', { stock: formatNumber(freshStock) })}
            </ErrorAlert>
          ) : null}
          {serverError ? <ErrorAlert>{serverError}</ErrorAlert> : null}

          {style ? (
            <FormField id="stock-variant" label={t('stock.variant')} error={errors.variantId?.message}>
              {detail.isError ? (
                <ErrorAlert title={t('stock.variantsLoadError')}>
                  <Button variant="outline" className="mt-2" onClick={() => void detail.refetch()}>
                    {t('common.retry')}
                  </Button>
                </ErrorAlert>
              ) : detail.isPending ? (
                <Skeleton className="h-11" />
              ) : (
                <Select
                  value={variantId === undefined ? '' : String(variantId)}
                  onValueChange={(v) => chooseVariant(Number(v))}
                >
                  <SelectTrigger {...fieldAria('stock-variant', errors.variantId?.message)} data-testid="stock-variant">
                    <SelectValue placeholder={t('stock.variantPlaceholder')} />
                  </SelectTrigger>
                  <SelectContent>
                    {variants.map((v) => (
                      <SelectItem key={v.id} value={String(v.id)}>
                        {t(v.active ? 'stock.variantOption' : 'stock.variantOptionOff', {
                          variant: variantText(v, t),
                          stock: formatNumber(v.stock),
                        })}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            </FormField>
          ) : null}

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

          <div className="space-y-1 rounded-lg bg-slate-50 px-4 py-3" data-testid="stock-preview" aria-live="polite">
            <div className="flex flex-wrap items-center justify-between gap-x-3">
              <span className="text-sm text-slate-600">
                {variant ? t('stock.resultOf', { variant: variantText(variant, t) }) : t('stock.result')}
              </span>
              {style && !variant ? (
                <span className="text-sm text-slate-500">{t('stock.resultChooseVariant')}</span>
              ) : after === null ? (
                <span className="text-sm text-slate-500">{t('stock.resultUnknown')}</span>
              ) : (
                <span
                  className={cn('text-lg font-semibold tabular-nums', after < 0 ? 'text-red-700' : 'text-slate-900')}
                >
                  {t('stock.change', { before: formatNumber(current), after: formatNumber(after) })}
                </span>
              )}
            </div>
            {variant && after !== null ? (
              <div className="flex flex-wrap items-center justify-between gap-x-3" data-testid="stock-preview-style">
                <span className="text-sm text-slate-600">{t('stock.resultStyle')}</span>
                <span className="text-sm font-medium text-slate-800 tabular-nums">
                  {t('stock.change', {
                    before: formatNumber(styleTotal),
                    after: formatNumber(styleTotal + after - current),
                  })}
                </span>
              </div>
            ) : null}
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
