import { LOCALE_STORAGE_KEY } from '../i18n/locale-key';

/** Every browser storage key the app uses, defined once (spec 000 §3). */
export const STORAGE_KEYS = {
  authToken: 'auth_token',
  /** The signed-in user, as JSON. */
  user: 'user',
  /** Local user list. */
  users: 'pos_users',
  /** The full settings object as last read from the server. */
  settings: 'pos_settings',
  pendingCheckoutCart: 'pending_checkout_cart',
  pendingCheckoutCustomer: 'pending_checkout_customer',
  pendingCheckoutDiscount: 'pending_checkout_discount',
  barcodeSettings: 'pos_barcode_settings',
  /** The chosen interface language (th or en); not part of the spec's list, the app's own. */
  locale: LOCALE_STORAGE_KEY,
  /** When this browser last started or refreshed the session (ms since epoch); the app's own. */
  sessionRefreshedAt: 'pos_session_refreshed_at',
  /** The till this browser sells at (issue 35), its id; the app's own. */
  tillId: 'pos_till_id',
  /** On a customer display: its key for the till it is paired with (issue 37); the app's own. */
  displayKey: 'pos_display_key',
  /** On a till: the till id whose customer display this browser keeps up to date (issue 37); the app's own. */
  customerDisplayTill: 'pos_customer_display_till',
  /** On a till: the USB or serial receipt printer chosen for each till at this PC, by till id (issue 37). */
  tillPrinterDevices: 'pos_till_printer_devices',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];
