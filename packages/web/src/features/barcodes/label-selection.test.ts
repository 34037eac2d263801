import type { Product, ProductWithVariants } from '@pos/core';
import { describe, expect, it } from 'vitest';
import {
  allSelected,
  filterProducts,
  labelsToPrint,
  MAX_LABEL_COUNT,
  parseLabelCount,
  labelRowsOf,
  setLabelCount,
  toggleAll,
  toggleProduct,
  totalLabels,
} from './label-selection';

function product(id: number, name: string, sku: string, extra: Partial<Product> = {}): Product {
  return {
    id,
    name,
    sku,
    barcode: sku,
    category: 'เสื้อผ้า',
    category_id: 1,
    price: 100,
    cost: 0,
    original_price: null,
    stock: 5,
    unassigned_stock: 0,
    description: '',
    image_url: null,
    sizes: [],
    colors: [],
    created_at: '',
    updated_at: '',
    ...extra,
  };
}

const PRODUCTS = [
  product(1, 'เสื้อยืดสีขาว', 'TS-WHITE'),
  product(2, 'Canvas Bag', 'BAG-01', { original_price: 590, price: 490 }),
  product(3, 'รองเท้าผ้าใบ', 'SH-9', { barcode: '8850999320014' }),
];

describe('label count', () => {
  it('takes whole numbers from 1', () => {
    expect(parseLabelCount('1')).toBe(1);
    expect(parseLabelCount(' 12 ')).toBe(12);
    expect(parseLabelCount('007')).toBe(7);
    expect(parseLabelCount(String(MAX_LABEL_COUNT))).toBe(MAX_LABEL_COUNT);
  });

  it('ignores zero, negatives, decimals, letters, empty text and absurd counts', () => {
    for (const text of ['0', '-1', '2.5', '1e2', 'abc', '', '  ', '3ป้าย', String(MAX_LABEL_COUNT + 1)]) {
      expect(parseLabelCount(text), text).toBeNull();
    }
  });
});

describe('search', () => {
  it('matches the name or the barcode, ignoring case', () => {
    expect(filterProducts(PRODUCTS, 'canvas').map((p) => p.id)).toEqual([2]);
    expect(filterProducts(PRODUCTS, 'ts-white').map((p) => p.id)).toEqual([1]);
    expect(filterProducts(PRODUCTS, '885099').map((p) => p.id)).toEqual([3]);
    expect(filterProducts(PRODUCTS, 'รองเท้า').map((p) => p.id)).toEqual([3]);
    expect(filterProducts(PRODUCTS, '  ').map((p) => p.id)).toEqual([1, 2, 3]);
  });
});

describe('selection', () => {
  it('toggles one product with one label', () => {
    const one = toggleProduct(new Map(), 2);
    expect([...one]).toEqual([[2, 1]]);
    expect(toggleProduct(one, 2).size).toBe(0);
  });

  it('changes the count of a selected product only', () => {
    const selection = setLabelCount(new Map([[1, 1]]), 1, 5);
    expect(selection.get(1)).toBe(5);
    expect(setLabelCount(selection, 2, 3).has(2)).toBe(false);
  });

  it('selects all filtered products with one label each, or clears them when all are selected', () => {
    const some = new Map([
      [1, 4],
      [9, 2],
    ]);
    const all = toggleAll(some, [1, 2]);
    expect([...all]).toEqual([
      [1, 1],
      [9, 2],
      [2, 1],
    ]);
    expect(allSelected(all, [1, 2])).toBe(true);
    expect([...toggleAll(all, [1, 2])]).toEqual([[9, 2]]);
    expect(allSelected(new Map(), [])).toBe(false);
  });

  it('counts and lays out the labels of products still listed', () => {
    const selection = new Map([
      [2, 2],
      [1, 1],
      [99, 5],
    ]);
    expect(totalLabels(selection, PRODUCTS)).toBe(3);
    const labels = labelsToPrint(PRODUCTS, selection);
    expect(labels.map((l) => l.barcode)).toEqual(['TS-WHITE', 'BAG-01', 'BAG-01']);
    expect(labels[1]).toMatchObject({ name: 'Canvas Bag', price: 490, originalPrice: 590 });
    expect(new Set(labels.map((l) => l.key)).size).toBe(3);
  });
});

describe('labels of names stored before direction marks and zero-width characters were refused', () => {
  it('print none of them', () => {
    const marked = product(9, 'ร้าน\u200f 100 200 (12/3)\u200b', 'SKU\u2060-9\ufeff');
    const [label] = labelsToPrint([marked], new Map([[9, 1]]));
    expect(label).toMatchObject({ name: 'ร้าน 100 200 (12/3)', barcode: 'SKU-9' });
  });
});

describe('labels of a style with sizes and colours', () => {
  const polo = product(7, 'เสื้อโปโล', 'POLO', { sizes: ['S', 'M'], colors: ['ดำ'], price: 299, original_price: 399 });
  const withVariants: ProductWithVariants = {
    ...polo,
    variants: [
      { id: 71, size: 'S', color: 'ดำ', sku: 'POLO-S-C1', barcode: '8850071', stock: 2, price: null, active: true },
      { id: 72, size: 'M', color: 'ดำ', sku: 'POLO-M-C1', barcode: null, stock: 3, price: 319, active: true },
      { id: 73, size: 'L', color: 'ดำ', sku: 'POLO-L-C1', barcode: '8850073', stock: 9, price: null, active: false },
    ],
  };
  const styles = new Map([[7, withVariants]]);
  const selection = new Map([[7, 1]]);

  it("gives one row per variant sold: its code, size and colour, own price or the style's, its stock as the count", () => {
    const rows = labelRowsOf(polo, selection, styles, new Map());
    expect(rows.map((r) => [r.label.name, r.label.barcode, r.label.price, r.count])).toEqual([
      ['เสื้อโปโล ดำ / S', '8850071', 299, 2],
      ['เสื้อโปโล ดำ / M', 'POLO-M-C1', 319, 3],
    ]);
    expect(rows[0]?.label.originalPrice).toBe(399);
  });

  it('prints each variant its count (0 skips it), nothing until the variants are loaded', () => {
    const counts = new Map([
      [71, 0],
      [72, 2],
    ]);
    expect(labelsToPrint([polo], selection, styles, counts).map((l) => l.barcode)).toEqual(['POLO-M-C1', 'POLO-M-C1']);
    expect(totalLabels(selection, [polo], styles, counts)).toBe(2);
    expect(totalLabels(selection, [polo], styles, new Map())).toBe(5);
    expect(labelsToPrint([polo], selection)).toEqual([]);
    expect(labelRowsOf(polo, new Map(), styles, new Map())).toEqual([]);
    expect(parseLabelCount('0', 0)).toBe(0);
    expect(parseLabelCount('0')).toBeNull();
  });
});
