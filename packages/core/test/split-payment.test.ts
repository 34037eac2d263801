import { describe, expect, it } from 'vitest';
import { refundMethodsFor } from '../src/payment-methods';
import { defaultRefundParts, planSplitPayment, refundPartOverLimit } from '../src/split-payment';

describe('planSplitPayment', () => {
  it('records cash as its share of the total, the excess handed over as change', () => {
    expect(
      planSplitPayment(53_500, [
        { method: 'transfer', amount: 30_000, reference: ' TX-1 ' },
        { method: 'cash', amount: 24_000, reference: 'dropped' },
      ]),
    ).toEqual({
      ok: true,
      change: 500,
      parts: [
        { method: 'transfer', amount: 30_000, cash_received: null, change_given: null, reference: 'TX-1' },
        { method: 'cash', amount: 23_500, cash_received: 24_000, change_given: 500, reference: null },
      ],
    });
  });

  it('takes one card part, charged as it is (its checkout takes only that part)', () => {
    expect(
      planSplitPayment(10_700, [
        { method: 'cash', amount: 1_000 },
        { method: 'card', amount: 10_000 },
      ]),
    ).toEqual({
      ok: true,
      change: 300,
      parts: [
        { method: 'cash', amount: 700, cash_received: 1_000, change_given: 300, reference: null },
        { method: 'card', amount: 10_000, cash_received: null, change_given: null, reference: null },
      ],
    });
  });

  it.each([
    [[{ method: 'cash' as const, amount: 10_700 }], 'SPLIT_PAYMENT_PARTS_REQUIRED'],
    [
      [
        { method: 'cash' as const, amount: 5_000 },
        { method: 'cash' as const, amount: 5_700 },
      ],
      'SPLIT_PAYMENT_DUPLICATE_METHOD',
    ],
    [
      [
        { method: 'card' as const, amount: 5_000 },
        { method: 'card' as const, amount: 5_700 },
      ],
      'SPLIT_PAYMENT_DUPLICATE_METHOD',
    ],
    [
      [
        { method: 'cash' as const, amount: 10_700 },
        { method: 'card' as const, amount: 0 },
      ],
      'SPLIT_PAYMENT_SUM_MISMATCH',
    ],
    // A card part above the total: the excess would be change out of the card.
    [
      [
        { method: 'cash' as const, amount: 500 },
        { method: 'card' as const, amount: 11_000 },
      ],
      'SPLIT_PAYMENT_CHANGE_NOT_CASH',
    ],
    [
      [
        { method: 'cash' as const, amount: 5_000 },
        { method: 'transfer' as const, amount: 5_000 },
      ],
      'SPLIT_PAYMENT_SUM_MISMATCH',
    ],
    [
      [
        { method: 'promptpay' as const, amount: 5_000 },
        { method: 'transfer' as const, amount: 6_000 },
      ],
      'SPLIT_PAYMENT_CHANGE_NOT_CASH',
    ],
    // Change as large as the cash part: cash would pay nothing.
    [
      [
        { method: 'cash' as const, amount: 1_000 },
        { method: 'transfer' as const, amount: 10_700 },
      ],
      'SPLIT_PAYMENT_CHANGE_NOT_CASH',
    ],
    [
      [
        { method: 'cash' as const, amount: 10_700 },
        { method: 'transfer' as const, amount: 0 },
      ],
      'SPLIT_PAYMENT_SUM_MISMATCH',
    ],
  ])('refuses %j', (parts, problem) => {
    expect(planSplitPayment(10_700, parts)).toEqual({ ok: false, problem });
  });
});

describe('refunds of a split sale', () => {
  it('may go back through any one method, card included (against its card part)', () => {
    expect(refundMethodsFor('split')).toEqual(['split', 'cash', 'transfer', 'promptpay', 'card']);
    expect(refundMethodsFor('cash')).not.toContain('card');
  });

  const parts = [
    { method: 'transfer' as const, amount: 16_050, refunded: 0 },
    { method: 'cash' as const, amount: 5_350, refunded: 0 },
  ];

  it('goes back in proportion to what each part has left, adding up exactly', () => {
    expect(defaultRefundParts(10_700, parts)).toEqual([
      { method: 'transfer', amount: 8_025 },
      { method: 'cash', amount: 2_675 },
    ]);
    const odd = defaultRefundParts(1, parts);
    expect(odd.reduce((s, p) => s + p.amount, 0)).toBe(1);
    const left = [
      { method: 'transfer' as const, amount: 16_050, refunded: 16_050 },
      { method: 'cash' as const, amount: 5_350, refunded: 0 },
    ];
    expect(defaultRefundParts(5_350, left)).toEqual([{ method: 'cash', amount: 5_350 }]);
  });

  it.each([
    ['beyond what it has left', [{ method: 'cash', amount: 5_351 }], { method: 'cash', refundable: 5_350 }],
    ['not paid with', [{ method: 'promptpay', amount: 1 }], { method: 'promptpay', refundable: 0 }],
    [
      'twice',
      [
        { method: 'cash', amount: 1 },
        { method: 'cash', amount: 1 },
      ],
      { method: 'cash', refundable: 5_350 },
    ],
    ['within what it has left: none', [{ method: 'cash', amount: 5_350 }], null],
  ] as const)('names a part asked for %s', (_, asked, over) => {
    expect(refundPartOverLimit(asked, parts)).toEqual(over);
  });
});
