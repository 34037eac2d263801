import {
  formatSatang,
  parseBahtText,
  planSplitPayment,
  satangToBaht,
  takesReference,
  type PaymentMethod,
} from '@pos/core';
import { useState } from 'react';
import { toast } from 'sonner';
import { CreditCard } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { useT, type MessageKey } from '../../i18n';
import { cn } from '../../lib/utils';
import { PAYMENT_METHOD_LOOK } from '../payments/payment-methods';
import { PaymentViewForm, type PaymentViewProps } from './payment-view';
import { PromptPayQr } from './promptpay-qr';

/** Satang typed for one method: blank (not used), an amount, or text that is not one. */
function amountOf(text: string): number | null | 'invalid' {
  const satang = parseBahtText(text);
  if (satang === null) return null;
  return Number.isNaN(satang) || satang < 0 ? 'invalid' : satang;
}

/**
 * A bill paid by several methods (the shop's "several payment methods per bill"): an amount per
 * method, the rest still due and the change shown as they are typed, checked by core's
 * planSplitPayment (the server's own rules). Cash may be what was handed over: the excess is change.
 * A card part (when card is usable) is paid after confirming, on the card checkout, which charges that
 * part only; the sale is recorded with all its parts once the card is paid.
 */
export function SplitPaymentView({ total, availability, pending, onConfirm, onBack }: PaymentViewProps) {
  const t = useT();
  const methods = availability?.splitMethods ?? [];
  const [texts, setTexts] = useState<Partial<Record<PaymentMethod, string>>>({});
  const [references, setReferences] = useState<Partial<Record<PaymentMethod, string>>>({});
  const [submitted, setSubmitted] = useState(false);
  const amounts = methods.map((method) => ({ method, amount: amountOf(texts[method] ?? '') }));
  const invalid = amounts.some((a) => a.amount === 'invalid');
  const parts = amounts.flatMap(({ method, amount }) =>
    typeof amount === 'number' && amount > 0
      ? [
          {
            method,
            amount,
            ...(takesReference(method) && references[method]?.trim() ? { reference: references[method].trim() } : {}),
          },
        ]
      : [],
  );
  const paid = parts.reduce((sum, p) => sum + p.amount, 0);
  const plan = planSplitPayment(total, parts);
  const remaining = Math.max(0, total - paid);
  const promptpay = plan.ok ? plan.parts.find((p) => p.method === 'promptpay') : undefined;
  const withCard = parts.some((p) => p.method === 'card');
  let problem: string | null = null;
  if (invalid) problem = t('payment.cashInvalid');
  else if (!plan.ok) problem = t(`apiErrors.${plan.problem}` satisfies MessageKey);
  const showProblem = problem !== null && (submitted || paid > total || invalid);

  const setText = (method: PaymentMethod, text: string) => setTexts((all) => ({ ...all, [method]: text }));
  const fill = (method: PaymentMethod) => {
    const others = parts.filter((p) => p.method !== method).reduce((sum, p) => sum + p.amount, 0);
    if (total - others > 0) setText(method, String(satangToBaht(total - others)));
  };

  return (
    <PaymentViewForm
      pending={pending}
      onBack={onBack}
      icon={PAYMENT_METHOD_LOOK.split.Icon}
      title={t('payment.split')}
      confirmLabel={t(withCard ? 'payment.confirmSplitCard' : 'payment.confirmSplit')}
      testId="split-payment"
      onSubmit={() => {
        setSubmitted(true);
        if (invalid || !plan.ok) return;
        onConfirm({
          method: 'split',
          payments: parts.map((p) => ({ ...p, amount: satangToBaht(p.amount) })),
        });
      }}
    >
      <p id="split-hint" className="text-sm text-slate-600">
        {t('payment.splitHint')}
      </p>
      <fieldset className="space-y-2">
        <legend className="sr-only">{t('payment.splitParts')}</legend>
        {methods.map((method, index) => {
          const look = PAYMENT_METHOD_LOOK[method];
          const name = t(look.label);
          const id = `split-amount-${method}`;
          return (
            <div key={method} className="space-y-1.5 rounded-xl border border-slate-200 p-2">
              <div className="flex items-end gap-2">
                <div className="min-w-0 flex-1 space-y-1">
                  <Label htmlFor={id} className="flex items-center gap-1.5">
                    <look.Icon className="size-4 text-blue-700" aria-hidden />
                    {t('payment.splitAmount', { method: name })}
                  </Label>
                  <Input
                    id={id}
                    autoFocus={index === 0}
                    inputMode="decimal"
                    autoComplete="off"
                    placeholder="0.00"
                    value={texts[method] ?? ''}
                    aria-describedby="split-hint"
                    onChange={(event) => setText(method, event.target.value)}
                    className="h-11 text-right text-lg font-semibold tabular-nums"
                  />
                </div>
                <Button variant="secondary" className="h-11 shrink-0" onClick={() => fill(method)}>
                  {t('payment.splitFillShort')}
                  <span className="sr-only"> {t('payment.splitFillMethod', { method: name })}</span>
                </Button>
              </div>
              {takesReference(method) ? (
                <div className="space-y-1">
                  <Label htmlFor={`split-reference-${method}`}>
                    {t('payment.reference')}
                    <span className="ml-1 font-normal text-slate-500">{t('common.optional')}</span>
                  </Label>
                  <Input
                    id={`split-reference-${method}`}
                    autoComplete="off"
                    maxLength={100}
                    value={references[method] ?? ''}
                    onChange={(event) => setReferences((all) => ({ ...all, [method]: event.target.value }))}
                    placeholder={t('payment.referencePlaceholder')}
                  />
                </div>
              ) : null}
            </div>
          );
        })}
      </fieldset>
      <dl className="grid grid-cols-2 gap-2 text-center">
        <div className="rounded-xl bg-amber-50 px-3 py-2 ring-1 ring-amber-200">
          <dt className="text-sm text-amber-900">{t('payment.splitRemaining')}</dt>
          <dd data-testid="split-remaining" className="text-2xl font-bold text-amber-900 tabular-nums">
            {formatSatang(remaining)}
          </dd>
        </div>
        <div className="rounded-xl bg-green-50 px-3 py-2 ring-1 ring-green-200">
          <dt className="text-sm text-green-900">{t('payment.change')}</dt>
          <dd data-testid="split-change" className="text-2xl font-bold text-green-800 tabular-nums">
            {formatSatang(plan.ok ? plan.change : 0)}
          </dd>
        </div>
      </dl>
      <p
        data-testid="split-problem"
        role={showProblem ? 'alert' : undefined}
        className={cn('text-sm', showProblem ? 'text-red-700' : 'sr-only')}
      >
        {showProblem ? problem : null}
      </p>
      {promptpay && availability?.promptpayId ? (
        <div className="flex flex-col items-center gap-1">
          <PromptPayQr
            promptpayId={availability.promptpayId}
            amountSatang={promptpay.amount}
            onError={() => toast.error(t('payment.qrFailed'))}
          />
        </div>
      ) : null}
      {withCard ? (
        <p data-testid="split-card-hint" className="flex gap-2 text-sm text-slate-700">
          <CreditCard className="mt-0.5 size-4 shrink-0 text-blue-700" aria-hidden />
          {t('payment.splitCardHint')}
        </p>
      ) : null}
    </PaymentViewForm>
  );
}
