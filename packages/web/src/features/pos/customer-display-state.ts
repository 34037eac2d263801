import {
  bahtToSatang,
  satangToBaht,
  type DisplayLine,
  type DisplayState,
  type PaymentMethod,
  type PricingSettings,
  type Sale,
} from '@pos/core';
import { IDLE_DISPLAY } from '@pos/core';
import { cartFigures, type CartState } from './cart';

/** What the till's customer display shows for the till's cart, payment and last sale (issue 37). */
export function tillDisplayState(input: {
  cart: CartState;
  pricing: PricingSettings;
  /** The payment dialog is open, with the method the cashier is on (null: still choosing). */
  paying: { method: PaymentMethod | null } | null;
  /** The sale just paid, shown with its change until the next customer. */
  sold: Sale | null;
  variantOf: (line: { size: string | null; color: string | null }) => string;
}): DisplayState {
  const { cart, pricing, paying, sold, variantOf } = input;
  if (sold) {
    return {
      phase: 'thanks',
      lines: sold.items.map((item) => ({
        name: item.product_name,
        detail: variantOf(item) || null,
        quantity: item.quantity,
        total: item.total,
      })),
      subtotal: sold.subtotal,
      discount: sold.discount,
      total: sold.total,
      pointsEarned: sold.points_earned,
      payment: sold.payment_method === 'split' ? null : { method: sold.payment_method, amount: sold.total },
      change: sold.payment.change,
    };
  }
  const figures = cartFigures(cart, pricing);
  if (!figures) return IDLE_DISPLAY;
  const lines: DisplayLine[] = cart.lines.map((line) => ({
    name: line.product.name,
    detail: variantOf(line) || null,
    quantity: line.quantity,
    total: satangToBaht(bahtToSatang(line.price) * line.quantity),
  }));
  const total = satangToBaht(figures.total);
  return {
    phase: paying ? 'payment' : 'cart',
    lines,
    subtotal: satangToBaht(figures.subtotal),
    discount: satangToBaht(figures.discount),
    total,
    pointsEarned: figures.pointsEarned,
    payment: paying?.method ? { method: paying.method, amount: total } : null,
    change: null,
  };
}
