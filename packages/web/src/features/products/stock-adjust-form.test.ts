import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { freshStockOf, previewStock, reasonsFor, StockAdjustSchema, stockAdjustDefaults } from './stock-adjust-form';

describe('adjust-stock form', () => {
  it('shows the resulting stock for add, remove and set once the amount is a whole number', () => {
    expect(previewStock(7, 'add', '5')).toBe(12);
    expect(previewStock(7, 'remove', ' 2 ')).toBe(5);
    expect(previewStock(7, 'remove', '9')).toBe(-2);
    expect(previewStock(7, 'set', '3')).toBe(3);
    expect(previewStock(7, 'add', '')).toBeNull();
    expect(previewStock(7, 'add', '1.5')).toBeNull();
  });

  it('checks the fields with the core rules: reason required, note with "other", not below zero', () => {
    const issues = (fields: object) => {
      const result = StockAdjustSchema.safeParse({ ...stockAdjustDefaults(4), ...fields });
      return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
    };
    expect(issues({ amount: '2' })).toHaveProperty('reason');
    expect(issues({ amount: '2', reason: 'other' })).toHaveProperty('note');
    expect(issues({ mode: 'remove', amount: '5', reason: 'damaged' }).amount).toContain('4');
    expect(StockAdjustSchema.parse({ ...stockAdjustDefaults(4), amount: '2', reason: 'received' })).toEqual({
      mode: 'add',
      amount: 2,
      expected: 4,
      reason: 'received',
      note: null,
    });
  });

  it('offers only the reasons that fit the direction, and refuses a reason against it', () => {
    expect(reasonsFor(7, 'add', null)).toEqual(['received', 'counted', 'other']);
    expect(reasonsFor(7, 'remove', 5)).toEqual(['counted', 'damaged', 'returned_to_supplier', 'other']);
    expect(reasonsFor(7, 'set', 3)).toEqual(['counted', 'damaged', 'returned_to_supplier', 'other']);
    expect(reasonsFor(7, 'set', 9)).toEqual(['received', 'counted', 'other']);
    expect(reasonsFor(7, 'set', null)).toHaveLength(5);
    const refused = StockAdjustSchema.safeParse({
      ...stockAdjustDefaults(4),
      mode: 'remove',
      amount: '1',
      reason: 'received',
    });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((i) => i.path.join('.'))).toEqual(['reason']);
  });

  it('reads the fresh stock from a 409 STOCK_CHANGED only', () => {
    const changed = new ApiError({ status: 409, code: 'STOCK_CHANGED', message: 'x', details: { stock: 7 } });
    expect(freshStockOf(changed)).toBe(7);
    expect(freshStockOf(new ApiError({ status: 409, code: 'SKU_TAKEN', message: 'x' }))).toBeNull();
    expect(freshStockOf(new Error('x'))).toBeNull();
  });
});
