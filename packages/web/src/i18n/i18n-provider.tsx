import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { LOCALE_STORAGE_KEY } from './locale-key';
import {
  DEFAULT_LOCALE,
  INTL_LOCALE,
  isDictionaryLoaded,
  loadDictionary,
  readStoredLocale,
  setCurrentLocale,
  translate,
} from './translate';
import type { Locale, Translate } from './types';

interface I18nContextValue {
  locale: Locale;
  /** The Intl tag of the locale, e.g. `th-TH`. */
  intlLocale: string;
  setLocale: (locale: Locale) => void;
  t: Translate;
}

const I18nContext = createContext<I18nContextValue | null>(null);

export function I18nProvider({ children, initialLocale }: { children: ReactNode; initialLocale?: Locale }) {
  // The wanted locale is shown once its dictionary is loaded (main.tsx loads the stored one before the first
  // render, so this waits only where nothing did, e.g. a test): Thai until then, never untranslated keys.
  const [wanted] = useState<Locale>(() => initialLocale ?? readStoredLocale());
  const [locale, setLocaleState] = useState<Locale>(() => (isDictionaryLoaded(wanted) ? wanted : DEFAULT_LOCALE));
  const requested = useRef<Locale>(wanted);
  setCurrentLocale(locale);

  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);

  /** Shows `next` as soon as its dictionary is loaded (at once when it is); the last choice made wins. */
  const show = useCallback((next: Locale, onShown?: () => void) => {
    requested.current = next;
    const apply = () => {
      if (requested.current !== next) return;
      setLocaleState(next);
      onShown?.();
    };
    if (isDictionaryLoaded(next)) apply();
    else
      loadDictionary(next).then(apply, () => {
        // The language's file did not load (e.g. offline): the page stays in the language it shows.
      });
  }, []);

  useEffect(() => {
    if (!isDictionaryLoaded(wanted)) show(wanted);
  }, [wanted, show]);

  const setLocale = useCallback(
    (next: Locale) =>
      show(next, () => {
        try {
          localStorage.setItem(LOCALE_STORAGE_KEY, next);
        } catch {
          // Storage may be full or blocked; the choice then lasts for this visit only.
        }
      }),
    [show],
  );

  const value = useMemo<I18nContextValue>(
    () => ({
      locale,
      intlLocale: INTL_LOCALE[locale],
      setLocale,
      t: (key, params) => translate(locale, key, params),
    }),
    [locale, setLocale],
  );

  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18nContextValue {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n must be used inside <I18nProvider>');
  return value;
}

export function useT(): Translate {
  return useI18n().t;
}
