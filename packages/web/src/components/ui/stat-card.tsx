import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/utils';
import { Card } from './card';
import { Skeleton } from './skeleton';

const TONES = {
  blue: 'bg-blue-100 text-blue-700',
  green: 'bg-green-100 text-green-700',
  amber: 'bg-amber-100 text-amber-700',
  violet: 'bg-violet-100 text-violet-700',
  red: 'bg-red-100 text-red-700',
} as const;

export type StatTone = keyof typeof TONES;

/**
 * One figure of a screen's summary row: label, value (tabular numbers), an icon and an optional note.
 * `loading` keeps the label and shows a placeholder for the value.
 */
export function StatCard({
  label,
  value,
  icon: Icon,
  tone = 'blue',
  note,
  loading = false,
  className,
}: {
  label: string;
  value: ReactNode;
  icon: LucideIcon;
  tone?: StatTone;
  note?: ReactNode;
  loading?: boolean;
  className?: string;
}) {
  return (
    <Card className={cn('flex items-start gap-3 p-4', className)}>
      <span className={cn('flex size-11 shrink-0 items-center justify-center rounded-lg', TONES[tone])}>
        <Icon className="size-5" aria-hidden />
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-sm text-slate-600">{label}</p>
        {loading ? (
          <Skeleton className="mt-1 h-7 w-12 sm:h-8 sm:w-16" />
        ) : (
          <p className="text-xl font-bold whitespace-nowrap text-slate-900 tabular-nums sm:text-2xl">{value}</p>
        )}
        {note ? <p className="text-xs text-slate-500">{note}</p> : null}
      </div>
    </Card>
  );
}

export function StatCardSkeleton() {
  return (
    <Card className="flex items-start gap-3 p-4" aria-hidden>
      <Skeleton className="size-11 rounded-lg" />
      <div className="flex-1 space-y-2">
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-7 w-2/3" />
      </div>
    </Card>
  );
}
