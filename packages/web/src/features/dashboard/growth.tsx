import { ArrowDownRight, ArrowUpRight, Minus } from 'lucide-react';
import { cn } from '../../lib/utils';

/** A growth percent as the server gave it (null: nothing to compare with), green up, red down. */
export function Growth({ percent, text }: { percent: number | null; text: string }) {
  const Icon = percent === null || percent === 0 ? Minus : percent > 0 ? ArrowUpRight : ArrowDownRight;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 text-sm font-medium tabular-nums',
        percent === null || percent === 0 ? 'text-slate-600' : percent > 0 ? 'text-green-700' : 'text-red-700',
      )}
    >
      <Icon className="size-4 shrink-0" aria-hidden />
      {text}
    </span>
  );
}

/** `12.5` → `12.5`, `-3` → `3` (the direction is in the words and the arrow). */
export function percentText(percent: number, intlLocale: string): string {
  return Math.abs(percent).toLocaleString(intlLocale, { maximumFractionDigits: 1 });
}
