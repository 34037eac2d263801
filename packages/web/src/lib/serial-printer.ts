import { PrinterDeviceError, type PrinterDevice } from './printer-device';

/** The members of Web Serial's `SerialPort` the app uses (https://wicg.github.io/serial/). */
export interface SerialPortInfo {
  usbVendorId?: number | undefined;
  usbProductId?: number | undefined;
}
export interface SerialPort {
  readonly writable: WritableStream<Uint8Array> | null;
  getInfo(): SerialPortInfo;
  open(options: {
    baudRate: number;
    dataBits?: 7 | 8;
    stopBits?: 1 | 2;
    parity?: 'none' | 'even' | 'odd';
    flowControl?: 'none' | 'hardware';
  }): Promise<void>;
  close(): Promise<void>;
}
export interface Serial {
  requestPort(options?: { filters?: readonly SerialPortInfo[] }): Promise<SerialPort>;
  getPorts(): Promise<SerialPort[]>;
  addEventListener(type: 'connect' | 'disconnect', listener: () => void): void;
  removeEventListener(type: 'connect' | 'disconnect', listener: () => void): void;
}

/** The browser's Web Serial, where it has one (Chrome and Edge on a desktop; not Firefox, Safari or phones). */
export function webSerial(): Serial | null {
  const serial = (globalThis.navigator as { serial?: Serial } | undefined)?.serial;
  return serial ?? null;
}

/**
 * The line speed a serial printer is opened at: 9600 baud, 8 data bits, no parity, one stop bit, the factory
 * setting of most receipt printers (and what their self-test page prints). A printer set to another speed is
 * remembered with it.
 */
export const DEFAULT_SERIAL_BAUD_RATE = 9600;
export const SERIAL_BAUD_RATES = [9600, 19200, 38400, 57600, 115200] as const;

/** Bytes per write: the stream takes them as the line drains, so a long raster does not sit in one buffer. */
export const SERIAL_CHUNK_BYTES = 4096;

/**
 * Sends a job's bytes through a serial port, opened at `baudRate` when it is not open yet (it stays open for the
 * next job; after a failure it is closed, so the next job opens it afresh).
 */
export async function writeToSerialPrinter(
  port: SerialPort,
  bytes: Uint8Array,
  baudRate = DEFAULT_SERIAL_BAUD_RATE,
  chunkBytes = SERIAL_CHUNK_BYTES,
): Promise<void> {
  let writer: WritableStreamDefaultWriter<Uint8Array> | null = null;
  try {
    if (!port.writable) await port.open({ baudRate, dataBits: 8, stopBits: 1, parity: 'none' });
    if (!port.writable) throw new PrinterDeviceError('PRINTER_OFFLINE', new Error('port not writable'));
    writer = port.writable.getWriter();
    for (let start = 0; start < bytes.length; start += chunkBytes) {
      await writer.ready;
      await writer.write(bytes.slice(start, start + chunkBytes));
    }
    // Resolves once the last piece has been handed to the port.
    await writer.ready;
    writer.releaseLock();
  } catch (error) {
    writer?.releaseLock();
    await port.close().catch(() => undefined);
    throw error;
  }
}

/** What this till remembers of its serial printer (a USB–serial adapter's ids; none for a built-in COM port). */
export interface SerialPrinterMemory {
  kind: 'serial';
  usbVendorId: number | null;
  usbProductId: number | null;
  baudRate: number;
  name: string;
}

export function serialLabel(info: SerialPortInfo): string {
  const hex = (n: number) => n.toString(16).padStart(4, '0');
  return info.usbVendorId !== undefined && info.usbProductId !== undefined
    ? `Serial ${hex(info.usbVendorId)}:${hex(info.usbProductId)}`
    : 'Serial';
}

export function serialMemoryOf(port: SerialPort, baudRate: number): SerialPrinterMemory {
  const info = port.getInfo();
  return {
    kind: 'serial',
    usbVendorId: info.usbVendorId ?? null,
    usbProductId: info.usbProductId ?? null,
    baudRate,
    name: serialLabel(info),
  };
}

/** The remembered port among those this site may already use. */
export function findSerialPrinter(ports: readonly SerialPort[], memory: SerialPrinterMemory): SerialPort | null {
  return (
    ports.find((port) => {
      const info = port.getInfo();
      return (info.usbVendorId ?? null) === memory.usbVendorId && (info.usbProductId ?? null) === memory.usbProductId;
    }) ?? null
  );
}

export function serialPrinterDevice(port: SerialPort, memory: SerialPrinterMemory): PrinterDevice {
  return {
    label: memory.name,
    write: (bytes) => writeToSerialPrinter(port, bytes, memory.baudRate),
    release: () => (port.writable ? port.close().catch(() => undefined) : Promise.resolve()),
  };
}
