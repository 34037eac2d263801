import type { SerialPrinterMemory } from './serial-printer';
import { STORAGE_KEYS } from './storage-keys';
import type { UsbPrinterMemory } from './usb-printer';

/**
 * The receipt printer each till prints on at this PC (issue 37), chosen once by the cashier and found again on
 * later visits without asking: the browser keeps the permission, this the device's ids.
 */
export type PrinterMemory = UsbPrinterMemory | SerialPrinterMemory;

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);
const isNumberOrNull = (v: unknown) => v === null || isNumber(v);

function parseMemory(value: unknown): PrinterMemory | null {
  if (typeof value !== 'object' || value === null) return null;
  const m = value as Record<string, unknown>;
  if (typeof m.name !== 'string') return null;
  if (m.kind === 'usb' && isNumber(m.vendorId) && isNumber(m.productId)) {
    const serialNumber = typeof m.serialNumber === 'string' ? m.serialNumber : null;
    return { kind: 'usb', vendorId: m.vendorId, productId: m.productId, serialNumber, name: m.name };
  }
  if (m.kind === 'serial' && isNumberOrNull(m.usbVendorId) && isNumberOrNull(m.usbProductId) && isNumber(m.baudRate)) {
    return {
      kind: 'serial',
      usbVendorId: m.usbVendorId as number | null,
      usbProductId: m.usbProductId as number | null,
      baudRate: m.baudRate,
      name: m.name,
    };
  }
  return null;
}

function readAll(): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEYS.tillPrinterDevices) ?? '{}');
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

function writeAll(all: Record<string, unknown>): void {
  try {
    localStorage.setItem(STORAGE_KEYS.tillPrinterDevices, JSON.stringify(all));
  } catch {
    // Storage full or blocked: the printer is asked for again next visit.
  }
}

export function rememberedPrinter(tillId: number): PrinterMemory | null {
  return parseMemory(readAll()[String(tillId)]);
}

export function rememberPrinter(tillId: number, memory: PrinterMemory): void {
  writeAll({ ...readAll(), [String(tillId)]: memory });
}

export function forgetPrinter(tillId: number): void {
  const { [String(tillId)]: _forgotten, ...rest } = readAll();
  writeAll(rest);
}
