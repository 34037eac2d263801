import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { addProduct, EMPTY_CART, itemCount, setCustomer } from './cart';
import { cartProductFixture } from './cart-fixtures';
import { createCartStore, useCartSelector, type CartStore } from './use-cart';

const SHIRT = cartProductFixture();

describe('cart store', () => {
  it('applies each change to the latest cart at once, before any render, and hands back its result', () => {
    const store = createCartStore();
    const first = store.update((cart) => addProduct(cart, SHIRT));
    expect(first.notice).toBeNull();
    // A second scan before React has drawn the first still sees it.
    store.update((cart) => addProduct(cart, SHIRT));
    expect(store.latest.current.lines[0]?.quantity).toBe(2);
    expect(store.getState()).toBe(store.latest.current);
    store.reset();
    expect(store.getState()).toBe(EMPTY_CART);
  });

  it('tells its listeners of a change, and of nothing when a change leaves the cart as it was', () => {
    const store = createCartStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.set((cart) => setCustomer(cart, null));
    expect(listener).not.toHaveBeenCalled();
    store.set((cart) => setCustomer(cart, 7));
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    store.set((cart) => setCustomer(cart, 8));
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('redraws a component only when the part of the cart it reads changes', () => {
    const store = createCartStore();
    const renders = { count: 0, customer: 0 };
    function Count({ cartStore }: { cartStore: CartStore }) {
      renders.count++;
      return <p>{useCartSelector(cartStore, (cart) => itemCount(cart))}</p>;
    }
    function Customer({ cartStore }: { cartStore: CartStore }) {
      renders.customer++;
      return <p>{useCartSelector(cartStore, (cart) => String(cart.customerId))}</p>;
    }
    render(
      <>
        <Count cartStore={store} />
        <Customer cartStore={store} />
      </>,
    );
    act(() => void store.update((cart) => addProduct(cart, SHIRT)));
    expect(screen.getByText('1')).toBeTruthy();
    expect(renders).toEqual({ count: 2, customer: 1 });
    act(() => store.set((cart) => setCustomer(cart, 5)));
    expect(screen.getByText('5')).toBeTruthy();
    expect(renders).toEqual({ count: 2, customer: 2 });
  });
});
