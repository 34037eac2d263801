import { forwardRef, useEffect, useImperativeHandle, useRef, type InputHTMLAttributes } from 'react';
import { cn } from '../../lib/utils';

interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  /** Some but not all of a group are checked (a select-all box). */
  indeterminate?: boolean;
}

/**
 * A native checkbox: a 20 px box inside a 44 px touch area (a wrapping label,
 * so a tap anywhere in it toggles the box). Give it an `aria-label`.
 */
export const Checkbox = forwardRef<HTMLInputElement, CheckboxProps>(function Checkbox(
  { className, indeterminate = false, ...props },
  ref,
) {
  const inner = useRef<HTMLInputElement>(null);
  useImperativeHandle(ref, () => inner.current as HTMLInputElement);
  useEffect(() => {
    if (inner.current) inner.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <label
      className={cn(
        'inline-flex size-11 shrink-0 cursor-pointer items-center justify-center rounded-lg hover:bg-slate-100',
        props.disabled && 'cursor-not-allowed hover:bg-transparent',
        className,
      )}
    >
      <input
        ref={inner}
        type="checkbox"
        className="size-5 cursor-pointer accent-blue-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:cursor-not-allowed"
        {...props}
      />
    </label>
  );
});
