/**
 * How each payment method looks (icon, label, hint), once for the payment dialog, the receipt and
 * the customer history. What enables a method and what it needs is core's PAYMENT_METHOD_RULES.
 */
import { defaultMethodOf, type PaymentMethod } from '@pos/core';
import { Banknote, CreditCard, Landmark, QrCode, type LucideIcon } from 'lucide-react';
import type { MessageKey } from '../../i18n';

export interface PaymentMethodLook {
  Icon: LucideIcon;
  label: MessageKey;
  hint: MessageKey;
}

export const PAYMENT_METHOD_LOOK: Readonly<Record<PaymentMethod, PaymentMethodLook>> = {
  cash: { Icon: Banknote, label: 'payments.cash', hint: 'payments.cashHint' },
  transfer: { Icon: Landmark, label: 'payments.transfer', hint: 'payments.transferHint' },
  promptpay: { Icon: QrCode, label: 'payments.promptpay', hint: 'payments.promptpayHint' },
  card: { Icon: CreditCard, label: 'payments.card', hint: 'payments.cardHint' },
};

/** The label of a stored method name (older records may say "stripe" for card); null when unknown. */
export function paymentMethodLabel(method: string | null | undefined): MessageKey | null {
  const known = defaultMethodOf(method);
  return known === null ? null : PAYMENT_METHOD_LOOK[known].label;
}
