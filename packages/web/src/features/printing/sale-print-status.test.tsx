import type { PrintJob, StoreSettings } from '@pos/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../i18n';
import { saleFixture } from '../../test-fixtures/sale';
import { storeSettingsFixture } from '../../test-fixtures/store-settings';
import { ReceiptDialog } from '../receipt/receipt-dialog';
import { settingsKeys } from '../settings/settings.queries';

// A sale at a till with a network printer (issue 37): the receipt dialog follows its print job, pending then
// failed with the reason in Thai, and "พิมพ์อีกครั้ง" queues it again until it prints.

const PRINTER = { name: 'หน้าร้าน', type: 'network', width: 80, language: 'esc-pos', thaiCodePage: false } as const;
const SETTINGS: StoreSettings = {
  ...storeSettingsFixture({ storeName: 'ร้านแต่งตัวดี' }),
  printing: { printers: [{ ...PRINTER, cashDrawer: true }], tills: { '3': 'หน้าร้าน' } },
};
const SALE = saleFixture({ id: 42, document_number: 'R2569-000042', till_id: 3, till_name: 'เคาน์เตอร์ 1' });
const job = (status: PrintJob['status'], failure: PrintJob['failure'] = null): PrintJob => ({
  id: 9,
  kind: 'receipt',
  printerName: 'หน้าร้าน',
  transport: 'server',
  tillId: 3,
  saleId: 42,
  refundId: null,
  shiftId: null,
  documentNumber: 'R2569-000042',
  openDrawer: true,
  status,
  failure,
  attempts: status === 'pending' ? 0 : 3,
  createdAt: '2026-11-28T10:00:00.000Z',
  finishedAt: status === 'pending' ? null : '2026-11-28T10:00:05.000Z',
});

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanup();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

function renderReceipt(settings: StoreSettings, showPaymentSummary = true) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  queryClient.setQueryData(settingsKeys.store, settings);
  render(
    <QueryClientProvider client={queryClient}>
      <I18nProvider initialLocale="th">
        <ReceiptDialog sale={SALE} onClose={() => undefined} showPaymentSummary={showPaymentSummary} />
      </I18nProvider>
    </QueryClientProvider>,
  );
}

describe("a sale's print status", () => {
  it('shows printing, then the failure in Thai, and prints again once asked', async () => {
    // The job as the server has it over time: pending, then failed (printer off), then after "print again" printed.
    const states = [job('pending'), job('failed', 'PRINTER_OFFLINE')];
    let reprinted = false;
    const reads: string[] = [];
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.endsWith('/api/print-jobs/9/reprint') && init?.method === 'POST') {
        reprinted = true;
        return json({ job: job('pending') });
      }
      if (url.endsWith('/api/print-jobs?saleId=42')) {
        reads.push(url);
        const now = reprinted ? job('printed') : (states.shift() ?? job('failed', 'PRINTER_OFFLINE'));
        return json({ jobs: [now] });
      }
      return json({ error: 'not here', code: 'ROUTE_NOT_FOUND' }, 404);
    });
    renderReceipt(SETTINGS);

    const status = await screen.findByTestId('sale-print-status');
    await waitFor(() => expect(status.getAttribute('data-phase')).toBe('pending'));
    expect(status.textContent).toContain('กำลังพิมพ์…');
    expect(status.textContent).toContain('หน้าร้าน');
    // Read again a second later: the printer is off.
    await waitFor(() => expect(status.getAttribute('data-phase')).toBe('failed'), { timeout: 3_000 });
    expect(status.textContent).toContain('พิมพ์ไม่สำเร็จ');
    expect(screen.getByTestId('sale-print-failure').textContent).toContain('เชื่อมต่อเครื่องพิมพ์ไม่ได้');
    // The browser's print dialog stays as the fallback.
    expect(screen.getByRole('button', { name: 'พิมพ์' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'พิมพ์อีกครั้ง' }));
    await waitFor(() => expect(status.getAttribute('data-phase')).toBe('printed'), { timeout: 3_000 });
    expect(status.textContent).toContain('พิมพ์แล้ว');
    expect(reprinted).toBe(true);
    // Once printed, no more reads.
    const settled = reads.length;
    await new Promise((resolve) => setTimeout(resolve, 1_300));
    expect(reads.length).toBe(settled);
  });

  it('asks nothing for a till without a printer, nor when the dialog is opened later', () => {
    fetchMock.mockImplementation(async () => json({ jobs: [] }));
    renderReceipt({ ...SETTINGS, printing: { printers: [], tills: {} } });
    expect(screen.queryByTestId('sale-print-status')).toBeNull();
    cleanup();
    renderReceipt(SETTINGS, false);
    expect(screen.queryByTestId('sale-print-status')).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('print-jobs'))).toBe(false);
  });

  it("words a USB printer's failure by its cable, not the network, and offers to print again", async () => {
    const usb = { ...PRINTER, name: 'เคาน์เตอร์ USB', type: 'usb' as const };
    const tillJob = { ...job('failed', 'PRINTER_NOT_FOUND'), printerName: usb.name, transport: 'till' as const };
    fetchMock.mockImplementation(async (input) =>
      String(input).endsWith('/api/print-jobs?saleId=42') ? json({ jobs: [tillJob] }) : json({}, 404),
    );
    renderReceipt({ ...SETTINGS, printing: { printers: [{ ...usb, cashDrawer: true }], tills: { '3': usb.name } } });
    const failure = await screen.findByTestId('sale-print-failure');
    expect(failure.textContent).toContain('ไม่พบเครื่องพิมพ์ที่ต่อกับคอมพิวเตอร์ของเครื่องขาย');
    expect(screen.getByTestId('sale-print-status').textContent).toContain('พิมพ์ไม่สำเร็จ');
    expect(screen.getByRole('button', { name: 'พิมพ์อีกครั้ง' })).toBeTruthy();
  });
});
