import { type PricingSettings } from '@pos/core';
import { describe, expect, it } from 'vitest';
import {
  addProduct,
  applyPoints,
  cancelPoints,
  cartFigures,
  EMPTY_CART,
  itemCount,
  lineKey,
  parseQuantity,
  removeLine,
  setCustomer,
  setExcludeVat,
  setPointsInput,
  setQuantity,
  subtotalOf,
  syncProducts,
  validatePoints,
  type CartState,
} from './cart';
import { cartProductFixture, withStock } from './cart-fixtures';

const product = cartProductFixture;

const SHIRT = product();
const BAG = product({
  id: 2,
  name: 'กระเป๋าผ้า',
  price: 99.5,
  stock: 10,
  sku: 'BG-001',
  barcode: null,
  category: 'กระเป๋า',
  sizes: [],
  colors: [],
});
const SHIRT_LINE = lineKey(1, 'M', 'ขาว');
const BAG_LINE = lineKey(2, null, null);

const SETTINGS: PricingSettings = {
  taxRate: 7,
  pricesIncludeVat: false,
  onePointValueInBaht: 1,
  purchaseAmountForOnePoint: 100,
};

/** A cart holding one shirt, with customer 5, 10 points typed and applied, and VAT excluded. */
function withExtras(): CartState {
  let state = addProduct(EMPTY_CART, SHIRT).state;
  state = setCustomer(state, 5);
  state = setPointsInput(state, '10');
  state = applyPoints(state, { loyalty_points: 50 }, SETTINGS).state;
  state = setExcludeVat(state, true);
  expect(state.pointsUsed).toBe(10);
  return state;
}

function expectExtrasCleared(state: CartState) {
  expect(state.pointsUsed).toBe(0);
  expect(state.pointsInput).toBe('');
  expect(state.excludeVat).toBe(false);
}

describe('adding to the cart', () => {
  it('adds a new line with quantity 1 and a copy of the product', () => {
    const { state, notice } = addProduct(EMPTY_CART, SHIRT);
    expect(notice).toBeNull();
    expect(state.lines).toHaveLength(1);
    expect(state.lines[0]).toMatchObject({ quantity: 1, product: { id: 1, name: 'เสื้อยืดคอกลม', price: 250 } });
  });

  it('raises the quantity by one when the product is already in the cart', () => {
    let state = addProduct(EMPTY_CART, SHIRT).state;
    state = addProduct(state, SHIRT).state;
    expect(state.lines).toHaveLength(1);
    expect(state.lines[0]?.quantity).toBe(2);
  });

  it('refuses a product with stock 0 or less as out of stock', () => {
    for (const stock of [0, -2]) {
      const result = addProduct(EMPTY_CART, product({ stock }));
      expect(result.state).toBe(EMPTY_CART);
      expect(result.notice).toEqual({ kind: 'outOfStock', name: 'เสื้อยืดคอกลม' });
    }
  });

  it('refuses to go past the stock, saying how many are left', () => {
    let state = EMPTY_CART;
    for (let i = 0; i < 3; i++) state = addProduct(state, SHIRT).state;
    const result = addProduct(state, SHIRT);
    expect(result.state).toBe(state);
    expect(result.notice).toEqual({ kind: 'insufficientStock', name: 'เสื้อยืดคอกลม ขาว / M', available: 3 });
    expect(itemCount(result.state)).toBe(3);
  });

  it('checks against the stock of the product as added now (a fresh list)', () => {
    let state = addProduct(EMPTY_CART, SHIRT).state;
    const result = addProduct(state, product({ stock: 1 }));
    expect(result.notice).toMatchObject({ kind: 'insufficientStock', available: 1 });
    state = addProduct(state, product({ stock: 5, price: 260 })).state;
    expect(state.lines[0]).toMatchObject({ quantity: 2, product: { price: 260, stock: 5 } });
  });

  it('clears points, discount and VAT exclusion', () => {
    const { state } = addProduct(withExtras(), BAG);
    expectExtrasCleared(state);
    expect(state.customerId).toBe(5);
  });
});

