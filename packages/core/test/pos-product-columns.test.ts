import { describe, expect, it } from 'vitest';
import {
  isPosProductColumns,
  PosProductColumnsResponse,
  PosProductColumnsResponseShape,
  posProductsFromColumns,
  posProductsToColumns,
  type PosProduct,
} from '../src/index';

const water: PosProduct = {
  id: 1,
  name: 'น้ำดื่ม',
  sku: 'SKU-1',
  barcode: '8850000000001',
  category: 'เครื่องดื่ม',
  price: 10.5,
  original_price: 12,
  stock: 3,
  image_url: '/uploads/water.webp',
  sizes: [],
  colors: [],
  unassigned_stock: 0,
  // A plain product's one variant: on the wire by its id alone.
  variants: [{ id: 11, size: null, color: null, sku: 'SKU-1', barcode: '8850000000001', stock: 3, price: null }],
};
const shirt: PosProduct = {
  id: 2,
  name: 'เสื้อยืด "คอกลม"',
  sku: 'SKU-2',
  barcode: null,
  category: null,
  price: 199,
  original_price: null,
  stock: 0,
  image_url: null,
  sizes: ['S', 'M'],
  colors: ['ดำ'],
  unassigned_stock: 2,
  variants: [
    { id: 21, size: 'S', color: 'ดำ', sku: 'SKU-2-S-C1', barcode: 'SKU-2-S-C1', stock: 0, price: null },
    { id: 22, size: 'M', color: 'ดำ', sku: 'SKU-2-M-C1', barcode: null, stock: 4, price: 219 },
  ],
};
const tea: PosProduct = {
  ...water,
  id: 3,
  name: 'ชาเขียว',
  sku: 'SKU-3',
  barcode: '8850000000003',
  // Its one variant's codes differ from its own: sent in full.
  variants: [{ id: 31, size: null, color: null, sku: 'TEA-OLD', barcode: null, stock: 3, price: null }],
};

