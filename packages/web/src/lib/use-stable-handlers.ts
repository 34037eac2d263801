import { useLayoutEffect, useRef, useState } from 'react';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any argument list: the wrappers only forward them.
type Handlers = Record<string, (...args: any[]) => unknown>;

/**
 * The same functions on every render, each calling the latest handler of that name, so a memoised
 * child (the cart panel) is not redrawn by renders that change nothing it shows (a key typed in the
 * search box). Only for event handlers: they run after the render that committed them.
 */
export function useStableHandlers<T extends Handlers>(handlers: T): T {
  const latest = useRef(handlers);
  useLayoutEffect(() => {
    latest.current = handlers;
  });
  const [stable] = useState(
    () =>
      Object.fromEntries(
        Object.keys(handlers).map((name) => [name, (...args: unknown[]) => latest.current[name]?.(...args)]),
      ) as T,
  );
  return stable;
}