describe('sizes and colours', () => {
  const TEE = product({
    id: 7,
    name: 'เสื้อโปโล',
    sku: 'PL-1',
    stock: 4,
    sizes: ['S', 'M', 'L'],
    colors: ['แดง', 'ขาว'],
  });

  it('keeps the chosen size and colour; the same choice raises the line, another size is another line', () => {
    let state = addProduct(EMPTY_CART, TEE, { size: 'M', color: 'แดง' }).state;
    state = addProduct(state, TEE, { size: 'M', color: 'แดง' }).state;
    state = addProduct(state, TEE, { size: 'L', color: 'แดง' }).state;
    expect(state.lines.map((l) => [l.size, l.color, l.quantity])).toEqual([
      ['M', 'แดง', 2],
      ['L', 'แดง', 1],
    ]);
    expect(itemCount(state)).toBe(3);
    // A single size and colour are taken without asking.
    expect(addProduct(EMPTY_CART, SHIRT).state.lines[0]).toMatchObject({ size: 'M', color: 'ขาว' });
    expect(addProduct(EMPTY_CART, BAG).state.lines[0]).toMatchObject({ size: null, color: null });
  });

  it('refuses a product that needs a choice without one, or a value it does not offer', () => {
    expect(addProduct(EMPTY_CART, TEE)).toEqual({
      state: EMPTY_CART,
      notice: { kind: 'variantUnavailable', name: 'เสื้อโปโล' },
    });
    expect(addProduct(EMPTY_CART, TEE, { size: 'XL', color: 'แดง' }).notice).toMatchObject({
      kind: 'variantUnavailable',
    });
  });

  it('counts the stock over all lines of the product', () => {
    let state = addProduct(EMPTY_CART, TEE, { size: 'S', color: 'ขาว' }).state;
    state = setQuantity(state, lineKey(7, 'S', 'ขาว'), 3).state;
    state = addProduct(state, TEE, { size: 'L', color: 'ขาว' }).state;
    const refused = addProduct(state, TEE, { size: 'M', color: 'ขาว' });
    expect(refused.state).toBe(state);
    // The 4 were counted for the style, not per size: the other lines hold them all, none is left for M.
    expect(refused.notice).toEqual({ kind: 'insufficientStock', name: 'เสื้อโปโล ขาว / M', available: 0 });
    // The other line holds 3 of the 4, so this one is cut to 1.
    const clamped = setQuantity(state, lineKey(7, 'L', 'ขาว'), 5);
    expect(clamped.state).toBe(state);
    expect(clamped.notice).toEqual({ kind: 'clamped', name: 'เสื้อโปโล ขาว / L', available: 1 });
    expect(removeLine(state, lineKey(7, 'S', 'ขาว')).lines.map((l) => l.size)).toEqual(['L']);
  });

  it('cuts to new stock over the lines and drops a line whose size is no longer offered', () => {
    let state = addProduct(EMPTY_CART, TEE, { size: 'S', color: 'ขาว' }).state;
    state = addProduct(state, TEE, { size: 'S', color: 'ขาว' }).state;
    state = addProduct(state, TEE, { size: 'L', color: 'ขาว' }).state;
    const cut = syncProducts(state, [withStock(TEE, 2)], 1);
    expect(cut.state.lines.map((l) => [l.size, l.quantity])).toEqual([['S', 2]]);
    expect(cut.notices).toEqual([{ kind: 'clamped', name: 'เสื้อโปโล ขาว / L', available: 2 }]);
    const noL = syncProducts(state, [{ ...TEE, sizes: ['S', 'M'] }], 1);
    expect(noL.state.lines.map((l) => l.size)).toEqual(['S']);
    expect(noL.notices).toEqual([{ kind: 'variantUnavailable', name: 'เสื้อโปโล ขาว / L' }]);
  });
});

