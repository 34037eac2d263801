import { useId } from 'react';
import { inputClasses } from '../../components/ui/input';
import { useI18n } from '../../i18n';
import { cn } from '../../lib/utils';

/** Years offered: this one and the ten before (the VAT summary goes back as far as a shop keeps books). */
const YEARS_BACK = 10;

/**
 * A month as two lists, month and year, in the screen's language (issue 31: `<input type="month">`
 * spoke the browser's, "January 2026" beside "มกราคม 2569"); Thai shows Buddhist-era years.
 */
export function MonthField({
  label,
  value,
  thisMonth,
  onChange,
  invalid = false,
}: {
  label: string;
  /** `YYYY-MM`. */
  value: string;
  thisMonth: string;
  onChange: (month: string) => void;
  invalid?: boolean;
}) {
  const { t, intlLocale } = useI18n();
  const id = useId();
  const year = Number(value.slice(0, 4));
  const month = value.slice(5, 7);
  const lastYear = Number(thisMonth.slice(0, 4));
  const years = Array.from({ length: YEARS_BACK + 1 }, (_, i) => lastYear - YEARS_BACK + i);
  if (!years.includes(year)) years.unshift(year);
  const monthName = new Intl.DateTimeFormat(intlLocale, { month: 'long', timeZone: 'UTC' });
  const yearName = new Intl.DateTimeFormat(intlLocale, { year: 'numeric', timeZone: 'UTC' });
  const pad = (n: number) => String(n).padStart(2, '0');
  return (
    <fieldset className="space-y-1.5">
      <legend className="text-sm font-medium text-slate-900">{label}</legend>
      <div className="flex gap-2">
        <select
          id={`${id}-month`}
          aria-label={t('reports.monthOf', { field: label })}
          className={cn(inputClasses, 'w-36')}
          value={month}
          aria-invalid={invalid || undefined}
          onChange={(e) => onChange(`${pad(year)}-${e.target.value}`)}
        >
          {Array.from({ length: 12 }, (_, i) => (
            <option key={i} value={pad(i + 1)}>
              {monthName.format(Date.UTC(2000, i, 15))}
            </option>
          ))}
        </select>
        <select
          id={`${id}-year`}
          aria-label={t('reports.yearOf', { field: label })}
          className={cn(inputClasses, 'w-24')}
          value={String(year)}
          aria-invalid={invalid || undefined}
          onChange={(e) => onChange(`${e.target.value}-${month}`)}
        >
          {years.map((y) => (
            <option key={y} value={String(y)}>
              {yearName.format(Date.UTC(y, 5, 15))}
            </option>
          ))}
        </select>
      </div>
    </fieldset>
  );
}
