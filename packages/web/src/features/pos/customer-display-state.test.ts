import { IDLE_DISPLAY, pricingSettingsOf } from '@pos/core';
import { describe, expect, it } from 'vitest';
import { saleFixture } from '../../test-fixtures/sale';
import { storeSettingsFixture } from '../../test-fixtures/store-settings';
import { EMPTY_CART, type CartState } from './cart';
import { cartProductFixture } from './cart-fixtures';
import { tillDisplayState } from './customer-display-state';

const pricing = pricingSettingsOf(storeSettingsFixture({ taxRate: 7, pricesIncludeVat: true }));
const variantOf = (line: { size: string | null; color: string | null }) =>
  [line.size, line.color].filter(Boolean).join(' / ');
const shirt = cartProductFixture({ name: 'เสื้อเชิ้ตลินิน', price: 535 });
const cart: CartState = {
  ...EMPTY_CART,
  lines: [{ product: shirt, variantId: shirt.variants[0]!.id, size: 'M', color: 'ขาว', price: 535, quantity: 2 }],
};

describe('what the customer display shows', () => {
  it('shows nothing of an empty till', () => {
    expect(tillDisplayState({ cart: EMPTY_CART, pricing, paying: null, sold: null, variantOf })).toEqual(IDLE_DISPLAY);
  });

  it('shows the cart with its figures, then the method chosen at payment for the total', () => {
    const shown = tillDisplayState({ cart, pricing, paying: null, sold: null, variantOf });
    expect(shown).toMatchObject({
      phase: 'cart',
      lines: [{ name: 'เสื้อเชิ้ตลินิน', detail: 'M / ขาว', quantity: 2, total: 1070 }],
      subtotal: 1070,
      total: 1070,
      payment: null,
    });
    expect(shown.pointsEarned).toBe(10);
    const choosing = tillDisplayState({ cart, pricing, paying: { method: null }, sold: null, variantOf });
    expect([choosing.phase, choosing.payment]).toEqual(['payment', null]);
    const qr = tillDisplayState({ cart, pricing, paying: { method: 'promptpay' }, sold: null, variantOf });
    expect(qr.payment).toEqual({ method: 'promptpay', amount: 1070 });
  });

  it('thanks the customer with the sale as recorded and its change, whatever the cart now holds', () => {
    const sale = saleFixture({ total: 1070, subtotal: 1070, points_earned: 10, payment_method: 'cash' });
    const sold = { ...sale, payment: { ...sale.payment, change: 30 } };
    expect(tillDisplayState({ cart: EMPTY_CART, pricing, paying: null, sold, variantOf })).toMatchObject({
      phase: 'thanks',
      total: 1070,
      change: 30,
      pointsEarned: 10,
    });
  });
});