describe('changing quantities', () => {
  const two = addProduct(addProduct(EMPTY_CART, SHIRT).state, BAG).state;

  it('reads the box as a whole number', () => {
    expect(parseQuantity('3')).toBe(3);
    expect(parseQuantity(' 2.9 ')).toBe(2);
    expect(parseQuantity('-1')).toBe(-1);
    expect(parseQuantity('')).toBeNull();
    expect(parseQuantity('abc')).toBeNull();
  });

  it('sets a quantity within stock', () => {
    const { state, notice } = setQuantity(two, BAG_LINE, 7);
    expect(notice).toBeNull();
    expect(state.lines.find((l) => l.product.id === 2)?.quantity).toBe(7);
  });

  it('removes the line at 0 or less', () => {
    expect(setQuantity(two, SHIRT_LINE, 0).state.lines.map((l) => l.product.id)).toEqual([2]);
    expect(setQuantity(two, BAG_LINE, -3).state.lines.map((l) => l.product.id)).toEqual([1]);
  });

  it('clamps a quantity above stock to the stock, with a warning', () => {
    const { state, notice } = setQuantity(two, SHIRT_LINE, 99);
    expect(state.lines.find((l) => l.product.id === 1)?.quantity).toBe(3);
    expect(notice).toEqual({ kind: 'clamped', name: 'เสื้อยืดคอกลม ขาว / M', available: 3 });
  });

  it('ignores unknown lines and non-numbers', () => {
    expect(setQuantity(two, lineKey(42, null, null), 3).state).toBe(two);
    expect(setQuantity(two, SHIRT_LINE, Number.NaN).state).toBe(two);
  });

  it('clears points, discount and VAT exclusion on any change', () => {
    const start = withExtras();
    expectExtrasCleared(setQuantity(start, SHIRT_LINE, 2).state);
    expectExtrasCleared(setQuantity(start, SHIRT_LINE, 0).state);
    expectExtrasCleared(removeLine(start, SHIRT_LINE));
  });

  it('keeps them when nothing changed', () => {
    const start = withExtras();
    expect(setQuantity(start, SHIRT_LINE, 1).state).toBe(start);
    expect(removeLine(start, lineKey(99, null, null))).toBe(start);
  });
});

describe('customer changes', () => {
  it('clear points, discount and VAT exclusion', () => {
    const state = setCustomer(withExtras(), 6);
    expect(state.customerId).toBe(6);
    expectExtrasCleared(state);
    expectExtrasCleared(setCustomer(withExtras(), null));
  });

  it('keep everything when the same customer is chosen again', () => {
    const start = withExtras();
    expect(setCustomer(start, 5)).toBe(start);
  });

  it('toggling VAT exclusion alone keeps the points', () => {
    const state = setExcludeVat(withExtras(), false);
    expect(state.pointsUsed).toBe(10);
    expect(state.excludeVat).toBe(false);
  });
});

