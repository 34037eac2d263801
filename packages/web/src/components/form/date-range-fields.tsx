import { cn } from '../../lib/utils';
import { Input } from '../ui/input';
import { Label } from '../ui/label';

export interface DateRangeFieldsProps {
  /** Days (`YYYY-MM-DD`) or months (`YYYY-MM`). */
  type: 'date' | 'month';
  /** The two inputs are `{idPrefix}-start` and `{idPrefix}-end`. */
  idPrefix: string;
  labels: { start: string; end: string };
  start: string;
  end: string;
  onChange: (start: string, end: string) => void;
  /** Marks both inputs invalid (the caller says why, e.g. the end before the start). */
  invalid?: boolean;
  className?: string;
  inputClassName?: string;
}

/**
 * A from/to pair of date or month inputs, each with its label; the picker of each end stops at the
 * other end. The caller holds the values and decides when a pair is complete and in order.
 */
export function DateRangeFields({
  type,
  idPrefix,
  labels,
  start,
  end,
  onChange,
  invalid = false,
  className,
  inputClassName,
}: DateRangeFieldsProps) {
  const field = (which: 'start' | 'end') => {
    const id = `${idPrefix}-${which}`;
    return (
      <div className="space-y-1.5">
        <Label htmlFor={id}>{labels[which]}</Label>
        <Input
          id={id}
          type={type}
          value={which === 'start' ? start : end}
          max={which === 'start' ? end || undefined : undefined}
          min={which === 'end' ? start || undefined : undefined}
          onChange={(e) => (which === 'start' ? onChange(e.target.value, end) : onChange(start, e.target.value))}
          aria-invalid={invalid || undefined}
          className={inputClassName}
        />
      </div>
    );
  };
  return (
    <div className={cn('flex flex-wrap items-end gap-3', className)}>
      {field('start')}
      {field('end')}
    </div>
  );
}
