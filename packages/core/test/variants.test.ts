import { describe, expect, it } from 'vitest';
import { onlyVariant, variantProblem } from '../src/variants';

describe('size and colour of a sale line', () => {
  const tee = { sizes: ['S', 'M'], colors: ['แดง'] };
  const plain = { sizes: [], colors: [] };

  it('needs one of the offered sizes and colours, and none where none are offered', () => {
    expect(variantProblem(tee, { size: 'M', color: 'แดง' })).toBeNull();
    expect(variantProblem(tee, { size: null, color: 'แดง' })).toBe('SIZE_REQUIRED');
    expect(variantProblem(tee, { size: 'XL', color: 'แดง' })).toBe('SIZE_NOT_OFFERED');
    expect(variantProblem(tee, { size: 'm', color: 'แดง' })).toBe('SIZE_NOT_OFFERED');
    expect(variantProblem(tee, { size: 'S', color: null })).toBe('COLOR_REQUIRED');
    expect(variantProblem(tee, { size: 'S', color: 'ขาว' })).toBe('COLOR_NOT_OFFERED');
    expect(variantProblem(plain, { size: null, color: null })).toBeNull();
    expect(variantProblem(plain, { size: 'M', color: null })).toBe('SIZE_NOT_OFFERED');
  });

  it('chooses by itself only when there is at most one size and one colour', () => {
    expect(onlyVariant(plain)).toEqual({ size: null, color: null });
    expect(onlyVariant({ sizes: ['Free'], colors: ['ดำ'] })).toEqual({ size: 'Free', color: 'ดำ' });
    expect(onlyVariant({ sizes: [], colors: ['ดำ'] })).toEqual({ size: null, color: 'ดำ' });
    expect(onlyVariant(tee)).toBeNull();
    expect(onlyVariant({ sizes: ['Free'], colors: ['ดำ', 'ขาว'] })).toBeNull();
  });
});