describe('points', () => {
  const subtotal = 25_000; // 250 baht

  it('needs a positive whole number', () => {
    for (const input of ['', '  ', '0', '-5', '2.5', 'abc', '1e3']) {
      expect(validatePoints(input, { loyalty_points: 100 }, subtotal, 1), input).toEqual({
        ok: false,
        error: { kind: 'pointsRequired' },
      });
    }
  });

  it('needs a selected customer', () => {
    expect(validatePoints('10', null, subtotal, 1)).toEqual({ ok: false, error: { kind: 'needCustomer' } });
  });

  it("refuses more than the customer's balance, saying the balance", () => {
    expect(validatePoints('101', { loyalty_points: 100 }, subtotal, 1)).toEqual({
      ok: false,
      error: { kind: 'notEnoughPoints', balance: 100 },
    });
  });

  it('refuses a discount above the item subtotal', () => {
    expect(validatePoints('251', { loyalty_points: 1000 }, subtotal, 1)).toEqual({
      ok: false,
      error: { kind: 'discountOverSubtotal' },
    });
    expect(validatePoints('126', { loyalty_points: 1000 }, subtotal, 2)).toMatchObject({ ok: false });
    expect(validatePoints('125', { loyalty_points: 1000 }, subtotal, 2)).toEqual({ ok: true, points: 125 });
    expect(validatePoints('250', { loyalty_points: 1000 }, subtotal, 1)).toEqual({ ok: true, points: 250 });
  });

  it('applies and cancels', () => {
    let state = setCustomer(addProduct(EMPTY_CART, SHIRT).state, 5);
    state = setPointsInput(state, ' 20 ');
    const applied = applyPoints(state, { loyalty_points: 50 }, SETTINGS);
    expect(applied.error).toBeNull();
    expect(applied.state.pointsUsed).toBe(20);
    expect(cartFigures(applied.state, SETTINGS)?.discount).toBe(2_000);
    const cancelled = cancelPoints(applied.state);
    expect(cancelled.pointsUsed).toBe(0);
    expect(cancelled.pointsInput).toBe('');
    expect(cartFigures(cancelled, SETTINGS)?.discount).toBe(0);
  });

  it('leaves the cart alone when the entry is refused', () => {
    const state = setPointsInput(setCustomer(addProduct(EMPTY_CART, SHIRT).state, 5), '999');
    const result = applyPoints(state, { loyalty_points: 50 }, SETTINGS);
    expect(result.state).toBe(state);
    expect(result.error).toEqual({ kind: 'notEnoughPoints', balance: 50 });
  });
});

describe('figures', () => {
  it('come from core priceSale in satang', () => {
    let state = addProduct(EMPTY_CART, SHIRT).state;
    state = addProduct(state, BAG).state;
    state = setQuantity(state, BAG_LINE, 3).state;
    expect(subtotalOf(state)).toBe(25_000 + 3 * 9_950);
    expect(cartFigures(state, SETTINGS)).toEqual({
      subtotal: 54_850,
      discount: 0,
      tax: 3_840, // 548.50 × 7 % = 38.395 → 38.40
      total: 58_690,
      pointsEarned: 5,
    });
  });

  it('drop the tax when VAT is excluded, and compute VAT inside prices when they include it', () => {
    const state = addProduct(EMPTY_CART, product({ price: 107 })).state;
    expect(cartFigures(setExcludeVat(state, true), SETTINGS)).toMatchObject({ tax: 0, total: 10_700 });
    expect(cartFigures(state, { ...SETTINGS, pricesIncludeVat: true })).toMatchObject({ tax: 700, total: 10_700 });
  });

  it('are null for an empty cart', () => {
    expect(cartFigures(EMPTY_CART, SETTINGS)).toBeNull();
  });
});

describe('reloaded products', () => {
  it('take new prices and keep points while the discount still fits', () => {
    const start = withExtras();
    const { state, notices } = syncProducts(start, [product({ price: 300 })], 1);
    expect(notices).toEqual([]);
    expect(state.lines[0]?.product.price).toBe(300);
    expect(state.pointsUsed).toBe(10);
  });

  it('cut quantities to new stock and drop products that are gone or sold out, clearing the extras', () => {
    let start = addProduct(EMPTY_CART, SHIRT).state;
    start = setQuantity(addProduct(start, BAG).state, BAG_LINE, 5).state;
    const gone = syncProducts(start, [product({ stock: 0 })], 1);
    expect(gone.state.lines).toEqual([]);
    expect(gone.notices).toEqual([
      { kind: 'outOfStock', name: 'เสื้อยืดคอกลม ขาว / M' },
      { kind: 'unavailable', name: 'กระเป๋าผ้า' },
    ]);
    const cut = syncProducts(start, [SHIRT, withStock(BAG, 2)], 1);
    expect(cut.state.lines.map((l) => l.quantity)).toEqual([1, 2]);
    expect(cut.notices).toEqual([{ kind: 'clamped', name: 'กระเป๋าผ้า', available: 2 }]);
  });

  it('return the same state when nothing changed', () => {
    const start = withExtras();
    expect(syncProducts(start, [SHIRT, BAG], 1).state).toBe(start);
  });
});
