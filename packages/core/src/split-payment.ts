import type { PaymentMethod } from './api/settings';
import type { Satang } from './money';
import { takesReference } from './payment-methods';

/**
 * Split payment (one bill paid by several methods), the one set of rules the till and the server use.
 *
 * - At least two parts, at most one per method (so at most one card part: its money is taken by
 *   Stripe's checkout, which then charges that part only; the server takes a card part only there).
 * - Each part is above 0. The parts add up to the total exactly, except that a cash part may be the
 *   cash handed over: the excess over the total is the change, given only from cash and smaller than
 *   the cash part (cash must still pay something).
 * - Only a part whose method takes a reference (PAYMENT_METHOD_RULES: a transfer) keeps one, as a one-method sale does.
 */
export type SplitProblem =
  | 'SPLIT_PAYMENT_PARTS_REQUIRED'
  | 'SPLIT_PAYMENT_DUPLICATE_METHOD'
  | 'SPLIT_PAYMENT_SUM_MISMATCH'
  | 'SPLIT_PAYMENT_CHANGE_NOT_CASH';

export interface SplitPartInput {
  method: PaymentMethod;
  /** Satang; for cash, what was handed over. */
  amount: Satang;
  reference?: string | null | undefined;
}

export interface SplitPart {
  method: PaymentMethod;
  /** Satang this part pays of the total. */
  amount: Satang;
  /** Cash only: handed over and given back. */
  cash_received: Satang | null;
  change_given: Satang | null;
  reference: string | null;
}

export type SplitPlan = { ok: true; parts: SplitPart[]; change: Satang } | { ok: false; problem: SplitProblem };

export function planSplitPayment(total: Satang, parts: readonly SplitPartInput[]): SplitPlan {
  const fail = (problem: SplitProblem): SplitPlan => ({ ok: false, problem });
  if (parts.length < 2) return fail('SPLIT_PAYMENT_PARTS_REQUIRED');
  if (new Set(parts.map((p) => p.method)).size !== parts.length) return fail('SPLIT_PAYMENT_DUPLICATE_METHOD');
  if (parts.some((p) => !Number.isSafeInteger(p.amount) || p.amount <= 0)) return fail('SPLIT_PAYMENT_SUM_MISMATCH');
  const paid = parts.reduce((sum, p) => sum + p.amount, 0);
  if (paid < total) return fail('SPLIT_PAYMENT_SUM_MISMATCH');
  const change = paid - total;
  const cash = parts.find((p) => p.method === 'cash');
  if (change > 0 && (cash === undefined || cash.amount <= change)) return fail('SPLIT_PAYMENT_CHANGE_NOT_CASH');
  return {
    ok: true,
    change,
    parts: parts.map((p) => {
      const reference = takesReference(p.method) ? p.reference?.trim() || null : null;
      if (p.method !== 'cash') {
        return { method: p.method, amount: p.amount, cash_received: null, change_given: null, reference };
      }
      return { method: 'cash', amount: p.amount - change, cash_received: p.amount, change_given: change, reference };
    }),
  };
}

/** A part of a sale as refunds see it: what it paid and what has gone back through it so far. */
export interface RefundablePart {
  method: PaymentMethod;
  amount: Satang;
  refunded: Satang;
}

/**
 * How a refund of `amount` goes back over a split sale's parts when the request does not say: in
 * proportion to what each part has left (rounded down, the satang left over going to the parts in
 * order while they have room), so no part ever gives back more than it paid.
 */
export function defaultRefundParts(
  amount: Satang,
  parts: readonly RefundablePart[],
): { method: PaymentMethod; amount: Satang }[] {
  const left = parts.map((p) => Math.max(0, p.amount - p.refunded));
  const room = left.reduce((sum, l) => sum + l, 0);
  if (room === 0) return [];
  const taken = Math.min(amount, room);
  const shares = left.map((l) => Number((BigInt(taken) * BigInt(l)) / BigInt(room)));
  let rest = taken - shares.reduce((sum, s) => sum + s, 0);
  for (let i = 0; i < shares.length && rest > 0; i++) {
    const more = Math.min(rest, left[i]! - shares[i]!);
    shares[i]! += more;
    rest -= more;
  }
  return parts.map((p, i) => ({ method: p.method, amount: shares[i]! })).filter((p) => p.amount > 0);
}

/**
 * Checks parts a refund asks for: each method one the sale was paid with, once, and never more than
 * that part has left. Answers the method over its limit (with what it has left), or null when fine.
 */
export function refundPartOverLimit(
  asked: readonly { method: PaymentMethod; amount: Satang }[],
  parts: readonly RefundablePart[],
): { method: PaymentMethod; refundable: Satang } | null {
  const seen = new Set<PaymentMethod>();
  for (const want of asked) {
    const part = parts.find((p) => p.method === want.method);
    const refundable = part ? Math.max(0, part.amount - part.refunded) : 0;
    if (seen.has(want.method) || want.amount > refundable) return { method: want.method, refundable };
    seen.add(want.method);
  }
  return null;
}
