import os from 'node:os';
import type { Config } from '../../config';
import { AppError } from '../../http/app-error';

/** Where a checkout request arrived: its protocol, its Host (with any port) and the port it came in on. */
export interface RequestAddress {
  protocol: string;
  host: string;
  localPort: number | undefined;
}

/** Listening on every address: no one name to compare with. */
const WILDCARDS = new Set(['0.0.0.0', '::', '[::]']);

/** A hostname as the URL parser writes it (lower case, IPv6 in brackets and compressed); null if none. */
function normalHostname(name: string): string | null {
  try {
    return new URL(`http://${name.includes(':') && !name.startsWith('[') ? `[${name}]` : name}`).hostname;
  } catch {
    return null;
  }
}

function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

/**
 * This machine's own names, read now (network cards come and go): its interface addresses, its host
 * name (and the `.local` name mDNS gives it), and the configured HOST unless that is every address.
 */
function ownHostnames(config: Pick<Config, 'host'>): Set<string> {
  const names = Object.values(os.networkInterfaces())
    .flat()
    .map((entry) => entry?.address ?? '');
  const machine = os.hostname();
  names.push(machine, `${machine}.local`);
  if (!WILDCARDS.has(config.host)) names.push(config.host);
  return new Set(names.map(normalHostname).filter((name): name is string => name !== null));
}

/**
 * The origin Stripe sends the customer back to: `PUBLIC_URL` when set. Otherwise the address the till
 * used, but only when it is one of this server's own (loopback, an address of its network cards, its
 * host name or HOST) on the port it listens on: a Host header is the client's to write, and an unknown
 * one (`Host: evil.example`) would send a paying customer elsewhere. Refused: 400
 * CARD_RETURN_ADDRESS_UNKNOWN, whose message names PUBLIC_URL.
 */
export function checkoutReturnOrigin(config: Pick<Config, 'publicUrl' | 'host' | 'port'>, at: RequestAddress): string {
  if (config.publicUrl !== null) return config.publicUrl;
  const refused = new AppError({ status: 400, code: 'CARD_RETURN_ADDRESS_UNKNOWN' });
  // A Host is a name and a port; anything the URL parser would read as more (user@, /path) is not ours.
  if (!/^[A-Za-z0-9.\-[\]:]{1,300}$/.test(at.host) || !['http', 'https'].includes(at.protocol)) throw refused;
  let url: URL;
  try {
    url = new URL(`${at.protocol}://${at.host}`);
  } catch {
    throw refused;
  }
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  const ownPort = port === config.port || port === at.localPort;
  const ownName = isLoopback(url.hostname) || ownHostnames(config).has(url.hostname);
  if (!ownPort || !ownName) throw refused;
  return url.origin;
}
