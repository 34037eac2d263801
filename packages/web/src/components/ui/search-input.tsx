import { Search } from 'lucide-react';
import { forwardRef, type InputHTMLAttributes, type ReactNode } from 'react';
import { cn } from '../../lib/utils';
import { Input } from './input';

interface SearchInputProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'type' | 'value' | 'onChange' | 'size' | 'className'
> {
  id: string;
  /** The box's accessible name (a visually hidden label). */
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** Extra help for screen readers, tied to the box with aria-describedby (id `<id>-hint`). */
  hint?: string;
  /** A line under the box saying what the search found, announced as it changes. */
  status?: ReactNode;
  /** `lg`: the taller box of the POS screen. */
  size?: 'md' | 'lg';
  /** Classes of the outer wrapper (layout in the screen). */
  className?: string;
}

/** A list's search box: hidden label, search icon, `type="search"` input and an optional result line. */
export const SearchInput = forwardRef<HTMLInputElement, SearchInputProps>(function SearchInput(
  { id, label, value, onValueChange, hint, status, size = 'md', className, ...props },
  ref,
) {
  const hintId = `${id}-hint`;
  return (
    <div className={cn('space-y-2', className)}>
      <div className="relative">
        <label htmlFor={id} className="sr-only">
          {label}
        </label>
        <Search
          className={cn(
            'pointer-events-none absolute top-1/2 size-5 -translate-y-1/2 text-slate-400',
            size === 'lg' ? 'left-3.5' : 'left-3',
          )}
          aria-hidden
        />
        <Input
          ref={ref}
          id={id}
          type="search"
          autoComplete="off"
          aria-describedby={hint ? hintId : undefined}
          {...props}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          className={size === 'lg' ? 'h-12 pl-11 text-lg' : 'pl-10'}
        />
        {hint ? (
          <p id={hintId} className="sr-only">
            {hint}
          </p>
        ) : null}
      </div>
      {status ? (
        <p className="text-sm text-slate-600" role="status">
          {status}
        </p>
      ) : null}
    </div>
  );
});
