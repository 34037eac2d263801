import { describe, expect, it } from 'vitest';
import { bahtText } from './baht-text';

describe('amounts in Thai words', () => {
  it('says บาทถ้วน for whole baht and สตางค์ for the rest', () => {
    expect(bahtText(10_000)).toBe('หนึ่งร้อยบาทถ้วน');
    expect(bahtText(2_100)).toBe('ยี่สิบเอ็ดบาทถ้วน');
    expect(bahtText(123_450)).toBe('หนึ่งพันสองร้อยสามสิบสี่บาทห้าสิบสตางค์');
    expect(bahtText(115)).toBe('หนึ่งบาทสิบห้าสตางค์');
    expect(bahtText(29)).toBe('ยี่สิบเก้าสตางค์');
    expect(bahtText(100_000_001)).toBe('หนึ่งล้านบาทหนึ่งสตางค์');
  });
});
