import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PrinterDeviceError, failureOfDeviceError } from './printer-device';
import { forgetPrinter, rememberedPrinter, rememberPrinter } from './printer-memory';
import { findSerialPrinter, serialMemoryOf, writeToSerialPrinter, type SerialPort } from './serial-printer';
import {
  bulkOutOf,
  findUsbPrinter,
  usbMemoryOf,
  writeToUsbPrinter,
  type UsbConfiguration,
  type UsbDevice,
} from './usb-printer';

// The till's USB and serial printer writers (issue 37) against fake devices that keep what they were sent.

const bytesOf = (n: number) => Uint8Array.from({ length: n }, (_, i) => i % 251);
const joined = (chunks: readonly Uint8Array[]) => Uint8Array.from(chunks.flatMap((c) => [...c]));

/** A printer as WebUSB shows it: interface 0 of a vendor class, interface 1 of the printer class (bulk OUT 3). */
class FakeUsbPrinter implements UsbDevice {
  vendorId = 0x0416;
  productId = 0x5011;
  serialNumber: string | undefined = 'XP-001';
  productName = 'POS-80';
  manufacturerName = 'Xprinter';
  opened = false;
  configuration: UsbConfiguration | null = null;
  claimed = new Set<number>();
  calls: string[] = [];
  sent: Uint8Array[] = [];
  status = 'ok';
  readonly configurations: UsbConfiguration[];

  constructor() {
    const claimed = this.claimed;
    const iface = (interfaceNumber: number, interfaceClass: number, out: number | null) => ({
      interfaceNumber,
      get claimed() {
        return claimed.has(interfaceNumber);
      },
      alternates: [
        {
          alternateSetting: 0,
          interfaceClass,
          endpoints: [
            { endpointNumber: 1, direction: 'in' as const, type: 'bulk' as const },
            ...(out === null ? [] : [{ endpointNumber: out, direction: 'out' as const, type: 'bulk' as const }]),
          ],
        },
      ],
    });
    this.configurations = [{ configurationValue: 1, interfaces: [iface(0, 0xff, 2), iface(1, 7, 3)] }];
  }
  async open() {
    this.calls.push('open');
    this.opened = true;
  }
  async close() {
    this.calls.push('close');
    this.opened = false;
    this.configuration = null;
    this.claimed.clear();
  }
  async selectConfiguration(value: number) {
    this.calls.push(`configuration ${value}`);
    this.configuration = this.configurations.find((c) => c.configurationValue === value) ?? null;
  }
  async claimInterface(n: number) {
    this.calls.push(`claim ${n}`);
    this.claimed.add(n);
  }
  async selectAlternateInterface(n: number, a: number) {
    this.calls.push(`alternate ${n} ${a}`);
  }
  async transferOut(endpoint: number, data: Uint8Array<ArrayBuffer>) {
    if (!this.opened || !this.claimed.has(1)) throw new DOMException('not claimed', 'InvalidStateError');
    this.calls.push(`out ${endpoint} ${data.length}`);
    if (this.status !== 'ok') return { bytesWritten: 0, status: this.status };
    this.sent.push(data);
    return { bytesWritten: data.length, status: 'ok' };
  }
}

describe('the USB printer writer', () => {
  it('opens the device, selects its configuration, claims the printer interface and sends the bytes in chunks', async () => {
    const device = new FakeUsbPrinter();
    const bytes = bytesOf(10_000);
    await writeToUsbPrinter(device, bytes, 4096);
    expect(device.calls).toEqual(['open', 'configuration 1', 'claim 1', 'out 3 4096', 'out 3 4096', 'out 3 1808']);
    expect(joined(device.sent)).toEqual(bytes);

    // The next job goes straight out: the device stays open and claimed.
    device.calls = [];
    await writeToUsbPrinter(device, bytesOf(10), 4096);
    expect(device.calls).toEqual(['out 3 10']);
  });

  it('prints through a vendor-class interface when the device has no printer-class one', () => {
    const device = new FakeUsbPrinter();
    const [config] = device.configurations;
    const vendorOnly = { configuration: null, configurations: [{ ...config!, interfaces: [config!.interfaces[0]!] }] };
    expect(bulkOutOf(vendorOnly)).toEqual({
      configurationValue: 1,
      interfaceNumber: 0,
      alternateSetting: 0,
      endpointNumber: 2,
    });
    expect(bulkOutOf({ configuration: null, configurations: [] })).toBeNull();
  });

  it('a stalled transfer fails as printer offline and closes the device, which opens afresh next time', async () => {
    const device = new FakeUsbPrinter();
    device.status = 'stall';
    const error = await writeToUsbPrinter(device, bytesOf(100)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PrinterDeviceError);
    expect(failureOfDeviceError(error)).toBe('PRINTER_OFFLINE');
    expect(device.opened).toBe(false);

    device.status = 'ok';
    device.calls = [];
    await writeToUsbPrinter(device, bytesOf(100));
    expect(device.calls).toEqual(['open', 'configuration 1', 'claim 1', 'out 3 100']);
  });

  it('a device unplugged mid-job fails as not found', async () => {
    const device = new FakeUsbPrinter();
    device.transferOut = () => Promise.reject(new DOMException('The device was disconnected.', 'NotFoundError'));
    const error = await writeToUsbPrinter(device, bytesOf(10)).catch((e: unknown) => e);
    expect(failureOfDeviceError(error)).toBe('PRINTER_NOT_FOUND');
    expect(failureOfDeviceError(new DOMException('busy', 'NetworkError'))).toBe('PRINTER_OFFLINE');
  });

  it('finds the remembered printer by vendor, product and serial number', () => {
    const printer = new FakeUsbPrinter();
    const other = Object.assign(new FakeUsbPrinter(), { serialNumber: 'XP-002' });
    const memory = usbMemoryOf(printer);
    expect(memory).toEqual({
      kind: 'usb',
      vendorId: 0x0416,
      productId: 0x5011,
      serialNumber: 'XP-001',
      name: 'Xprinter POS-80',
    });
    expect(findUsbPrinter([other, printer], memory)).toBe(printer);
    expect(findUsbPrinter([other], memory)).toBeNull();
    // A printer without a serial number: the first of its model.
    expect(findUsbPrinter([other], { ...memory, serialNumber: null })).toBe(other);
  });
});

