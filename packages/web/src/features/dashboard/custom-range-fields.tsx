import { useState } from 'react';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
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
      <div className="space-y-1">
        <Label htmlFor="dashboard-start">{t('dashboard.customStart')}</Label>
        <Input
          id="dashboard-start"
          type="date"
          value={start}
          max={end || undefined}
          onChange={(e) => change(e.target.value, end)}
          aria-invalid={!inOrder || undefined}
          className="w-48"
        />
      </div>
      <div className="space-y-1">
        <Label htmlFor="dashboard-end">{t('dashboard.customEnd')}</Label>
        <Input
          id="dashboard-end"
          type="date"
          value={end}
          min={start || undefined}
          onChange={(e) => change(start, e.target.value)}
          aria-invalid={!inOrder || undefined}
          className="w-48"
        />
      </div>
      {inOrder ? null : (
        <p role="alert" className="w-full text-sm text-red-700">
          {t('dashboard.customInvalid')}
        </p>
      )}
    </div>
  );
}
