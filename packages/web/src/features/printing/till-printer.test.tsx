import type { PrintJob, StoreSettings } from '@pos/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../i18n';
import { rememberedPrinter } from '../../lib/printer-memory';
import type { Usb, UsbConfiguration, UsbDevice } from '../../lib/usb-printer';
import { storeSettingsFixture } from '../../test-fixtures/store-settings';
import { useTillPrinter } from './till-printer';
import { TillPrinterProvider, useTillPrinterAt } from './till-printer-context';
import { TillPrinterControl } from './till-printer-control';

// A till whose printer is a USB one (issue 37), at a PC whose browser is faked: connecting it by the button,
// finding it again on the next visit, and the till's pending job fetched, sent to the device and reported.

const SETTINGS: StoreSettings = storeSettingsFixture(
  {},
  {
    printing: {
      printers: [
        { name: 'หน้าร้าน USB', type: 'usb', width: 80, language: 'esc-pos', thaiCodePage: false, cashDrawer: true },
      ],
      tills: { '3': 'หน้าร้าน USB' },
    },
  },
);
const BYTES = Uint8Array.from([0x1b, 0x40, 1, 2, 3, 0x1d, 0x56, 0x01]);

function fakeDevice(sent: number[][], fail = false): UsbDevice {
  const configuration: UsbConfiguration = {
    configurationValue: 1,
    interfaces: [
      {
        interfaceNumber: 0,
        claimed: true,
        alternates: [
          {
            alternateSetting: 0,
            interfaceClass: 7,
            endpoints: [{ endpointNumber: 2, direction: 'out', type: 'bulk' }],
          },
        ],
      },
    ],
  };
  return {
    vendorId: 0x0416,
    productId: 0x5011,
    serialNumber: 'XP-9',
    productName: 'POS-80',
    manufacturerName: 'Xprinter',
    opened: true,
    configuration,
    configurations: [configuration],
    open: async () => undefined,
    close: async () => undefined,
    selectConfiguration: async () => undefined,
    claimInterface: async () => undefined,
    selectAlternateInterface: async () => undefined,
    transferOut: async (_endpoint, data) => {
      if (fail) throw new DOMException('A transfer error has occurred.', 'NetworkError');
      sent.push([...data]);
      return { bytesWritten: data.length, status: 'ok' };
    },
  };
}

function fakeUsb(device: UsbDevice, granted: UsbDevice[]): Usb & { requests: number } {
  const usb = {
    requests: 0,
    requestDevice: async () => {
      usb.requests += 1;
      granted.push(device);
      return device;
    },
    getDevices: async () => [...granted],
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  };
  return usb;
}

const job = (id: number): PrintJob => ({
  id,
  kind: 'receipt',
  printerName: 'หน้าร้าน USB',
  transport: 'till',
  tillId: 3,
  saleId: 50,
  refundId: null,
  shiftId: null,
  documentNumber: 'R2569-000050',
  openDrawer: true,
  status: 'pending',
  failure: null,
  attempts: 0,
  createdAt: new Date().toISOString(),
  finishedAt: null,
});

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The server: job 11 pending for till 3 until the till reports it; the outcomes reported. */
function serveOneJob() {
  const results: unknown[] = [];
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.endsWith('/api/print-jobs?tillId=3&status=pending')) {
      return json({ jobs: results.length === 0 ? [job(11)] : [] });
    }
    if (url.endsWith('/api/print-jobs/11/bytes')) {
      return new Response(BYTES, { headers: { 'Content-Type': 'application/octet-stream' } });
    }
    if (url.endsWith('/api/print-jobs/11/result') && init?.method === 'POST') {
      results.push(JSON.parse(String(init.body)));
      return json({ job: { ...job(11), status: 'printed' } });
    }
    return json({ error: 'not here', code: 'ROUTE_NOT_FOUND' }, 404);
  });
  return results;
}

function Till() {
  const printer = useTillPrinter(3, SETTINGS);
  return printer ? <TillPrinterControl printer={printer} /> : <p>no till printer</p>;
}

function renderTill() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <I18nProvider initialLocale="th">
        <Till />
      </I18nProvider>
    </QueryClientProvider>,
  );
}

function setUsb(usb: Usb | undefined) {
  Object.defineProperty(navigator, 'usb', { configurable: true, value: usb });
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  setUsb(undefined);
  localStorage.clear();
});

