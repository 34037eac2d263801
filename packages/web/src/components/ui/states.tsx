import { AlertTriangle, Inbox, RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { useT } from '../../i18n';
import { cn } from '../../lib/utils';
import { Button } from './button';

interface StateProps {
  title: string;
  message?: string | undefined;
  action?: ReactNode;
  className?: string;
}

/** A list still loading: its skeleton, with "loading" said to screen readers. */
export function LoadingState({ children }: { children: ReactNode }) {
  const t = useT();
  return (
    <>
      <p role="status" className="sr-only">
        {t('app.loading')}
      </p>
      {children}
    </>
  );
}

/** What to show when a list has nothing in it, and what to do next. */
export function EmptyState({ title, message, action, className }: StateProps) {
  return (
    <div
      className={cn(
        'flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center',
        className,
      )}
    >
      <span className="flex size-14 items-center justify-center rounded-full bg-slate-100 text-slate-500">
        <Inbox className="size-7" aria-hidden />
      </span>
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      {message ? <p className="max-w-md text-sm text-slate-600">{message}</p> : null}
      {action}
    </div>
  );
}

/** A load failure with its message and a retry button ("retry" unless `retryLabel` says otherwise). */
export function ErrorState({
  title,
  message,
  retryLabel,
  onRetry,
  retrying = false,
  className,
}: StateProps & { retryLabel?: string; onRetry: () => void; retrying?: boolean }) {
  const t = useT();
  return (
    <div
      role="alert"
      className={cn(
        'flex flex-col items-center gap-3 rounded-xl border border-red-200 bg-red-50 px-6 py-12 text-center',
        className,
      )}
    >
      <span className="flex size-14 items-center justify-center rounded-full bg-red-100 text-red-600">
        <AlertTriangle className="size-7" aria-hidden />
      </span>
      <h2 className="text-lg font-semibold text-red-900">{title}</h2>
      {message ? <p className="max-w-md text-sm text-red-800">{message}</p> : null}
      <Button variant="outline" onClick={onRetry} disabled={retrying}>
        <RotateCw className={cn(retrying && 'animate-spin')} aria-hidden />
        {retryLabel ?? t('common.retry')}
      </Button>
    </div>
  );
}
