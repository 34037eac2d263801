import { TextField } from '../../components/form/text-field';
import { useT } from '../../i18n';
import type { SettingsControl } from './settings-form';

/** Loyalty numbers (spec 001: decimals, empty counts as 0). */
export function LoyaltyTab({ control }: { control: SettingsControl }) {
  const t = useT();
  return (
    <div className="grid max-w-2xl gap-4 sm:grid-cols-2">
      <TextField
        control={control}
        name="settings.loyalty.purchaseAmountForOnePoint"
        id="settings-loyalty-per-point"
        label={t('settings.loyalty.perPoint')}
        hint={t('settings.loyalty.perPointHint')}
        inputMode="decimal"
      />
      <TextField
        control={control}
        name="settings.loyalty.onePointValueInBaht"
        id="settings-loyalty-point-value"
        label={t('settings.loyalty.pointValue')}
        hint={t('settings.loyalty.pointValueHint')}
        inputMode="decimal"
      />
    </div>
  );
}
