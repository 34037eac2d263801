import type { EnglishOf } from './define-messages';
import type { screens as thai } from './screens';

/** Screen titles and the "not built yet" page, in English. */
export const screens: EnglishOf<typeof thai> = {
  'screens.dashboard': 'Dashboard',
  'screens.pos': 'Point of sale (POS)',
  'screens.products': 'Product management',
  'screens.barcodes': 'Barcode printing',
  'screens.customers': 'Customer management',
  'screens.customerHistory': 'Customer history',
  'screens.reports': 'Reports',
  'screens.salesHistory': 'Sales history',
  'screens.shifts': 'Shifts',
  'screens.users': 'User management',
  'screens.storage': 'Storage management',
  'screens.settings': 'Settings',
};
