import { DEFAULT_SETTINGS, PrinterConfig, type Settings } from '@pos/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../i18n';
import { PrintersTab } from './printers-tab';
import { settingsScreenKeys, useFullSettings } from './settings-screen.queries';

// Settings → เครื่องพิมพ์ (issue 37): a printer added with core's checks, the server's refusal shown at the
// field it names, and a save that sends the printing group alone (managers save the rest; printers are admins').

const SAVED: Settings = {
  system: {
    storeName: 'ร้านทดสอบ',
    taxRate: 7,
    tax_rate: 7,
    vatRegistered: false,
    vatApplies: false,
    pricesIncludeVat: true,
    vatExclusionNeedsApproval: false,
    logo_url: '',
    logo: '',
    address: '',
    phone: '',
    email: '',
    website: '',
    taxId: '',
    posRegistrationNumber: '',
    branch: '00000',
    addressBuildingNumber: '',
    addressSubdistrict: '',
    addressDistrict: '',
    addressProvince: '',
    postcode: '',
  },
  payment: {
    cashEnabled: true,
    transferEnabled: false,
    promptpayEnabled: false,
    promptpayId: '',
    stripeEnabled: false,
    stripePublishableKey: '',
    stripePriceId: '',
    defaultPaymentMethod: 'cash',
    allowMultiplePaymentMethods: false,
    stripeSecretConfigured: false,
    stripeWebhookConfigured: false,
  },
  loyalty: { purchaseAmountForOnePoint: 100, onePointValueInBaht: 1 },
  shifts: DEFAULT_SETTINGS.shifts,
  etax: { ...DEFAULT_SETTINGS.etax, smtpPasswordConfigured: false },
  printing: DEFAULT_SETTINGS.printing,
  notifications: { lineChannelAccessToken: '', lineChannelAccessTokenSet: false, lineUserId: '', notifyOnSale: false },
  categories: [],
};

/** A printer as core fills it in, before the test's own choices. */
const PRINTER_DEFAULTS = PrinterConfig.parse({ name: '-', host: '-' });

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanup();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

/** The server: one till, and each PUT answered in turn by `answers`; the bodies sent are kept. */
function serve(answers: ((body: { settings: Record<string, unknown> }) => Response)[]) {
  const puts: { settings: Record<string, unknown> }[] = [];
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.endsWith('/api/tills')) {
      return json({ tills: [{ id: 3, name: 'เคาน์เตอร์ 1', active: true, openShiftId: null }] });
    }
    if (url.endsWith('/api/settings') && init?.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as { settings: Record<string, unknown> };
      puts.push(body);
      return answers[puts.length - 1]!(body);
    }
    return json({ error: 'not here', code: 'ROUTE_NOT_FOUND' }, 404);
  });
  return puts;
}

/** As the settings screen holds it: the saved settings follow the server's answer to a save. */
function Screen() {
  const full = useFullSettings();
  return full.data ? <PrintersTab saved={full.data.printing} /> : null;
}

