import { EDIT_SALE_REASON, RefundSaleRequest, type RefundSaleRequest as RefundRequest } from '@pos/core';
import { describe, expect, it } from 'vitest';
import type { DbExecutor } from '../src/db/executor';
import { AppError } from '../src/http/app-error';
import { refundAmount } from '../src/features/sales/refund-steps/amount.step';
import { creditNote } from '../src/features/sales/refund-steps/credit-note.step';
import { refundWay } from '../src/features/sales/refund-steps/method.step';
import { customerPointsBack, floorShare } from '../src/features/sales/refund-steps/points.step';
import { refundLineAmounts } from '../src/features/sales/refund-steps/records.step';
import type { LinesForRefund, RefundedBefore, SaleForRefund } from '../src/features/sales/refund-steps/refund-context';
import { refundUnits } from '../src/features/sales/refund-steps/units.step';

// Each step of a refund (refund-pipeline.ts) on its own. Steps that read or write the database are given
// one that fails the test if touched where the step must not need it; with a real database they are held
// by the API tests (refunds, card refunds, split payment).

const untouchable = new Proxy(
  {},
  {
    get(_target, property) {
      throw new Error(`the step touched the database (${String(property)})`);
    },
  },
) as DbExecutor;

/** A sale of two lines: 3 shirts at 100 baht and 1 bag at 250.50, total 550.50 baht, paid in cash. */
const sale = {
  id: 9,
  document_number: 'R2569-000009',
  total: 55_050,
  tax: 3_601,
  tax_rate_bp: 700,
  prices_include_vat: 1,
  exclude_vat: 0,
  customer_id: null,
  points_earned: 55,
  points_used: 0,
  payment_method: 'cash',
  created_at: '2026-11-28T03:00:00.000Z',
} as unknown as SaleForRefund;

function lines(refunded: [number, number] = [0, 0]): LinesForRefund {
  return [
    {
      id: 1,
      product_id: 11,
      variant_id: null,
      product_name: 'เสื้อ',
      price: 10_000,
      quantity: 3,
      line_total: 30_000,
      refunded: refunded[0],
    },
    {
      id: 2,
      product_id: 12,
      variant_id: null,
      product_name: 'กระเป๋า',
      price: 25_050,
      quantity: 1,
      line_total: 25_050,
      refunded: refunded[1],
    },
  ];
}

const nothingBefore: RefundedBefore = { amount: 0, pointsDue: 0, pointsReturned: 0, vat: 0 } as RefundedBefore;

function input(body: Partial<RefundRequest> = {}) {
  return RefundSaleRequest.parse({ reason: 'ลูกค้าเปลี่ยนใจ', ...body });
}

function refusal(run: () => unknown): { code: string; details: unknown } {
  try {
    run();
  } catch (err) {
    if (err instanceof AppError) return { code: err.code, details: err.details };
    throw err;
  }
  throw new Error('nothing was refused');
}

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof AppError) return err.code;
    throw err;
  }
  throw new Error('nothing was refused');
}

describe('refund step: units', () => {
  it('refunds what is left when no lines are named, and says whether that is the whole sale', () => {
    const all = refundUnits(lines(), input());
    expect([...all.wanted]).toEqual([
      [1, 3],
      [2, 1],
    ]);
    expect(all.fully).toBe(true);
    const part = refundUnits(lines(), input({ lines: [{ saleItemId: 1, quantity: 1 }] }));
    expect(part.fully).toBe(false);
  });

  it('refuses a line of another sale, more than was sold, and more than is left', () => {
    expect(refusal(() => refundUnits(lines(), input({ lines: [{ saleItemId: 5, quantity: 1 }] }))).code).toBe(
      'REFUND_LINE_NOT_FOUND',
    );
    expect(refusal(() => refundUnits(lines(), input({ lines: [{ saleItemId: 1, quantity: 4 }] })))).toEqual({
      code: 'REFUND_EXCEEDS_SALE',
      details: { saleItemId: 1, sold: 3 },
    });
    expect(refusal(() => refundUnits(lines([2, 0]), input({ lines: [{ saleItemId: 1, quantity: 2 }] })))).toEqual({
      code: 'SALE_ALREADY_REFUNDED',
      details: { saleItemId: 1, refundable: 1 },
    });
    expect(refusal(() => refundUnits(lines([3, 1]), input())).code).toBe('SALE_ALREADY_REFUNDED');
  });

  it('takes an edit only of the whole sale, with its reason', () => {
    const edit = { reason: EDIT_SALE_REASON };
    expect(refusal(() => refundUnits(lines(), input(edit))).code).toBe('EDIT_REASON_REQUIRED');
    expect(
      refusal(() =>
        refundUnits(lines(), input({ ...edit, edit_reason: 'ผิดไซซ์', lines: [{ saleItemId: 1, quantity: 1 }] })),
      ).code,
    ).toBe('EDIT_REFUND_MUST_BE_WHOLE');
    expect(refundUnits(lines(), input({ ...edit, edit_reason: 'ผิดไซซ์' })).editing).toBe(true);
  });
});

