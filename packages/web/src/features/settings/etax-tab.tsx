import { CheckCircle2, KeyRound } from 'lucide-react';
import type { FormEvent } from 'react';
import { CheckboxField } from '../../components/form/checkbox-field';
import { TextField } from '../../components/form/text-field';
import { useT } from '../../i18n';
import { EtaxAddressFields } from './etax-address-fields';
import { EtaxEmailsSection } from './etax-emails-section';
import type { SettingsControl } from './settings-form';

/**
 * e-Tax Invoice by Email (issue 36): on/off, the seller's address in ETDA's parts, the shop's SMTP server and
 * sender, and ETDA's time-stamp address, saved with the other settings by the header's button; below them the
 * managers' list of e-mails (failed ones first, each with "send again"), each resend its own call. Two parts side
 * by side, never nested: the list's buttons are no part of the settings form.
 * The SMTP password is never asked for here: the server reads it from ETAX_SMTP_PASSWORD (as the Stripe key), and
 * this tab only says whether it is set.
 */
export function EtaxTab({
  control,
  passwordConfigured,
  readOnly,
  onSubmit,
}: {
  control: SettingsControl;
  passwordConfigured: boolean;
  /** Without settings_edit: the settings shown greyed, and no e-mail list (the server keeps it for editors). */
  readOnly: boolean;
  onSubmit: (event: FormEvent) => void;
}) {
  return (
    <div className="grid max-w-2xl gap-8">
      <form onSubmit={onSubmit} noValidate>
        <fieldset disabled={readOnly} className="grid min-w-0 gap-8">
          <EtaxSwitch control={control} />
          <EtaxAddressFields control={control} />
          <EtaxServerFields control={control} passwordConfigured={passwordConfigured} />
        </fieldset>
      </form>
      {readOnly ? null : (
        <div className="border-t border-slate-200 pt-6">
          <EtaxEmailsSection />
        </div>
      )}
    </div>
  );
}

/** The introduction and the switch (a refusal to switch on, ETAX_SETTINGS_INCOMPLETE, shows under it). */
function EtaxSwitch({ control }: { control: SettingsControl }) {
  const t = useT();
  return (
    <div className="grid gap-4">
      <p className="text-sm text-slate-600">{t('settings.etax.intro')}</p>
      <CheckboxField
        control={control}
        name="settings.etax.enabled"
        id="settings-etax-enabled"
        label={t('settings.etax.enabled')}
        hint={t('settings.etax.enabledHint')}
      />
    </div>
  );
}

/** Where the e-mails go out from: the SMTP server, its user (the password only in the environment), the sender. */
function EtaxServerFields({ control, passwordConfigured }: { control: SettingsControl; passwordConfigured: boolean }) {
  const t = useT();
  return (
    <section className="grid gap-4" aria-labelledby="settings-etax-server-title">
      <h3 id="settings-etax-server-title" className="text-base font-semibold text-slate-900">
        {t('settings.etax.serverTitle')}
      </h3>
      <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
        <TextField
          control={control}
          name="settings.etax.smtpHost"
          id="settings-etax-host"
          label={t('settings.etax.smtpHost')}
          autoComplete="off"
        />
        <TextField
          control={control}
          name="settings.etax.smtpPort"
          id="settings-etax-port"
          label={t('settings.etax.smtpPort')}
          inputMode="numeric"
          autoComplete="off"
        />
      </div>
      <CheckboxField
        control={control}
        name="settings.etax.smtpSecure"
        id="settings-etax-secure"
        label={t('settings.etax.smtpSecure')}
        hint={t('settings.etax.smtpSecureHint')}
      />
      <TextField
        control={control}
        name="settings.etax.smtpUser"
        id="settings-etax-user"
        label={t('settings.etax.smtpUser')}
        autoComplete="off"
      />
      <p
        role="status"
        data-testid="settings-etax-password"
        className={
          passwordConfigured
            ? 'flex items-start gap-2 rounded-lg bg-green-50 p-3 text-sm text-green-900'
            : 'flex items-start gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900'
        }
      >
        {passwordConfigured ? (
          <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden />
        ) : (
          <KeyRound className="mt-0.5 size-4 shrink-0" aria-hidden />
        )}
        {passwordConfigured ? t('settings.etax.passwordSet') : t('settings.etax.passwordMissing')}
      </p>
      <TextField
        control={control}
        name="settings.etax.senderAddress"
        id="settings-etax-sender"
        label={t('settings.etax.senderAddress')}
        hint={t('settings.etax.senderAddressHint')}
        type="email"
        inputMode="email"
        autoComplete="off"
      />
      <TextField
        control={control}
        name="settings.etax.timestampAddress"
        id="settings-etax-timestamp"
        label={t('settings.etax.timestampAddress')}
        hint={t('settings.etax.timestampAddressHint')}
        type="email"
        inputMode="email"
        autoComplete="off"
      />
    </section>
  );
}
