import type { StoreSettings } from '@pos/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../i18n';
import type { PrinterDevice } from '../../lib/printer-device';
import { saleFixture } from '../../test-fixtures/sale';
import { storeSettingsFixture } from '../../test-fixtures/store-settings';
import { ReceiptDialog } from '../receipt/receipt-dialog';
import { settingsKeys } from '../settings/settings.queries';
import { offlineReceiptBytes } from './offline-receipt-bytes';
import { printOfflineReceipt } from './offline-receipt-print';
import type { TillPrinter } from './till-printer';

// A sale made offline (issue 38) at a till whose printer is USB or serial: the till prints its receipt itself,
// once, and the receipt dialog shows printed, or failed with "พิมพ์อีกครั้ง"; a till with a network printer
// says it cannot be reached. The drawing and encoding (a canvas, the font) are the browser test's: here they
// give fixed bytes.

vi.mock('./offline-receipt-bytes', () => ({ offlineReceiptBytes: vi.fn(async () => new Uint8Array([0x1b, 0x40])) }));

const USB = { name: 'ใบเสร็จ USB', type: 'usb', width: 80, language: 'esc-pos', thaiCodePage: false } as const;
const settingsWith = (printer: { name: string; type: 'usb' | 'serial' | 'network' }): StoreSettings => ({
  ...storeSettingsFixture({ storeName: 'ร้านผ้าไทย' }),
  printing: { printers: [{ ...USB, ...printer, cashDrawer: true }], tills: { '3': printer.name } },
});
let serial = 0;
/** A sale as the till makes it offline: id 0, a number from the till's block. */
const offlineSale = () => saleFixture({ id: 0, document_number: `R2569-T03-00000${++serial}`, till_id: 3 });

function fakeDevice(write: (bytes: Uint8Array) => Promise<void>): PrinterDevice {
  return { label: 'Xprinter XP-80C', write: vi.fn(write), release: async () => undefined };
}

function tillPrinter(device: PrinterDevice | null, status: TillPrinter['state']['status'] = 'connected'): TillPrinter {
  const state =
    status === 'connected'
      ? { status, name: 'Xprinter XP-80C', baudRate: null }
      : status === 'missing'
        ? { status, name: 'Xprinter XP-80C' }
        : { status };
  return {
    tillId: 3,
    kind: 'usb',
    printerName: USB.name,
    state,
    connecting: false,
    connect: async () => undefined,
    forget: () => undefined,
    setBaudRate: () => undefined,
    device: vi.fn(async () => device),
  };
}

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{}', { status: 404 })),
  );
  vi.mocked(offlineReceiptBytes).mockClear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderReceipt(sale: ReturnType<typeof offlineSale>, settings: StoreSettings) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(settingsKeys.store, settings);
  render(
    <QueryClientProvider client={queryClient}>
      <I18nProvider initialLocale="th">
        <ReceiptDialog sale={sale} notSent showPaymentSummary onClose={() => undefined} />
      </I18nProvider>
    </QueryClientProvider>,
  );
}

describe("an offline sale's receipt on the till's own printer", () => {
  it('prints once by itself, whatever asks again, and shows printed', async () => {
    const settings = settingsWith(USB);
    const device = fakeDevice(async () => undefined);
    const sale = offlineSale();
    printOfflineReceipt(sale, settings, tillPrinter(device));
    printOfflineReceipt(sale, settings, tillPrinter(device));
    renderReceipt(sale, settings);

    const status = await screen.findByTestId('sale-print-status');
    await waitFor(() => expect(status.getAttribute('data-phase')).toBe('printed'));
    expect(status.textContent).toContain('พิมพ์แล้ว');
    expect(status.textContent).toContain('ที่เครื่องพิมพ์ ใบเสร็จ USB');
    expect(device.write).toHaveBeenCalledTimes(1);
    expect(device.write).toHaveBeenCalledWith(new Uint8Array([0x1b, 0x40]));
    expect(offlineReceiptBytes).toHaveBeenCalledTimes(1);
    expect(vi.mocked(offlineReceiptBytes).mock.calls[0]?.[2]).toMatchObject({ width: 80, cashDrawer: true });
    // It printed itself: Enter closes the dialog; the browser's print stays beside it.
    expect(document.activeElement?.textContent).toBe('ปิด');
    expect(screen.getByTestId('receipt-print').getAttribute('data-print-to')).toBe('browser');
  });

  it('shows a failed write with its reason, and "print again" sends the same bytes once it is back', async () => {
    const settings = settingsWith(USB);
    let failing = true;
    const device = fakeDevice(async () => {
      if (failing) throw new DOMException('A transfer error has occurred.', 'NetworkError');
    });
    const sale = offlineSale();
    printOfflineReceipt(sale, settings, tillPrinter(device));
    renderReceipt(sale, settings);

    const failure = await screen.findByTestId('sale-print-failure');
    expect(failure.textContent).toContain('ส่งงานไปเครื่องพิมพ์ไม่สำเร็จ');
    expect(screen.getByTestId('sale-print-status').getAttribute('data-phase')).toBe('failed');
    failing = false;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'พิมพ์อีกครั้ง' })));
    await waitFor(() => expect(screen.getByTestId('sale-print-status').getAttribute('data-phase')).toBe('printed'));
    expect(device.write).toHaveBeenCalledTimes(2);
    // Drawn once: "print again" sends what was made.
    expect(offlineReceiptBytes).toHaveBeenCalledTimes(1);
  });

  it('says the printer was not found when the device is gone, and prints nothing at a PC that never connected it', async () => {
    const settings = settingsWith(USB);
    const gone = offlineSale();
    printOfflineReceipt(gone, settings, tillPrinter(null, 'missing'));
    renderReceipt(gone, settings);
    expect((await screen.findByTestId('sale-print-failure')).textContent).toContain(
      'ไม่พบเครื่องพิมพ์ที่ต่อกับคอมพิวเตอร์ของเครื่องขาย',
    );
    cleanup();

    const never = offlineSale();
    const printer = tillPrinter(null, 'none');
    printOfflineReceipt(never, settings, printer);
    renderReceipt(never, settings);
    const notice = screen.getByTestId('offline-print-notice');
    expect(notice.textContent).toContain('เครื่องพิมพ์ ใบเสร็จ USB ยังไม่ได้เชื่อมต่อกับคอมพิวเตอร์เครื่องนี้');
    expect(printer.device).not.toHaveBeenCalled();
    expect(screen.queryByTestId('sale-print-status')).toBeNull();
    // The browser's print dialog is the way: focused, as at a till without a printer.
    expect(document.activeElement?.getAttribute('data-testid')).toBe('receipt-print');
  });

  it('tells a till with a network printer that it cannot be reached offline, and tries nothing', () => {
    const settings = settingsWith({ name: 'ใบเสร็จ LAN', type: 'network' });
    const printer = tillPrinter(fakeDevice(async () => undefined));
    const sale = offlineSale();
    printOfflineReceipt(sale, settings, printer);
    renderReceipt(sale, settings);
    expect(screen.getByTestId('offline-print-notice').textContent).toContain(
      'ออฟไลน์อยู่ จึงส่งใบเสร็จไปเครื่องพิมพ์เครือข่าย ใบเสร็จ LAN ไม่ได้',
    );
    expect(printer.device).not.toHaveBeenCalled();
    expect(offlineReceiptBytes).not.toHaveBeenCalled();
  });
});
