import { describe, expect, it } from 'vitest';
import {
  normalizeTags,
  ProductWriteRequest,
  ReorderCategoriesRequest,
  stockLevel,
  UpdateStockRequest,
  validationText,
} from '../src/index';

const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), validationText(i.message)]));

describe('catalogue schemas', () => {
  it('reads the product form as the dialog sends it: text numbers, SKU as barcode, lists as JSON text', () => {
    const parsed = ProductWriteRequest.parse({
      name: ' เสื้อ ',
      barcode: 'A-1',
      category: 'เสื้อผ้า',
      price: '1,250.50',
      originalPrice: '1500',
      stock: '3',
      sizes: '[" S ","M","S",""]',
      colors: 'แดง, ดำ',
    });
    expect(parsed).toMatchObject({
      name: 'เสื้อ',
      sku: 'A-1',
      barcode: 'A-1',
      price: 1250.5,
      cost: 0,
      original_price: 1500,
      stock: 3,
      sizes: ['S', 'M'],
      colors: ['แดง', 'ดำ'],
    });
  });

  it('gives the spec 001 §5 messages for every missing required field at once', () => {
    expect(issues(ProductWriteRequest.safeParse({}))).toEqual({
      name: 'กรุณากรอกชื่อสินค้า',
      sku: 'กรุณากรอก SKU',
      category: 'กรุณาเลือกหมวดหมู่',
      price: 'กรุณากรอกราคาสินค้า',
    });
  });

  it('trims sizes and colours and drops empty and duplicate values', () => {
    expect(normalizeTags([' S', 'S ', '', '  ', 'M'])).toEqual(['S', 'M']);
  });

  it('reads stock counts and category orders', () => {
    expect(UpdateStockRequest.parse({ quantity: '12', reason: '' })).toEqual({ quantity: 12, reason: null });
    expect(UpdateStockRequest.safeParse({ quantity: -1 }).success).toBe(false);
    expect(ReorderCategoriesRequest.parse({ ids: [4, 2] })).toEqual([
      { id: 4, sort_order: 1 },
      { id: 2, sort_order: 2 },
    ]);
  });

  it('bands stock as the product screen colours it', () => {
    expect([0, 10, 11, 20, 21].map(stockLevel)).toEqual(['low', 'low', 'medium', 'medium', 'high']);
  });
});