function renderTab() {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
  queryClient.setQueryData(settingsScreenKeys.full, SAVED);
  render(
    <QueryClientProvider client={queryClient}>
      <I18nProvider initialLocale="th">
        <Screen />
      </I18nProvider>
    </QueryClientProvider>,
  );
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('the printers tab', () => {
  it('adds a network printer checked by core, shows the refused address at its field, then saves only printing', async () => {
    const puts = serve([
      () =>
        json(
          {
            error: 'refused',
            code: 'PRINTER_ADDRESS_NOT_ALLOWED',
            details: { field: 'settings.printing.printers.0.host' },
          },
          400,
        ),
      (body) => json({ settings: { ...SAVED, printing: body.settings.printing } }),
    ]);
    renderTab();
    expect(screen.getByText('ยังไม่มีเครื่องพิมพ์')).toBeTruthy();
    await screen.findByLabelText('เครื่องพิมพ์ของ เคาน์เตอร์ 1');

    fireEvent.click(screen.getByRole('button', { name: 'เพิ่มเครื่องพิมพ์' }));
    const form = screen.getByTestId('printer-form');
    fireEvent.click(within(form).getByRole('button', { name: 'ตกลง' }));
    expect(await within(form).findByText('กรุณาตั้งชื่อเครื่องพิมพ์')).toBeTruthy();
    expect(within(form).getByText('กรุณากรอกที่อยู่ IP ของเครื่องพิมพ์เครือข่าย')).toBeTruthy();
    expect(screen.getByTestId('printers-save').hasAttribute('disabled')).toBe(true);

    type('ชื่อเครื่องพิมพ์', 'หน้าร้าน');
    type('ที่อยู่ IP', '8.8.8.8');
    fireEvent.click(within(form).getByLabelText('58 มม.'));
    fireEvent.click(within(form).getByRole('button', { name: 'ตกลง' }));
    const row = await screen.findByTestId('printer-row');
    expect(row.textContent).toContain('เครือข่าย 8.8.8.8:9100');
    expect(row.textContent).toContain('58 มม.');
    // Not saved yet: the server prints only what is saved.
    expect(within(row).getByRole('button', { name: 'พิมพ์ทดสอบ หน้าร้าน' }).hasAttribute('disabled')).toBe(true);

    fireEvent.click(screen.getByTestId('printers-save'));
    const host = await screen.findByLabelText('ที่อยู่ IP');
    await waitFor(() => expect(host.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(/ที่อยู่ของเครื่องพิมพ์ต้องอยู่ในเครือข่ายภายในร้าน/)).toBeTruthy();
    expect(Object.keys(puts[0]!.settings)).toEqual(['printing']);
    expect(puts[0]!.settings.printing).toEqual({
      printers: [
        {
          name: 'หน้าร้าน',
          type: 'network',
          host: '8.8.8.8',
          port: 9100,
          width: 58,
          language: 'esc-pos',
          thaiCodePage: false,
          thaiCodePageNumber: 21,
          cashDrawer: true,
        },
      ],
      tills: {},
      allowPublicAddresses: false,
    });

    type('ที่อยู่ IP', '192.168.1.50');
    fireEvent.click(screen.getByRole('button', { name: 'ตกลง' }));
    fireEvent.click(await screen.findByTestId('printers-save'));
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(Object.keys(puts[1]!.settings)).toEqual(['printing']);
    expect(puts[1]!.settings.printing).toMatchObject({ printers: [{ host: '192.168.1.50' }] });
    // Saved as shown: the test page may be printed now.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'พิมพ์ทดสอบ หน้าร้าน' }).hasAttribute('disabled')).toBe(false),
    );
  });

  it('says a USB printer prints through the till’s browser, and warns when outside addresses are allowed', async () => {
    serve([]);
    renderTab();
    fireEvent.click(screen.getByRole('button', { name: 'เพิ่มเครื่องพิมพ์' }));
    fireEvent.click(screen.getByLabelText('USB'));
    expect(screen.queryByLabelText('ที่อยู่ IP')).toBeNull();
    expect(screen.getByTestId('printer-browser-only').textContent).toContain('เชื่อมต่อเครื่องพิมพ์');
    type('ชื่อเครื่องพิมพ์', 'หลังร้าน');
    fireEvent.click(screen.getByRole('button', { name: 'ตกลง' }));
    const row = await screen.findByTestId('printer-row');
    // Its test page too is printed only once the printer is saved.
    expect(
      within(row)
        .getByRole('button', { name: /พิมพ์ทดสอบ/ })
        .hasAttribute('disabled'),
    ).toBe(true);
    expect(row.textContent).toContain('บันทึกเครื่องพิมพ์ก่อนจึงพิมพ์ทดสอบได้');

    expect(screen.queryByTestId('printers-public-warning')).toBeNull();
    fireEvent.click(screen.getByLabelText('อนุญาตที่อยู่นอกเครือข่ายร้าน'));
    expect(screen.getByTestId('printers-public-warning').textContent).toContain('ส่งข้อมูลใบเสร็จ');
  });

  it("asks the Thai code page's number only for a printer with Thai built in, checked by core", async () => {
    const puts = serve([(body) => json({ settings: { ...SAVED, printing: body.settings.printing } })]);
    renderTab();
    fireEvent.click(screen.getByRole('button', { name: 'เพิ่มเครื่องพิมพ์' }));
    const form = screen.getByTestId('printer-form');
    type('ชื่อเครื่องพิมพ์', 'หน้าร้าน');
    type('ที่อยู่ IP', '192.168.1.50');
    expect(within(form).queryByLabelText('หมายเลขชุดอักขระภาษาไทย (code page)')).toBeNull();
    fireEvent.click(within(form).getByLabelText('มีภาษาไทยในเครื่อง (code page)'));
    const number = within(form).getByLabelText('หมายเลขชุดอักขระภาษาไทย (code page)') as HTMLInputElement;
    expect(number.value).toBe('21');
    type('หมายเลขชุดอักขระภาษาไทย (code page)', '300');
    fireEvent.click(within(form).getByRole('button', { name: 'ตกลง' }));
    await waitFor(() => expect(number.getAttribute('aria-invalid')).toBe('true'));
    type('หมายเลขชุดอักขระภาษาไทย (code page)', '26');
    fireEvent.click(within(form).getByRole('button', { name: 'ตกลง' }));
    await screen.findByTestId('printer-row');
    fireEvent.click(screen.getByTestId('printers-save'));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]!.settings.printing).toMatchObject({ printers: [{ thaiCodePage: true, thaiCodePageNumber: 26 }] });
  });

  it('sends a saved USB printer’s test page to its till and says it prints there', async () => {
    const usb = { ...PRINTER_DEFAULTS, name: 'หลังร้าน', type: 'usb' as const, host: '', width: 58 as const };
    const job = {
      id: 12,
      kind: 'test',
      printerName: 'หลังร้าน',
      transport: 'till',
      tillId: 3,
      saleId: null,
      refundId: null,
      shiftId: null,
      documentNumber: null,
      openDrawer: false,
      status: 'pending',
      failure: null,
      attempts: 0,
      createdAt: '2026-11-29T04:00:00.000Z',
      finishedAt: null,
    };
    const tests: unknown[] = [];
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.endsWith('/api/tills')) {
        return json({ tills: [{ id: 3, name: 'เคาน์เตอร์ 1', active: true, openShiftId: null }] });
      }
      if (url.endsWith('/api/printers/test') && init?.method === 'POST') {
        tests.push(JSON.parse(String(init.body)));
        return json({ job }, 201);
      }
      if (url.endsWith('/api/print-jobs/12')) return json({ job });
      return json({ error: 'not here', code: 'ROUTE_NOT_FOUND' }, 404);
    });
    const queryClient = new QueryClient({
      defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
    });
    const saved = { ...SAVED, printing: { ...SAVED.printing, printers: [usb], tills: { '3': 'หลังร้าน' } } };
    queryClient.setQueryData(settingsScreenKeys.full, saved);
    render(
      <QueryClientProvider client={queryClient}>
        <I18nProvider initialLocale="th">
          <Screen />
        </I18nProvider>
      </QueryClientProvider>,
    );
    const row = await screen.findByTestId('printer-row');
    fireEvent.click(within(row).getByRole('button', { name: 'พิมพ์ทดสอบ หลังร้าน' }));
    const status = await within(row).findByTestId('printer-test-status');
    await waitFor(() => expect(status.textContent).toContain('พิมพ์หน้าทดสอบที่เครื่องขายที่ใช้เครื่องพิมพ์นี้'));
    expect(tests).toEqual([{ name: 'หลังร้าน' }]);
  });
});
