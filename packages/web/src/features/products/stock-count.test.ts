import type { ProductVariant } from '@pos/core';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import {
  addOne,
  changedVariantOf,
  countableVariants,
  countSummary,
  isStyle,
  removeOne,
  startStockOf,
  styleCountBody,
  typeCount,
  variantByCode,
} from './stock-count';

function variant(id: number, size: string, color: string, stock: number, extra: Partial<ProductVariant> = {}) {
  return {
    id,
    size,
    color,
    sku: `POLO-${size}-${id}`,
    barcode: `885000${id}`,
    stock,
    price: null,
    active: true,
    ...extra,
  };
}

const VARIANTS: ProductVariant[] = [
  variant(11, 'S', 'ดำ', 2),
  variant(12, 'M', 'ดำ', 5),
  variant(13, 'L', 'ดำ', 0, { barcode: null }),
];

describe('count by scan', () => {
  it('finds the variant of this style by barcode, else SKU, ignoring case and spaces', () => {
    expect(variantByCode(VARIANTS, ' 88500012 ')?.id).toBe(12);
    expect(variantByCode(VARIANTS, 'polo-l-13')?.id).toBe(13);
    expect(variantByCode(VARIANTS, '8859999999999')).toBeNull();
    expect(variantByCode(VARIANTS, '  ')).toBeNull();
  });

  it('adds one per scan from nothing counted, steps down to 0 and not below', () => {
    let counts = addOne(new Map(), 12);
    counts = addOne(counts, 12);
    counts = addOne(counts, 11);
    expect([...counts]).toEqual([
      [12, 2],
      [11, 1],
    ]);
    counts = removeOne(removeOne(counts, 11), 11);
    expect(counts.get(11)).toBe(0);
    expect(removeOne(new Map(), 13).get(13)).toBe(0);
  });

  it('takes a typed whole number, forgets an emptied one and ignores anything else', () => {
    const counts = typeCount(new Map([[12, 4]]), 11, '7');
    expect(counts.get(11)).toBe(7);
    expect(typeCount(counts, 11, '').has(11)).toBe(false);
    expect(typeCount(counts, 11, '2.5').get(11)).toBe(7);
    expect(typeCount(counts, 11, '-1').get(11)).toBe(7);
  });

  it('counts the variants sold and a switched-off one still holding stock', () => {
    const off = [
      ...VARIANTS,
      variant(14, 'XL', 'ดำ', 0, { active: false }),
      variant(15, 'XS', 'ดำ', 1, { active: false }),
    ];
    expect(countableVariants(off).map((v) => v.id)).toEqual([11, 12, 13, 15]);
    expect(isStyle({ sizes: ['M'], colors: [] })).toBe(true);
    expect(isStyle({ sizes: [], colors: [] })).toBe(false);
  });
});

describe('the stock-count body', () => {
  const start = startStockOf(VARIANTS);

  it('sends the counted variants with the stock they had when the count began', () => {
    // A sale meanwhile changed M in the list; the count still says what it started from.
    const moved = VARIANTS.map((v) => (v.id === 12 ? { ...v, stock: 4 } : v));
    const body = styleCountBody(moved, start, new Map([[12, 3]]), { complete: false, note: '  ' });
    expect(body).toEqual({ counts: [{ variantId: 12, expected: 5, counted: 3 }], clearUnassigned: false, note: null });
  });

  it('counts the rest as 0 and clears the unassigned stock when the whole style was counted', () => {
    const body = styleCountBody(VARIANTS, start, new Map([[12, 6]]), { complete: true, note: 'นับสิ้นเดือน' });
    expect(body).toEqual({
      counts: [
        { variantId: 11, expected: 2, counted: 0 },
        { variantId: 12, expected: 5, counted: 6 },
        { variantId: 13, expected: 0, counted: 0 },
      ],
      clearUnassigned: true,
      note: 'นับสิ้นเดือน',
    });
  });

  it('previews the style total: counted changes, and with a complete count the rest and the unassigned gone', () => {
    const counts = new Map([[12, 6]]);
    expect(countSummary(VARIANTS, start, counts, { complete: false, unassigned: 3, styleStock: 10 })).toEqual({
      counted: 1,
      before: 10,
      after: 11,
    });
    expect(countSummary(VARIANTS, start, counts, { complete: true, unassigned: 3, styleStock: 10 })).toEqual({
      counted: 1,
      before: 10,
      after: 6,
    });
  });

  it('reads the variant a 409 STOCK_CHANGED names, and nothing else', () => {
    const changed = new ApiError({
      status: 409,
      code: 'STOCK_CHANGED',
      message: 'x',
      details: { stock: 4, variantId: 12 },
    });
    expect(changedVariantOf(changed)).toEqual({ variantId: 12, stock: 4 });
    expect(
      changedVariantOf(new ApiError({ status: 409, code: 'STOCK_CHANGED', message: 'x', details: { stock: 4 } })),
    ).toBeNull();
    expect(changedVariantOf(new Error('x'))).toBeNull();
  });
});
