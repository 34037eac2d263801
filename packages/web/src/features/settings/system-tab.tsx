import { BranchField } from '../../components/form/branch-field';
import { CheckboxField } from '../../components/form/checkbox-field';
import { TextField } from '../../components/form/text-field';
import { useT } from '../../i18n';
import type { SettingsControl } from './settings-form';

/**
 * The system group's fields this tab shows (the store tab shows the others): where a refused field is
 * shown. Written beside the fields themselves; system-tab.test.tsx holds the two equal.
 */
export const SYSTEM_TAB_FIELDS: ReadonlySet<string> = new Set([
  'vatRegistered',
  'taxRate',
  'pricesIncludeVat',
  'vatExclusionNeedsApproval',
  'posRegistrationNumber',
  'branch',
]);

/**
 * VAT registration, tax rate and mode, VAT-exclusion approval, the POS registration number, and the shop's
 * branch as its full tax invoices state it (issue 36).
 */
export function SystemTab({ control, canSwitchApproval }: { control: SettingsControl; canSwitchApproval: boolean }) {
  const t = useT();
  return (
    <div className="grid max-w-2xl gap-4">
      <CheckboxField
        control={control}
        name="settings.system.vatRegistered"
        id="settings-vat-registered"
        label={t('settings.system.vatRegistered')}
        hint={t('settings.system.vatRegisteredHint')}
      />
      <TextField
        control={control}
        name="settings.system.taxRate"
        id="settings-tax-rate"
        label={t('settings.system.taxRate')}
        hint={t('settings.system.taxRateHint')}
        inputMode="decimal"
        className="max-w-xs"
      />
      <CheckboxField
        control={control}
        name="settings.system.pricesIncludeVat"
        id="settings-prices-include-vat"
        label={t('settings.system.pricesIncludeVat')}
        hint={t('settings.system.pricesIncludeVatHint')}
      />
      {/* The server lets only those who may approve (pos_refund) switch the approval. */}
      <CheckboxField
        control={control}
        name="settings.system.vatExclusionNeedsApproval"
        id="settings-vat-approval"
        label={t('settings.system.vatApproval')}
        disabled={!canSwitchApproval}
      />
      <TextField
        control={control}
        name="settings.system.posRegistrationNumber"
        id="settings-pos-number"
        label={t('settings.system.posNumber')}
        hint={t('settings.system.posNumberHint')}
        className="max-w-md"
      />
      <BranchField
        control={control}
        name="settings.system.branch"
        id="settings-branch"
        label={t('settings.system.branch')}
        hint={t('settings.system.branchHint')}
        headOfficeLabel={t('settings.system.headOffice')}
        branchLabel={t('settings.system.branchOption')}
        numberLabel={t('settings.system.branchNumber')}
      />
    </div>
  );
}