describe('refund step: amount', () => {
  const one = new Map([[2, 1]]);

  it("gives back the line's share of the total", () => {
    expect(refundAmount(sale, lines(), { wanted: one }, nothingBefore, input()).amount).toBe(25_050);
  });

  it('refuses an amount that is not the one worked out, or more than the sale has left, naming baht with satang', () => {
    expect(
      refusal(() => refundAmount(sale, lines(), { wanted: one }, nothingBefore, input({ refundAmount: 250 }))),
    ).toEqual({ code: 'REFUND_AMOUNT_MISMATCH', details: { amount: 250.5 } });
    const before = { ...nothingBefore, amount: 30_000 };
    expect(
      refusal(() => refundAmount(sale, lines([3, 0]), { wanted: one }, before, input({ refundAmount: 300 }))),
    ).toEqual({
      code: 'REFUND_EXCEEDS_SALE',
      details: { refundable: 250.5 },
    });
  });
});

describe('refund step: how the money goes back', () => {
  it("goes back the sale's way by default, and refuses parts or a split for a one-method sale", async () => {
    expect(await refundWay(untouchable, sale, input(), 100)).toEqual({
      method: 'cash',
      parts: null,
      saleMethods: [],
      offCardReason: null,
    });
    expect(await codeOf(refundWay(untouchable, sale, input({ refundMethod: 'split' }), 100))).toBe(
      'REFUND_NOT_SPLIT_SALE',
    );
    expect(await codeOf(refundWay(untouchable, sale, input({ refundMethod: 'card' }), 100))).toBe(
      'CARD_REFUND_NOT_CARD_SALE',
    );
  });

  it("asks why a card sale's money goes back another way", async () => {
    const card = { ...sale, payment_method: 'card' } as SaleForRefund;
    expect(await codeOf(refundWay(untouchable, card, input({ refundMethod: 'cash' }), 100))).toBe(
      'OFF_CARD_REASON_REQUIRED',
    );
    const way = await refundWay(untouchable, card, input({ refundMethod: 'cash', offCardReason: ' บัตรหมดอายุ ' }), 100);
    expect(way.offCardReason).toBe('บัตรหมดอายุ');
  });
});

describe('refund step: points, credit note and lines', () => {
  it('takes back points in whole shares, never more than the share', () => {
    expect(floorShare(55, 10_000, 55_050)).toBe(9);
    expect(floorShare(55, 0, 0)).toBe(0);
  });

  it('moves no points for a sale without a customer', async () => {
    const plan = { sale, fully: true, valueAfter: 55_050, subtotal: 55_050, before: nothingBefore, amount: 55_050 };
    expect(await customerPointsBack(untouchable, plan, sale.created_at)).toEqual({
      pointsTaken: 0,
      pointsReturned: 0,
      pointsShortfall: 0,
      buyerAddress: null,
    });
  });

  it('issues no credit note for a sale without VAT, and never gives back more VAT than the sale charged', async () => {
    const noVat = { ...sale, exclude_vat: 1 } as SaleForRefund;
    const now = new Date('2026-11-28T05:00:00Z');
    const plan = { sale: noVat, fully: false, before: { ...nothingBefore, vat: 3_600 }, amount: 25_050 };
    expect(await creditNote(untouchable, plan, now, 'Asia/Bangkok')).toEqual({ number: null, vat: 1 });
  });

  it('splits the refund over its lines so they add up to it, the last line of a whole refund taking what is left', () => {
    const wanted = new Map([
      [1, 3],
      [2, 1],
    ]);
    const amounts = refundLineAmounts({
      sale,
      lines: lines(),
      wanted,
      fully: true,
      before: nothingBefore,
      subtotal: 55_050,
    });
    expect(amounts.map((l) => l.amount)).toEqual([30_000, 25_050]);
    expect(amounts.reduce((sum, l) => sum + l.amount, 0)).toBe(sale.total);
  });
});
