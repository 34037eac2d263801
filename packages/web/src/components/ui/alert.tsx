import { AlertCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/utils';

/** An inline error box. */
export function ErrorAlert({
  title,
  children,
  className,
}: {
  title?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div
      role="alert"
      className={cn('flex gap-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800', className)}
    >
      <AlertCircle className="mt-0.5 size-5 shrink-0" aria-hidden />
      <div className="space-y-0.5">
        {title ? <p className="font-semibold">{title}</p> : null}
        <div>{children}</div>
      </div>
    </div>
  );
}
