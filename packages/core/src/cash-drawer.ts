/**
 * The cash drawer's arithmetic (issue 35: shifts), the one place it is written: Thai notes and coins, a count
 * by denomination, the cash a shift should hold, and its difference. All in satang.
 */
import type { Satang } from './money';

/** Thai banknotes and coins in circulation, largest first (the order a drawer is counted in). */
export const THAI_DENOMINATIONS = [
  { satang: 100_000, kind: 'note' },
  { satang: 50_000, kind: 'note' },
  { satang: 10_000, kind: 'note' },
  { satang: 5_000, kind: 'note' },
  { satang: 2_000, kind: 'note' },
  { satang: 1_000, kind: 'coin' },
  { satang: 500, kind: 'coin' },
  { satang: 200, kind: 'coin' },
  { satang: 100, kind: 'coin' },
  { satang: 50, kind: 'coin' },
  { satang: 25, kind: 'coin' },
] as const satisfies readonly { satang: Satang; kind: 'note' | 'coin' }[];

export type Denomination = (typeof THAI_DENOMINATIONS)[number]['satang'];

const DENOMINATION_VALUES: ReadonlySet<number> = new Set(THAI_DENOMINATIONS.map((d) => d.satang));

/** Whether `value` (satang) is a Thai note or coin. */
export function isDenomination(value: number): value is Denomination {
  return DENOMINATION_VALUES.has(value);
}

/** How many of each note or coin were counted. */
export type DenominationTally = ReadonlyArray<{ satang: Denomination; count: number }>;

/** Why a count cannot be taken as it is. */
export type CountProblem = 'CASH_COUNT_UNKNOWN_DENOMINATION' | 'CASH_COUNT_NOT_WHOLE' | 'CASH_COUNT_REPEATED';

/**
 * The total of a count by denomination, or the problem with it: each entry a known note or coin, named once,
 * counted in whole non-negative numbers.
 */
export function countedCash(
  count: ReadonlyArray<{ satang: number; count: number }>,
): { ok: true; total: Satang } | { ok: false; problem: CountProblem } {
  const seen = new Set<number>();
  let total = 0;
  for (const entry of count) {
    if (!isDenomination(entry.satang)) return { ok: false, problem: 'CASH_COUNT_UNKNOWN_DENOMINATION' };
    if (!Number.isSafeInteger(entry.count) || entry.count < 0) return { ok: false, problem: 'CASH_COUNT_NOT_WHOLE' };
    if (seen.has(entry.satang)) return { ok: false, problem: 'CASH_COUNT_REPEATED' };
    seen.add(entry.satang);
    total += entry.satang * entry.count;
  }
  return { ok: true, total };
}

/** What moved the drawer's cash during a shift, each in satang and never below zero. */
export interface ShiftCashFlows {
  openingFloat: Satang;
  /** Cash kept for sales: what was handed over less the change given. */
  cashSales: Satang;
  cashRefunds: Satang;
  paidIn: Satang;
  paidOut: Satang;
}

/** The cash the drawer should hold: the float, plus cash kept for sales, less cash refunded, plus pay-ins, less pay-outs. */
export function expectedCash(flows: ShiftCashFlows): Satang {
  return flows.openingFloat + flows.cashSales - flows.cashRefunds + flows.paidIn - flows.paidOut;
}

/** Counted less expected: above zero the drawer is over, below zero short. Recorded as it is, never forced to zero. */
export function cashDifference(counted: Satang, expected: Satang): Satang {
  return counted - expected;
}

/** Whether a difference needs a manager's approval and a note: its size above the shop's limit (satang). */
export function differenceNeedsApproval(difference: Satang, limit: Satang): boolean {
  return Math.abs(difference) > limit;
}