/** A serial port whose stream keeps what was written; `failWrites` makes the line fail. */
class FakeSerialPort implements SerialPort {
  writable: WritableStream<Uint8Array> | null = null;
  opens: number[] = [];
  closes = 0;
  written: Uint8Array[] = [];
  failWrites = false;
  constructor(private readonly info: { usbVendorId?: number; usbProductId?: number } = {}) {}
  getInfo() {
    return this.info;
  }
  async open(options: { baudRate: number }) {
    if (this.writable) throw new DOMException('already open', 'InvalidStateError');
    this.opens.push(options.baudRate);
    this.writable = new WritableStream<Uint8Array>({
      write: (chunk) => {
        if (this.failWrites) throw new DOMException('The device has been lost.', 'NetworkError');
        this.written.push(chunk);
      },
    });
  }
  async close() {
    this.closes += 1;
    this.writable = null;
  }
}

describe('the serial printer writer', () => {
  it('opens the port at 9600 baud by default, writes every byte and keeps the port open', async () => {
    const port = new FakeSerialPort();
    const bytes = bytesOf(9_000);
    await writeToSerialPrinter(port, bytes);
    await writeToSerialPrinter(port, bytesOf(5));
    expect(port.opens).toEqual([9600]);
    expect(joined(port.written)).toEqual(Uint8Array.from([...bytes, ...bytesOf(5)]));
    expect(port.written.every((chunk) => chunk.length <= 4096)).toBe(true);
  });

  it('opens at the speed the till remembers for the printer', async () => {
    const port = new FakeSerialPort();
    await writeToSerialPrinter(port, bytesOf(3), 38400);
    expect(port.opens).toEqual([38400]);
  });

  it('a failed write closes the port, and the next job opens it again', async () => {
    const port = new FakeSerialPort();
    port.failWrites = true;
    const error = await writeToSerialPrinter(port, bytesOf(10)).catch((e: unknown) => e);
    expect(failureOfDeviceError(error)).toBe('PRINTER_OFFLINE');
    expect(port.closes).toBe(1);
    port.failWrites = false;
    await writeToSerialPrinter(port, bytesOf(10));
    expect(port.opens).toEqual([9600, 9600]);
    expect(joined(port.written)).toEqual(bytesOf(10));
  });

  it("finds the remembered port by its adapter's ids", () => {
    const adapter = new FakeSerialPort({ usbVendorId: 0x067b, usbProductId: 0x2303 });
    const builtIn = new FakeSerialPort();
    const memory = serialMemoryOf(adapter, 19200);
    expect(memory).toEqual({
      kind: 'serial',
      usbVendorId: 0x067b,
      usbProductId: 0x2303,
      baudRate: 19200,
      name: 'Serial 067b:2303',
    });
    expect(findSerialPrinter([builtIn, adapter], memory)).toBe(adapter);
    expect(findSerialPrinter([builtIn, adapter], serialMemoryOf(builtIn, 9600))).toBe(builtIn);
  });
});

describe("each till's printer at this PC", () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => localStorage.clear());

  it('is remembered per till and forgotten on its own', () => {
    const usb = usbMemoryOf(new FakeUsbPrinter());
    const serial = serialMemoryOf(new FakeSerialPort(), 9600);
    rememberPrinter(3, usb);
    rememberPrinter(4, serial);
    expect(rememberedPrinter(3)).toEqual(usb);
    expect(rememberedPrinter(4)).toEqual(serial);
    forgetPrinter(3);
    expect(rememberedPrinter(3)).toBeNull();
    expect(rememberedPrinter(4)).toEqual(serial);
  });

  it('ignores what it cannot read', () => {
    localStorage.setItem('pos_till_printer_devices', '{"3":{"kind":"usb","vendorId":"x"},"4":[]}');
    expect(rememberedPrinter(3)).toBeNull();
    expect(rememberedPrinter(4)).toBeNull();
    localStorage.setItem('pos_till_printer_devices', 'not json');
    expect(rememberedPrinter(3)).toBeNull();
  });
});
