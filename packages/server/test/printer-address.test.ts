import { describe, expect, it } from 'vitest';
import { addressVerdict, isAllowedAddress, isAllowedHostSetting } from '../src/integrations/printer/printer-address';

describe('where a printer may be', () => {
  it('tells private, public and forbidden addresses apart', () => {
    for (const ip of ['10.0.0.5', '172.16.0.1', '172.31.255.254', '192.168.1.50', '127.0.0.1', '::1', 'fd12::7'])
      expect(addressVerdict(ip), ip).toBe('private');
    for (const ip of ['8.8.8.8', '172.32.0.1', '172.15.0.1', '192.169.0.1', '2001:db8::1'])
      expect(addressVerdict(ip), ip).toBe('public');
    for (const ip of ['169.254.169.254', '0.0.0.0', '224.0.0.1', '255.255.255.255', 'fe80::1', '::', 'ff02::1'])
      expect(addressVerdict(ip), ip).toBe('forbidden');
    // An IPv4 address written as IPv6 is judged as itself.
    expect(addressVerdict('::ffff:169.254.169.254')).toBe('forbidden');
    expect(addressVerdict('::ffff:192.168.0.9')).toBe('private');
    expect(addressVerdict('printer.local')).toBeNull();
  });

  it('lets public addresses through only when allowed, and forbidden ones never', () => {
    expect(isAllowedAddress('8.8.8.8', false)).toBe(false);
    expect(isAllowedAddress('8.8.8.8', true)).toBe(true);
    expect(isAllowedAddress('169.254.169.254', true)).toBe(false);
    expect(isAllowedAddress('printer.local', true)).toBe(false);
  });

  it('keeps a host name in the settings (checked once resolved), but not a malformed one', () => {
    expect(isAllowedHostSetting('epson-tm-m30.local', false)).toBe(true);
    expect(isAllowedHostSetting('-bad', false)).toBe(false);
    expect(isAllowedHostSetting('8.8.8.8', false)).toBe(false);
  });
});
