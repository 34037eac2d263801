import { forwardRef, type InputHTMLAttributes } from 'react';
import { cn } from '../../lib/utils';

export const inputClasses = cn(
  'block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900',
  'placeholder:text-slate-500 focus:border-blue-600 focus:ring-2 focus:ring-blue-600/30 focus:outline-none',
  'disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500',
  '[&[readonly]]:bg-slate-50 [&[readonly]]:text-slate-600',
  'aria-invalid:border-red-500 aria-invalid:focus:ring-red-500/30',
);

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function Input(
  { className, type = 'text', ...props },
  ref,
) {
  return <input ref={ref} type={type} className={cn(inputClasses, className)} {...props} />;
});
