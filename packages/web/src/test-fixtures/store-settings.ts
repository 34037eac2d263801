import { DEFAULT_SETTINGS, type StoreSettings } from '@pos/core';

/**
 * A shop's settings as GET /api/settings/store answers them: the defaults, with `system` changed and any other
 * group replaced (one place that knows every group, so a new setting changes no test that does not use it).
 */
export function storeSettingsFixture(
  system: Partial<StoreSettings['system']> = {},
  groups: Partial<Omit<StoreSettings, 'system'>> = {},
): StoreSettings {
  const d = structuredClone(DEFAULT_SETTINGS);
  const merged = { ...d.system, ...system };
  return {
    system: {
      ...merged,
      tax_rate: merged.taxRate,
      logo: merged.logo_url,
      vatApplies: merged.vatRegistered === true && merged.taxId !== '',
      ...system,
    },
    payment: { ...d.payment, stripeSecretConfigured: true },
    loyalty: d.loyalty,
    shifts: d.shifts,
    etax: { enabled: d.etax.enabled },
    printing: { printers: [], tills: {} },
    categories: [],
    ...groups,
  };
}

/** A shop registered for VAT (3 % on top) with its tax id. */
export const VAT_SHOP_SETTINGS = storeSettingsFixture({
  storeName: 'ร้านแต่งตัวดี',
  vatRegistered: true,
  taxId: '0105561234560',
});
