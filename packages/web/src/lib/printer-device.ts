/**
 * A receipt printer connected to the till's PC (issue 37), driven by this browser through WebUSB or Web Serial.
 * The server renders a job's bytes (ESC/POS or StarPRNT); the browser only hands them to the device. The
 * browser APIs are typed here by the few members the app uses, as for the BarcodeDetector: no type package, and
 * the tests' fake devices implement exactly this much.
 */

/** How a job the till sent went, as the server records it (`POST /api/print-jobs/:id/result`). */
export type DeviceFailure = 'PRINTER_NOT_FOUND' | 'PRINTER_OFFLINE';

/**
 * A write that did not reach the printer: `PRINTER_NOT_FOUND` when the device is gone (unplugged, or this site's
 * permission withdrawn), `PRINTER_OFFLINE` when it is there but the transfer failed.
 */
export class PrinterDeviceError extends Error {
  readonly failure: DeviceFailure;
  constructor(failure: DeviceFailure, cause?: unknown) {
    super(failure, { cause });
    this.name = 'PrinterDeviceError';
    this.failure = failure;
  }
}

/** The failure a browser error stands for: a missing or forbidden device, else a failed transfer. */
export function failureOfDeviceError(error: unknown): DeviceFailure {
  if (error instanceof PrinterDeviceError) return error.failure;
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  return name === 'NotFoundError' || name === 'SecurityError' ? 'PRINTER_NOT_FOUND' : 'PRINTER_OFFLINE';
}

/** A printer this till has been given: what sends bytes to it, and its name for the cashier. */
export interface PrinterDevice {
  readonly label: string;
  write(bytes: Uint8Array): Promise<void>;
  /** Lets go of the device (a new line speed, another printer chosen): the next write opens it afresh. */
  release(): Promise<void>;
}

/** Whether the cashier closed the browser's device chooser without picking one (not an error to show). */
export function isChooserCancelled(error: unknown): boolean {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  return name === 'NotFoundError' || name === 'AbortError';
}
