import { describe, expect, it } from 'vitest';
import { reportRange } from './report-periods';

describe('reportRange', () => {
  it('counts the period back from today, today included', () => {
    expect(reportRange('today', '2026-03-01')).toEqual({ startDate: '2026-03-01', endDate: '2026-03-01' });
    expect(reportRange('week', '2026-03-01')).toEqual({ startDate: '2026-02-23', endDate: '2026-03-01' });
    expect(reportRange('month', '2026-03-01')).toEqual({ startDate: '2026-01-31', endDate: '2026-03-01' });
    expect(reportRange('year', '2024-12-31')).toEqual({ startDate: '2024-01-02', endDate: '2024-12-31' });
  });
});
