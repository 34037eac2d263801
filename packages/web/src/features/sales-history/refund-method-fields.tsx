import {
  defaultRefundMethod,
  needsOffCardReason,
  refundMethodsFor,
  formatBaht,
  type RefundSaleRequest,
  type Sale,
  type SalePaymentMethod,
} from '@pos/core';
import { AlertTriangle, CreditCard } from 'lucide-react';
import { useState } from 'react';
import { FormField, fieldAria } from '../../components/ui/form-field';
import { Input, inputClasses } from '../../components/ui/input';
import { useI18n } from '../../i18n';
import { PAYMENT_METHOD_LOOK } from '../payments/payment-methods';

/**
 * How a refund's money goes back (core's refundMethodsFor): the way the sale was paid first (a card
 * sale's to the card, through Stripe), card only for a card sale. The note under it says where the money goes.
 */
export function RefundMethodSelect({
  sale,
  value,
  onChange,
  partsBelow = false,
}: {
  sale: Pick<Sale, 'payment_method' | 'payments'>;
  value: SalePaymentMethod;
  onChange: (method: SalePaymentMethod) => void;
  /** A split sale's parts are shown below (with amount fields): the note leaves out their list. */
  partsBelow?: boolean;
}) {
  const { t } = useI18n();
  const offCard = needsOffCardReason(sale.payment_method, value);
  return (
    <FormField id="refund-method" label={t('salesHistory.refundMethod')}>
      <select
        {...fieldAria('refund-method', undefined, value === 'card' || offCard)}
        className={inputClasses}
        value={value}
        onChange={(e) => onChange(e.target.value as SalePaymentMethod)}
      >
        {refundMethodsFor(sale.payment_method)
          // A split sale's money goes back only through the methods it was paid with.
          .filter((m) => sale.payment_method !== 'split' || m === 'split' || sale.payments.some((p) => p.method === m))
          .map((m) => (
            <option key={m} value={m}>
              {m === sale.payment_method
                ? t('salesHistory.refundMethodOriginal', { method: t(PAYMENT_METHOD_LOOK[m].label) })
                : t(PAYMENT_METHOD_LOOK[m].label)}
            </option>
          ))}
      </select>
      {value === 'card' ? (
        <p id="refund-method-hint" className="flex gap-1.5 text-sm text-slate-600" data-testid="refund-to-card-note">
          <CreditCard className="mt-0.5 size-4 shrink-0" aria-hidden />
          {t('salesHistory.refundToCardNote')}
        </p>
      ) : value === 'split' ? (
        <div id="refund-method-hint" className="space-y-1 text-sm text-slate-600" data-testid="refund-split-note">
          <p>{t('salesHistory.refundSplitNote')}</p>
          {partsBelow ? null : (
            <ul className="space-y-0.5">
              {sale.payments.map((p) => (
                <li key={p.method} className="flex justify-between gap-2 tabular-nums">
                  <span>{t(PAYMENT_METHOD_LOOK[p.method].label)}</span>
                  <span>{t('salesHistory.refundSplitLeft', { amount: formatBaht(p.amount - p.refunded) })}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : offCard ? (
        <p id="refund-method-hint" className="flex gap-1.5 text-sm text-amber-900">
          <AlertTriangle className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden />
          {t('salesHistory.offCardWarning')}
        </p>
      ) : null}
    </FormField>
  );
}

export type RefundMethodChoice = ReturnType<typeof useRefundMethodChoice>;

/**
 * How a refund's money goes back, as the refund and edit dialogs ask it: the way (core's default, or
 * with `preferOriginal` the way the sale was paid) and, when a card sale is paid back another way, why.
 */
export function useRefundMethodChoice(paidWith: SalePaymentMethod, { preferOriginal = false } = {}) {
  const { t } = useI18n();
  const [method, setMethod] = useState<SalePaymentMethod>(() =>
    preferOriginal && refundMethodsFor(paidWith).includes(paidWith) ? paidWith : defaultRefundMethod(paidWith),
  );
  const [offCardReason, setOffCardReason] = useState('');
  const [offCardError, setOffCardError] = useState<string | undefined>(undefined);
  const offCard = needsOffCardReason(paidWith, method);
  return {
    method,
    offCard,
    offCardReason,
    offCardError,
    choose(next: SalePaymentMethod) {
      setMethod(next);
      setOffCardError(undefined);
    },
    writeReason(next: string) {
      setOffCardReason(next);
      setOffCardError(undefined);
    },
    /** The request's fields for it; undefined (the reason field marked and focused) while a needed reason is blank. */
    requestFields(): Pick<RefundSaleRequest, 'refundMethod' | 'offCardReason'> | undefined {
      if (!offCard) return { refundMethod: method };
      const reason = offCardReason.trim();
      if (reason) return { refundMethod: method, offCardReason: reason };
      setOffCardError(t('salesHistory.offCardReasonRequired'));
      document.getElementById('refund-off-card-reason')?.focus();
      return undefined;
    },
  };
}

/** Why a card sale's money is paid back another way: asked (and required) only then. */
export function OffCardReasonField({ choice }: { choice: RefundMethodChoice }) {
  const { t } = useI18n();
  const { offCardReason: value, offCardError: error } = choice;
  return (
    <FormField id="refund-off-card-reason" label={t('salesHistory.offCardReason')} error={error}>
      <Input
        {...fieldAria('refund-off-card-reason', error)}
        required
        maxLength={200}
        value={value}
        placeholder={t('salesHistory.offCardReasonPlaceholder')}
        onChange={(e) => choice.writeReason(e.target.value)}
      />
    </FormField>
  );
}
