import { describe, expect, it } from 'vitest';
import { planStyleTakes, sellableUnits } from '../src/variant-stock';

describe('what a variant can sell', () => {
  it('is its own stock and its style’s unassigned stock', () => {
    expect(sellableUnits(3, 4)).toBe(7);
    expect(sellableUnits(0, 4)).toBe(4);
    expect(sellableUnits(3, 0)).toBe(3);
    expect(sellableUnits(0, 0)).toBe(0);
  });

  it('counts stock below zero (a paid sale that fell short) as nothing, not as a debt of the other', () => {
    expect(sellableUnits(-2, 5)).toBe(5);
    expect(sellableUnits(5, -2)).toBe(5);
    expect(sellableUnits(-1, -1)).toBe(0);
  });
});

describe('a style’s takes', () => {
  it('takes from the variant’s own stock first, the shortfall from the unassigned stock', () => {
    expect(planStyleTakes([{ quantity: 2, stock: 5 }], 3)).toEqual({
      takes: [{ fromVariant: 2, fromUnassigned: 0, short: 0 }],
      unassignedLeft: 3,
      short: 0,
    });
    expect(planStyleTakes([{ quantity: 4, stock: 1 }], 3)).toEqual({
      takes: [{ fromVariant: 1, fromUnassigned: 3, short: 0 }],
      unassignedLeft: 0,
      short: 0,
    });
  });

  it('answers what neither covers', () => {
    expect(planStyleTakes([{ quantity: 6, stock: 1 }], 3)).toEqual({
      takes: [{ fromVariant: 1, fromUnassigned: 3, short: 2 }],
      unassignedLeft: 0,
      short: 2,
    });
  });

  it('lets the variants of one style draw on the same unassigned stock, the first wanted first', () => {
    const plan = planStyleTakes(
      [
        { quantity: 3, stock: 1 },
        { quantity: 2, stock: 0 },
        { quantity: 4, stock: 4 },
        { quantity: 2, stock: 1 },
      ],
      3,
    );
    expect(plan.takes).toEqual([
      { fromVariant: 1, fromUnassigned: 2, short: 0 },
      { fromVariant: 0, fromUnassigned: 1, short: 1 },
      { fromVariant: 4, fromUnassigned: 0, short: 0 },
      { fromVariant: 1, fromUnassigned: 0, short: 1 },
    ]);
    expect(plan.unassignedLeft).toBe(0);
    expect(plan.short).toBe(2);
  });

  it('takes nothing from stock below zero, and leaves unassigned stock below zero where it was', () => {
    expect(planStyleTakes([{ quantity: 2, stock: -3 }], 1)).toEqual({
      takes: [{ fromVariant: 0, fromUnassigned: 1, short: 1 }],
      unassignedLeft: 0,
      short: 1,
    });
    expect(planStyleTakes([{ quantity: 2, stock: 5 }], -4)).toEqual({
      takes: [{ fromVariant: 2, fromUnassigned: 0, short: 0 }],
      unassignedLeft: -4,
      short: 0,
    });
  });

  it('sells a plain product’s one variant from its own stock alone', () => {
    expect(planStyleTakes([{ quantity: 3, stock: 3 }], 0)).toEqual({
      takes: [{ fromVariant: 3, fromUnassigned: 0, short: 0 }],
      unassignedLeft: 0,
      short: 0,
    });
    expect(planStyleTakes([{ quantity: 4, stock: 3 }], 0).short).toBe(1);
  });

  it('takes nothing for nothing wanted', () => {
    expect(planStyleTakes([], 5)).toEqual({ takes: [], unassignedLeft: 5, short: 0 });
    expect(planStyleTakes([{ quantity: 0, stock: 0 }], 0).takes).toEqual([
      { fromVariant: 0, fromUnassigned: 0, short: 0 },
    ]);
  });
});
