import type { PrintJob } from '@pos/core';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { PrinterDeviceError, type PrinterDevice } from '../../lib/printer-device';
import { TILL_JOB_MARGIN_MS, TillPrintRunner, type TillOutcome } from './till-print-runner';

// The runner that sends a till's jobs to its USB or serial printer (issue 37): each new job once, in id order,
// its outcome reported; old pending jobs left alone; "print again" sends a job again.

const START = Date.parse('2026-11-29T03:00:00.000Z');

function job(id: number, over: Partial<PrintJob> = {}): PrintJob {
  return {
    id,
    kind: 'receipt',
    printerName: 'หน้าร้าน USB',
    transport: 'till',
    tillId: 3,
    saleId: 100 + id,
    refundId: null,
    shiftId: null,
    documentNumber: null,
    openDrawer: false,
    status: 'pending',
    failure: null,
    attempts: 0,
    createdAt: new Date(START + id * 1000).toISOString(),
    finishedAt: null,
    ...over,
  };
}

function harness(device: PrinterDevice | null = null) {
  let clock = START;
  const printed: number[] = [];
  const reports: [number, TillOutcome][] = [];
  let reportFails: ApiError | null = null;
  const printer: PrinterDevice = device ?? {
    label: 'Xprinter',
    release: async () => undefined,
    write: async (bytes) => {
      printed.push(bytes[0]!);
    },
  };
  const state = { device: printer as PrinterDevice | null };
  const runner = new TillPrintRunner({
    device: async () => state.device,
    bytes: async (id) => Uint8Array.of(id),
    report: async (id, outcome) => {
      clock += 10;
      if (reportFails) throw reportFails;
      reports.push([id, outcome]);
    },
    now: () => clock,
  });
  return {
    runner,
    printed,
    reports,
    state,
    /** A reading of the pending jobs, asked for now (later than every report so far). */
    offer: (jobs: PrintJob[]) => {
      clock += 100;
      return runner.offer(jobs, clock);
    },
    /** A reading asked for before the last report landed. */
    offerStale: (jobs: PrintJob[]) => runner.offer(jobs, clock - 5),
    failReports: (error: ApiError | null) => {
      reportFails = error;
    },
  };
}

describe("the till's print runner", () => {
  it('sends each new till job once, oldest first, and reports it printed', async () => {
    const h = harness();
    await h.offer([job(7), job(5), job(6, { transport: 'server' })]);
    expect(h.printed).toEqual([5, 7]);
    expect(h.reports).toEqual([
      [5, 'printed'],
      [7, 'printed'],
    ]);
    // A reading asked for before the reports landed still lists them: not sent twice.
    await h.runner.offer([job(7), job(5)], START + 50);
    await h.offer([job(8)]);
    expect(h.printed).toEqual([5, 7, 8]);
  });

  it('leaves alone jobs that were pending long before it started', async () => {
    const h = harness();
    const old = job(1, { createdAt: new Date(START - TILL_JOB_MARGIN_MS - 1).toISOString() });
    const recent = job(2, { createdAt: new Date(START - 30_000).toISOString() });
    await h.offer([old, recent]);
    expect(h.printed).toEqual([2]);
    await h.offer([old]);
    expect(h.printed).toEqual([2]);
  });

  it('a job put back by "print again" after its report is sent again; a reading from before the report is not', async () => {
    const h = harness();
    h.state.device = {
      label: 'Xprinter',
      release: async () => undefined,
      write: () => Promise.reject(new DOMException('The transfer failed.', 'NetworkError')),
    };
    await h.offer([job(4)]);
    expect(h.reports).toEqual([[4, 'PRINTER_OFFLINE']]);
    await h.offerStale([job(4)]);
    expect(h.reports).toHaveLength(1);

    h.state.device = {
      label: 'Xprinter',
      release: async () => undefined,
      write: async (bytes) => void h.printed.push(bytes[0]!),
    };
    await h.offer([job(4, { attempts: 1 })]);
    expect(h.printed).toEqual([4]);
    expect(h.reports).toEqual([
      [4, 'PRINTER_OFFLINE'],
      [4, 'printed'],
    ]);
  });

  it('reports the printer not found when the device is gone', async () => {
    const h = harness();
    h.state.device = null;
    await h.offer([job(2)]);
    h.state.device = {
      label: 'Xprinter',
      release: async () => undefined,
      write: () => Promise.reject(new PrinterDeviceError('PRINTER_NOT_FOUND')),
    };
    await h.offer([job(3)]);
    expect(h.reports).toEqual([
      [2, 'PRINTER_NOT_FOUND'],
      [3, 'PRINTER_NOT_FOUND'],
    ]);
  });

  it('keeps an outcome it could not report and reports it later without printing again', async () => {
    const h = harness();
    h.failReports(new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'offline' }));
    await h.offer([job(9)]);
    expect(h.printed).toEqual([9]);
    expect(h.reports).toEqual([]);
    h.failReports(null);
    await h.offer([job(9)]);
    expect(h.printed).toEqual([9]);
    expect(h.reports).toEqual([[9, 'printed']]);
  });

  it('takes a refusal of its report (another tab reported first) as done', async () => {
    const h = harness();
    h.failReports(new ApiError({ status: 409, code: 'PRINT_JOB_NOT_PENDING', message: 'known' }));
    await h.offer([job(9)]);
    h.failReports(null);
    await h.offer([job(10)]);
    expect(h.printed).toEqual([9, 10]);
    expect(h.reports).toEqual([[10, 'printed']]);
  });

  it('sends nothing once stopped', async () => {
    const h = harness();
    h.runner.stop();
    await h.offer([job(1)]);
    expect(h.printed).toEqual([]);
  });
});
