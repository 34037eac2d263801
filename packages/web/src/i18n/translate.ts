import { LOCALE_STORAGE_KEY } from './locale-key';
import { th } from './th';
import type { Dictionary, Locale, MessageKey, MessageParams } from './types';

export const LOCALES: readonly Locale[] = ['th', 'en'];
export const DEFAULT_LOCALE: Locale = 'th';

/**
 * The dictionaries loaded so far. Thai, the default, comes with the app's first modules; English is a
 * separate chunk loaded when it is chosen (issue 10 item 6: a cold load evaluated both languages).
 */
const loaded: Partial<Record<Locale, Dictionary>> = { th };
const loading = new Map<Locale, Promise<void>>();
const LOADERS: Readonly<Record<Exclude<Locale, 'th'>, () => Promise<Dictionary>>> = {
  en: () => import('./en').then((module) => module.en),
};

export function isDictionaryLoaded(locale: Locale): boolean {
  return loaded[locale] !== undefined;
}

/** Loads the locale's dictionary once; a failed load (e.g. offline) is tried again on the next call. */
export function loadDictionary(locale: Locale): Promise<void> {
  if (locale === 'th' || loaded[locale]) return Promise.resolve();
  let pending = loading.get(locale);
  if (!pending) {
    pending = LOADERS[locale]().then(
      (dictionary) => {
        loaded[locale] = dictionary;
      },
      (error: unknown) => {
        loading.delete(locale);
        throw error;
      },
    );
    loading.set(locale, pending);
  }
  return pending;
}

/** The locale's dictionary, or Thai while it is not loaded. */
export function dictionaryOf(locale: Locale): Dictionary {
  return loaded[locale] ?? th;
}

/** The BCP 47 tag used with Intl for each locale (Thai dates use the Buddhist era). */
export const INTL_LOCALE: Readonly<Record<Locale, string>> = { th: 'th-TH', en: 'en-GB' };

const englishPlural = new Intl.PluralRules('en');

/**
 * The number a placeholder holds, also when given formatted ("1,250"); NaN when it is no number.
 */
function countOf(value: string | number): number {
  return typeof value === 'number' ? value : Number(value.replace(/,/g, ''));
}

/**
 * Replaces `{name}` placeholders and picks `{name|one|other}` word forms by the number in `name`
 * ("1 sale", "2 sales": Thai has no plural forms, English does); unknown placeholders are left as
 * they are.
 */
export function interpolate(template: string, params?: MessageParams): string {
  if (!params) return template;
  return template
    .replace(/\{(\w+)\|([^|{}]*)\|([^|{}]*)\}/g, (match, name: string, one: string, other: string) =>
      Object.hasOwn(params, name)
        ? englishPlural.select(countOf(params[name] ?? NaN)) === 'one'
          ? one
          : other
        : match,
    )
    .replace(/\{(\w+)\}/g, (match, name: string) => (Object.hasOwn(params, name) ? String(params[name]) : match));
}

export function translate(locale: Locale, key: MessageKey, params?: MessageParams): string {
  const template = dictionaryOf(locale)[key] ?? th[key];
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
