import { zodResolver } from '@hookform/resolvers/zod';
import { DEFAULT_SETTINGS, type EtdaPlacesResponse } from '@pos/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useForm, useWatch } from 'react-hook-form';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../i18n';
import { ETAX_TAB_SYSTEM_FIELDS, EtaxAddressFields, placesIn } from './etax-address-fields';
import { SettingsForm, type SettingsFormInput, type SettingsFormOutput } from './settings-form';
import { tabOfField } from './settings-tabs';

const PLACES: EtdaPlacesResponse = {
  provinces: [
    { code: '50', name: 'เชียงใหม่' },
    { code: '10', name: 'กรุงเทพมหานคร' },
  ],
  districts: [
    { code: '1028', name: 'เขตสาทร' },
    { code: '1001', name: 'เขตพระนคร' },
    { code: '5001', name: 'เมืองเชียงใหม่' },
  ],
  subdistricts: [
    { code: '102803', name: 'ทุ่งมหาเมฆ' },
    { code: '102801', name: 'ทุ่งวัดดอน' },
    { code: '100101', name: 'พระบรมมหาราชวัง' },
    { code: '500108', name: 'สุเทพ' },
  ],
};

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => vi.stubGlobal('fetch', fetchMock));

afterEach(() => {
  cleanup();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

type System = Partial<SettingsFormInput['settings']['system']>;

/** What the form holds, shown so the test reads the values the form would send. */
function Values({ form }: { form: ReturnType<typeof useForm<SettingsFormInput, unknown, SettingsFormOutput>> }) {
  const system = useWatch({ control: form.control, name: 'settings.system' });
  return <pre data-testid="values">{JSON.stringify(system)}</pre>;
}

function Fields({ system }: { system: System }) {
  const form = useForm<SettingsFormInput, unknown, SettingsFormOutput>({
    resolver: zodResolver(SettingsForm),
    defaultValues: { settings: { system: { ...DEFAULT_SETTINGS.system, ...system } } },
  });
  return (
    <>
      <EtaxAddressFields control={form.control} />
      <Values form={form} />
    </>
  );
}

function renderFields(system: System = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <I18nProvider initialLocale="th">
        <Fields system={system} />
      </I18nProvider>
    </QueryClientProvider>,
  );
}

const values = () => JSON.parse(screen.getByTestId('values').textContent ?? '{}') as Record<string, string>;
const select = (label: string) => screen.getByLabelText<HTMLSelectElement>(label);
const optionNames = (label: string) =>
  within(select(label))
    .getAllByRole('option')
    .map((o) => o.textContent);

describe('the e-Tax address fields', () => {
  it('lists exactly the system fields it shows, so a refused one opens the e-Tax tab', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, PLACES));
    const { container } = renderFields();
    await waitFor(() => expect(select('จังหวัด').disabled).toBe(false));
    const shown = [...container.querySelectorAll<HTMLInputElement>('[name^="settings.system."]')].map((input) =>
      input.name.replace('settings.system.', ''),
    );
    expect(new Set(shown)).toEqual(ETAX_TAB_SYSTEM_FIELDS);
    for (const field of shown) expect(tabOfField(`settings.system.${field}`)).toBe('etax');
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/settings/places');
  });

  it('cascades province → district → sub-district by code, each list in Thai name order', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, PLACES));
    renderFields({ address: '12 ถนนนิมมานเหมินท์ ตำบลสุเทพ อำเภอเมือง เชียงใหม่ 50200' });
    await waitFor(() => expect(select('จังหวัด').disabled).toBe(false));
    expect(optionNames('จังหวัด')).toEqual(['เลือกจังหวัด', 'กรุงเทพมหานคร', 'เชียงใหม่']);
    // Nothing below a level not yet chosen.
    expect(select('อำเภอ/เขต').disabled).toBe(true);
    expect(optionNames('อำเภอ/เขต')).toEqual(['เลือกจังหวัดก่อน']);
    expect(select('ตำบล/แขวง').disabled).toBe(true);

    fireEvent.change(select('จังหวัด'), { target: { value: '10' } });
    expect(optionNames('อำเภอ/เขต')).toEqual(['เลือกอำเภอ/เขต', 'เขตพระนคร', 'เขตสาทร']);
    fireEvent.change(select('อำเภอ/เขต'), { target: { value: '1028' } });
    expect(optionNames('ตำบล/แขวง')).toEqual(['เลือกตำบล/แขวง', 'ทุ่งมหาเมฆ', 'ทุ่งวัดดอน']);
    fireEvent.change(select('ตำบล/แขวง'), { target: { value: '102803' } });
    expect(values()).toMatchObject({ addressProvince: '10', addressDistrict: '1028', addressSubdistrict: '102803' });

    // Another province clears both levels below it, so the codes can never disagree.
    fireEvent.change(select('จังหวัด'), { target: { value: '50' } });
    expect(values()).toMatchObject({ addressProvince: '50', addressDistrict: '', addressSubdistrict: '' });
    expect(select('ตำบล/แขวง').disabled).toBe(true);
    expect(optionNames('อำเภอ/เขต')).toEqual(['เลือกอำเภอ/เขต', 'เมืองเชียงใหม่']);
  });

  it('fills an empty postcode from the printed address when the sub-district is chosen, never a typed one', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, PLACES));
    renderFields({ address: '12 ถนนนิมมานเหมินท์ ตำบลสุเทพ อำเภอเมือง เชียงใหม่ 50200', addressProvince: '50' });
    await waitFor(() => expect(select('อำเภอ/เขต').disabled).toBe(false));
    fireEvent.change(select('อำเภอ/เขต'), { target: { value: '5001' } });
    fireEvent.change(select('ตำบล/แขวง'), { target: { value: '500108' } });
    expect(screen.getByLabelText<HTMLInputElement>('รหัสไปรษณีย์').value).toBe('50200');
    expect(values()).toMatchObject({ addressSubdistrict: '500108', postcode: '50200' });

    fireEvent.change(screen.getByLabelText('รหัสไปรษณีย์'), { target: { value: '50202' } });
    fireEvent.change(select('อำเภอ/เขต'), { target: { value: '5001' } });
    fireEvent.change(select('ตำบล/แขวง'), { target: { value: '500108' } });
    expect(values().postcode).toBe('50202');
  });

  it('keeps a saved address chosen, and leaves the postcode to be typed when the address has none', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, PLACES));
    renderFields({ addressProvince: '10', addressDistrict: '1001', addressSubdistrict: '', address: 'ไม่มีรหัส' });
    await waitFor(() => expect(select('ตำบล/แขวง').disabled).toBe(false));
    expect(select('จังหวัด').value).toBe('10');
    expect(select('อำเภอ/เขต').value).toBe('1001');
    fireEvent.change(select('ตำบล/แขวง'), { target: { value: '100101' } });
    expect(values().postcode).toBe('');
  });

  it('says the lists are loading, then offers to try again when they cannot be read', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(500, { error: 'x', code: 'INTERNAL_ERROR' }));
    renderFields();
    expect(screen.getByRole('status').textContent).toBe('กำลังโหลดรายชื่อจังหวัด…');
    expect(select('จังหวัด').disabled).toBe(true);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('ไม่สามารถโหลดรายชื่อจังหวัด อำเภอ และตำบลได้');
    fetchMock.mockResolvedValueOnce(jsonResponse(200, PLACES));
    fireEvent.click(within(alert).getByRole('button', { name: 'ลองใหม่' }));
    await waitFor(() => expect(select('จังหวัด').disabled).toBe(false));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('finds the places one level down by their code', () => {
    expect(placesIn(PLACES.districts, '10').map((p) => p.code)).toEqual(['1001', '1028']);
    expect(placesIn(PLACES.subdistricts, '')).toEqual([]);
  });
});
