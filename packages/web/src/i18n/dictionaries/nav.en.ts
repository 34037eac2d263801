import type { EnglishOf } from './define-messages';
import type { nav as thai } from './nav';

/** The main menu, in English. */
export const nav: EnglishOf<typeof thai> = {
  'nav.dashboard': 'Dashboard',
  'nav.pos': 'Point of sale',
  'nav.products': 'Products',
  'nav.barcodes': 'Barcode printing',
  'nav.customers': 'Customers',
  'nav.customerHistory': 'Customer history',
  'nav.reports': 'Reports',
  'nav.salesHistory': 'Sales history',
  'nav.shifts': 'Shifts',
  'nav.users': 'User management',
  'nav.storage': 'Storage management',
  'nav.settings': 'Settings',
  'nav.mainMenu': 'Main menu',
};
