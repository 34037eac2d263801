import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvBaht, csvCell, csvFileName, toCsv } from '../src/csv';

describe('CSV', () => {
  it('starts with the UTF-8 byte-order mark and ends lines with CRLF', () => {
    const text = toCsv([
      ['Name', 'Total'],
      ['สมชาย ใจดี', 1250.5],
    ]);
    expect(text.startsWith(CSV_BOM)).toBe(true);
    expect(text).toBe('\uFEFFName,Total\r\nสมชาย ใจดี,1250.5\r\n');
    expect(new TextEncoder().encode(text).slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
  });

  it('can leave the byte-order mark out', () => {
    expect(toCsv([['a']], { bom: false })).toBe('a\r\n');
  });

  it('quotes commas, quotes and line breaks, doubling quotes', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line1\nline2')).toBe('"line1\nline2"');
    expect(csvCell('99/1 ถ.สุขุมวิท\r\nกรุงเทพฯ')).toBe('"99/1 ถ.สุขุมวิท\r\nกรุงเทพฯ"');
    expect(csvCell('plain')).toBe('plain');
  });

  it('writes empty cells for missing values and numbers as numbers', () => {
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(0)).toBe('0');
    expect(csvCell(-12.5)).toBe('-12.5');
    expect(csvCell(Number.NaN)).toBe('');
    expect(csvCell(true)).toBe('true');
  });

  it('keeps text that a spreadsheet would run as a formula as text', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvCell('+66 81')).toBe("'+66 81");
    expect(csvCell('@sum')).toBe("'@sum");
    expect(csvCell('-12.50')).toBe('-12.50');
  });

  it('writes baht with two decimals and names files with the date', () => {
    expect(csvBaht(1250.5)).toBe('1250.50');
    expect(csvBaht(Number.NaN)).toBe('0.00');
    expect(csvFileName('customer_history', '2026-11-22')).toBe('customer_history_2026-11-22.csv');
  });
});
