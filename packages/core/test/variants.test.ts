import { describe, expect, it } from 'vitest';
import { onlyVariant, uniqueCode, variantCombinations, variantName, variantProblem, variantSku } from '../src/variants';

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

describe('variants of a style', () => {
  const polo = { sizes: ['S', 'M', 'รอบอก 40'], colors: ['Black', 'ดำ'] };

  it('makes every size × colour combination, and one without either for a plain product', () => {
    expect(variantCombinations(polo)).toHaveLength(6);
    expect(variantCombinations({ sizes: ['S'], colors: [] })).toEqual([{ size: 'S', color: null }]);
    expect(variantCombinations({ sizes: [], colors: [] })).toEqual([{ size: null, color: null }]);
  });

  it('gives a variant a printable SKU from its style, writing Thai names as their place in the list', () => {
    expect(variantSku('POLO', polo, { size: 'M', color: 'Black' })).toBe('POLO-M-BLACK');
    expect(variantSku('POLO', polo, { size: 'รอบอก 40', color: 'ดำ' })).toBe('POLO-S3-C2');
    expect(variantSku('POLO', polo, { size: null, color: null })).toBe('POLO');
    const long = variantSku('X'.repeat(64), polo, { size: 'S', color: 'ดำ' });
    expect(long).toHaveLength(64);
    expect(long.endsWith('-S-C2')).toBe(true);
  });

  it('makes a code unique with a counter, case-insensitively', () => {
    const taken = new Set(['polo-m', 'polo-m-2']);
    expect(uniqueCode('POLO-M', taken)).toBe('POLO-M-3');
    expect(uniqueCode('POLO-L', taken)).toBe('POLO-L');
    expect(taken.has('polo-m-3')).toBe(true);
  });

  it('names a variant as receipts show it', () => {
    expect(variantName('โปโล', { size: 'M', color: 'ดำ' })).toBe('โปโล ดำ / M');
    expect(variantName('โปโล', { size: 'M', color: null })).toBe('โปโล / M');
    expect(variantName('โปโล', { size: null, color: 'ดำ' })).toBe('โปโล ดำ');
    expect(variantName('โปโล', { size: null, color: null })).toBe('โปโล');
  });
});
