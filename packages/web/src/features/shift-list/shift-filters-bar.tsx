import { DateRangeFields } from '../../components/form/date-range-fields';
import { Button } from '../../components/ui/button';
import { Label } from '../../components/ui/label';
import { useT } from '../../i18n';
import { cn } from '../../lib/utils';
import { dateRangeReversed, isFiltered, NO_SHIFT_FILTERS, type ShiftFilters } from './shift-filters';

export interface FilterOption {
  id: number;
  name: string;
}

const selectClasses = cn(
  'block h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900',
  'focus:border-blue-600 focus:ring-2 focus:ring-blue-600/30 focus:outline-none',
);

const idOf = (value: string): number | null => (value === '' ? null : Number(value));

/** Till, person, the shop days and "difference only"; the list and the CSV follow them at once. */
export function ShiftFiltersBar({
  value,
  onChange,
  tills,
  people,
  status,
}: {
  value: ShiftFilters;
  onChange: (next: ShiftFilters) => void;
  tills: readonly FilterOption[];
  people: readonly FilterOption[];
  status?: string | undefined;
}) {
  const t = useT();
  const reversed = dateRangeReversed(value);
  return (
    <div className="mb-4 space-y-3" role="group" aria-label={t('shiftList.filters')}>
      <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] xl:items-end">
        <div className="space-y-1.5">
          <Label htmlFor="shift-filter-till">{t('shiftList.filterTill')}</Label>
          <select
            id="shift-filter-till"
            value={value.tillId ?? ''}
            onChange={(event) => onChange({ ...value, tillId: idOf(event.target.value) })}
            className={selectClasses}
          >
            <option value="">{t('shiftList.allTills')}</option>
            {tills.map((till) => (
              <option key={till.id} value={till.id}>
                {till.name}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="shift-filter-user">{t('shiftList.filterUser')}</Label>
          <select
            id="shift-filter-user"
            value={value.userId ?? ''}
            onChange={(event) => onChange({ ...value, userId: idOf(event.target.value) })}
            className={selectClasses}
          >
            <option value="">{t('shiftList.allUsers')}</option>
            {people.map((person) => (
              <option key={person.id} value={person.id}>
                {person.name}
              </option>
            ))}
          </select>
        </div>
        <DateRangeFields
          type="date"
          idPrefix="shift-filter"
          labels={{ start: t('shiftList.from'), end: t('shiftList.to') }}
          start={value.startDate}
          end={value.endDate}
          onChange={(startDate, endDate) => onChange({ ...value, startDate, endDate })}
          invalid={reversed}
          className="grid grid-cols-2 sm:col-span-2 xl:col-span-1"
        />
      </div>
      {reversed ? (
        <p role="alert" className="text-sm text-red-600">
          {t('shiftList.datesReversed')}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm font-medium text-slate-900">
          <input
            type="checkbox"
            checked={value.differenceOnly}
            onChange={(event) => onChange({ ...value, differenceOnly: event.target.checked })}
            className="size-5 shrink-0 cursor-pointer accent-blue-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
          />
          {t('shiftList.differenceOnly')}
        </label>
        {isFiltered(value) ? (
          <Button variant="ghost" onClick={() => onChange(NO_SHIFT_FILTERS)}>
            {t('shiftList.clearFilters')}
          </Button>
        ) : null}
        {status ? (
          <p role="status" className="ml-auto text-sm text-slate-600">
            {status}
          </p>
        ) : null}
      </div>
    </div>
  );
}
