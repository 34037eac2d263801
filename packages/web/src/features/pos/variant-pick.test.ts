import { variantCombinations, type VariantLists } from '@pos/core';
import { describe, expect, it } from 'vitest';
import {
  groupToAsk,
  initialPick,
  isComplete,
  pickerGroups,
  pickNumber,
  valueOffer,
  type PickedProduct,
} from './variant-pick';

/** Every combination of the lists sells, from stock not counted per size yet. */
function style(lists: VariantLists): PickedProduct {
  const variants = variantCombinations(lists).map((c, i) => ({
    id: i + 1,
    ...c,
    sku: `V${i}`,
    barcode: null,
    stock: 0,
    price: null,
  }));
  return { ...lists, variants, unassigned_stock: 5 };
}

const TEE = style({ sizes: ['S', 'M', 'L', 'XL'], colors: ['แดง', 'น้ำเงิน', 'ขาว'] });

describe('size and colour picker', () => {
  it('asks sizes then colours, only those the product has', () => {
    expect(pickerGroups(TEE)).toEqual(['size', 'color']);
    expect(pickerGroups(style({ sizes: [], colors: ['ดำ', 'ขาว'] }))).toEqual(['color']);
    expect(pickerGroups(style({ sizes: ['38', '39'], colors: [] }))).toEqual(['size']);
  });

  it('starts with single values chosen and asks the first open group', () => {
    expect(initialPick(TEE)).toEqual({ size: null, color: null });
    const oneColour = style({ sizes: ['S', 'M'], colors: ['ดำ'] });
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

  it('shows each value its stock, refuses sold-out and missing combinations, and names an own price', () => {
    const polo: PickedProduct = {
      sizes: ['S', 'M'],
      colors: ['ดำ', 'ขาว'],
      unassigned_stock: 0,
      variants: [
        { id: 1, size: 'S', color: 'ดำ', sku: 'a', barcode: null, stock: 0, price: null },
        { id: 2, size: 'M', color: 'ดำ', sku: 'b', barcode: null, stock: 3, price: null },
        { id: 3, size: 'M', color: 'ขาว', sku: 'c', barcode: null, stock: 1, price: 390 },
        // S / ขาว is not carried.
      ],
    };
    const none = { size: null, color: null };
    expect(valueOffer(polo, none, 'size', 'S')).toEqual({ stock: 0, sellable: false, price: null });
    expect(valueOffer(polo, none, 'size', 'M')).toEqual({ stock: 4, sellable: true, price: null });
    const m = { size: 'M', color: null };
    expect(valueOffer(polo, m, 'color', 'ขาว')).toEqual({ stock: 1, sellable: true, price: 390 });
    // S sold out: its number is refused, as a tap would be.
    expect(pickNumber(polo, none, 'size', 1)).toBeNull();
    const sWhite = { size: 'S', color: 'ขาว' };
    expect(isComplete(polo, sWhite)).toBe(false);
    expect(groupToAsk(polo, sWhite)).toBe('color');
    // Stock not counted per size yet sells any of them.
    expect(valueOffer({ ...polo, unassigned_stock: 2 }, none, 'size', 'S').sellable).toBe(true);
  });
});
