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
  // One variant wanted: [quantity, its stock, the style's unassigned stock] → [from the variant, from the
  // unassigned stock, short, unassigned left].
  it.each([
    ['its own stock covers it', [2, 5, 3], [2, 0, 0, 3]],
    ['the unassigned stock gives what its own stock lacks', [4, 1, 3], [1, 3, 0, 0]],
    ['neither covers it', [6, 1, 3], [1, 3, 2, 0]],
    ['its own stock below zero gives nothing', [2, -3, 1], [0, 1, 1, 0]],
    ['unassigned stock below zero gives nothing and stays where it was', [2, 5, -4], [2, 0, 0, -4]],
    ['a plain product’s one variant sells its own stock', [3, 3, 0], [3, 0, 0, 0]],
    ['a plain product’s one variant is short of what it lacks', [4, 3, 0], [3, 0, 1, 0]],
    ['nothing wanted takes nothing', [0, 0, 0], [0, 0, 0, 0]],
  ] as const)('one variant: %s', (_case, [quantity, stock, unassigned], [fromVariant, fromUnassigned, short, left]) => {
    expect(planStyleTakes([{ quantity, stock }], unassigned)).toEqual({
      takes: [{ fromVariant, fromUnassigned, short }],
      unassignedLeft: left,
      short,
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

  it('adds up what several variants fall short by, and leaves the unassigned stock no lower than zero', () => {
    const plan = planStyleTakes(
      [
        { quantity: 5, stock: 2 },
        { quantity: 1, stock: -1 },
      ],
      2,
    );
    expect(plan.takes.map((take) => take.short)).toEqual([1, 1]);
    expect(plan).toMatchObject({ unassignedLeft: 0, short: 2 });
  });

  it('takes nothing for nothing wanted', () => {
    expect(planStyleTakes([], 5)).toEqual({ takes: [], unassignedLeft: 5, short: 0 });
  });
});
