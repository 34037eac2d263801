import {
  isMaskedSecret,
  LoyaltySettingsInput,
  NotificationSettingsInput,
  PaymentSettingsInput,
  SystemSettingsInput,
  type Settings,
  type UpdateSettingsRequest,
} from '@pos/core';
import type { Control, Path } from 'react-hook-form';
import { z } from 'zod';

/**
 * The settings form: the core group schemas under `settings`, so the server's field errors
 * (`settings.system.taxId`) land on the form's own paths. The logo is not in it: only its
 * own calls change it (a save from an older form must not undo an upload).
 */
export const SettingsForm = z.object({
  settings: z.object({
    system: SystemSettingsInput.omit({ logo_url: true }),
    payment: PaymentSettingsInput,
    loyalty: LoyaltySettingsInput,
    notifications: NotificationSettingsInput,
  }),
});
export type SettingsFormInput = z.input<typeof SettingsForm>;
export type SettingsFormOutput = z.output<typeof SettingsForm>;

/** Every field, for the server's field errors. */
export const SETTINGS_FORM_FIELDS = [
  ...Object.keys(SystemSettingsInput.shape).map((k) => `settings.system.${k}`),
  ...Object.keys(PaymentSettingsInput.shape).map((k) => `settings.payment.${k}`),
  ...Object.keys(LoyaltySettingsInput.shape).map((k) => `settings.loyalty.${k}`),
  ...Object.keys(NotificationSettingsInput.shape).map((k) => `settings.notifications.${k}`),
] as Path<SettingsFormInput>[];

/** The form's values from the server's settings. The LINE token is never shown: its box starts empty. */
export function settingsFormValues(s: Settings): SettingsFormInput {
  const { system, payment, loyalty, notifications } = s;
  return {
    settings: {
      system: {
        storeName: system.storeName,
        vatRegistered: system.vatRegistered,
        taxRate: system.taxRate,
        pricesIncludeVat: system.pricesIncludeVat,
        vatExclusionNeedsApproval: system.vatExclusionNeedsApproval,
        address: system.address,
        phone: system.phone,
        email: system.email,
        website: system.website,
        taxId: system.taxId,
        posRegistrationNumber: system.posRegistrationNumber,
      },
      payment: {
        cashEnabled: payment.cashEnabled,
        transferEnabled: payment.transferEnabled,
        promptpayEnabled: payment.promptpayEnabled,
        promptpayId: payment.promptpayId,
        stripeEnabled: payment.stripeEnabled,
        stripePublishableKey: payment.stripePublishableKey,
        stripePriceId: payment.stripePriceId,
        defaultPaymentMethod: payment.defaultPaymentMethod,
        allowMultiplePaymentMethods: payment.allowMultiplePaymentMethods,
      },
      loyalty: { ...loyalty },
      notifications: {
        lineChannelAccessToken: '',
        lineUserId: notifications.lineUserId,
        notifyOnSale: notifications.notifyOnSale,
      },
    },
  };
}

/**
 * A typed LINE token, or undefined for "keep the saved one": the box left empty, or a masked
 * value (the browser only ever sees `••••WXYZ`), is never sent as a new token.
 */
export function newSecret(value: string): string | undefined {
  const trimmed = value.trim();
  return trimmed === '' || isMaskedSecret(trimmed) ? undefined : trimmed;
}

/** What PUT /api/settings gets from the form. */
export function settingsRequest(values: SettingsFormOutput): UpdateSettingsRequest['settings'] {
  const { system, payment, loyalty, notifications } = values.settings;
  const token = newSecret(notifications.lineChannelAccessToken);
  return {
    system,
    payment,
    loyalty,
    notifications: {
      lineUserId: notifications.lineUserId,
      notifyOnSale: notifications.notifyOnSale,
      ...(token === undefined ? {} : { lineChannelAccessToken: token }),
    },
  };
}

export type SettingsControl = Control<SettingsFormInput, unknown, SettingsFormOutput>;
