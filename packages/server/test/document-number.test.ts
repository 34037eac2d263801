import { describe, expect, it } from 'vitest';
import { documentSeries, formatDocumentNumber } from '../src/features/sale-records/document-number';

describe('document numbers', () => {
  it('start a new Buddhist-era series at midnight in the shop’s time zone, whatever zone was asked before', () => {
    // 31 Dec 2025 17:30 UTC is already 1 Jan 2026 (2569) in Bangkok, still 2025 (2568) in New York.
    const newYearInBangkok = new Date('2025-12-31T17:30:00Z');
    expect(documentSeries(newYearInBangkok, 'Asia/Bangkok')).toBe('R2569');
    expect(documentSeries(newYearInBangkok, 'America/New_York')).toBe('R2568');
    expect(documentSeries(new Date('2025-12-31T16:59:59Z'), 'Asia/Bangkok')).toBe('R2568');
    expect(documentSeries(newYearInBangkok, 'Asia/Bangkok')).toBe('R2569');
  });

  it('turn the year at the very millisecond in zones a quarter hour off the hour, one call after another', () => {
    // Kathmandu is UTC+5:45: its 2026 begins at 2025-12-31 18:15 UTC.
    const zone = 'Asia/Kathmandu';
    expect(documentSeries(new Date('2025-12-31T18:00:00.000Z'), zone)).toBe('R2568');
    expect(documentSeries(new Date('2025-12-31T18:14:59.999Z'), zone)).toBe('R2568');
    expect(documentSeries(new Date('2025-12-31T18:15:00.000Z'), zone)).toBe('R2569');
    expect(documentSeries(new Date('2025-12-31T18:29:59.999Z'), zone)).toBe('R2569');
    expect(documentSeries(new Date('2025-12-31T18:14:59.999Z'), zone)).toBe('R2568');
    // Chatham is UTC+13:45 in its summer: 2026 begins at 2025-12-31 10:15 UTC.
    expect(documentSeries(new Date('2025-12-31T10:14:59.999Z'), 'Pacific/Chatham')).toBe('R2568');
    expect(documentSeries(new Date('2025-12-31T10:15:00.000Z'), 'Pacific/Chatham')).toBe('R2569');
  });

  it('pad the sequence to six digits', () => {
    expect(formatDocumentNumber('R2569', 123)).toBe('R2569-000123');
  });
});
