import {
  EtaxSettingsInput,
  isMaskedSecret,
  LoyaltySettingsInput,
  NotificationSettingsInput,
  PaymentSettingsInput,
  ShiftSettingsInput,
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
    shifts: ShiftSettingsInput,
    etax: EtaxSettingsInput,
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
  ...Object.keys(ShiftSettingsInput.shape).map((k) => `settings.shifts.${k}`),
  ...Object.keys(EtaxSettingsInput.shape).map((k) => `settings.etax.${k}`),
] as Path<SettingsFormInput>[];

/** A group's values as the form holds them: each field of its schema, as the server's settings show it. */
function valuesOf<S extends z.ZodObject>(schema: S, shown: object): z.input<S> {
  const view = shown as Readonly<Record<string, unknown>>;
  return Object.fromEntries(Object.keys(schema.shape).map((key) => [key, view[key]])) as z.input<S>;
}

/**
 * The form's values from the server's settings, field by field as core's schemas list them (a new setting needs
 * nothing here). The LINE token is never shown: its box starts empty.
 */
export function settingsFormValues(s: Settings): SettingsFormInput {
  const groups = SettingsForm.shape.settings.shape;
  return {
    settings: {
      system: valuesOf(groups.system, s.system),
      payment: valuesOf(groups.payment, s.payment),
      loyalty: valuesOf(groups.loyalty, s.loyalty),
      notifications: { ...valuesOf(groups.notifications, s.notifications), lineChannelAccessToken: '' },
      shifts: valuesOf(groups.shifts, s.shifts),
      etax: valuesOf(groups.etax, s.etax),
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
  const { system, payment, loyalty, notifications, shifts, etax } = values.settings;
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
    shifts,
    etax,
  };
}

export type SettingsControl = Control<SettingsFormInput, unknown, SettingsFormOutput>;
