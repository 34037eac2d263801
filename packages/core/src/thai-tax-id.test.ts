import { describe, expect, it } from 'vitest';
import { isBranchNumber, isThaiTaxId, taxIdDigits } from './thai-tax-id';

describe('Thai tax IDs', () => {
  it('accepts numbers whose check digit is right', () => {
    // Worked by hand: 010553611201 → Σ = 0·13+1·12+0·11+5·10+5·9+3·8+6·7+1·6+1·5+2·4+0·3+1·2 = 194,
    // 194 mod 11 = 7, (11 − 7) mod 10 = 4.
    expect(isThaiTaxId('0105536112014')).toBe(true);
    expect(isThaiTaxId('1101700230708')).toBe(true);
    expect(isThaiTaxId('3100600445716')).toBe(true);
  });

  it('refuses a wrong check digit, other lengths and non-digits', () => {
    expect(isThaiTaxId('0105536112012')).toBe(false);
    expect(isThaiTaxId('1101700230709')).toBe(false);
    expect(isThaiTaxId('010553611201')).toBe(false);
    expect(isThaiTaxId('01055361120120')).toBe(false);
    expect(isThaiTaxId('01055361120a2')).toBe(false);
  });

  it('takes out the spaces and dashes people type', () => {
    expect(taxIdDigits('1-1017-00230-70-8')).toBe('1101700230708');
    expect(taxIdDigits(' 0105 536 112014 ')).toBe('0105536112014');
  });

  it('knows a branch number is five digits', () => {
    expect(isBranchNumber('00000')).toBe(true);
    expect(isBranchNumber('00012')).toBe(true);
    expect(isBranchNumber('12')).toBe(false);
    expect(isBranchNumber('000001')).toBe(false);
  });
});
