import type { Permission } from '@pos/core';
import type { MessageKey } from '../../i18n/types';

export const LOGIN_PATH = '/login';
export const DEFAULT_SIGNED_IN_PATH = '/dashboard';

export type ScreenId =
  | 'dashboard'
  | 'pos'
  | 'products'
  | 'barcodes'
  | 'customers'
  | 'customer-history'
  | 'reports'
  | 'sales-history'
  | 'shifts'
  | 'users'
  | 'storage'
  | 'settings';

export interface AppRoute {
  path: string;
  screen: ScreenId;
  /** All of these are needed (spec 000 §2). */
  permissions: readonly Permission[];
  /** Sidebar label. */
  navKey: MessageKey;
  /** Screen title. */
  titleKey: MessageKey;
  /** Text of the no-access screen when it differs from the general one. */
  noAccessKey?: MessageKey;
}

/** The route table of spec 000 §2, in sidebar order. */
export const APP_ROUTES: readonly AppRoute[] = [
  {
    path: '/dashboard',
    screen: 'dashboard',
    permissions: ['reports_view'],
    navKey: 'nav.dashboard',
    titleKey: 'screens.dashboard',
  },
  {
    path: '/pos',
    screen: 'pos',
    permissions: ['pos_view'],
    navKey: 'nav.pos',
    titleKey: 'screens.pos',
    noAccessKey: 'guard.noAccessPos',
  },
  {
    path: '/products',
    screen: 'products',
    permissions: ['products_view'],
    navKey: 'nav.products',
    titleKey: 'screens.products',
  },
  {
    path: '/barcodes',
    screen: 'barcodes',
    permissions: ['barcodes_view'],
    navKey: 'nav.barcodes',
    titleKey: 'screens.barcodes',
  },
  {
    path: '/customers',
    screen: 'customers',
    permissions: ['customers_view'],
    navKey: 'nav.customers',
    titleKey: 'screens.customers',
  },
  {
    path: '/customer-history',
    screen: 'customer-history',
    permissions: ['customers_view'],
    navKey: 'nav.customerHistory',
    titleKey: 'screens.customerHistory',
  },
  {
    path: '/reports',
    screen: 'reports',
    permissions: ['reports_view'],
    navKey: 'nav.reports',
    titleKey: 'screens.reports',
  },
  {
    path: '/refund-history',
    screen: 'sales-history',
    permissions: ['reports_view'],
    navKey: 'nav.salesHistory',
    titleKey: 'screens.salesHistory',
  },
  {
    path: '/shifts',
    screen: 'shifts',
    permissions: ['shift_manage'],
    navKey: 'nav.shifts',
    titleKey: 'screens.shifts',
  },
  { path: '/users', screen: 'users', permissions: ['users_view'], navKey: 'nav.users', titleKey: 'screens.users' },
  {
    path: '/storage',
    screen: 'storage',
    permissions: ['reports_view'],
    navKey: 'nav.storage',
    titleKey: 'screens.storage',
  },
  {
    path: '/settings',
    screen: 'settings',
    permissions: ['settings_view'],
    navKey: 'nav.settings',
    titleKey: 'screens.settings',
  },
];
