import { zodResolver } from '@hookform/resolvers/zod';
import { cleanup, render } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { I18nProvider } from '../../i18n';
import { SettingsForm, type SettingsFormInput, type SettingsFormOutput } from './settings-form';
import { SYSTEM_TAB_FIELDS, SystemTab } from './system-tab';
import { tabOfField } from './settings-tabs';

afterEach(cleanup);

function Tab() {
  const form = useForm<SettingsFormInput, unknown, SettingsFormOutput>({ resolver: zodResolver(SettingsForm) });
  return <SystemTab control={form.control} canSwitchApproval />;
}

describe('the system tab', () => {
  it('lists exactly the system fields it shows, so a refused one opens this tab', () => {
    const { container } = render(
      <I18nProvider initialLocale="th">
        <Tab />
      </I18nProvider>,
    );
    const shown = [...container.querySelectorAll<HTMLInputElement>('input[name^="settings.system."]')].map((input) =>
      input.name.replace('settings.system.', ''),
    );
    expect(shown.length).toBeGreaterThan(0);
    expect(new Set(shown)).toEqual(SYSTEM_TAB_FIELDS);
    for (const field of shown) expect(tabOfField(`settings.system.${field}`)).toBe('system');
    expect(tabOfField('settings.system.storeName')).toBe('store');
  });
});
