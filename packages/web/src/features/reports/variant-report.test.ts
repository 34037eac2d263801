import type { VariantReportResponse } from '@pos/core';
import { describe, expect, it } from 'vitest';
import { breakdownRows, formatSellThrough, nothingSold, showsUnassigned, variantLabel } from './variant-report';

const report = (overrides: Partial<VariantReportResponse> = {}): VariantReportResponse => ({
  product: { id: 1, name: 'โปโล' },
  startDate: '2026-03-01',
  endDate: '2026-03-31',
  bySize: [],
  byColor: [],
  variants: [],
  unassigned: { sold: 0, revenue: 0, stock: 0 },
  total: { quantity: 0, revenue: 0 },
  ...overrides,
});

describe('variant report rows', () => {
  it('keeps the server order, names a missing size, and measures bars against the best seller', () => {
    const rows = breakdownRows(
      [
        { value: 'S', quantity: 2, revenue: 700 },
        { value: 'M', quantity: 4, revenue: 1400 },
        { value: null, quantity: 1, revenue: 350 },
      ],
      'ไม่ระบุไซส์',
    );
    expect(rows.map((r) => [r.label, r.bar])).toEqual([
      ['S', 50],
      ['M', 100],
      ['ไม่ระบุไซส์', 25],
    ]);
    expect(new Set(rows.map((r) => r.key)).size).toBe(3);
  });

  it('draws no bar when nothing is kept', () => {
    expect(breakdownRows([{ value: 'S', quantity: 0, revenue: 0 }], '-')[0]!.bar).toBe(0);
  });

  it('says when nothing was sold and when the unassigned line matters', () => {
    expect(nothingSold(report())).toBe(true);
    expect(
      nothingSold(
        report({ total: { quantity: 1, revenue: 350 }, bySize: [{ value: 'S', quantity: 1, revenue: 350 }] }),
      ),
    ).toBe(false);
    expect(showsUnassigned(report())).toBe(false);
    expect(showsUnassigned(report({ unassigned: { sold: 0, revenue: 0, stock: 3 } }))).toBe(true);
  });

  it('writes a sell-through with at most one decimal, and a dash for none', () => {
    expect(formatSellThrough(33.3, 'en-US')).toBe('33.3%');
    expect(formatSellThrough(50, 'th-TH')).toBe('50%');
    expect(formatSellThrough(null, 'th-TH')).toBe('–');
  });

  it('labels a variant by its colour and size under the style, a plain product by its name', () => {
    expect(variantLabel({ name: 'โปโล ดำ / M', size: 'M', color: 'ดำ' })).toBe('ดำ / M');
    expect(variantLabel({ name: 'โปโล / M', size: 'M', color: null })).toBe('M');
    expect(variantLabel({ name: 'โปโล ดำ', size: null, color: 'ดำ' })).toBe('ดำ');
    expect(variantLabel({ name: 'กระเป๋าผ้า', size: null, color: null })).toBe('กระเป๋าผ้า');
  });
});
