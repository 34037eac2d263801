/**
 * How each payment method looks (icon, label, hint), once for the payment dialog, the receipt and
 * the customer history. What enables a method and what it needs is core's PAYMENT_METHOD_RULES.
 */
import { csvBaht, defaultMethodOf, type Sale, type SalePaymentMethod } from '@pos/core';
import { Banknote, CreditCard, Landmark, Layers, QrCode, type LucideIcon } from 'lucide-react';
import type { MessageKey } from '../../i18n';

export interface PaymentMethodLook {
  Icon: LucideIcon;
  label: MessageKey;
  hint: MessageKey;
}

/** Each method, and "split" (a bill paid by several: its parts are shown each by its own method). */
export const PAYMENT_METHOD_LOOK: Readonly<Record<SalePaymentMethod, PaymentMethodLook>> = {
  cash: { Icon: Banknote, label: 'payments.cash', hint: 'payments.cashHint' },
  transfer: { Icon: Landmark, label: 'payments.transfer', hint: 'payments.transferHint' },
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

/** A sale's payment method in a CSV cell: its method, or for a split bill "split: cash 235.00; transfer 300.00". */
export function paymentMethodCell(sale: Pick<Sale, 'payment_method' | 'payments'>): string {
  if (sale.payment_method !== 'split') return sale.payment_method;
  return `split: ${sale.payments.map((p) => `${p.method} ${csvBaht(p.amount)}`).join('; ')}`;
}
