import { describe, expect, it } from 'vitest';
import {
  cashDifference,
  countedCash,
  differenceNeedsApproval,
  expectedCash,
  isDenomination,
  THAI_DENOMINATIONS,
} from '../src/index';

describe('the cash drawer (issue 35)', () => {
  it('knows the Thai notes and coins, largest first, from 1,000 baht to 25 satang', () => {
    expect(THAI_DENOMINATIONS.map((d) => d.satang / 100)).toEqual([1000, 500, 100, 50, 20, 10, 5, 2, 1, 0.5, 0.25]);
    expect(THAI_DENOMINATIONS.filter((d) => d.kind === 'note')).toHaveLength(5);
    expect(isDenomination(2_000)).toBe(true);
    expect(isDenomination(2_500)).toBe(false);
  });

  it('totals a count by denomination in satang', () => {
    expect(
      countedCash([
        { satang: 100_000, count: 2 },
        { satang: 2_000, count: 3 },
        { satang: 50, count: 1 },
        { satang: 25, count: 3 },
        { satang: 500, count: 0 },
      ]),
    ).toEqual({ ok: true, total: 206_125 });
    expect(countedCash([])).toEqual({ ok: true, total: 0 });
  });

  it('refuses a count of an unknown note, a part or negative count, or a note named twice', () => {
    expect(countedCash([{ satang: 300, count: 1 }])).toEqual({ ok: false, problem: 'CASH_COUNT_UNKNOWN_DENOMINATION' });
    expect(countedCash([{ satang: 100, count: 1.5 }])).toEqual({ ok: false, problem: 'CASH_COUNT_NOT_WHOLE' });
    expect(countedCash([{ satang: 100, count: -1 }])).toEqual({ ok: false, problem: 'CASH_COUNT_NOT_WHOLE' });
    expect(
      countedCash([
        { satang: 100, count: 1 },
        { satang: 100, count: 2 },
      ]),
    ).toEqual({ ok: false, problem: 'CASH_COUNT_REPEATED' });
  });

  it('expects the float plus cash kept for sales, less refunds, plus pay-ins, less pay-outs', () => {
    const flows = { openingFloat: 200_000, cashSales: 153_050, cashRefunds: 29_000, paidIn: 50_000, paidOut: 4_000 };
    expect(expectedCash(flows)).toBe(370_050);
    expect(expectedCash({ openingFloat: 0, cashSales: 0, cashRefunds: 0, paidIn: 0, paidOut: 0 })).toBe(0);
  });

  it('records the difference as it is and asks approval only above the limit', () => {
    expect(cashDifference(369_000, 370_050)).toBe(-1_050);
    expect(cashDifference(370_100, 370_050)).toBe(50);
    expect(differenceNeedsApproval(-1_050, 10_000)).toBe(false);
    expect(differenceNeedsApproval(-10_000, 10_000)).toBe(false);
    expect(differenceNeedsApproval(-10_001, 10_000)).toBe(true);
    expect(differenceNeedsApproval(10_001, 10_000)).toBe(true);
    expect(differenceNeedsApproval(1, 0)).toBe(true);
  });
});
