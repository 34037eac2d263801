import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '../../lib/utils';

export interface TabItem<K extends string> {
  key: K;
  label: string;
  /** A small mark after the label (e.g. an error dot). */
  badge?: ReactNode;
}

/**
 * A WAI-ARIA tab list: one tab stop, arrow keys, Home and End move between tabs. It scrolls
 * sideways on narrow screens rather than wrapping. Pair each tab with a <TabPanel>.
 */
export function TabList<K extends string>({
  idPrefix,
  label,
  tabs,
  value,
  onChange,
  className,
}: {
  idPrefix: string;
  label: string;
  tabs: readonly TabItem<K>[];
  value: K;
  onChange: (key: K) => void;
  className?: string;
}) {
  const refs = useRef(new Map<K, HTMLButtonElement>());
  const listRef = useRef<HTMLDivElement>(null);
  // The selected tab in view when the list scrolls sideways (a link straight to the last tab), without
  // scrolling the page itself as scrollIntoView would.
  useEffect(() => {
    const list = listRef.current;
    const tab = refs.current.get(value);
    if (!list || !tab) return;
    const outer = list.getBoundingClientRect();
    const inner = tab.getBoundingClientRect();
    if (inner.right > outer.right) list.scrollLeft += inner.right - outer.right;
    else if (inner.left < outer.left) list.scrollLeft -= outer.left - inner.left;
  }, [value]);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.key === value);
    const last = tabs.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const key = tabs[next]!.key;
    onChange(key);
    refs.current.get(key)?.focus();
  };
  return (
    <div
      ref={listRef}
      role="tablist"
      aria-label={label}
      onKeyDown={onKeyDown}
      className={cn('-mx-1 flex gap-1 overflow-x-auto border-b border-slate-200 px-1', className)}
    >
      {tabs.map((tab) => {
        const selected = tab.key === value;
        return (
          <button
            key={tab.key}
            ref={(el) => {
              if (el) refs.current.set(tab.key, el);
              else refs.current.delete(tab.key);
            }}
            type="button"
            role="tab"
            id={`${idPrefix}-tab-${tab.key}`}
            aria-selected={selected}
            aria-controls={`${idPrefix}-panel-${tab.key}`}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(tab.key)}
            className={cn(
              '-mb-px flex min-h-11 shrink-0 cursor-pointer items-center gap-1.5 border-b-2 px-3 text-sm font-medium whitespace-nowrap',
              'focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-blue-600',
              selected
                ? 'border-blue-600 text-blue-700'
                : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900',
            )}
          >
            {tab.label}
            {tab.badge}
          </button>
        );
      })}
    </div>
  );
}

/** The panel of one tab; only the selected one is drawn. */
export function TabPanel({
  idPrefix,
  tabKey,
  children,
  className,
}: {
  idPrefix: string;
  tabKey: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div
      role="tabpanel"
      id={`${idPrefix}-panel-${tabKey}`}
      aria-labelledby={`${idPrefix}-tab-${tabKey}`}
      tabIndex={0}
      className={cn('pt-6 focus-visible:outline-2 focus-visible:outline-blue-600', className)}
    >
      {children}
    </div>
  );
}
