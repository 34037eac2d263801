import os from 'node:os';

type Stdout = { write(text: string): unknown; isTTY?: boolean };

/** Where the server writes: its log lines and, once it listens, the one plain line of its address. */
export interface ServerOutput {
  /** The logger's stream. */
  logStream: { write(line: string): void };
  /** A plain line, after every log line written before it. */
  writeLine(text: string): void;
}

/**
 * Log lines and the address line written through the one stdout stream, each as it comes, so they
 * come out in the order written: the address line last at start-up (pino's own stdout writer is
 * asynchronous, so its lines came out after it). For a person at a terminal the logs are readable
 * and coloured; anywhere else (a service manager, a log collector) they stay JSON lines. pino-pretty
 * is loaded only for a terminal.
 */
export async function serverOutput(stdout: Stdout = process.stdout): Promise<ServerOutput> {
  const writeLine = (text: string) => void stdout.write(`${text}\n`);
  if (!stdout.isTTY) return { logStream: { write: (line) => void stdout.write(line) }, writeLine };
  const { prettyFactory } = await import('pino-pretty');
  const pretty = prettyFactory({
    colorize: true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname',
    singleLine: true,
  });
  return { logStream: { write: (line) => void stdout.write(pretty(line)) }, writeLine };
}

type Interfaces = ReturnType<typeof os.networkInterfaces>;

/**
 * The one plain line that says where to open the app: localhost for this
 * computer and, when listening on every network card, the addresses other
 * tills and phones on the shop's network can use.
 */
export function listeningLine(host: string, port: number, interfaces: Interfaces = os.networkInterfaces()): string {
  const everywhere = host === '0.0.0.0' || host === '::' || host === '';
  if (!everywhere) return `Thai Shop POS is ready at http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const lan = Object.values(interfaces)
    .flatMap((list) => list ?? [])
    .filter((iface) => iface.family === 'IPv4' && !iface.internal)
    .map((iface) => `http://${iface.address}:${port}`);
  const others = lan.length > 0 ? `, other devices on the network: ${lan.join(' ')}` : '';
  return `Thai Shop POS is ready at http://localhost:${port} (this computer)${others}`;
}
