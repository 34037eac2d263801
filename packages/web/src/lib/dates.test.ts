import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './dates';

const AT = '2026-11-27T18:14:00Z';

describe('dates', () => {
  it("reads the app's locale codes as their Intl tags: English dates day first, as the tables show them", () => {
    expect(formatDateTime(AT, 'en')).toBe(formatDateTime(AT, 'en-GB'));
    expect(formatDateTime(AT, 'en')).toMatch(/^\d{1,2} Nov 2026/);
    expect(formatDate(AT, 'th')).toBe(formatDate(AT, 'th-TH'));
    expect(formatDate(AT, 'th')).toContain('2569');
  });
});
