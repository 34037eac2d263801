/**
 * The spec's `pending_checkout_*` keys: the cart, customer and discount kept in the browser while the
 * customer pays on Stripe's page, only to put the screen back as it was. The sale itself is what the
 * server kept with the checkout session; nothing here is sent to be recorded.
 */
import type { CartLine, CartState } from '../pos/cart';

const KEYS = {
  cart: 'pending_checkout_cart',
  customer: 'pending_checkout_customer',
  discount: 'pending_checkout_discount',
} as const;

interface PendingDiscount {
  pointsInput: string;
  pointsUsed: number;
  excludeVat: boolean;
}

export function savePendingCheckout(cart: CartState): void {
  try {
    localStorage.setItem(KEYS.cart, JSON.stringify(cart.lines));
    localStorage.setItem(KEYS.customer, JSON.stringify(cart.customerId));
    const discount: PendingDiscount = {
      pointsInput: cart.pointsInput,
      pointsUsed: cart.pointsUsed,
      excludeVat: cart.excludeVat,
    };
    localStorage.setItem(KEYS.discount, JSON.stringify(discount));
  } catch {
    // Storage full or blocked: the screen is simply not restored; the server still has the sale.
  }
}

export function clearPendingCheckout(): void {
  try {
    for (const key of Object.values(KEYS)) localStorage.removeItem(key);
  } catch {
    // nothing kept, nothing to clear
  }
}

function isLine(value: unknown): value is CartLine {
  if (typeof value !== 'object' || value === null) return false;
  const line = value as Partial<CartLine>;
  return (
    typeof line.quantity === 'number' &&
    typeof line.product === 'object' &&
    line.product !== null &&
    typeof line.product.id === 'number' &&
    typeof line.product.price === 'number'
  );
}

/** The saved cart, or null when none was kept (or it is unreadable). */
export function readPendingCheckout(): CartState | null {
  try {
    const lines: unknown = JSON.parse(localStorage.getItem(KEYS.cart) ?? 'null');
    if (!Array.isArray(lines) || !lines.every(isLine)) return null;
    const customer: unknown = JSON.parse(localStorage.getItem(KEYS.customer) ?? 'null');
    const discount = JSON.parse(localStorage.getItem(KEYS.discount) ?? 'null') as Partial<PendingDiscount> | null;
    return {
      lines,
      customerId: typeof customer === 'number' ? customer : null,
      pointsInput: typeof discount?.pointsInput === 'string' ? discount.pointsInput : '',
      pointsUsed: typeof discount?.pointsUsed === 'number' ? discount.pointsUsed : 0,
      excludeVat: discount?.excludeVat === true,
    };
  } catch {
    return null;
  }
}
