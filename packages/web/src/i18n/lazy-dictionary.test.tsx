import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LOCALE_STORAGE_KEY } from './locale-key';

// test-isolation.ts loads English for every file; these tests take fresh modules, with only Thai loaded. Loading
// English means transforming its modules afresh here: slow on a busy machine, hence the long waits.
async function freshI18n() {
  vi.resetModules();
  const translate = await import('./translate');
  const provider = await import('./i18n-provider');
  return { ...translate, ...provider };
}

beforeEach(() => {
  cleanup();
  localStorage.clear();
});

describe('dictionaries loaded on demand', () => {
  it('has only Thai until English is loaded, then translates as before', async () => {
    const { isDictionaryLoaded, loadDictionary, translate } = await freshI18n();
    expect(isDictionaryLoaded('th')).toBe(true);
    expect(isDictionaryLoaded('en')).toBe(false);
    // Never an untranslated key: Thai stands in while English is not there.
    expect(translate('en', 'auth.welcome', { name: 'Somchai' })).toBe('ยินดีต้อนรับ Somchai');

    await loadDictionary('en');
    expect(isDictionaryLoaded('en')).toBe(true);
    expect(translate('en', 'auth.welcome', { name: 'Somchai' })).toBe('Welcome Somchai');
    expect(translate('th', 'auth.welcome', { name: 'สมชาย' })).toBe('ยินดีต้อนรับ สมชาย');
  });

  it('loads English once however often it is asked for', async () => {
    const { loadDictionary } = await freshI18n();
    const first = loadDictionary('en');
    expect(loadDictionary('en')).toBe(first);
    await first;
  });

  it('switches the page to English at runtime once its dictionary has loaded, and stores the choice', async () => {
    const { I18nProvider, useI18n, isDictionaryLoaded } = await freshI18n();
    function Switcher() {
      const { t, locale, setLocale } = useI18n();
      return (
        <button type="button" onClick={() => setLocale(locale === 'th' ? 'en' : 'th')}>
          {t('app.loading')}
        </button>
      );
    }
    render(
      <I18nProvider>
        <Switcher />
      </I18nProvider>,
    );
    const button = screen.getByRole('button');
    expect(button.textContent).toBe('กำลังโหลดข้อมูล...');
    expect(isDictionaryLoaded('en')).toBe(false);

    fireEvent.click(button);
    expect(await screen.findByText('Loading data...', undefined, { timeout: 10_000 })).toBe(button);
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('en');

    // Back to Thai: at once, nothing to load.
    act(() => fireEvent.click(button));
    expect(button.textContent).toBe('กำลังโหลดข้อมูล...');
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('th');
  });

  it('starts in a stored English once its dictionary is there, never showing keys', async () => {
    localStorage.setItem(LOCALE_STORAGE_KEY, 'en');
    const { I18nProvider, useT } = await freshI18n();
    function Text() {
      return <p>{useT()('app.loading')}</p>;
    }
    render(
      <I18nProvider>
        <Text />
      </I18nProvider>,
    );
    expect(screen.getByText('กำลังโหลดข้อมูล...')).toBeTruthy();
    expect(await screen.findByText('Loading data...', undefined, { timeout: 10_000 })).toBeTruthy();
  });
});
