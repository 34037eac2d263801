import {
  bahtToSatang,
  defaultRefundParts,
  formatBahtInput,
  formatSatang,
  parseBahtText,
  satangToBaht,
  type PaymentMethod,
  type RefundSaleRequest,
  type Sale,
  type Satang,
} from '@pos/core';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { useI18n } from '../../i18n';
import { cn } from '../../lib/utils';
import { PAYMENT_METHOD_LOOK } from '../payments/payment-methods';

type Texts = Partial<Record<PaymentMethod, string>>;

export type RefundPartsChoice = ReturnType<typeof useRefundParts>;

/**
 * A split sale's refund per part (the API's `refundParts`): one amount per part that has money left,
 * starting from core's proportional split of `amount` (satang) and following it while the amount
 * changes, until the cashier types an amount. The amounts must add up to the refund, none above what
 * its part has left (the server checks both again).
 */
export function useRefundParts(sale: Pick<Sale, 'payments'>, amount: Satang) {
  const { t } = useI18n();
  const [edited, setEdited] = useState<{ amount: Satang; texts: Texts } | null>(null);
  const refundable = sale.payments
    .map((p) => ({ method: p.method, amount: bahtToSatang(p.amount), refunded: bahtToSatang(p.refunded) }))
    .filter((p) => p.amount > p.refunded);
  const proportional = defaultRefundParts(amount, refundable);
  const defaults: Texts = Object.fromEntries(
    refundable.map((p) => [p.method, formatBahtInput(proportional.find((d) => d.method === p.method)?.amount ?? 0)]),
  );
  // Typed amounts belong to the refund they were typed for: another amount starts from its own split.
  const texts = edited && edited.amount === amount ? edited.texts : defaults;
  const parts = refundable.map((p) => {
    const value = parseBahtText(texts[p.method] ?? '');
    const left = p.amount - p.refunded;
    const invalid = value !== null && (Number.isNaN(value) || value < 0);
    const satang = value === null || invalid ? 0 : value;
    return { method: p.method, left, satang, invalid, over: !invalid && satang > left };
  });
  const sum = parts.reduce((total, p) => total + p.satang, 0);
  const methodName = (method: PaymentMethod) => t(PAYMENT_METHOD_LOOK[method].label);
  const partProblem = (p: (typeof parts)[number]): string | null => {
    if (p.invalid) return t('salesHistory.refundPartInvalid');
    if (p.over) return t('salesHistory.refundPartOver', { method: methodName(p.method), amount: formatSatang(p.left) });
    return null;
  };
  let sumProblem: string | null = null;
  if (parts.every((p) => partProblem(p) === null) && sum !== amount) {
    const figures = {
      sum: formatSatang(sum),
      amount: formatSatang(amount),
      diff: formatSatang(Math.abs(amount - sum)),
    };
    sumProblem = t(sum < amount ? 'salesHistory.refundPartsShort' : 'salesHistory.refundPartsOver', figures);
  }
  return {
    parts,
    texts,
    sum,
    amount,
    partProblem,
    sumProblem,
    /** Whether the cashier changed the proportional split. */
    edited: texts !== defaults,
    methodName,
    write(method: PaymentMethod, text: string) {
      setEdited({ amount, texts: { ...texts, [method]: text } });
    },
    /** Back to the proportional split. */
    reset() {
      setEdited(null);
    },
    /** The request's `refundParts`; undefined (the first field with a problem focused) while they do not add up. */
    requestParts(): RefundSaleRequest['refundParts'] | undefined {
      const wrong = parts.find((p) => partProblem(p) !== null) ?? (sumProblem !== null ? parts[0] : undefined);
      if (wrong) {
        document.getElementById(`refund-part-${wrong.method}`)?.focus();
        return undefined;
      }
      return parts.filter((p) => p.satang > 0).map((p) => ({ method: p.method, amount: satangToBaht(p.satang) }));
    },
  };
}

/** The amount fields of a split sale's refund, one per part, with what each has left and the sum. */
export function RefundPartsFields({ choice }: { choice: RefundPartsChoice }) {
  const { t } = useI18n();
  const { parts, texts, sum, amount, sumProblem } = choice;
  return (
    <fieldset className="space-y-2 rounded-lg border border-slate-200 p-3" data-testid="refund-parts">
      <legend className="px-1 text-sm font-medium text-slate-900">{t('salesHistory.refundPartsLegend')}</legend>
      {parts.map((part) => {
        const id = `refund-part-${part.method}`;
        const problem = choice.partProblem(part);
        return (
          <div key={part.method} className="space-y-1">
            <div className="flex items-center gap-3">
              <div className="min-w-0 flex-1">
                <Label htmlFor={id}>
                  {t('salesHistory.refundPartAmount', { method: choice.methodName(part.method) })}
                </Label>
                <p id={`${id}-left`} className="text-xs text-slate-500 tabular-nums">
                  {t('salesHistory.refundSplitLeft', { amount: formatSatang(part.left) })}
                </p>
              </div>
              <Input
                id={id}
                inputMode="decimal"
                autoComplete="off"
                className="w-32 shrink-0 text-right tabular-nums"
                value={texts[part.method] ?? ''}
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? `${id}-left ${id}-error` : `${id}-left`}
                onChange={(e) => choice.write(part.method, e.target.value)}
              />
            </div>
            {problem ? (
              <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
                {problem}
              </p>
            ) : null}
          </div>
        );
      })}
      <div className="flex flex-wrap items-center justify-between gap-2 pt-1">
        <p
          data-testid="refund-parts-sum"
          role={sumProblem ? 'alert' : undefined}
          className={cn('text-sm tabular-nums', sumProblem ? 'text-red-700' : 'text-slate-600')}
        >
          {sumProblem ?? t('salesHistory.refundPartsTotal', { sum: formatSatang(sum), amount: formatSatang(amount) })}
        </p>
        {choice.edited ? (
          <Button variant="outline" onClick={choice.reset}>
            {t('salesHistory.refundPartsProportional')}
          </Button>
        ) : null}
      </div>
    </fieldset>
  );
}
