import { useCallback, useSyncExternalStore } from 'react';

/** Whether a CSS media query matches now, kept in step with the window. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Spec 000 §9: below 1024 px the cart is a drawer. */
export const DESKTOP_QUERY = '(min-width: 1024px)';
