import type { PrintJob, StoreSettings } from '@pos/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../i18n';
import { saleFixture } from '../../test-fixtures/sale';
import { storeSettingsFixture } from '../../test-fixtures/store-settings';
import { ReceiptDialog } from '../receipt/receipt-dialog';
import { settingsKeys } from '../settings/settings.queries';
import { saveChosenTillId } from '../shifts/till-choice';
import { useDocumentPrint } from './document-print';
import { printingKeys, type PrintTarget } from './printing.queries';

// The print control of a document (issue 37): at a till with a printer, "พิมพ์" queues the document there and
// follows its job in place (printed; failed with the reason and "พิมพ์อีกครั้ง"); without one, the browser's
// print dialog as before.

const PRINTER = {
  name: 'หน้าร้าน',
  type: 'network',
  host: '192.168.1.50',
  port: 9100,
  width: 80,
  language: 'esc-pos',
  thaiCodePage: false,
  cashDrawer: true,
} as const;
const WITH_PRINTER: StoreSettings = {
  ...storeSettingsFixture({ storeName: 'ร้านแต่งตัวดี' }),
  printing: { printers: [PRINTER], tills: { '3': 'หน้าร้าน' } },
};
const WITHOUT_PRINTER = storeSettingsFixture({ storeName: 'ร้านแต่งตัวดี' });

const job = (id: number, status: PrintJob['status'], failure: PrintJob['failure'] = null): PrintJob => ({
  id,
  kind: 'shift_report',
  printerName: 'หน้าร้าน',
  transport: 'server',
  tillId: 3,
  saleId: null,
  refundId: null,
  shiftId: 12,
  documentNumber: null,
  openDrawer: false,
  status,
  failure,
  attempts: status === 'pending' ? 0 : 1,
  createdAt: '2026-11-29T03:00:00.000Z',
  finishedAt: status === 'pending' ? null : '2026-11-29T03:00:02.000Z',
});

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  localStorage.clear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

/** The requests sent, as `METHOD path` with the body parsed. */
function sent() {
  return fetchMock.mock.calls.map(([input, init]) => ({
    call: `${init?.method ?? 'GET'} ${new URL(String(input), 'http://x').pathname}${new URL(String(input), 'http://x').search}`,
    body: init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined,
  }));
}

function Harness({
  target,
  onBrowserPrint,
  direct,
}: {
  target: PrintTarget;
  onBrowserPrint: () => void;
  direct?: boolean;
}) {
  const print = useDocumentPrint({ target, onBrowserPrint, direct });
  return (
    <div>
      {print.status}
      {print.browserButton}
      {print.printButton}
    </div>
  );
}

function renderWith(settings: StoreSettings, ui: React.ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  queryClient.setQueryData(settingsKeys.store, settings);
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  render(
    <QueryClientProvider client={queryClient}>
      <I18nProvider initialLocale="th">{ui}</I18nProvider>
    </QueryClientProvider>,
  );
  return { invalidated: () => invalidate.mock.calls.map(([filters]) => filters?.queryKey) };
}

const SHIFT: PrintTarget = { kind: 'shift_report', shiftId: 12 };

