import { useState } from 'react';
import { DateRangeFields } from '../../components/form/date-range-fields';
import { useI18n } from '../../i18n';
import type { DayRange } from '../../lib/date-keys';

/** The custom period's two days (end included); applied once both are set and in order. */
export function CustomRangeFields({ value, onApply }: { value: DayRange | null; onApply: (range: DayRange) => void }) {
  const { t } = useI18n();
  const [start, setStart] = useState(value?.startDate ?? '');
  const [end, setEnd] = useState(value?.endDate ?? '');
  const inOrder = start === '' || end === '' || start <= end;

  const change = (nextStart: string, nextEnd: string) => {
    setStart(nextStart);
    setEnd(nextEnd);
    if (nextStart !== '' && nextEnd !== '' && nextStart <= nextEnd) onApply({ startDate: nextStart, endDate: nextEnd });
  };

  return (
    <div className="flex flex-wrap items-end gap-3">
      <DateRangeFields
        type="date"
        idPrefix="dashboard"
        labels={{ start: t('dashboard.customStart'), end: t('dashboard.customEnd') }}
        start={start}
        end={end}
        onChange={change}
        invalid={!inOrder}
        className="contents"
        inputClassName="w-48"
      />
      {inOrder ? null : (
        <p role="alert" className="w-full text-sm text-red-700">
          {t('dashboard.customInvalid')}
        </p>
      )}
    </div>
  );
}
