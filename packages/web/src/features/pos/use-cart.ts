import { useState, useSyncExternalStore } from 'react';
import { EMPTY_CART, type CartState } from './cart';

/**
 * The cart, held outside React and changed only through the pure functions of cart.ts. Components
 * read the part they draw (`useCartSelector`), so a scan redraws the cart panel and the catalogue,
 * not the whole POS screen with its queries and dialogs (issue 10 item 6: Enter → cart line < 50 ms).
 * `update` runs against the latest state even when two events arrive before React re-renders (a fast
 * scanner), and hands back the function's result.
 */
export interface CartStore {
  getState: () => CartState;
  subscribe: (listener: () => void) => () => void;
  update: <R extends { state: CartState }>(change: (current: CartState) => R) => R;
  /** For changes that return only the new state. */
  set: (change: (current: CartState) => CartState) => void;
  reset: () => void;
  /** The cart as of the last event, ahead of React's render. */
  latest: { readonly current: CartState };
}

export function createCartStore(initial: CartState = EMPTY_CART): CartStore {
  let state = initial;
  const listeners = new Set<() => void>();
  const update = <R extends { state: CartState }>(change: (current: CartState) => R): R => {
    const result = change(state);
    if (result.state !== state) {
      state = result.state;
      for (const listener of listeners) listener();
    }
    return result;
  };
  const set = (change: (current: CartState) => CartState) => void update((current) => ({ state: change(current) }));
  return {
    getState: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    update,
    set,
    reset: () => set(() => EMPTY_CART),
    latest: {
      get current() {
        return state;
      },
    },
  };
}

/** One cart for the lifetime of the component (the POS screen). */
export function useCartStore(): CartStore {
  return useState(createCartStore)[0];
}

/**
 * The part of the cart a component draws; it re-renders only when that part changes (compared with
 * Object.is, so select the cart's own objects or a primitive, never a new object).
 */
export function useCartSelector<T>(store: CartStore, select: (cart: CartState) => T): T {
  return useSyncExternalStore(store.subscribe, () => select(store.getState()));
}
