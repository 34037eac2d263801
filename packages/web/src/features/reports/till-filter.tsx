import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { useT } from '../../i18n';
import { useTills } from '../shifts/shifts.queries';

const WHOLE_SHOP = 'all';

interface TillFilterProps {
  id: string;
  /** The till whose figures are shown; null: the whole shop's. */
  value: number | null;
  onChange: (tillId: number | null) => void;
}

/**
 * Whose figures a report shows: the whole shop's or one till's (issue 35). Shown only once the shop has tills;
 * a till switched off stays in the list (its sales are still reported).
 */
export function TillFilter({ id, value, onChange }: TillFilterProps) {
  const t = useT();
  const tills = useTills();
  if (!tills.data || tills.data.length === 0) return null;
  return (
    <div className="flex min-w-0 items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium whitespace-nowrap text-slate-700">
        {t('reports.tillLabel')}
      </label>
      <Select
        value={value === null ? WHOLE_SHOP : String(value)}
        onValueChange={(next) => onChange(next === WHOLE_SHOP ? null : Number(next))}
      >
        <SelectTrigger id={id} className="min-w-0 flex-1 sm:w-64 sm:flex-none" data-testid="till-filter">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={WHOLE_SHOP}>{t('reports.tillAll')}</SelectItem>
          {tills.data.map((till) => (
            <SelectItem key={till.id} value={String(till.id)}>
              {till.active ? till.name : t('reports.tillInactive', { name: till.name })}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
