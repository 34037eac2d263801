import { Loader2 } from 'lucide-react';
import { cn } from '../../lib/utils';

/** A spinning icon. Give `label` when the spinner alone tells the user something is loading. */
export function Spinner({ className, label }: { className?: string; label?: string }) {
  const icon = <Loader2 className={cn('size-5 animate-spin', className)} aria-hidden />;
  if (!label) return icon;
  return (
    <span role="status" className="inline-flex items-center gap-2">
      {icon}
      <span className="sr-only">{label}</span>
    </span>
  );
}
