import { describe, expect, it } from 'vitest';
import { groupToAsk, initialPick, isComplete, pickerGroups, pickNumber } from './variant-pick';

const TEE = { sizes: ['S', 'M', 'L', 'XL'], colors: ['แดง', 'น้ำเงิน', 'ขาว'] };

describe('size and colour picker', () => {
  it('asks sizes then colours, only those the product has', () => {
    expect(pickerGroups(TEE)).toEqual(['size', 'color']);
    expect(pickerGroups({ sizes: [], colors: ['ดำ', 'ขาว'] })).toEqual(['color']);
    expect(pickerGroups({ sizes: ['38', '39'], colors: [] })).toEqual(['size']);
  });

  it('starts with single values chosen and asks the first open group', () => {
    expect(initialPick(TEE)).toEqual({ size: null, color: null });
    const oneColour = { sizes: ['S', 'M'], colors: ['ดำ'] };
    expect(initialPick(oneColour)).toEqual({ size: null, color: 'ดำ' });
    expect(groupToAsk(oneColour, initialPick(oneColour))).toBe('size');
    expect(isComplete(oneColour, initialPick(oneColour))).toBe(false);
    expect(isComplete(oneColour, { size: 'M', color: 'ดำ' })).toBe(true);
  });

  it('chooses with number keys, group by group', () => {
    let pick = initialPick(TEE);
    expect(groupToAsk(TEE, pick)).toBe('size');
    pick = pickNumber(TEE, pick, 'size', 2)!;
    expect(pick).toEqual({ size: 'M', color: null });
    expect(groupToAsk(TEE, pick)).toBe('color');
    pick = pickNumber(TEE, pick, 'color', 3)!;
    expect(pick).toEqual({ size: 'M', color: 'ขาว' });
    expect(groupToAsk(TEE, pick)).toBeNull();
    expect(isComplete(TEE, pick)).toBe(true);
    // Changing one's mind: another number in the same group.
    expect(pickNumber(TEE, pick, 'size', 4)).toEqual({ size: 'XL', color: 'ขาว' });
    expect(pickNumber(TEE, pick, 'size', 5)).toBeNull();
    expect(pickNumber(TEE, pick, 'color', 0)).toBeNull();
  });
});
