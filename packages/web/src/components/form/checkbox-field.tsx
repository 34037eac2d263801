import type { FieldPath, FieldValues } from 'react-hook-form';
import { cn } from '../../lib/utils';
import { useFormField, type FieldBlockProps } from './use-form-field';

/**
 * An on/off setting bound to a form field: a checkbox with its label beside it (the whole row
 * is the touch target), and its hint or error under the label.
 */
export function CheckboxField<T extends FieldValues, N extends FieldPath<T>, TOut>({
  control,
  name,
  id,
  label,
  hint,
  className,
  disabled,
}: FieldBlockProps<T, N, TOut> & { disabled?: boolean }) {
  const { field, error, aria } = useFormField(control, name, id, hint);
  return (
    <div className={cn('flex min-h-11 items-start gap-3 py-1', className)}>
      <input
        {...aria}
        ref={field.ref}
        type="checkbox"
        name={field.name}
        checked={field.value === true}
        onChange={(event) => field.onChange(event.target.checked)}
        onBlur={field.onBlur}
        disabled={disabled}
        className="mt-1 size-5 shrink-0 cursor-pointer accent-blue-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:cursor-not-allowed"
      />
      <div className="min-w-0 space-y-0.5">
        <label htmlFor={id} className="cursor-pointer text-sm font-medium text-slate-900">
          {label}
        </label>
        {error ? (
          <p id={`${id}-error`} role="alert" className="text-sm text-red-600">
            {error}
          </p>
        ) : hint ? (
          <p id={`${id}-hint`} className="text-sm text-slate-500">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}