describe("the till's USB printer", () => {
  it('says in Thai that this browser cannot drive it, and asks the server nothing', async () => {
    fetchMock.mockImplementation(async () => json({ jobs: [] }));
    renderTill();
    const state = await screen.findByTestId('till-printer-state');
    expect(state.getAttribute('data-state')).toBe('unsupported');
    expect(state.textContent).toContain('Chrome หรือ Edge');
    expect(state.textContent).toContain('หน้าต่างพิมพ์');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('is connected by the button, remembered for the till, and prints the pending job on it', async () => {
    const sent: number[][] = [];
    const granted: UsbDevice[] = [];
    const usb = fakeUsb(fakeDevice(sent), granted);
    setUsb(usb);
    const results = serveOneJob();
    renderTill();

    fireEvent.click(await screen.findByRole('button', { name: 'เชื่อมต่อเครื่องพิมพ์ USB' }));
    await waitFor(() => expect(screen.getByTestId('till-printer-state').getAttribute('data-state')).toBe('connected'));
    expect(screen.getByRole('button', { name: 'Xprinter POS-80 (เครื่องพิมพ์ที่ต่ออยู่)' })).toBeTruthy();
    expect(rememberedPrinter(3)).toEqual({
      kind: 'usb',
      vendorId: 0x0416,
      productId: 0x5011,
      serialNumber: 'XP-9',
      name: 'Xprinter POS-80',
    });

    await waitFor(() => expect(results).toEqual([{ outcome: 'printed' }]), { timeout: 3_000 });
    expect(sent.flat()).toEqual([...BYTES]);

    // The next visit finds it without asking.
    cleanup();
    renderTill();
    await waitFor(() => expect(screen.getByTestId('till-printer-state').getAttribute('data-state')).toBe('connected'));
    expect(usb.requests).toBe(1);
  });

  it('remembered but unplugged: says so, offers to connect, and reports the job as printer not found', async () => {
    const sent: number[][] = [];
    setUsb(fakeUsb(fakeDevice(sent), []));
    localStorage.setItem(
      'pos_till_printer_devices',
      JSON.stringify({
        3: { kind: 'usb', vendorId: 0x0416, productId: 0x5011, serialNumber: 'XP-9', name: 'Xprinter' },
      }),
    );
    const results = serveOneJob();
    renderTill();
    const state = await screen.findByTestId('till-printer-state');
    await waitFor(() => expect(state.getAttribute('data-state')).toBe('missing'));
    expect(state.textContent).toContain('ไม่พบเครื่องพิมพ์ Xprinter');
    expect(screen.getByRole('button', { name: 'เชื่อมต่อเครื่องพิมพ์ USB' })).toBeTruthy();
    await waitFor(() => expect(results).toEqual([{ outcome: 'PRINTER_NOT_FOUND' }]), { timeout: 3_000 });
    expect(sent).toEqual([]);
  });

  it('a transfer that fails is reported as printer offline', async () => {
    const granted: UsbDevice[] = [];
    const device = fakeDevice([], true);
    granted.push(device);
    setUsb(fakeUsb(device, granted));
    localStorage.setItem(
      'pos_till_printer_devices',
      JSON.stringify({
        3: { kind: 'usb', vendorId: 0x0416, productId: 0x5011, serialNumber: 'XP-9', name: 'Xprinter' },
      }),
    );
    const results = serveOneJob();
    renderTill();
    await waitFor(() => expect(results).toEqual([{ outcome: 'PRINTER_OFFLINE' }]), { timeout: 3_000 });
  });

  it('a till printing on a network printer shows nothing here', () => {
    fetchMock.mockImplementation(async () => json({ jobs: [] }));
    const network = { ...SETTINGS.printing.printers[0]!, type: 'network' as const };
    function NetworkTill() {
      const printer = useTillPrinter(3, {
        ...SETTINGS,
        printing: { printers: [network], tills: { '3': network.name } },
      });
      return <p>{printer === null ? 'server prints' : 'till prints'}</p>;
    }
    render(
      <QueryClientProvider client={new QueryClient()}>
        <I18nProvider initialLocale="th">
          <NetworkTill />
        </I18nProvider>
      </QueryClientProvider>,
    );
    expect(screen.getByText('server prints')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('runs once for the whole app: the POS names the till, the layout prints its jobs', async () => {
    const sent: number[][] = [];
    const device = fakeDevice(sent);
    setUsb(fakeUsb(device, [device]));
    localStorage.setItem(
      'pos_till_printer_devices',
      JSON.stringify({
        3: { kind: 'usb', vendorId: 0x0416, productId: 0x5011, serialNumber: 'XP-9', name: 'Xprinter' },
      }),
    );
    const results = serveOneJob();
    function Pos() {
      const printer = useTillPrinterAt(3);
      return printer ? <TillPrinterControl printer={printer} /> : <p>no till printer</p>;
    }
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <I18nProvider initialLocale="th">
          <TillPrinterProvider enabled initialTillId={null} settings={SETTINGS}>
            <Pos />
          </TillPrinterProvider>
        </I18nProvider>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('till-printer-state').getAttribute('data-state')).toBe('connected'));
    await waitFor(() => expect(results).toEqual([{ outcome: 'printed' }]), { timeout: 3_000 });
    expect(sent.flat()).toEqual([...BYTES]);
  });

  it("another till chosen at this PC does not print on the first till's device", async () => {
    const sent: number[][] = [];
    const device = fakeDevice(sent);
    setUsb(fakeUsb(device, [device]));
    localStorage.setItem(
      'pos_till_printer_devices',
      JSON.stringify({
        3: { kind: 'usb', vendorId: 0x0416, productId: 0x5011, serialNumber: 'XP-9', name: 'Xprinter' },
      }),
    );
    const asked: string[] = [];
    fetchMock.mockImplementation(async (input) => {
      asked.push(String(input));
      return json({ jobs: [{ ...job(12), tillId: 4 }] });
    });
    const settings = {
      ...SETTINGS,
      printing: { ...SETTINGS.printing, tills: { '3': 'หน้าร้าน USB', '4': 'หน้าร้าน USB' } },
    };
    function SomeTill({ tillId }: { tillId: number }) {
      const printer = useTillPrinter(tillId, settings);
      return printer ? <TillPrinterControl printer={printer} /> : null;
    }
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const view = (tillId: number) => (
      <QueryClientProvider client={client}>
        <I18nProvider initialLocale="th">
          <SomeTill tillId={tillId} />
        </I18nProvider>
      </QueryClientProvider>
    );
    fetchMock.mockImplementationOnce(async () => json({ jobs: [] }));
    const { rerender } = render(view(3));
    await waitFor(() => expect(screen.getByTestId('till-printer-state').getAttribute('data-state')).toBe('connected'));
    rerender(view(4));
    await waitFor(() => expect(screen.getByTestId('till-printer-state').getAttribute('data-state')).toBe('none'));
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(sent).toEqual([]);
    expect(asked.some((url) => url.includes('tillId=4'))).toBe(false);
  });
});
