import { PAYMENT_METHOD_ORDER, PAYMENT_METHOD_RULES, PAYMENT_METHODS, type PaymentMethod } from '@pos/core';
import type { ReactNode } from 'react';
import { useController, useWatch } from 'react-hook-form';
import { CheckboxField } from '../../components/form/checkbox-field';
import { TextField } from '../../components/form/text-field';
import { FormField } from '../../components/ui/form-field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { useT } from '../../i18n';
import { PAYMENT_METHOD_LOOK, PAYMENT_METHOD_SWITCH } from '../payments/payment-methods';
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

/** PromptPay's id, shown while PromptPay is on. */
function PromptPaySettings({ control }: MethodSettingsProps) {
  const t = useT();
  return (
    <TextField
      control={control}
      name="settings.payment.promptpayId"
      id="settings-promptpay-id"
      label={t('settings.payment.promptpayId')}
      hint={t('settings.payment.promptpayIdHint')}
      inputMode="numeric"
      className="ml-8 max-w-sm"
    />
  );
}

/** The card's keys and what the server has set up, shown while card is on. */
function CardSettings({ control, cardServer }: MethodSettingsProps) {
  const t = useT();
  return (
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
  );
}

interface MethodSettingsProps {
  control: SettingsControl;
  cardServer: CardServerSetup;
}

/** What a method needs set beside its switch, shown while it is on (core's needsSetting, the card's keys). */
const METHOD_SETTINGS: Partial<Record<PaymentMethod, (props: MethodSettingsProps) => ReactNode>> = {
  promptpay: PromptPaySettings,
  card: CardSettings,
};

/** A method's switch (its flag in core's method table), and its own settings while it is on. */
function MethodSwitch({ method, ...props }: MethodSettingsProps & { method: PaymentMethod }) {
  const t = useT();
  const flag = PAYMENT_METHOD_RULES[method].flag;
  const on = useWatch({ control: props.control, name: `settings.payment.${flag}` }) === true;
  const Settings = METHOD_SETTINGS[method];
  return (
    <>
      <CheckboxField
        control={props.control}
        name={`settings.payment.${flag}`}
        id={`settings-${method}`}
        label={t(PAYMENT_METHOD_SWITCH[method])}
      />
      {on && Settings ? <Settings {...props} /> : null}
    </>
  );
}

/** Payment methods, in the payment dialog's order; each method's own fields show only while it is on (spec 001). */
export function PaymentTab({ control, cardServer }: MethodSettingsProps) {
  const t = useT();
  return (
    <div className="grid max-w-2xl gap-3">
      {PAYMENT_METHOD_ORDER.map((method) => (
        <MethodSwitch key={method} method={method} control={control} cardServer={cardServer} />
      ))}
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
