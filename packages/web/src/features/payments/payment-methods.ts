/**
 * How each payment method looks (icon, label, hint), once for the payment dialog, the receipt and
 * the customer history. What enables a method and what it needs is core's PAYMENT_METHOD_RULES.
 */
import { csvBaht, defaultMethodOf, type Sale, type SalePaymentMethod } from '@pos/core';
import { Banknote, CreditCard, Landmark, Layers, QrCode, type LucideIcon } from 'lucide-react';
import type { MessageKey, Translate } from '../../i18n';

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

/**
 * A stored method in `translate`'s words, written as stored when this build does not know it; with
 * `translate` null, the code itself (the CSV column outside checks read).
 */
function methodName(method: string, translate: Translate | null): string {
  const key = translate ? paymentMethodLabel(method) : null;
  return key && translate ? translate(key) : method;
}

/** One part of a bill as a reader sees it: its method, and its reference when it has one ("โอนเงิน (TX-1)"). */
export function paymentPartName(part: { method: string; reference?: string | null }, translate: Translate): string {
  const name = methodName(part.method, translate);
  return part.reference ? `${name} (${part.reference})` : name;
}

/**
 * How a sale was paid, in words: its method, or a split bill's parts, named the same way everywhere.
 * `summary` (the history row) joins the parts' methods ("เงินสด + โอนเงิน"); `amounts` (the CSV
 * columns) gives each part's amount ("เงินสด 235.00; โอนเงิน 300.00"). `translate` null writes codes.
 */
export function paymentPartsText(
  sale: Pick<Sale, 'payment_method' | 'payments'>,
  translate: Translate | null,
  style: 'summary' | 'amounts' = 'summary',
): string {
  if (sale.payment_method !== 'split') return methodName(sale.payment_method, translate);
  return style === 'summary'
    ? sale.payments.map((part) => methodName(part.method, translate)).join(' + ')
    : sale.payments.map((part) => `${methodName(part.method, translate)} ${csvBaht(part.amount)}`).join('; ');
}

/** A sale's payment method in the CSV's code column: its method, or "split: cash 235.00; transfer 300.00". */
export function paymentMethodCell(sale: Pick<Sale, 'payment_method' | 'payments'>): string {
  const text = paymentPartsText(sale, null, 'amounts');
  return sale.payment_method === 'split' ? `split: ${text}` : text;
}