describe('the print control of a document', () => {
  it("queues the document on this till's printer and shows it printed", async () => {
    saveChosenTillId(3);
    let reads = 0;
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.endsWith('/api/print-jobs') && init?.method === 'POST') return json({ job: job(5, 'pending') }, 201);
      if (url.endsWith('/api/print-jobs?shiftId=12')) {
        reads += 1;
        // An older, failed X report of the shift stays below the new one (newest first).
        return json({ jobs: [job(5, reads > 1 ? 'printed' : 'pending'), job(4, 'failed', 'PRINTER_OFFLINE')] });
      }
      return json({ error: 'not here', code: 'ROUTE_NOT_FOUND' }, 404);
    });
    const browser = vi.fn();
    const { invalidated } = renderWith(WITH_PRINTER, <Harness target={SHIFT} onBrowserPrint={browser} />);

    expect(screen.queryByTestId('print-status')).toBeNull();
    expect(screen.getByRole('button', { name: 'พิมพ์ผ่านเบราว์เซอร์' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'พิมพ์' }));

    const status = await screen.findByTestId('print-status');
    expect(status.textContent).toContain('ที่เครื่องพิมพ์ หน้าร้าน');
    await waitFor(() => expect(status.getAttribute('data-phase')).toBe('printed'), { timeout: 3_000 });
    expect(status.textContent).toContain('พิมพ์แล้ว');
    expect(sent().find((r) => r.call === 'POST /api/print-jobs')?.body).toEqual({
      kind: 'shift_report',
      shiftId: 12,
      tillId: 3,
    });
    expect(browser).not.toHaveBeenCalled();
    // A till's own (USB) printer is driven by its browser, which reads its jobs again when they are invalidated.
    expect(invalidated()).toContainEqual(printingKeys.all);

    // The browser's dialog stays as the second way.
    fireEvent.click(screen.getByRole('button', { name: 'พิมพ์ผ่านเบราว์เซอร์' }));
    expect(browser).toHaveBeenCalledTimes(1);
  });

  it('shows a failure in Thai with "พิมพ์อีกครั้ง", which queues the job again until it prints', async () => {
    saveChosenTillId(3);
    let reprinted = false;
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.endsWith('/api/print-jobs') && init?.method === 'POST') return json({ job: job(6, 'pending') }, 201);
      if (url.endsWith('/api/print-jobs/6/reprint') && init?.method === 'POST') {
        reprinted = true;
        return json({ job: { ...job(6, 'pending'), attempts: 1 } });
      }
      if (url.endsWith('/api/print-jobs?shiftId=12'))
        return json({ jobs: [reprinted ? job(6, 'printed') : job(6, 'failed', 'PRINTER_PAPER_OUT')] });
      return json({ error: 'not here', code: 'ROUTE_NOT_FOUND' }, 404);
    });
    renderWith(WITH_PRINTER, <Harness target={SHIFT} onBrowserPrint={() => undefined} />);

    fireEvent.click(screen.getByRole('button', { name: 'พิมพ์' }));
    const status = await screen.findByTestId('print-status');
    await waitFor(() => expect(status.getAttribute('data-phase')).toBe('failed'), { timeout: 3_000 });
    expect(status.textContent).toContain('พิมพ์ไม่สำเร็จ');
    expect(screen.getByTestId('print-failure').textContent).toContain('กระดาษหมด');

    fireEvent.click(screen.getByRole('button', { name: 'พิมพ์อีกครั้ง' }));
    await waitFor(() => expect(status.getAttribute('data-phase')).toBe('printed'), { timeout: 3_000 });
    expect(reprinted).toBe(true);
    expect(screen.queryByRole('button', { name: 'พิมพ์อีกครั้ง' })).toBeNull();
  });

  it('opens the browser print dialog without a till printer, or for A4, and asks the server nothing', () => {
    fetchMock.mockImplementation(async () => json({ jobs: [] }));
    const browser = vi.fn();
    // A till chosen, but without a printer.
    saveChosenTillId(3);
    renderWith(WITHOUT_PRINTER, <Harness target={SHIFT} onBrowserPrint={browser} />);
    expect(screen.queryByRole('button', { name: 'พิมพ์ผ่านเบราว์เซอร์' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'พิมพ์' }));
    expect(browser).toHaveBeenCalledTimes(1);
    cleanup();

    // No till chosen on this device: the printer of another till is not this one's.
    localStorage.clear();
    renderWith(WITH_PRINTER, <Harness target={SHIFT} onBrowserPrint={browser} />);
    fireEvent.click(screen.getByRole('button', { name: 'พิมพ์' }));
    expect(browser).toHaveBeenCalledTimes(2);
    cleanup();

    // A4 chosen: the till's roll printer does not print it.
    saveChosenTillId(3);
    renderWith(WITH_PRINTER, <Harness target={SHIFT} onBrowserPrint={browser} direct={false} />);
    expect(screen.queryByRole('button', { name: 'พิมพ์ผ่านเบราว์เซอร์' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'พิมพ์' }));
    expect(browser).toHaveBeenCalledTimes(3);
    expect(screen.queryByTestId('print-status')).toBeNull();
    expect(sent().some((r) => r.call.includes('print-jobs'))).toBe(false);
  });

  it('falls back to the browser when the server says the till has no printer any more', async () => {
    saveChosenTillId(3);
    fetchMock.mockImplementation(async () => json({ error: 'no printer', code: 'TILL_NO_PRINTER' }, 409));
    const browser = vi.fn();
    renderWith(WITH_PRINTER, <Harness target={SHIFT} onBrowserPrint={browser} />);
    fireEvent.click(screen.getByRole('button', { name: 'พิมพ์' }));
    await waitFor(() => expect(browser).toHaveBeenCalledTimes(1));
  });

  it("reprints a receipt from the sales history on this device's till printer", async () => {
    saveChosenTillId(3);
    const receiptJob = { ...job(7, 'printed'), kind: 'receipt' as const, shiftId: null, saleId: 42 };
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.endsWith('/api/print-jobs') && init?.method === 'POST') return json({ job: receiptJob }, 201);
      if (url.endsWith('/api/print-jobs?saleId=42')) return json({ jobs: [receiptJob] });
      return json({ error: 'not here', code: 'ROUTE_NOT_FOUND' }, 404);
    });
    // Sold at another till (1): it is this device's till that prints the copy.
    const sale = saleFixture({ id: 42, document_number: 'R2569-000042', till_id: 1, till_name: 'เคาน์เตอร์ 2' });
    renderWith(WITH_PRINTER, <ReceiptDialog sale={sale} onClose={() => undefined} />);
    fireEvent.click(screen.getByTestId('receipt-print'));
    const status = await screen.findByTestId('print-status');
    await waitFor(() => expect(status.getAttribute('data-phase')).toBe('printed'));
    expect(sent().find((r) => r.call === 'POST /api/print-jobs')?.body).toEqual({
      kind: 'receipt',
      saleId: 42,
      tillId: 3,
    });
  });

  it("follows the sale's own receipt job after a sale at a till with a USB printer, printing no second copy", async () => {
    saveChosenTillId(3);
    const usb = { ...PRINTER, type: 'usb', host: '' } as const;
    const settings: StoreSettings = { ...WITH_PRINTER, printing: { printers: [usb], tills: { '3': 'หน้าร้าน' } } };
    const receiptJob = { ...job(8, 'printed'), kind: 'receipt' as const, transport: 'till' as const, saleId: 43 };
    fetchMock.mockImplementation(async (input) =>
      String(input).endsWith('/api/print-jobs?saleId=43')
        ? json({ jobs: [receiptJob] })
        : json({ error: 'not here', code: 'ROUTE_NOT_FOUND' }, 404),
    );
    const sale = saleFixture({ id: 43, document_number: 'R2569-000043', till_id: 3, till_name: 'เคาน์เตอร์ 1' });
    renderWith(settings, <ReceiptDialog sale={sale} onClose={() => undefined} showPaymentSummary />);
    const status = await screen.findByTestId('sale-print-status');
    await waitFor(() => expect(status.getAttribute('data-phase')).toBe('printed'));
    expect(screen.getByTestId('receipt-print').getAttribute('data-print-to')).toBe('browser');
    expect(screen.queryByRole('button', { name: 'พิมพ์ผ่านเบราว์เซอร์' })).toBeNull();
  });
});
