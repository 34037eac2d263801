import { Flag } from './api/common';
import {
  DefaultPaymentMethod,
  PAYMENT_METHODS,
  SPLIT_PAYMENT,
  type PaymentMethod,
  type PaymentSettings,
  type SalePaymentMethod,
} from './api/settings';

/** The settings switch that turns a method on. */
type FlagSetting = 'cashEnabled' | 'transferEnabled' | 'promptpayEnabled' | 'stripeEnabled';

export interface PaymentMethodRule {
  /** The payment settings flag that enables it. */
  flag: FlagSetting;
  /** A setting it cannot work without (PromptPay's id) and the refusal while it is empty; null when none. */
  needsSetting: { setting: 'promptpayId'; refusal: 'PROMPTPAY_NOT_CONFIGURED' } | null;
  /** Whether the cashier may note a reference (a transfer's slip number). */
  takesReference: boolean;
  /**
   * A provider that takes the money and tells the server it is paid: such a sale is recorded only by
   * the provider's flow (`/api/payments/stripe/*`), never by `POST /api/sales`.
   */
  provider: 'stripe' | null;
}

/** Every payment method, once: what enables it and what it needs. Order is the payment dialog's. */
export const PAYMENT_METHOD_RULES: Readonly<Record<PaymentMethod, PaymentMethodRule>> = {
  cash: { flag: 'cashEnabled', needsSetting: null, takesReference: false, provider: null },
  transfer: { flag: 'transferEnabled', needsSetting: null, takesReference: true, provider: null },
  promptpay: {
    flag: 'promptpayEnabled',
    needsSetting: { setting: 'promptpayId', refusal: 'PROMPTPAY_NOT_CONFIGURED' },
    takesReference: false,
    provider: null,
  },
  card: { flag: 'stripeEnabled', needsSetting: null, takesReference: false, provider: 'stripe' },
};

/**
 * The Thai name of each way a sale is paid: the one wording of the screens (the web's `payments.<method>`),
 * the exports and the LINE message.
 */
export const PAYMENT_METHOD_NAMES: Readonly<Record<SalePaymentMethod, string>> = {
  cash: 'เงินสด',
  transfer: 'โอนเงินผ่านธนาคาร',
  promptpay: 'พร้อมเพย์',
  card: 'บัตรเครดิต',
  split: 'หลายวิธี',
};

/** Whether a part paid by `method` keeps the reference the cashier noted (a transfer's slip number); false for split and unknown names. */
export function takesReference(method: string): boolean {
  return Object.hasOwn(PAYMENT_METHOD_RULES, method) && PAYMENT_METHOD_RULES[method as PaymentMethod].takesReference;
}

/** The settings flags that switch the methods on, in the payment dialog's order. */
export const PAYMENT_METHOD_FLAGS: readonly FlagSetting[] = Object.values(PAYMENT_METHOD_RULES).map(
  (rule) => rule.flag,
);

/** Display order of the payment dialog. */
export const PAYMENT_METHOD_ORDER: readonly PaymentMethod[] = ['cash', 'transfer', 'promptpay', 'card'];
// Every method is in the order exactly once (checked at load: a new method cannot be forgotten).
if (new Set(PAYMENT_METHOD_ORDER).size !== PAYMENT_METHODS.length) throw new Error('PAYMENT_METHOD_ORDER incomplete');

/** The payment settings as stored or as an older local copy holds them (flags possibly text). */
export type LoosePaymentSettings = Partial<Record<keyof PaymentSettings, unknown>>;

/** A flag as settings accept it (true, "true", "1"), through the settings schema itself. */
export function flagIsOn(value: unknown): boolean {
  const parsed = Flag.safeParse(value);
  return parsed.success && parsed.data;
}

/** The default method as settings accept it (a name, "stripe", or 1/2/3), or null for anything else. */
export function defaultMethodOf(value: unknown): PaymentMethod | null {
  const parsed = DefaultPaymentMethod.safeParse(typeof value === 'number' ? String(value) : value);
  return parsed.success ? parsed.data : null;
}

/** off: not enabled; unconfigured: enabled but a setting it needs is empty; ready: usable. */
export type PaymentMethodState = 'off' | 'unconfigured' | 'ready';

export function paymentMethodState(method: PaymentMethod, payment: LoosePaymentSettings): PaymentMethodState {
  const rule = PAYMENT_METHOD_RULES[method];
  if (!flagIsOn(payment[rule.flag])) return 'off';
  if (rule.needsSetting !== null) {
    const value = payment[rule.needsSetting.setting];
    if (typeof value !== 'string' || value.trim() === '') return 'unconfigured';
  }
  return 'ready';
}

/**
 * How a refund's money goes back when the request names no way: a sale paid through a provider (card)
 * back through it, to the card; a split sale through its parts (core's defaultRefundParts); any other
 * sale in cash (spec 001's default).
 */
export function defaultRefundMethod(saleMethod: PaymentMethod): PaymentMethod;
export function defaultRefundMethod(saleMethod: SalePaymentMethod): SalePaymentMethod;
export function defaultRefundMethod(saleMethod: SalePaymentMethod): SalePaymentMethod {
  if (saleMethod === SPLIT_PAYMENT) return SPLIT_PAYMENT;
  return PAYMENT_METHOD_RULES[saleMethod].provider !== null ? saleMethod : 'cash';
}

/**
 * The ways a sale's refund may go back, the default first. Money goes back through a provider only
 * against the payment it took (a card refund needs the card sale's PaymentIntent), so a provider's
 * method is offered only for a sale it was paid with; a card sale may also be paid back another way,
 * with a reason (`needsOffCardReason`). A split sale's refund goes back through its parts, or all
 * through one of them while that part has enough left (card too, against its card part; the server
 * checks which methods the sale was paid with).
 */
export function refundMethodsFor(saleMethod: SalePaymentMethod): SalePaymentMethod[] {
  const first = defaultRefundMethod(saleMethod);
  const others = PAYMENT_METHOD_ORDER.filter(
    (m) =>
      m !== first && (PAYMENT_METHOD_RULES[m].provider === null || m === saleMethod || saleMethod === SPLIT_PAYMENT),
  );
  return [first, ...others];
}

/** Whether paying a refund back by `refundMethod` leaves a provider-paid sale's money off its card: a reason is then required. */
export function needsOffCardReason(saleMethod: SalePaymentMethod, refundMethod: SalePaymentMethod): boolean {
  if (saleMethod === SPLIT_PAYMENT) return false;
  return PAYMENT_METHOD_RULES[saleMethod].provider !== null && refundMethod !== saleMethod;
}
