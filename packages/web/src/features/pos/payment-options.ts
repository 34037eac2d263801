/** The cash view's arithmetic: what was typed in the cash box, and quick amounts. */
import { parseBahtText } from '@pos/core';

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
