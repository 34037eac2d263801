/**
 * Which payment options the dialog offers, from settings.payment (spec 000 §2
 * "Payment dialog", §5). The card option is wired in a later issue and stays hidden.
 */
import { parseBahtText, type PaymentMethod } from '@pos/core';

/** The methods this dialog can take today. */
export const POS_PAYMENT_METHODS = ['cash', 'transfer', 'promptpay'] as const;
export type PosPaymentMethod = (typeof POS_PAYMENT_METHODS)[number];

/** The payment group as GET /api/settings/store (or an older local copy) holds it: flags may be text. */
export interface PaymentFlags {
  cashEnabled?: unknown;
  transferEnabled?: unknown;
  promptpayEnabled?: unknown;
  promptpayId?: unknown;
  defaultPaymentMethod?: unknown;
}

/** Spec 000 §5: flags accept true or the text "true" / "1". */
export function isFlagOn(value: unknown): boolean {
  if (value === true || value === 1) return true;
  if (typeof value === 'string') {
    const text = value.trim().toLowerCase();
    return text === 'true' || text === '1';
  }
  return false;
}

/** The default method: a name, or 1/2/3 for cash, card and PromptPay; "stripe" means card. */
export function normalizeDefaultMethod(value: unknown): PaymentMethod | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim().toLowerCase() : '';
  switch (text) {
    case 'cash':
    case '1':
      return 'cash';
    case 'card':
    case 'stripe':
    case '2':
      return 'card';
    case 'promptpay':
    case '3':
      return 'promptpay';
    case 'transfer':
      return 'transfer';
    default:
      return null;
  }
}

export interface PaymentOption {
  method: PosPaymentMethod;
  /** False when the method is switched on but cannot be used yet (PromptPay without an id). */
  ready: boolean;
}

export type PaymentWarning = 'promptpayNotConfigured' | 'noneEnabled';

export interface PaymentAvailability {
  /** The enabled methods in display order. */
  options: PaymentOption[];
  warnings: PaymentWarning[];
  /** The option chosen when the dialog opens: the settings' default when usable, else the first ready one. */
  defaultMethod: PosPaymentMethod | null;
  /** The PromptPay id to build QR codes from ('' when none). */
  promptpayId: string;
}

export function paymentAvailability(payment: PaymentFlags | null | undefined): PaymentAvailability {
  const p = payment ?? {};
  const promptpayId = typeof p.promptpayId === 'string' ? p.promptpayId.trim() : '';
  const options: PaymentOption[] = [];
  const warnings: PaymentWarning[] = [];
  if (isFlagOn(p.cashEnabled)) options.push({ method: 'cash', ready: true });
  if (isFlagOn(p.transferEnabled)) options.push({ method: 'transfer', ready: true });
  if (isFlagOn(p.promptpayEnabled)) {
    options.push({ method: 'promptpay', ready: promptpayId !== '' });
    if (promptpayId === '') warnings.push('promptpayNotConfigured');
  }
  if (options.length === 0) warnings.push('noneEnabled');

  const wanted = normalizeDefaultMethod(p.defaultPaymentMethod);
  const ready = options.filter((o) => o.ready);
  const defaultMethod = ready.find((o) => o.method === wanted)?.method ?? ready[0]?.method ?? null;
  return { options, warnings, defaultMethod, promptpayId };
}

/** What the cash box holds: nothing (the exact amount), a valid baht amount in satang, or junk. */
export type CashInput = { kind: 'exact' } | { kind: 'amount'; satang: number } | { kind: 'invalid' };

/** Reads the amount received as every money input does ("1,000", "500.5", ".5"; core parseBahtText). */
export function parseCashInput(text: string): CashInput {
  const satang = parseBahtText(text);
  if (satang === null) return { kind: 'exact' };
  // Cash received is never below zero: "-5" is a slip of the keyboard, not a refund.
  if (Number.isNaN(satang) || satang < 0 || Object.is(satang, -0)) return { kind: 'invalid' };
  return { kind: 'amount', satang };
}

/** Quick amounts for the cash view: the next round sums of notes above the total (in satang). */
export function cashSuggestions(totalSatang: number): number[] {
  const out: number[] = [];
  for (const step of [2_000, 10_000, 50_000, 100_000]) {
    const next = Math.ceil(totalSatang / step) * step;
    const amount = next === totalSatang ? next + step : next;
    if (amount > totalSatang && !out.includes(amount)) out.push(amount);
  }
  return out.sort((a, b) => a - b).slice(0, 3);
}
