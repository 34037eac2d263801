import { useEffect, useLayoutEffect, useRef, useSyncExternalStore } from 'react';

/** Where the toaster goes: the strip's distance from the viewport's top and right edges, in px. */
export interface ToastStripPlace {
  top: number;
  right: number;
}

/** sonner's toast width (its TOAST_WIDTH): the strip is as wide as one toast. */
const TOAST_WIDTH_PX = 356;

let place: ToastStripPlace | null = null;
const listeners = new Set<() => void>();

function publish(next: ToastStripPlace | null): void {
  if (next?.top === place?.top && next?.right === place?.right) return;
  place = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The header's toast strip where one is shown (desktop, signed in), else null. */
export function useToastStripPlace(): ToastStripPlace | null {
  return useSyncExternalStore(
    subscribe,
    () => place,
    () => null,
  );
}

/**
 * A stretch of the desktop header kept empty for toasts (issue 31: they cover no control), laid out
 * with the header's own date and language button so a longer header moves it instead of meeting it.
 * The toaster (app/providers) takes its place from here; hidden below 1024 px, where toasts go to
 * the bottom band.
 */
export function ToastStrip() {
  const ref = useRef<HTMLDivElement>(null);
  const measure = () => {
    const el = ref.current;
    const box = el?.getBoundingClientRect();
    publish(
      el && box && box.width > 0
        ? { top: Math.round(box.top), right: Math.round(document.documentElement.clientWidth - box.right) }
        : null,
    );
  };
  // Each render of the header (language, date) may move it.
  useLayoutEffect(measure);
  // Set up once: `measure` reads only the ref.
  useEffect(() => {
    const header = ref.current?.closest('header');
    const observer = new ResizeObserver(measure);
    if (header) observer.observe(header);
    window.addEventListener('resize', measure);
    void document.fonts?.ready.then(measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
      publish(null);
    };
  }, []);
  return (
    <div
      ref={ref}
      aria-hidden
      data-testid="toast-strip"
      className="hidden h-12 shrink-0 lg:block"
      style={{ width: TOAST_WIDTH_PX }}
    />
  );
}
