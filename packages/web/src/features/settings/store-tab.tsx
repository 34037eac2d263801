import { TextAreaField, TextField } from '../../components/form/text-field';
import { useT } from '../../i18n';
import { LogoCard } from './logo-card';
import type { SettingsControl } from './settings-form';

/** Store details (spec 001 "Store and system"): printed on receipts and tax invoices. */
export function StoreTab({
  control,
  logoUrl,
  readOnly,
}: {
  control: SettingsControl;
  logoUrl: string;
  readOnly: boolean;
}) {
  const t = useT();
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          control={control}
          name="settings.system.storeName"
          id="settings-store-name"
          label={t('settings.store.name')}
          className="sm:col-span-2"
          autoComplete="organization"
        />
        <TextAreaField
          control={control}
          name="settings.system.address"
          id="settings-address"
          label={t('settings.store.address')}
          className="sm:col-span-2"
          rows={3}
        />
        <TextField
          control={control}
          name="settings.system.phone"
          id="settings-phone"
          label={t('settings.store.phone')}
          type="tel"
          autoComplete="tel"
        />
        <TextField
          control={control}
          name="settings.system.email"
          id="settings-email"
          label={t('settings.store.email')}
          type="email"
          autoComplete="email"
        />
        <TextField
          control={control}
          name="settings.system.website"
          id="settings-website"
          label={t('settings.store.website')}
          type="url"
        />
        <TextField
          control={control}
          name="settings.system.taxId"
          id="settings-tax-id"
          label={t('settings.store.taxId')}
          hint={t('settings.store.taxIdHint')}
          inputMode="numeric"
        />
      </div>
      <LogoCard logoUrl={logoUrl} readOnly={readOnly} />
    </div>
  );
}
