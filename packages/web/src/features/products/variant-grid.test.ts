import { VariantGridRequest, type ProductVariant } from '@pos/core';
import { describe, expect, it } from 'vitest';
import {
  buildGrid,
  cellOfField,
  changedStockCells,
  countRequest,
  fillColumn,
  fillRow,
  gridRequest,
  invalidStockCells,
  reloadStock,
  setCell,
} from './variant-grid';

const variant = (id: number, size: string | null, color: string | null, extra: Partial<ProductVariant> = {}) => ({
  id,
  size,
  color,
  sku: `POLO-${size}-${color}`,
  barcode: null,
  stock: 0,
  price: null,
  active: true,
  ...extra,
});

// S/M × ดำ/ขาว: M ดำ holds 2 and has its own barcode and price.
const polo: ProductVariant[] = [
  variant(1, 'S', 'ดำ'),
  variant(2, 'S', 'ขาว'),
  variant(3, 'M', 'ดำ', { stock: 2, barcode: '885001', price: 390 }),
  variant(4, 'M', 'ขาว'),
];

describe('the size × colour grid', () => {
  it('lays sizes out as rows and colours as columns, from the server variants', () => {
    const rows = buildGrid(['S', 'M'], ['ดำ', 'ขาว'], polo);
    expect(rows.map((r) => r.map((c) => `${c.size}/${c.color}`))).toEqual([
      ['S/ดำ', 'S/ขาว'],
      ['M/ดำ', 'M/ขาว'],
    ]);
    expect(rows[1]?.[0]).toMatchObject({ variantId: 3, openedStock: 2, stock: '2', barcode: '885001', price: '390' });
  });

  it('gives a style with only sizes one column and one with only colours one row', () => {
    expect(buildGrid(['S', 'M', 'L'], [], []).map((r) => r.map((c) => [c.size, c.color]))).toEqual([
      [['S', null]],
      [['M', null]],
      [['L', null]],
    ]);
    expect(buildGrid([], ['ดำ', 'ขาว'], []).map((r) => r.map((c) => [c.size, c.color]))).toEqual([
      [
        [null, 'ดำ'],
        [null, 'ขาว'],
      ],
    ]);
  });

  it('keeps what was typed when a size is added and drops the cells of a removed colour', () => {
    const typed = setCell(buildGrid(['S', 'M'], ['ดำ', 'ขาว'], polo), 0, 0, 'stock', '9');
    const grown = buildGrid(['S', 'M', 'L'], ['ดำ'], polo, typed);
    expect(grown.map((r) => r.map((c) => c.stock))).toEqual([['9'], ['2'], ['0']]);
    expect(grown[2]?.[0]).toMatchObject({ variantId: null, openedStock: 0 });
  });

  it('fills a row and a column, changing only that row or column', () => {
    const rows = buildGrid(['S', 'M'], ['ดำ', 'ขาว'], polo);
    const row = fillRow(rows, 0, 'stock', '5');
    expect(row.map((r) => r.map((c) => c.stock))).toEqual([
      ['5', '5'],
      ['2', '0'],
    ]);
    expect(row[1]).toBe(rows[1]);
    const col = fillColumn(row, 1, 'price', '250');
    expect(col.map((r) => r.map((c) => c.price))).toEqual([
      ['', '250'],
      ['390', '250'],
    ]);
    expect(fillColumn(rows, 0, 'active', false).map((r) => r.map((c) => c.active))).toEqual([
      [false, true],
      [false, true],
    ]);
  });

  it('counts only the cells whose stock changed, and refuses text that is not a whole count', () => {
    let rows = buildGrid(['S', 'M'], ['ดำ', 'ขาว'], polo);
    rows = setCell(rows, 0, 1, 'stock', '4');
    rows = setCell(rows, 1, 0, 'stock', ' 2 ');
    expect(changedStockCells(rows).map((c) => c.variantId)).toEqual([2]);
    expect(invalidStockCells(setCell(rows, 1, 1, 'stock', '1.5'))).toHaveLength(1);
    expect(invalidStockCells(setCell(rows, 1, 1, 'stock', ''))).toHaveLength(1);
    expect(invalidStockCells(rows)).toEqual([]);
  });

  it('builds the whole-grid PUT: every cell, empty price as the style’s, a new cell’s empty barcode left out', () => {
    let rows = buildGrid(['S', 'M'], ['ดำ', 'ขาว'], polo);
    rows = setCell(rows, 0, 0, 'barcode', ' 885002 ');
    rows = setCell(rows, 0, 1, 'price', '299.50');
    rows = setCell(rows, 1, 0, 'barcode', '');
    rows = setCell(rows, 1, 1, 'active', false);
    rows = buildGrid(['S', 'M', 'L'], ['ดำ', 'ขาว'], polo, rows);
    const body = gridRequest(rows);
    expect(body.variants).toHaveLength(6);
    expect(body.variants.slice(0, 4)).toEqual([
      { size: 'S', color: 'ดำ', barcode: '885002', price: null, active: true },
      { size: 'S', color: 'ขาว', barcode: '', price: 299.5, active: true },
      { size: 'M', color: 'ดำ', barcode: '', price: 390, active: true },
      { size: 'M', color: 'ขาว', barcode: '', price: null, active: false },
    ]);
    expect(body.variants[4]).toEqual({ size: 'L', color: 'ดำ', price: null, active: true });
    expect(VariantGridRequest.safeParse(body).success).toBe(true);
  });

  it('builds the count from the opened figures, naming new cells by the ids the PUT answered', () => {
    let rows = buildGrid(['S', 'M', 'L'], ['ดำ'], polo);
    rows = setCell(rows, 1, 0, 'stock', '3');
    rows = setCell(rows, 2, 0, 'stock', '6');
    const saved = [...polo, variant(9, 'L', 'ดำ')];
    expect(countRequest(rows, saved, false)).toEqual({
      counts: [
        { variantId: 3, expected: 2, counted: 3 },
        { variantId: 9, expected: 0, counted: 6 },
      ],
      clearUnassigned: false,
    });
    expect(countRequest(buildGrid(['S'], ['ดำ'], polo), polo, false)).toBeNull();
    expect(countRequest(buildGrid(['S'], ['ดำ'], polo), polo, true)).toEqual({ counts: [], clearUnassigned: true });
  });

  it('reloads the figures after a refused count: the moved cell shows the fresh stock, other typed counts stay', () => {
    let rows = buildGrid(['S', 'M'], ['ดำ'], polo);
    rows = setCell(rows, 0, 0, 'stock', '7');
    rows = setCell(rows, 1, 0, 'stock', '5');
    const fresh = polo.map((v) => (v.id === 3 ? { ...v, stock: 1 } : v.id === 1 ? { ...v, stock: 4 } : v));
    const reloaded = reloadStock(rows, fresh, 3);
    expect(reloaded.map((r) => r.map((c) => [c.stock, c.openedStock]))).toEqual([[['7', 4]], [['1', 1]]]);
    expect(countRequest(reloaded, fresh, false)?.counts).toEqual([{ variantId: 1, expected: 4, counted: 7 }]);
  });

  it('finds the cell a server field error names, in reading order', () => {
    const rows = buildGrid(['S', 'M', 'L'], ['ดำ', 'ขาว'], []);
    expect(cellOfField(rows, 'variants.3.barcode')).toEqual({ row: 1, col: 1 });
    expect(cellOfField(rows, 'variants.6.barcode')).toBeNull();
    expect(cellOfField(rows, 'sku')).toBeNull();
  });
});
