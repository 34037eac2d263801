export { I18nProvider, useI18n, useT } from './i18n-provider';
export { apiErrorText } from './api-error-text';
export { INTL_LOCALE, LOCALES, getCurrentLocale, loadDictionary, readStoredLocale, t, translate } from './translate';
export { validationText } from './validation-text';
export type { Dictionary, Locale, MessageKey, MessageParams, Translate } from './types';
