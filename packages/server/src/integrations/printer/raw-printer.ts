import { lookup } from 'node:dns/promises';
import net from 'node:net';
import { addressVerdict, isAllowedAddress } from './printer-address';

export type PrinterFailure = 'PRINTER_OFFLINE' | 'PRINTER_PAPER_OUT' | 'PRINTER_ADDRESS_NOT_ALLOWED';

/** Why a job did not reach the paper: a code the till words, and what the network or printer said. */
export class PrinterError extends Error {
  constructor(
    readonly failure: PrinterFailure,
    message: string,
  ) {
    super(message);
  }
}

export interface RawPrinterTarget {
  host: string;
  port: number;
  allowPublicAddresses: boolean;
  /** Ask the printer first whether it has paper (ESC/POS real-time status); printers that do not answer print. */
  askStatus: boolean;
}

/** ESC/POS DLE EOT 4: the roll paper sensor's status, answered at once, even mid-job. */
const PAPER_STATUS = Buffer.from([0x10, 0x04, 0x04]);
/** Bits 5 and 6 of the answer: the roll is out. */
const PAPER_END = 0x60;

/**
 * The address to connect to: an IP literal as it is, a host name resolved here and each answer checked, so
 * a name cannot point the server at an address the settings would refuse (and it connects to what it checked).
 */
async function allowedAddress(target: RawPrinterTarget): Promise<string> {
  if (addressVerdict(target.host) !== null) {
    if (isAllowedAddress(target.host, target.allowPublicAddresses)) return target.host;
    throw new PrinterError('PRINTER_ADDRESS_NOT_ALLOWED', `${target.host} is not on the shop's network`);
  }
  let answers: { address: string }[];
  try {
    answers = await lookup(target.host, { all: true });
  } catch (err) {
    throw new PrinterError('PRINTER_OFFLINE', `${target.host}: ${(err as Error).message}`);
  }
  const allowed = answers.find((a) => isAllowedAddress(a.address, target.allowPublicAddresses));
  if (!allowed)
    throw new PrinterError('PRINTER_ADDRESS_NOT_ALLOWED', `${target.host} resolves outside the shop's network`);
  return allowed.address;
}

/**
 * Sends a job's bytes to a network printer's raw port (9100 on most) and waits until the printer has them.
 * Refused, unreachable or silent beyond `timeoutMs` → PRINTER_OFFLINE; a printer reporting its roll out →
 * PRINTER_PAPER_OUT, before anything is sent (nothing half printed).
 */
export async function sendToRawPrinter(target: RawPrinterTarget, bytes: Uint8Array, timeoutMs = 5_000): Promise<void> {
  const address = await allowedAddress(target);
  await new Promise<void>((resolve, reject) => {
    const socket = net.connect({ host: address, port: target.port });
    let settled = false;
    const finish = (error?: PrinterError) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) {
        socket.destroy();
        reject(error);
      } else {
        resolve();
      }
    };
    const timer = setTimeout(
      () => finish(new PrinterError('PRINTER_OFFLINE', `no answer from ${address}:${target.port} in ${timeoutMs} ms`)),
      timeoutMs,
    );
    socket.on('error', (err) =>
      finish(new PrinterError('PRINTER_OFFLINE', `${address}:${target.port}: ${err.message}`)),
    );
    const send = () => {
      socket.end(bytes, () => {
        // Written and the connection half-closed: the printer has the job.
        socket.destroySoon();
        finish();
      });
    };
    socket.once('connect', () => {
      if (!target.askStatus) return send();
      // A printer that does not answer the status within a moment is printed to all the same.
      const quiet = setTimeout(() => {
        socket.removeAllListeners('data');
        send();
      }, 400);
      socket.once('data', (answer: Buffer) => {
        clearTimeout(quiet);
        if ((answer[0] ?? 0) & PAPER_END) {
          finish(new PrinterError('PRINTER_PAPER_OUT', `${address}:${target.port} reports its roll out`));
        } else {
          send();
        }
      });
      socket.write(PAPER_STATUS);
    });
  });
}
