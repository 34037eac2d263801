import { useState } from 'react';
import { Input } from '../../components/ui/input';
import { useT } from '../../i18n';
import { MAX_LABEL_COUNT, parseLabelCount } from './label-selection';

/**
 * The number of labels for one product: a whole number from 1 (from 0 for a variant: 0 skips it). What cannot be
 * a count is ignored (spec 001 §5); while typing the field may be empty, and it
 * shows the kept count again when left.
 */
export function LabelCountInput({
  name,
  count,
  onChange,
  min = 1,
}: {
  name: string;
  count: number;
  onChange: (count: number) => void;
  min?: number;
}) {
  const t = useT();
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <Input
      type="number"
      inputMode="numeric"
      min={min}
      max={MAX_LABEL_COUNT}
      step={1}
      value={draft ?? String(count)}
      onFocus={(e) => {
        setDraft(String(count));
        e.currentTarget.select();
      }}
      onChange={(e) => {
        setDraft(e.target.value);
        const next = parseLabelCount(e.target.value, min);
        if (next !== null) onChange(next);
      }}
      onBlur={() => setDraft(null)}
      aria-label={t('barcodes.countLabel', { name })}
      className="w-24 text-center tabular-nums"
    />
  );
}
