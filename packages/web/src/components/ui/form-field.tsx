import type { ReactNode } from 'react';
import { useI18n, validationText } from '../../i18n';
import { cn } from '../../lib/utils';
import { Label } from './label';

interface FormFieldProps {
  id: string;
  label: string;
  /** Shown after the label in lighter text, e.g. "(optional)". */
  labelNote?: string;
  hint?: string;
  error?: string | undefined;
  className?: string;
  children: ReactNode;
}

/**
 * A label, a control, and its hint or error (core's validation ids worded in the reader's language).
 * The control takes `id`, `aria-invalid` and `aria-describedby` itself.
 */
export function FormField({ id, label, labelNote, hint, error, className, children }: FormFieldProps) {
  const { locale } = useI18n();
  return (
    <div className={cn('space-y-1.5', className)}>
      <Label htmlFor={id}>
        {label}
        {labelNote ? <span className="ml-1 font-normal text-slate-500">{labelNote}</span> : null}
      </Label>
      {children}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-600">
          {validationText(locale, error)}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="text-sm text-slate-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** The aria props a control inside FormField needs. */
export function fieldAria(id: string, error: string | undefined, hasHint = false) {
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : hasHint ? `${id}-hint` : undefined,
  } as const;
}
