import { ChevronLeft, ChevronRight } from 'lucide-react';
import { memo, useCallback, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useT } from '../../i18n';
import { cn } from '../../lib/utils';

interface CategoryChipsProps {
  names: readonly string[];
  /** The chosen category; '' for all. */
  value: string;
  onChange: (name: string) => void;
}

const EDGE_BUTTON =
  'absolute top-1 z-10 flex size-11 cursor-pointer items-center justify-center rounded-full border border-slate-300 bg-white text-slate-700 shadow-sm hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600';

/**
 * The category filter: one row of chips that scrolls sideways when it is wider than the screen.
 * A fade and an arrow button on each side that has more chips say so; Tab, ←/→, Home and End move
 * between chips and bring the focused one into view. Memoised: typing in the search box leaves it alone.
 */
export const CategoryChips = memo(function CategoryChips({ names, value, onChange }: CategoryChipsProps) {
  const t = useT();
  const scroller = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState({ before: false, after: false });

  const measure = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    const before = el.scrollLeft > 1;
    const after = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
    setMore((m) => (m.before === before && m.after === after ? m : { before, after }));
  }, []);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [measure, names]);

  const scrollByPage = (direction: 1 | -1) => {
    const el = scroller.current;
    el?.scrollBy({ left: direction * el.clientWidth * 0.75, behavior: 'smooth' });
  };

  const chips = () => [...(scroller.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = chips();
    const index = list.findIndex((chip) => chip === document.activeElement);
    if (index < 0) return;
    const next =
      event.key === 'ArrowRight'
        ? Math.min(list.length - 1, index + 1)
        : event.key === 'ArrowLeft'
          ? Math.max(0, index - 1)
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? list.length - 1
              : null;
    if (next === null) return;
    event.preventDefault();
    list[next]?.focus();
  };

  return (
    <div className="relative">
      <div
        ref={scroller}
        onScroll={measure}
        onKeyDown={onKeyDown}
        // Focus moving to a chip out of view scrolls it in (browsers do this for focus, smoothly here).
        onFocus={(event) => event.target.scrollIntoView({ block: 'nearest', inline: 'nearest' })}
        // py-1: room for the focus outline, which the scrolling row would otherwise clip.
        className="-mx-1 flex scroll-px-12 gap-2 overflow-x-auto scroll-smooth px-1 py-1 [scrollbar-width:thin]"
        role="group"
        aria-label={t('pos.categories')}
      >
        {['', ...names].map((name) => (
          <button
            key={name || '__all'}
            type="button"
            aria-pressed={value === name}
            onClick={() => onChange(name)}
            className={cn(
              'min-h-11 shrink-0 cursor-pointer rounded-full border px-4 text-sm font-medium whitespace-nowrap transition-colors',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600',
              value === name
                ? 'border-blue-600 bg-blue-600 text-white'
                : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-100',
            )}
          >
            {name === '' ? t('pos.allCategories') : name}
          </button>
        ))}
      </div>
      {more.before ? (
        <>
          <span
            aria-hidden
            className="pointer-events-none absolute inset-y-0 left-0 w-16 bg-gradient-to-r from-slate-50 to-transparent"
          />
          <button
            type="button"
            tabIndex={-1}
            aria-label={t('pos.categoriesBack')}
            title={t('pos.categoriesBack')}
            onClick={() => scrollByPage(-1)}
            className={cn(EDGE_BUTTON, 'left-0')}
            data-testid="pos-categories-back"
          >
            <ChevronLeft aria-hidden className="size-5" />
          </button>
        </>
      ) : null}
      {more.after ? (
        <>
          <span
            aria-hidden
            className="pointer-events-none absolute inset-y-0 right-0 w-16 bg-gradient-to-l from-slate-50 to-transparent"
          />
          <button
            type="button"
            tabIndex={-1}
            aria-label={t('pos.categoriesForward')}
            title={t('pos.categoriesForward')}
            onClick={() => scrollByPage(1)}
            className={cn(EDGE_BUTTON, 'right-0')}
            data-testid="pos-categories-forward"
          >
            <ChevronRight aria-hidden className="size-5" />
          </button>
        </>
      ) : null}
    </div>
  );
});
