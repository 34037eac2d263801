import { ETAX_TAB_SYSTEM_FIELDS } from './etax-address-fields';
import { SYSTEM_TAB_FIELDS } from './system-tab';

/** The settings screen's tabs, in spec 001 order; `?tab=` in the address picks one (the checklist links there). */
export const SETTINGS_TABS = [
  'store',
  'system',
  'payment',
  'categories',
  'barcode',
  'loyalty',
  'notifications',
  'shifts',
  'etax',
  'printers',
] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

export function settingsTabOf(value: string | null): SettingsTab {
  return SETTINGS_TABS.find((tab) => tab === value) ?? 'store';
}

/** The tab holding a form field (`settings.<group>.<field>`), to show the first refused one. */
export function tabOfField(path: string): SettingsTab {
  const [, group, field = ''] = path.split('.');
  if (group === 'system') {
    if (SYSTEM_TAB_FIELDS.has(field)) return 'system';
    // The structured seller's address is asked for only by e-Tax, so it lives in that tab.
    return ETAX_TAB_SYSTEM_FIELDS.has(field) ? 'etax' : 'store';
  }
  if (group === 'payment' || group === 'loyalty' || group === 'notifications' || group === 'shifts' || group === 'etax')
    return group;
  if (group === 'printing') return 'printers';
  return 'store';
}
