export { I18nProvider, useI18n, useT } from './i18n-provider';
export { DICTIONARIES, INTL_LOCALE, LOCALES, getCurrentLocale, t, translate } from './translate';
export { validationText } from './validation-text';
export type { Dictionary, Locale, MessageKey, MessageParams, Translate } from './types';
