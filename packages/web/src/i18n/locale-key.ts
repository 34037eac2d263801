/**
 * The browser storage key of the chosen interface language (th or en); not part of the spec's list, the app's own.
 * Here rather than in lib/storage-keys.ts because i18n sits below lib; that list names it too. No imports: the
 * boot script reads the list.
 */
export const LOCALE_STORAGE_KEY = 'pos_locale';
