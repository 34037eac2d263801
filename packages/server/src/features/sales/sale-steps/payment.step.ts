import {
  bahtToSatang,
  PAYMENT_METHOD_RULES,
  paymentMethodState,
  planSplitPayment,
  satangToBaht,
  SPLIT_PAYMENT,
  takesReference,
  ZERO_TOTAL_PAYMENT_METHOD,
  type PaymentMethod,
  type SplitPart,
  type StoredSettings,
} from '@pos/core';
import { AppError } from '../../../http/app-error';
import type { SaleContext, SaleInput, SaleMode } from './sale-context';

/**
 * Refuses a method the shop has not enabled or set up (core's method table), and a provider's method
 * (card): its sale is recorded only once the provider confirms payment (`/api/payments/stripe/*`).
 */
function assertPaymentMethodUsable(
  method: PaymentMethod,
  settings: StoredSettings,
  via: 'counter' | 'provider' = 'counter',
): void {
  const state = paymentMethodState(method, settings.payment);
  if (state === 'off') throw new AppError({ status: 400, code: 'PAYMENT_METHOD_DISABLED' });
  const rule = PAYMENT_METHOD_RULES[method];
  if (state === 'unconfigured' && rule.needsSetting) {
    throw new AppError({ status: 400, code: rule.needsSetting.refusal });
  }
  if (via === 'counter' && rule.provider !== null) {
    throw new AppError({ status: 400, code: 'PAYMENT_NEEDS_PROVIDER' });
  }
}

/**
 * A split bill's refusals that do not depend on the total: the shop must allow several methods per
 * bill; at least two parts, one per method; a card part only through the card checkout (`via`
 * 'provider', which charges that part); each part's method enabled and set up as for a one-method
 * sale. The sum is checked once the total is known (`planPayments`).
 */
function assertSplitUsable(input: SaleInput, settings: StoredSettings, via: SaleMode['via']): void {
  if (!settings.payment.allowMultiplePaymentMethods)
    throw new AppError({ status: 400, code: 'SPLIT_PAYMENT_DISABLED' });
  const parts = input.payments ?? [];
  if (parts.length < 2) throw new AppError({ status: 400, code: 'SPLIT_PAYMENT_PARTS_REQUIRED' });
  if (new Set(parts.map((p) => p.method)).size !== parts.length) {
    throw new AppError({ status: 400, code: 'SPLIT_PAYMENT_DUPLICATE_METHOD' });
  }
  if (via === 'counter' && parts.some((p) => p.method === 'card')) {
    throw new AppError({ status: 400, code: 'SPLIT_PAYMENT_CARD' });
  }
  for (const part of parts) assertPaymentMethodUsable(part.method, settings, part.method === 'card' ? via : 'counter');
}

/** Step: the way the sale is paid is one the shop takes (before any lock). */
export function checkPaymentMethod({ input, settings, mode, policy }: SaleContext): void {
  // A list of parts belongs to a split bill only (a card checkout's sale with parts is split: see
  // checkoutSaleOf; a paid one is recorded as its checkout was).
  if (input.payments !== undefined && input.paymentMethod !== SPLIT_PAYMENT) {
    policy.refuse(new AppError({ status: 400, code: 'SPLIT_PAYMENT_NOT_SPLIT' }));
  }
  // Nothing is paid on a zero total, so the method switches do not apply. The client's total is
  // trusted here only because the price step refuses it (TOTALS_CHANGED) unless the server agrees.
  const nothingToPay = input.paymentMethod === ZERO_TOTAL_PAYMENT_METHOD && bahtToSatang(input.total) === 0;
  try {
    if (input.paymentMethod === SPLIT_PAYMENT) assertSplitUsable(input, settings, mode.via);
    else if (!nothingToPay) assertPaymentMethodUsable(input.paymentMethod, settings, mode.via);
  } catch (err) {
    policy.refuse(err, { reason: 'payment_method_disabled' });
  }
}

/**
 * Step: the payment rows of a sale of `total` satang: one for its method (cash received must cover it),
 * or a split bill's parts, which must add up to it.
 */
export function planPayments({ input }: Pick<SaleContext, 'input'>, total: number): SplitPart[] {
  if (input.paymentMethod !== SPLIT_PAYMENT) {
    const cashReceived =
      input.paymentMethod === 'cash' && input.cashReceived != null ? bahtToSatang(input.cashReceived) : null;
    if (cashReceived !== null && cashReceived < total) throw new AppError({ status: 400, code: 'CASH_TOO_LOW' });
    return [
      {
        method: input.paymentMethod,
        amount: total,
        cash_received: cashReceived,
        change_given: cashReceived === null ? null : cashReceived - total,
        reference: takesReference(input.paymentMethod) ? (input.paymentReference ?? null) : null,
      },
    ];
  }
  const plan = planSplitPayment(
    total,
    (input.payments ?? []).map((p) => ({ method: p.method, amount: bahtToSatang(p.amount), reference: p.reference })),
  );
  if (!plan.ok) {
    const paid = (input.payments ?? []).reduce((sum, p) => sum + bahtToSatang(p.amount), 0);
    throw new AppError({
      status: 400,
      code: plan.problem,
      details: { total: satangToBaht(total), paid: satangToBaht(paid) },
    });
  }
  return plan.parts;
}
