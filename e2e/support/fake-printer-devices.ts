/**
 * A fake WebUSB and Web Serial for browser tests of the till's own receipt printer (issues 37 and 38): put in
 * with `context.addInitScript(fakeDevices, kind)`, its device keeps every byte it is sent in
 * `window.__printerBytes`, fails every transfer while `window.__printerFailing`, and counts the choosers opened.
 */
declare global {
  interface Window {
    /** Every byte the fake printer was sent, in order. */
    __printerBytes: number[];
    /** While true the fake device fails every transfer (a printer switched off mid-job). */
    __printerFailing: boolean;
    /** How often the page asked the browser to choose a device. */
    __printerRequests: number;
    /** The serial speeds the port was opened at. */
    __serialOpens: number[];
  }
}

/**
 * A fake WebUSB (a printer-class interface with a bulk OUT endpoint) or Web Serial (a Prolific adapter), put in
 * before the app's code runs. What the page was granted is kept in localStorage, as the browser keeps it.
 */
export function fakeDevices(kind: 'usb' | 'serial') {
  window.__printerBytes = [];
  window.__printerFailing = false;
  window.__printerRequests = 0;
  window.__serialOpens = [];
  const grantedKey = `__fake_${kind}_granted`;
  const granted = () => localStorage.getItem(grantedKey) === '1';
  const events = { addEventListener: () => undefined, removeEventListener: () => undefined };
  const record = (data: Uint8Array) => {
    if (window.__printerFailing) throw new DOMException('A transfer error has occurred.', 'NetworkError');
    for (const byte of data) window.__printerBytes.push(byte);
  };
  if (kind === 'usb') {
    const configuration = {
      configurationValue: 1,
      interfaces: [
        {
          interfaceNumber: 0,
          get claimed() {
            return claimed;
          },
          alternates: [
            {
              alternateSetting: 0,
              interfaceClass: 7,
              endpoints: [
                { endpointNumber: 1, direction: 'in', type: 'bulk' },
                { endpointNumber: 2, direction: 'out', type: 'bulk' },
              ],
            },
          ],
        },
      ],
    };
    let claimed = false;
    const device = {
      vendorId: 0x0416,
      productId: 0x5011,
      serialNumber: 'E2E-0001',
      manufacturerName: 'Xprinter',
      productName: 'XP-80C',
      opened: false,
      configuration: null as typeof configuration | null,
      configurations: [configuration],
      open: async () => {
        device.opened = true;
      },
      close: async () => {
        device.opened = false;
        device.configuration = null;
        claimed = false;
      },
      selectConfiguration: async () => {
        device.configuration = configuration;
      },
      claimInterface: async () => {
        claimed = true;
      },
      selectAlternateInterface: async () => undefined,
      transferOut: async (endpoint: number, data: Uint8Array) => {
        if (!device.opened || !claimed || endpoint !== 2) throw new DOMException('not claimed', 'InvalidStateError');
        record(data);
        return { bytesWritten: data.length, status: 'ok' };
      },
    };
    const usb = {
      ...events,
      requestDevice: async () => {
        window.__printerRequests += 1;
        localStorage.setItem(grantedKey, '1');
        return device;
      },
      getDevices: async () => (granted() ? [device] : []),
    };
    Object.defineProperty(navigator, 'usb', { configurable: true, value: usb });
  } else {
    let writable: WritableStream<Uint8Array> | null = null;
    const port = {
      get writable() {
        return writable;
      },
      getInfo: () => ({ usbVendorId: 0x067b, usbProductId: 0x2303 }),
      open: async (options: { baudRate: number }) => {
        window.__serialOpens.push(options.baudRate);
        writable = new WritableStream<Uint8Array>({ write: (chunk) => record(chunk) });
      },
      close: async () => {
        writable = null;
      },
    };
    const serial = {
      ...events,
      requestPort: async () => {
        window.__printerRequests += 1;
        localStorage.setItem(grantedKey, '1');
        return port;
      },
      getPorts: async () => (granted() ? [port] : []),
    };
    Object.defineProperty(navigator, 'serial', { configurable: true, value: serial });
  }
}
