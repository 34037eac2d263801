import { describe, expect, it } from 'vitest';
import { ListSalesQuery, ListShiftsQuery, SalesExportQuery, ShiftsExportQuery } from '../src/index';

// The sales' and the shifts' lists share one rule for their days: start on or before end, refused on the end.
describe.each([
  ['sales', ListSalesQuery],
  ['sales export', SalesExportQuery],
  ['shifts', ListShiftsQuery],
  ['shifts export', ShiftsExportQuery],
])('the %s query', (_name, schema) => {
  it('takes days in order, one day, or either end alone', () => {
    for (const days of [
      { startDate: '2026-11-01', endDate: '2026-11-28' },
      { startDate: '2026-11-28', endDate: '2026-11-28' },
      { startDate: '2026-11-01' },
      { endDate: '2026-11-28' },
    ]) {
      expect(schema.safeParse(days).success).toBe(true);
    }
  });

  it('refuses an end before the start, on the end date', () => {
    const result = schema.safeParse({ startDate: '2026-11-28', endDate: '2026-11-01' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [['endDate'], 'validation.sale.dateRange'],
    ]);
  });
});
