import { describe, expect, it } from 'vitest';
import { postcodeOf } from './thai-address';

describe('the postcode of a Thai address', () => {
  it('is the last group of five digits standing alone', () => {
    expect(postcodeOf('99/1 ถนนสุขุมวิท แขวงคลองเตย เขตคลองเตย กรุงเทพมหานคร 10110')).toBe('10110');
    expect(postcodeOf('12345 หมู่ 3 ต.บ้านใหม่ อ.เมือง จ.นครราชสีมา 30000 โทร 0812345678')).toBe('30000');
  });

  it('is none without five digits standing alone', () => {
    expect(postcodeOf('1 ถนนพระราม 1 กรุงเทพฯ')).toBeNull();
    expect(postcodeOf('โทร 0812345678')).toBeNull();
  });
});
