/**
 * Which payment options the dialog offers, from settings.payment (spec 000 §2 "Payment dialog", §5),
 * read through core's method table and settings schema (flags "true"/"1", default 1/2/3 or "stripe").
 */
import {
  defaultMethodOf,
  flagIsOn,
  PAYMENT_METHOD_ORDER,
  paymentMethodState,
  type LoosePaymentSettings,
  type PaymentMethod,
} from '@pos/core';

export interface PaymentOption {
  method: PaymentMethod;
  /** False when the method is switched on but cannot be used yet (PromptPay without an id, card without a pk_ key). */
  ready: boolean;
}

export type PaymentWarning = 'promptpayNotConfigured' | 'cardNotReady' | 'noneEnabled';

export interface PaymentAvailability {
  /** The enabled methods in display order. */
  options: PaymentOption[];
  warnings: PaymentWarning[];
  /** The option chosen when the dialog opens: the settings' default when usable, else the first ready one. */
  defaultMethod: PaymentMethod | null;
  /** The PromptPay id to build QR codes from ('' when none). */
  promptpayId: string;
  /**
   * The methods a split bill may use: the ready ones when the shop allows several per bill and two or more
   * are ready (card among them: its part is paid through the card checkout).
   */
  splitMethods: PaymentMethod[];
}

/** Spec 000 §5: the card provider is used only with a publishable key that starts with pk_. */
export function cardProviderReady(payment: LoosePaymentSettings): boolean {
  const key = payment.stripePublishableKey;
  return typeof key === 'string' && key.trim().startsWith('pk_');
}

const NOT_READY_WARNING: Partial<Record<PaymentMethod, PaymentWarning>> = {
  promptpay: 'promptpayNotConfigured',
  card: 'cardNotReady',
};

/**
 * `cardServerReady`: whether the server has its Stripe secret key (store settings'
 * `stripeSecretConfigured`). Without it no card can be taken, so card is not offered at all; the payment
 * settings say why.
 */
export function paymentAvailability(
  payment: LoosePaymentSettings | null | undefined,
  { cardServerReady = true }: { cardServerReady?: boolean } = {},
): PaymentAvailability {
  const p = payment ?? {};
  const promptpayId = typeof p.promptpayId === 'string' ? p.promptpayId.trim() : '';
  const options: PaymentOption[] = [];
  const warnings: PaymentWarning[] = [];
  for (const method of PAYMENT_METHOD_ORDER) {
    const state = paymentMethodState(method, p);
    if (state === 'off' || (method === 'card' && !cardServerReady)) continue;
    const ready = state === 'ready' && (method !== 'card' || cardProviderReady(p));
    options.push({ method, ready });
    const warning = NOT_READY_WARNING[method];
    if (!ready && warning) warnings.push(warning);
  }
  if (options.length === 0) warnings.push('noneEnabled');

  const wanted = defaultMethodOf(p.defaultPaymentMethod);
  const ready = options.filter((o) => o.ready);
  const defaultMethod = ready.find((o) => o.method === wanted)?.method ?? ready[0]?.method ?? null;
  const splitMethods = flagIsOn(p.allowMultiplePaymentMethods) ? ready.map((o) => o.method) : [];
  return { options, warnings, defaultMethod, promptpayId, splitMethods: splitMethods.length >= 2 ? splitMethods : [] };
}
