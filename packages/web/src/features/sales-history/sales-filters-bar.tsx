import type { MessageKey } from '../../i18n';
import { useT } from '../../i18n';
import { DateRangeFields } from '../../components/form/date-range-fields';
import { SearchInput } from '../../components/ui/search-input';
import { cn } from '../../lib/utils';
import { RANGE_KINDS, type RangeKind } from './date-ranges';

const RANGE_LABEL: Record<RangeKind, MessageKey> = {
  all: 'salesHistory.rangeAll',
  today: 'salesHistory.rangeToday',
  week: 'salesHistory.rangeWeek',
  month: 'salesHistory.rangeMonth',
  year: 'salesHistory.rangeYear',
  custom: 'salesHistory.rangeCustom',
};

export interface FilterState {
  search: string;
  range: RangeKind;
  from: string;
  to: string;
}

/** Search box, the date filter buttons and, for a custom range, the from/to pair. */
export function SalesFiltersBar({
  value,
  onChange,
  status,
}: {
  value: FilterState;
  onChange: (next: FilterState) => void;
  status?: string | undefined;
}) {
  const t = useT();
  return (
    <div className="mb-4 space-y-3">
      <SearchInput
        id="sales-search"
        label={t('salesHistory.searchLabel')}
        placeholder={t('salesHistory.searchPlaceholder')}
        value={value.search}
        onValueChange={(search) => onChange({ ...value, search })}
        status={status}
      />
      <div role="group" aria-label={t('salesHistory.dateFilter')} className="flex flex-wrap gap-2">
        {RANGE_KINDS.map((kind) => (
          <button
            key={kind}
            type="button"
            aria-pressed={value.range === kind}
            onClick={() => onChange({ ...value, range: kind })}
            className={cn(
              'min-h-11 cursor-pointer rounded-full border px-4 text-sm font-medium',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600',
              value.range === kind
                ? 'border-blue-600 bg-blue-600 text-white'
                : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
            )}
          >
            {t(RANGE_LABEL[kind])}
          </button>
        ))}
      </div>
      {value.range === 'custom' ? (
        <DateRangeFields
          type="date"
          idPrefix="sales"
          labels={{ start: t('salesHistory.from'), end: t('salesHistory.to') }}
          start={value.from}
          end={value.to}
          onChange={(from, to) => onChange({ ...value, from, to })}
          className="grid max-w-md grid-cols-2"
        />
      ) : null}
    </div>
  );
}
