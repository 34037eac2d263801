import { useCallback, useRef, useState } from 'react';
import { EMPTY_CART, type CartState } from './cart';

/**
 * The cart held in component state, changed only through the pure functions of
 * cart.ts. `update` runs against the latest state even when two events arrive
 * before React re-renders (a fast scanner), and hands back the function's result.
 */
export function useCart() {
  const [state, setState] = useState<CartState>(EMPTY_CART);
  const latest = useRef<CartState>(EMPTY_CART);

  const update = useCallback(<R extends { state: CartState }>(change: (current: CartState) => R): R => {
    const result = change(latest.current);
    if (result.state !== latest.current) {
      latest.current = result.state;
      setState(result.state);
    }
    return result;
  }, []);

  /** For changes that return only the new state. */
  const set = useCallback(
    (change: (current: CartState) => CartState) => update((current) => ({ state: change(current) })),
    [update],
  );

  const reset = useCallback(() => set(() => EMPTY_CART), [set]);

  return { cart: state, update, set, reset, latest };
}
