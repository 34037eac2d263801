import net from 'node:net';

/**
 * A network receipt printer on 127.0.0.1 for tests (issue 37): it keeps the bytes of each connection (a job),
 * answers ESC/POS paper status (DLE EOT 4) as a real one does, and can run out of paper or be switched off.
 */
export interface FakePrinter {
  port: number;
  /** Each connection's bytes, status queries left out. */
  jobs: Buffer[];
  paperOut: boolean;
  /** Waits until `count` jobs have arrived. */
  waitForJobs(count: number, timeoutMs?: number): Promise<Buffer[]>;
  close(): Promise<void>;
}

const PAPER_STATUS = Buffer.from([0x10, 0x04, 0x04]);

export async function startFakePrinter(port = 0): Promise<FakePrinter> {
  const sockets = new Set<net.Socket>();
  const printer: FakePrinter = {
    port: 0,
    jobs: [],
    paperOut: false,
    async waitForJobs(count, timeoutMs = 5_000) {
      const until = Date.now() + timeoutMs;
      while (printer.jobs.length < count) {
        if (Date.now() > until) throw new Error(`the printer got ${printer.jobs.length} of ${count} jobs`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return printer.jobs;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  const server = net.createServer((socket) => {
    sockets.add(socket);
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => {
      if (chunk.equals(PAPER_STATUS)) {
        // Paper roll sensor: 0x12 fixed bits, 0x60 when the roll is out.
        socket.write(Buffer.from([printer.paperOut ? 0x72 : 0x12]));
        return;
      }
      chunks.push(chunk);
    });
    socket.on('end', () => {
      if (chunks.length > 0) printer.jobs.push(Buffer.concat(chunks));
      socket.end();
    });
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  printer.port = (server.address() as net.AddressInfo).port;
  return printer;
}

/** What an ESC/POS job holds, read back command by command: its picture, cut and drawer pulse. */
export interface DecodedJob {
  /** The raster image stacked top to bottom: `width` dots across, 1 = ink. */
  width: number;
  height: number;
  bits: Uint8Array;
  cut: boolean;
  /** Cut after the image (nothing printed below the cut). */
  cutLast: boolean;
  drawerPulses: number;
  /** Lines printed as text (TIS-620 read back as Thai), with the code pages chosen by ESC t. */
  text: string[];
  codePages: number[];
}

/** TIS-620: Thai letters at 0xA1–0xFB, in Unicode's order from U+0E01. */
function tis620(byte: number): string {
  return byte >= 0xa1 && byte <= 0xfb ? String.fromCodePoint(byte - 0xa0 + 0x0e00) : String.fromCharCode(byte);
}

/** Reads an ESC/POS job; a command it does not know fails the test rather than being skipped. */
export function decodeEscPos(bytes: Buffer): DecodedJob {
  const rows: Uint8Array[] = [];
  let width = 0;
  let cut = false;
  let cutLast = false;
  let drawerPulses = 0;
  const text: string[] = [];
  const codePages: number[] = [];
  let line: string | null = null;
  let i = 0;
  const at = (k: number) => bytes[i + k] ?? -1;
  while (i < bytes.length) {
    const b = at(0);
    if (b === 0x0a) {
      text.push(line ?? '');
      line = null;
      i += 1;
    } else if (b === 0x0d) i += 1;
    else if (b >= 0x20 && b !== 0x7f) {
      line = (line ?? '') + tis620(b);
      i += 1;
      cutLast = false;
    } else if (b === 0x1b && at(1) === 0x74) {
      codePages.push(at(2)); // ESC t n code page
      i += 3;
    } else if ((b === 0x1b && at(1) === 0x45) || (b === 0x1d && at(1) === 0x21))
      i += 3; // ESC E bold, GS ! size
    else if (b === 0x1b && at(1) === 0x40)
      i += 2; // ESC @ initialise
    else if (b === 0x1c && at(1) === 0x2e)
      i += 2; // FS . cancel kanji
    else if (b === 0x1b && [0x4d, 0x61, 0x33, 0x64, 0x4a, 0x74].includes(at(1)))
      i += 3; // font, align, spacing, feed
    else if (b === 0x1b && at(1) === 0x32)
      i += 2; // default line spacing
    else if (b === 0x1b && at(1) === 0x70) {
      drawerPulses += 1; // ESC p m t1 t2
      i += 5;
    } else if (b === 0x1d && at(1) === 0x56) {
      cut = true; // GS V m [n]
      cutLast = true;
      i += at(2) === 65 || at(2) === 66 ? 4 : 3;
    } else if (b === 0x1d && at(1) === 0x76 && at(2) === 0x30) {
      const bytesPerRow = at(4) + at(5) * 256;
      const count = at(6) + at(7) * 256;
      width = bytesPerRow * 8;
      const start = i + 8;
      for (let r = 0; r < count; r++) rows.push(bytes.subarray(start + r * bytesPerRow, start + (r + 1) * bytesPerRow));
      i = start + bytesPerRow * count;
      cutLast = false;
    } else {
      throw new Error(`unknown ESC/POS byte 0x${b.toString(16)} at ${i}`);
    }
  }
  const bits = new Uint8Array(width * rows.length);
  rows.forEach((row, y) => {
    for (let x = 0; x < width; x++) bits[y * width + x] = ((row[x >> 3] ?? 0) >> (7 - (x & 7))) & 1;
  });
  return { width, height: rows.length, bits, cut, cutLast, drawerPulses, text, codePages };
}
