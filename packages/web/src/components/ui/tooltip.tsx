import { useId, type ReactNode } from 'react';
import { cn } from '../../lib/utils';

/**
 * A short explanation shown while the control is hovered or keyboard-focused.
 * The control gets the tooltip's id for `aria-describedby`, so screen readers
 * read the text too. Not shown on programmatic focus after a mouse click.
 */
export function Tooltip({
  content,
  children,
  className,
}: {
  content: string;
  children: (describedBy: string) => ReactNode;
  className?: string;
}) {
  const id = useId();
  return (
    <span className={cn('group relative inline-flex', className)}>
      {children(id)}
      <span
        role="tooltip"
        id={id}
        className={cn(
          'pointer-events-none invisible absolute top-full left-0 z-50 mt-2 w-max max-w-72 rounded-md bg-slate-900 px-3 py-2',
          'text-xs leading-relaxed font-normal text-white opacity-0 shadow-lg transition-opacity',
          'group-hover:visible group-hover:opacity-100 group-has-[:focus-visible]:visible group-has-[:focus-visible]:opacity-100',
        )}
      >
        {content}
      </span>
    </span>
  );
}
