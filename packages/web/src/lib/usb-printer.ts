import { PrinterDeviceError, type PrinterDevice } from './printer-device';

/** The members of WebUSB's `USBDevice` the app uses (https://wicg.github.io/webusb/). */
export interface UsbEndpoint {
  readonly endpointNumber: number;
  readonly direction: 'in' | 'out';
  readonly type: 'bulk' | 'interrupt' | 'isochronous';
}
export interface UsbAlternate {
  readonly alternateSetting: number;
  readonly interfaceClass: number;
  readonly endpoints: readonly UsbEndpoint[];
}
export interface UsbInterface {
  readonly interfaceNumber: number;
  readonly claimed: boolean;
  readonly alternates: readonly UsbAlternate[];
}
export interface UsbConfiguration {
  readonly configurationValue: number;
  readonly interfaces: readonly UsbInterface[];
}
export interface UsbDevice {
  readonly vendorId: number;
  readonly productId: number;
  readonly serialNumber?: string | undefined;
  readonly productName?: string | undefined;
  readonly manufacturerName?: string | undefined;
  readonly opened: boolean;
  readonly configuration: UsbConfiguration | null;
  readonly configurations: readonly UsbConfiguration[];
  open(): Promise<void>;
  close(): Promise<void>;
  selectConfiguration(configurationValue: number): Promise<void>;
  claimInterface(interfaceNumber: number): Promise<void>;
  selectAlternateInterface(interfaceNumber: number, alternateSetting: number): Promise<void>;
  transferOut(endpointNumber: number, data: Uint8Array<ArrayBuffer>): Promise<{ bytesWritten: number; status: string }>;
}
export interface Usb {
  requestDevice(options: { filters: readonly object[] }): Promise<UsbDevice>;
  getDevices(): Promise<UsbDevice[]>;
  addEventListener(type: 'connect' | 'disconnect', listener: () => void): void;
  removeEventListener(type: 'connect' | 'disconnect', listener: () => void): void;
}

/** The browser's WebUSB, where it has one (Chrome and Edge on a secure page; not Firefox or Safari). */
export function webUsb(): Usb | null {
  const usb = (globalThis.navigator as { usb?: Usb } | undefined)?.usb;
  return usb ?? null;
}

/** The USB printer class (ESC/POS and StarPRNT printers nearly all declare it; some only a vendor class). */
const PRINTER_CLASS = 7;

/** Bytes per transfer: a receipt's raster is tens of kilobytes; smaller pieces keep each transfer short. */
export const USB_CHUNK_BYTES = 4096;

interface BulkOut {
  configurationValue: number;
  interfaceNumber: number;
  alternateSetting: number;
  endpointNumber: number;
}

/** The interface to print through: one with a bulk OUT endpoint, the printer class's first. */
export function bulkOutOf(device: Pick<UsbDevice, 'configuration' | 'configurations'>): BulkOut | null {
  const configurations = device.configuration ? [device.configuration] : device.configurations;
  const found: (BulkOut & { printer: boolean })[] = [];
  for (const configuration of configurations) {
    for (const iface of configuration.interfaces) {
      for (const alternate of iface.alternates) {
        const endpoint = alternate.endpoints.find((e) => e.direction === 'out' && e.type === 'bulk');
        if (!endpoint) continue;
        found.push({
          configurationValue: configuration.configurationValue,
          interfaceNumber: iface.interfaceNumber,
          alternateSetting: alternate.alternateSetting,
          endpointNumber: endpoint.endpointNumber,
          printer: alternate.interfaceClass === PRINTER_CLASS,
        });
      }
    }
  }
  const chosen = found.find((f) => f.printer) ?? found[0];
  if (!chosen) return null;
  const { printer: _printer, ...bulkOut } = chosen;
  return bulkOut;
}

/** Opens the device, selects its configuration and claims the printing interface (each once). */
async function prepare(device: UsbDevice): Promise<BulkOut> {
  if (!device.opened) await device.open();
  const target = bulkOutOf(device);
  if (!target) throw new PrinterDeviceError('PRINTER_OFFLINE', new Error('no bulk OUT endpoint'));
  if (device.configuration?.configurationValue !== target.configurationValue) {
    await device.selectConfiguration(target.configurationValue);
  }
  const iface = device.configuration?.interfaces.find((i) => i.interfaceNumber === target.interfaceNumber);
  if (!iface?.claimed) {
    await device.claimInterface(target.interfaceNumber);
    if (target.alternateSetting !== 0) {
      await device.selectAlternateInterface(target.interfaceNumber, target.alternateSetting);
    }
  }
  return target;
}

/**
 * Sends a job's bytes to a USB printer in pieces of `chunkBytes`. The device stays open for the next job; after
 * a failure it is closed, so the next job starts from a fresh open.
 */
export async function writeToUsbPrinter(
  device: UsbDevice,
  bytes: Uint8Array,
  chunkBytes = USB_CHUNK_BYTES,
): Promise<void> {
  try {
    const { endpointNumber } = await prepare(device);
    for (let start = 0; start < bytes.length; start += chunkBytes) {
      const chunk = bytes.slice(start, start + chunkBytes);
      const result = await device.transferOut(endpointNumber, chunk);
      if (result.status !== 'ok' || result.bytesWritten !== chunk.length) {
        throw new PrinterDeviceError('PRINTER_OFFLINE', new Error(`transfer ${result.status}`));
      }
    }
  } catch (error) {
    await device.close().catch(() => undefined);
    throw error;
  }
}

/** What this till remembers of its USB printer to find it again without asking (no serial number on some). */
export interface UsbPrinterMemory {
  kind: 'usb';
  vendorId: number;
  productId: number;
  serialNumber: string | null;
  name: string;
}

export function usbLabel(device: Pick<UsbDevice, 'productName' | 'manufacturerName' | 'vendorId' | 'productId'>) {
  const name = [device.manufacturerName, device.productName].filter(Boolean).join(' ').trim();
  const hex = (n: number) => n.toString(16).padStart(4, '0');
  return name || `USB ${hex(device.vendorId)}:${hex(device.productId)}`;
}

export function usbMemoryOf(device: UsbDevice): UsbPrinterMemory {
  return {
    kind: 'usb',
    vendorId: device.vendorId,
    productId: device.productId,
    serialNumber: device.serialNumber ?? null,
    name: usbLabel(device),
  };
}

/** The remembered printer among the devices this site may already use. */
export function findUsbPrinter(devices: readonly UsbDevice[], memory: UsbPrinterMemory): UsbDevice | null {
  return (
    devices.find(
      (d) =>
        d.vendorId === memory.vendorId &&
        d.productId === memory.productId &&
        (memory.serialNumber === null || (d.serialNumber ?? null) === memory.serialNumber),
    ) ?? null
  );
}

export function usbPrinterDevice(device: UsbDevice): PrinterDevice {
  return {
    label: usbLabel(device),
    write: (bytes) => writeToUsbPrinter(device, bytes),
    release: () => (device.opened ? device.close().catch(() => undefined) : Promise.resolve()),
  };
}
