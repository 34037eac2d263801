import { useCallback, useSyncExternalStore } from 'react';

// One MediaQueryList per query: matchMedia() parses the query on every call, and the snapshot is
// read on every render (the product grid asks five of them on each keystroke).
const lists = new Map<string, MediaQueryList>();

function mediaQueryList(query: string): MediaQueryList {
  let list = lists.get(query);
  if (!list) {
    list = window.matchMedia(query);
    lists.set(query, list);
  }
  return list;
}

/** Whether a CSS media query matches now, kept in step with the window. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = mediaQueryList(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => mediaQueryList(query).matches,
    () => false,
  );
}

/** Spec 000 §9: below 1024 px the sidebar and the POS cart are drawers. */
export const DESKTOP_QUERY = '(min-width: 1024px)';