describe('the till list as columns (GET /api/products/pos, issue 10 item 6)', () => {
  it('round-trips the products through JSON, in order, each category name once', () => {
    const products = [water, shirt, tea];
    const columns = posProductsToColumns(products);
    expect(columns.categories).toEqual(['เครื่องดื่ม']);
    expect(columns.category).toEqual([0, -1, 0]);
    expect(columns.id).toEqual([1, 2, 3]);
    expect(columns.plain_variant).toEqual([11, null, null]);
    expect(columns.variant_count).toEqual([0, 2, 1]);
    // Each size and colour text once; the shirt's sizes and colours as lists of them.
    expect(columns.labels).toEqual(['S', 'M', 'ดำ']);
    expect(columns.lists).toEqual([[], [0, 1], [2]]);
    expect([columns.sizes, columns.colors]).toEqual([
      [0, 1, 0],
      [0, 2, 0],
    ]);
    // Ids as steps; codes front-coded against the code before them (the product's for its first variant).
    expect(columns.variant_id).toEqual([21, 1, 9]);
    expect(columns.variant_sku_shared).toEqual([5, 6, 0]);
    expect(columns.variant_sku_rest).toEqual(['-S-C1', 'M-C1', 'TEA-OLD']);
    expect(columns.variant_barcode_shared).toEqual([0, -1, -1]);
    expect(columns.variant_barcode_rest).toEqual(['SKU-2-S-C1', '', '']);
    // Only the variant with a price of its own.
    expect([columns.variant_priced, columns.variant_price]).toEqual([[1], [219]]);
    const wire = JSON.parse(JSON.stringify({ columns })) as unknown;
    expect(PosProductColumnsResponse.safeParse(wire).success).toBe(true);
    const checked = PosProductColumnsResponseShape.parse(wire);
    expect(posProductsFromColumns(checked.columns)).toEqual(products);
  });

  it('round-trips variants of every shape: codes sharing nothing or everything, no barcode, own prices, ids in any order', () => {
    // A fixed pseudo-random sequence (the same cases every run).
    let seed = 34;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const codes = ['', 'A', 'SKU-1', 'SKU-1-M', 'SKU-10', 'เสื้อ-ดำ', '8850000000001', '885000000000'];
    const products: PosProduct[] = Array.from({ length: 200 }, (_, i) => {
      const sizes = ['S', 'M', 'L', '40', 'ฟรีไซส์'].slice(0, next(4));
      const colors = ['ดำ', 'ขาว', 'S'].slice(0, next(3));
      const sku = `${codes[next(codes.length)]}${next(3) ? i : ''}` || `P${i}`;
      return {
        ...shirt,
        id: 1000 - i * next(7),
        sku,
        barcode: next(3) ? null : (codes[next(codes.length)] ?? null),
        sizes,
        colors,
        stock: next(50),
        unassigned_stock: next(5),
        variants: Array.from({ length: next(6) }, (_, k) => ({
          id: next(100_000),
          size: next(4) ? (sizes[0] ?? null) : null,
          color: next(4) ? 'ขาว' : null,
          sku: next(2) ? `${sku}-${k}` : `${codes[next(codes.length)]}${k}`,
          barcode: next(3) ? `${codes[next(codes.length)]}${next(2) ? k : ''}` : null,
          stock: next(9) - 2,
          price: next(4) ? null : next(100_000) / 100,
        })),
      };
    });
    const wire = JSON.parse(JSON.stringify({ columns: posProductsToColumns(products) })) as unknown;
    expect(PosProductColumnsResponse.safeParse(wire).success).toBe(true);
    expect(posProductsFromColumns(PosProductColumnsResponseShape.parse(wire).columns)).toEqual(products);
  });

  it('keeps an empty list empty', () => {
    const columns = posProductsToColumns([]);
    expect(isPosProductColumns(columns)).toBe(true);
    expect(posProductsFromColumns(columns)).toEqual([]);
  });

  it('is about half the characters of the list of objects', () => {
    const many = Array.from({ length: 1000 }, (_, i) => ({
      ...(i % 2 ? water : shirt),
      id: i,
      sku: `SKU-${i}`,
      category: i % 3 ? 'เครื่องดื่ม' : 'เสื้อผ้าและเครื่องแต่งกาย',
    }));
    const objects = JSON.stringify({ products: many }).length;
    expect(JSON.stringify({ columns: posProductsToColumns(many) }).length).toBeLessThan(objects * 0.6);
  });

  it('refuses columns of different lengths, wrong kinds or a category index out of the table', () => {
    const good = posProductsToColumns([water, shirt]);
    const bad = (change: Record<string, unknown>) => ({ ...good, ...change });
    expect(isPosProductColumns(good)).toBe(true);
    expect(isPosProductColumns(bad({ price: [10.5] }))).toBe(false);
    expect(isPosProductColumns(bad({ price: ['10.5', 199] }))).toBe(false);
    expect(isPosProductColumns(bad({ stock: [3, 1.5] }))).toBe(false);
    expect(isPosProductColumns(bad({ id: [1, null] }))).toBe(false);
    expect(isPosProductColumns(bad({ sizes: [[], [1]] }))).toBe(false);
    expect(isPosProductColumns(bad({ sizes: [0, 1.5] }))).toBe(false);
    expect(isPosProductColumns(bad({ barcode: [1, null] }))).toBe(false);
    expect(isPosProductColumns(bad({ category: [0, 1] }))).toBe(false);
    expect(isPosProductColumns(bad({ category: [0, -2] }))).toBe(false);
    expect(isPosProductColumns(bad({ categories: [null] }))).toBe(false);
    expect(isPosProductColumns(bad({ variant_stock: [0] }))).toBe(false);
    expect(isPosProductColumns(bad({ variant_count: [0, 3] }))).toBe(false);
    expect(isPosProductColumns(bad({ variant_count: [1, 1] }))).toBe(true);
    expect(isPosProductColumns(bad({ variant_count: [-1, 3] }))).toBe(false);
    expect(isPosProductColumns(bad({ sizes: [0, 9] }))).toBe(false);
    expect(isPosProductColumns(bad({ lists: [[], [0, 7], [2]] }))).toBe(false);
    expect(isPosProductColumns(bad({ variant_color: [2, 3] }))).toBe(false);
    expect(isPosProductColumns(bad({ variant_size: [-2, 1] }))).toBe(false);
    expect(isPosProductColumns(bad({ variant_sku_rest: ['-S-C1', null] }))).toBe(false);
    expect(isPosProductColumns(bad({ variant_barcode_shared: [0, -2] }))).toBe(false);
    expect(isPosProductColumns(bad({ variant_priced: [2], variant_price: [219] }))).toBe(false);
    expect(isPosProductColumns(bad({ variant_priced: [1, 1], variant_price: [219, 220] }))).toBe(false);
    expect(isPosProductColumns(bad({ variant_priced: [1], variant_price: [] }))).toBe(false);
    expect(isPosProductColumns(bad({ plain_variant: [11, 'x'] }))).toBe(false);
    const { sku: _sku, ...noSku } = good;
    expect(isPosProductColumns(noSku)).toBe(false);
    expect(isPosProductColumns(null)).toBe(false);
    // The old shape (a list of objects) is not taken for columns.
    expect(PosProductColumnsResponseShape.safeParse({ products: [water] }).success).toBe(false);
  });
});
