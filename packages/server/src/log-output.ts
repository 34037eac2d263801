import os from 'node:os';
import { PinoPretty } from 'pino-pretty';

/**
 * Log lines for a person at a terminal: readable and coloured. Anywhere else
 * (a service manager, a log collector) the logs stay JSON lines, so this
 * returns undefined and pino writes JSON to stdout as usual.
 */
export function terminalLogStream(
  stdout: NodeJS.WritableStream & { isTTY?: boolean } = process.stdout,
): { write(line: string): void } | undefined {
  if (!stdout.isTTY) return undefined;
  return PinoPretty({
    colorize: true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname',
    singleLine: true,
    destination: stdout,
  });
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
