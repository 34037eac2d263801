import { LOCALE_STORAGE_KEY } from './locale-key';
import { en } from './en';
import { th } from './th';
import type { Dictionary, Locale, MessageKey, MessageParams } from './types';

export const LOCALES: readonly Locale[] = ['th', 'en'];
export const DEFAULT_LOCALE: Locale = 'th';
export const DICTIONARIES: Readonly<Record<Locale, Dictionary>> = { th, en };

/** The BCP 47 tag used with Intl for each locale (Thai dates use the Buddhist era). */
export const INTL_LOCALE: Readonly<Record<Locale, string>> = { th: 'th-TH', en: 'en-GB' };

/** Replaces `{name}` placeholders; unknown placeholders are left as they are. */
export function interpolate(template: string, params?: MessageParams): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (match, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : match,
  );
}

export function translate(locale: Locale, key: MessageKey, params?: MessageParams): string {
  const template = DICTIONARIES[locale][key] ?? th[key];
  return interpolate(template, params);
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export function readStoredLocale(): Locale {
  try {
    const stored = localStorage.getItem(LOCALE_STORAGE_KEY);
    return isLocale(stored) ? stored : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

let currentLocale: Locale = DEFAULT_LOCALE;

/** The locale for code outside React (the API client's own messages). Kept in step by the provider. */
export function getCurrentLocale(): Locale {
  return currentLocale;
}

export function setCurrentLocale(locale: Locale): void {
  currentLocale = locale;
}

/** Translates with the current locale; for code outside React components. */
export function t(key: MessageKey, params?: MessageParams): string {
  return translate(currentLocale, key, params);
}
