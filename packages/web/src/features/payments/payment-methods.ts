/**
 * How each payment method looks (icon, label, hint), once for the payment dialog, the receipt and
 * the customer history. What enables a method and what it needs is core's PAYMENT_METHOD_RULES.
 */
import { defaultMethodOf, type PaymentMethod, type Sale, type SalePaymentMethod } from '@pos/core';
import { Banknote, CreditCard, Landmark, Layers, QrCode, type LucideIcon } from 'lucide-react';
import type { MessageKey, Translate } from '../../i18n';

export interface PaymentMethodLook {
  Icon: LucideIcon;
  label: MessageKey;
  hint: MessageKey;
  /**
   * A method that takes a reference (core's takesReference) is confirmed in the payment dialog's
   * reference view, with these words: its button and what to check before pressing it.
   */
  referenceView?: { confirm: MessageKey; check: MessageKey };
}

/** The settings' switch of each method (its flag is core's PAYMENT_METHOD_RULES[method].flag). */
export const PAYMENT_METHOD_SWITCH: Readonly<Record<PaymentMethod, MessageKey>> = {
  cash: 'settings.payment.cash',
  transfer: 'settings.payment.transfer',
  promptpay: 'settings.payment.promptpay',
  card: 'settings.payment.card',
};

/** Each method, and "split" (a bill paid by several: its parts are shown each by its own method). */
export const PAYMENT_METHOD_LOOK: Readonly<Record<SalePaymentMethod, PaymentMethodLook>> = {
  cash: { Icon: Banknote, label: 'payments.cash', hint: 'payments.cashHint' },
  transfer: {
    Icon: Landmark,
    label: 'payments.transfer',
    hint: 'payments.transferHint',
    referenceView: { confirm: 'payment.confirmTransfer', check: 'payment.transferCheck' },
  },
  promptpay: { Icon: QrCode, label: 'payments.promptpay', hint: 'payments.promptpayHint' },
  card: { Icon: CreditCard, label: 'payments.card', hint: 'payments.cardHint' },
  split: { Icon: Layers, label: 'payments.split', hint: 'payments.splitHint' },
};

/** The label of a stored method name (older records may say "stripe" for card); null when unknown. */
export function paymentMethodLabel(method: string | null | undefined): MessageKey | null {
  if (method === 'split') return PAYMENT_METHOD_LOOK.split.label;
  const known = defaultMethodOf(method);
  return known === null ? null : PAYMENT_METHOD_LOOK[known].label;
}

/** A stored method in `translate`'s words, written as stored when this build does not know it. */
function methodName(method: string, translate: Translate): string {
  const key = paymentMethodLabel(method);
  return key ? translate(key) : method;
}

/** One part of a bill as a reader sees it: its method, and its reference when it has one ("โอนเงิน (TX-1)"). */
export function paymentPartName(part: { method: string; reference?: string | null }, translate: Translate): string {
  const name = methodName(part.method, translate);
  return part.reference ? `${name} (${part.reference})` : name;
}

/**
 * How a sale was paid, in words: its method, or a split bill's parts' methods joined ("เงินสด + โอนเงิน"),
 * named the same way everywhere on screen (the exports' words are core's, see sales-csv.ts).
 */
export function paymentPartsText(sale: Pick<Sale, 'payment_method' | 'payments'>, translate: Translate): string {
  if (sale.payment_method !== 'split') return methodName(sale.payment_method, translate);
  return sale.payments.map((part) => methodName(part.method, translate)).join(' + ');
}
