import { printerOfTill, type PrinterLanguage, type Sale, type StoreSettings } from '@pos/core';
import { useSyncExternalStore } from 'react';
import { failureOfDeviceError, type DeviceFailure, type PrinterDevice } from '../../lib/printer-device';
import type { TillPrinter } from './till-printer';

/**
 * A sale made offline prints by itself on the till's USB or serial printer (issue 38), as an online sale's
 * receipt does (issue 37): there is no print job (the server cannot be reached), so the till draws the receipt
 * and sends it to the device itself, once per document number, and keeps how it went here for the receipt
 * dialog. When the sale syncs later the server queues nothing for it: it is never printed twice.
 */

/** The till's printer as the offline print needs it (the till's settings as cached). */
export interface OfflinePrinter {
  name: string;
  width: number;
  language: PrinterLanguage;
  cashDrawer: boolean;
  thaiCodePage: boolean;
  /** Absent from settings the till kept before they named it: the picture then. */
  thaiCodePageNumber?: number | undefined;
}

export type OfflinePrintState =
  | { phase: 'pending' }
  | { phase: 'printed' }
  | { phase: 'failed'; failure: DeviceFailure | 'RENDER_FAILED' }
  /** Not tried: this browser cannot drive the printer, or it was never connected at this PC. */
  | { phase: 'skipped'; reason: 'unsupported' | 'notConnected' };

export interface OfflinePrint {
  printerName: string;
  state: OfflinePrintState;
}

interface Entry extends OfflinePrint {
  /**
   * The bytes once made, while it has not printed: "print again" sends them as they were (the drawer had not
   * opened: the write failed).
   */
  bytes: Uint8Array | null;
  device: () => Promise<PrinterDevice | null>;
  make: () => Promise<Uint8Array>;
}

const entries = new Map<string, Entry>();
const listeners = new Set<() => void>();

function update(documentNumber: string, state: OfflinePrintState, bytes: Uint8Array | null): void {
  const entry = entries.get(documentNumber);
  if (!entry) return;
  entries.set(documentNumber, { ...entry, state, bytes });
  for (const listener of listeners) listener();
}

async function send(documentNumber: string): Promise<void> {
  const entry = entries.get(documentNumber);
  if (!entry) return;
  update(documentNumber, { phase: 'pending' }, entry.bytes);
  let bytes = entry.bytes;
  if (bytes === null) {
    try {
      bytes = await entry.make();
    } catch {
      update(documentNumber, { phase: 'failed', failure: 'RENDER_FAILED' }, null);
      return;
    }
  }
  try {
    const device = await entry.device();
    if (device === null) {
      update(documentNumber, { phase: 'failed', failure: 'PRINTER_NOT_FOUND' }, bytes);
      return;
    }
    await device.write(bytes);
    // Printed: nothing prints it again from here (a copy is the browser's print), so its bytes are let go.
    update(documentNumber, { phase: 'printed' }, null);
  } catch (error) {
    update(documentNumber, { phase: 'failed', failure: failureOfDeviceError(error) }, bytes);
  }
}

/**
 * Right after a sale made offline: its receipt to the till's USB or serial printer when this browser has it.
 * Nothing for a till without one, or with a network printer (the server sends to those; the receipt dialog says
 * it cannot now). A document number is printed once, however often this is called.
 */
export function printOfflineReceipt(
  sale: Sale,
  settings: StoreSettings | undefined,
  tillPrinter: TillPrinter | null,
): void {
  const printing = (settings as Partial<StoreSettings> | undefined)?.printing;
  const printer = printing ? printerOfTill(printing, sale.till_id) : null;
  // A network printer is the server's to send to: nothing this till can print on while offline.
  if (!printer || printer.type === 'network' || !settings || entries.has(sale.document_number)) return;
  const usable = tillPrinter !== null && tillPrinter.tillId === sale.till_id;
  const status = usable ? tillPrinter.state.status : 'none';
  const seller = settings.system;
  entries.set(sale.document_number, {
    printerName: printer.name,
    state:
      status === 'unsupported'
        ? { phase: 'skipped', reason: 'unsupported' }
        : status === 'none'
          ? { phase: 'skipped', reason: 'notConnected' }
          : { phase: 'pending' },
    bytes: null,
    device: () => tillPrinter?.device() ?? Promise.resolve(null),
    // The encoder, the font and the drawing load now, the first time a till prints offline.
    make: () => import('./offline-receipt-bytes').then((m) => m.offlineReceiptBytes(sale, seller, printer)),
  });
  for (const listener of listeners) listener();
  if (entries.get(sale.document_number)?.state.phase === 'pending') void send(sale.document_number);
}

/** "Print again" of a receipt whose offline print failed. */
export function reprintOfflineReceipt(documentNumber: string): Promise<void> {
  return send(documentNumber);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** How the offline print of a document number goes; null when the till did not print it itself. */
export function useOfflineReceiptPrint(documentNumber: string | null): OfflinePrint | null {
  return useSyncExternalStore(subscribe, () =>
    documentNumber === null ? null : (entries.get(documentNumber) ?? null),
  );
}
