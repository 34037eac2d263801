import { formatBaht, formatCompactBaht, formatWholeBaht } from '@pos/core';
import { useLayoutEffect, useRef, useState } from 'react';
import { useI18n } from '../../i18n';
import { cn } from '../../lib/utils';
import { Tooltip } from './tooltip';

/**
 * A money figure of a summary card (issue 31): it never wraps. The exact amount (`฿6,627,854.00`) when
 * it fits its box, else the amount shortened (`฿6.63 ล้าน`), which keeps the exact one as its
 * screen-reader text, its title and a tooltip shown on hover and keyboard focus.
 */
export function MoneyFigure({
  value,
  whole = false,
  className,
}: {
  value: number;
  /** In whole baht (`฿1,235`), as the dashboard's comparison shows amounts (spec 000). */
  whole?: boolean;
  className?: string;
}) {
  const { intlLocale } = useI18n();
  const full = whole ? formatWholeBaht(value) : formatBaht(value);
  const boxRef = useRef<HTMLSpanElement>(null);
  const measureRef = useRef<HTMLSpanElement>(null);
  const [fits, setFits] = useState(true);

  useLayoutEffect(() => {
    const box = boxRef.current;
    const measure = measureRef.current;
    if (!box || !measure) return;
    const check = () => setFits(measure.offsetWidth <= box.clientWidth);
    check();
    // The box's width and the text's (a web font arriving) both decide.
    const observer = new ResizeObserver(check);
    observer.observe(box);
    observer.observe(measure);
    return () => observer.disconnect();
  }, [full]);

  return (
    <span ref={boxRef} data-testid="money-figure" className={cn('relative block min-w-0 whitespace-nowrap', className)}>
      {/* The exact amount at full size, unseen, to measure against the box. */}
      <span className="invisible absolute inset-x-0 top-0 h-0 overflow-hidden" aria-hidden>
        {/* Drawn from an attribute, so the page holds the amount's text once (finders, screen readers). */}
        <span ref={measureRef} data-text={full} className="inline-block before:content-[attr(data-text)]" />
      </span>
      {fits ? (
        full
      ) : (
        <Tooltip content={full}>
          {(describedBy) => (
            <span
              // Focusable so a keyboard user can bring up the exact amount.
              tabIndex={0}
              title={full}
              aria-describedby={describedBy}
              data-compact=""
              className="rounded focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:outline-none"
            >
              <span aria-hidden>{formatCompactBaht(value, intlLocale)}</span>
              <span className="sr-only">{full}</span>
            </span>
          )}
        </Tooltip>
      )}
    </span>
  );
}
