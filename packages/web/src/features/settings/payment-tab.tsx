import { PAYMENT_METHODS } from '@pos/core';
import { useController, useWatch } from 'react-hook-form';
import { CheckboxField } from '../../components/form/checkbox-field';
import { TextField } from '../../components/form/text-field';
import { FormField } from '../../components/ui/form-field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { useT } from '../../i18n';
import { PAYMENT_METHOD_LOOK } from '../payments/payment-methods';
import { CardSetupNotes, type CardServerSetup } from './card-setup-notes';
import type { SettingsControl } from './settings-form';

function DefaultMethodSelect({ control }: { control: SettingsControl }) {
  const t = useT();
  const { field } = useController({ control, name: 'settings.payment.defaultPaymentMethod' });
  const value = PAYMENT_METHODS.find((m) => m === field.value);
  return (
    <FormField id="settings-default-method" label={t('settings.payment.default')} className="max-w-xs">
      <Select value={value} onValueChange={field.onChange}>
        <SelectTrigger id="settings-default-method" onBlur={field.onBlur}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {PAYMENT_METHODS.map((method) => (
            <SelectItem key={method} value={method}>
              {t(PAYMENT_METHOD_LOOK[method].label)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </FormField>
  );
}

/** Payment methods; the PromptPay id and the card fields show only while their method is on (spec 001). */
export function PaymentTab({ control, cardServer }: { control: SettingsControl; cardServer: CardServerSetup }) {
  const t = useT();
  const promptpayEnabled = useWatch({ control, name: 'settings.payment.promptpayEnabled' }) === true;
  const stripeEnabled = useWatch({ control, name: 'settings.payment.stripeEnabled' }) === true;
  return (
    <div className="grid max-w-2xl gap-3">
      <CheckboxField
        control={control}
        name="settings.payment.cashEnabled"
        id="settings-cash"
        label={t('settings.payment.cash')}
      />
      <CheckboxField
        control={control}
        name="settings.payment.transferEnabled"
        id="settings-transfer"
        label={t('settings.payment.transfer')}
      />
      <CheckboxField
        control={control}
        name="settings.payment.promptpayEnabled"
        id="settings-promptpay"
        label={t('settings.payment.promptpay')}
      />
      {promptpayEnabled ? (
        <TextField
          control={control}
          name="settings.payment.promptpayId"
          id="settings-promptpay-id"
          label={t('settings.payment.promptpayId')}
          hint={t('settings.payment.promptpayIdHint')}
          inputMode="numeric"
          className="ml-8 max-w-sm"
        />
      ) : null}
      <CheckboxField
        control={control}
        name="settings.payment.stripeEnabled"
        id="settings-card"
        label={t('settings.payment.card')}
      />
      {stripeEnabled ? (
        <div className="ml-8 grid max-w-md gap-3">
          <CardSetupNotes control={control} server={cardServer} />
          <TextField
            control={control}
            name="settings.payment.stripePublishableKey"
            id="settings-stripe-key"
            label={t('settings.payment.publishableKey')}
            hint={t('settings.payment.publishableKeyHint')}
            autoComplete="off"
          />
          <TextField
            control={control}
            name="settings.payment.stripePriceId"
            id="settings-stripe-price"
            label={t('settings.payment.priceId')}
            hint={t('settings.payment.priceIdHint')}
            autoComplete="off"
          />
        </div>
      ) : null}
      <CheckboxField
        control={control}
        name="settings.payment.allowMultiplePaymentMethods"
        id="settings-multiple"
        label={t('settings.payment.multiple')}
      />
      <DefaultMethodSelect control={control} />
    </div>
  );
}
