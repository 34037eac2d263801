import { isIP } from 'node:net';

/**
 * Where the server may send print jobs (issue 37). A printer setting names an address the server then opens a
 * TCP connection to, so it must not become a way to reach other services: by default only the shop's own
 * network (RFC 1918, IPv6 unique-local) and this machine (loopback, where a test printer or a print relay
 * runs). Link-local addresses (169.254.0.0/16, fe80::/10, where cloud metadata services answer), "this
 * network", multicast and broadcast are refused always; any other address only when the admin allows
 * addresses outside the private network.
 */
export type AddressVerdict = 'private' | 'public' | 'forbidden';

function ipv4Parts(address: string): number[] {
  return address.split('.').map(Number);
}

function ipv4Verdict(address: string): AddressVerdict {
  const [a = 0, b = 0] = ipv4Parts(address);
  if (a === 0 || (a === 169 && b === 254) || a >= 224) return 'forbidden';
  if (a === 10 || a === 127 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) return 'private';
  return 'public';
}

function ipv6Verdict(address: string): AddressVerdict {
  const lower = address.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (mapped) return ipv4Verdict(mapped[1]!);
  if (lower === '::1') return 'private';
  if (lower === '::' || lower.startsWith('ff') || /^fe[89ab]/.test(lower)) return 'forbidden';
  if (/^f[cd]/.test(lower)) return 'private';
  return 'public';
}

/** What kind of address an IP literal is; null for a host name (checked once resolved, see allowedAddress). */
export function addressVerdict(address: string): AddressVerdict | null {
  const family = isIP(address);
  if (family === 4) return ipv4Verdict(address);
  if (family === 6) return ipv6Verdict(address);
  return null;
}

/** Whether the server may connect to this IP address under the shop's setting. */
export function isAllowedAddress(address: string, allowPublic: boolean): boolean {
  const verdict = addressVerdict(address);
  if (verdict === null) return false;
  return verdict === 'private' || (verdict === 'public' && allowPublic);
}

/** A host as the settings may keep it: an allowed IP literal, or a host name (resolved and checked when used). */
export function isAllowedHostSetting(host: string, allowPublic: boolean): boolean {
  return addressVerdict(host) === null
    ? /^[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?$/.test(host)
    : isAllowedAddress(host, allowPublic);
}
