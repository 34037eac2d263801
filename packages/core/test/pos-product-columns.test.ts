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
    expect(columns.variant_product).toEqual([1, 1, 2]);
    const wire = JSON.parse(JSON.stringify({ columns })) as unknown;
    expect(PosProductColumnsResponse.safeParse(wire).success).toBe(true);
    const checked = PosProductColumnsResponseShape.parse(wire);
    expect(posProductsFromColumns(checked.columns)).toEqual(products);
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
    expect(isPosProductColumns(bad({ barcode: [1, null] }))).toBe(false);
    expect(isPosProductColumns(bad({ category: [0, 1] }))).toBe(false);
    expect(isPosProductColumns(bad({ category: [0, -2] }))).toBe(false);
    expect(isPosProductColumns(bad({ categories: [null] }))).toBe(false);
    expect(isPosProductColumns(bad({ variant_stock: [0] }))).toBe(false);
    expect(isPosProductColumns(bad({ variant_product: [1, 0] }))).toBe(false);
    expect(isPosProductColumns(bad({ variant_product: [1, 2] }))).toBe(false);
    expect(isPosProductColumns(bad({ plain_variant: [11, 'x'] }))).toBe(false);
    const { sku: _sku, ...noSku } = good;
    expect(isPosProductColumns(noSku)).toBe(false);
    expect(isPosProductColumns(null)).toBe(false);
    // The old shape (a list of objects) is not taken for columns.
    expect(PosProductColumnsResponseShape.safeParse({ products: [water] }).success).toBe(false);
  });
});
