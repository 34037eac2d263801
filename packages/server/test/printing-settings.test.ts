import type { Settings, StoreSettings } from '@pos/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, useTestApp } from './helpers/test-app';

// Printers (issue 37): only admins configure them, only at addresses the server may connect to, each till's
// printer one of the list; a till's view of them never shows an address.

type Refusal = { code?: string; details?: Record<string, unknown> };

describe.each(ENGINES)('printer settings on %s', (engine) => {
  const t = useTestApp(engine);
  let admin: string;
  let manager: string;
  let cashier: string;
  let tillId: number;

  const put = (printing: Record<string, unknown>, token = admin) =>
    t.request<{ settings: Settings } & Refusal>('PUT', '/api/settings', { token, body: { settings: { printing } } });
  const stored = async () => (await t.request<{ settings: Settings }>('GET', '/api/settings', { token: admin })).body;
  const counter = { name: 'หน้าร้าน', type: 'network', host: '127.0.0.1', port: 9100, width: 80 };

  beforeAll(async () => {
    admin = await t.adminToken();
    manager = (await t.buildUser({ role: 'manager' })).token;
    cashier = (await t.buildUser({ role: 'cashier' })).token;
    const till = await t.request<{ till: { id: number } }>('POST', '/api/tills', {
      token: admin,
      body: { name: 'เคาน์เตอร์ 1' },
    });
    tillId = till.body.till.id;
  });

  it('keeps a network printer as a till printer, with the defaults filled in', async () => {
    const res = await put({ printers: [counter], tills: { [tillId]: 'หน้าร้าน' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.settings.printing).toEqual({
      printers: [{ ...counter, language: 'esc-pos', thaiCodePage: false, thaiCodePageNumber: 21, cashDrawer: true }],
      tills: { [tillId]: 'หน้าร้าน' },
      allowPublicAddresses: false,
    });
    // A till sees which printer it has and how it prints, never where it is.
    const store = await t.request<{ settings: StoreSettings }>('GET', '/api/settings/store', { token: cashier });
    expect(store.body.settings.printing).toEqual({
      printers: [
        {
          name: 'หน้าร้าน',
          type: 'network',
          width: 80,
          language: 'esc-pos',
          thaiCodePage: false,
          thaiCodePageNumber: 21,
          cashDrawer: true,
        },
      ],
      tills: { [tillId]: 'หน้าร้าน' },
    });
  });

  it('lets only admins change printers, and writes nothing when refused', async () => {
    const before = await stored();
    const res = await put({ printers: [{ ...counter, host: '192.168.1.9' }] }, manager);
    expect([res.status, res.body.code]).toEqual([403, 'PRINTING_SETTINGS_FORBIDDEN']);
    // A manager still saves the other settings.
    const other = await t.request('PUT', '/api/settings', {
      token: manager,
      body: { settings: { system: { phone: '021234567' } } },
    });
    expect(other.status).toBe(200);
    expect((await stored()).settings.printing).toEqual(before.settings.printing);
  });

  it('refuses addresses outside the shop network unless allowed, and link-local ones always', async () => {
    const before = await stored();
    const outside = await put({ printers: [{ ...counter, host: '8.8.8.8' }] });
    expect([outside.status, outside.body.code]).toEqual([400, 'PRINTER_ADDRESS_NOT_ALLOWED']);
    expect(outside.body.details).toEqual({ field: 'settings.printing.printers.0.host' });
    const metadata = await put({ printers: [{ ...counter, host: '169.254.169.254' }], allowPublicAddresses: true });
    expect([metadata.status, metadata.body.code]).toEqual([400, 'PRINTER_ADDRESS_NOT_ALLOWED']);
    expect((await stored()).settings.printing).toEqual(before.settings.printing);
    const allowed = await put({ printers: [{ ...counter, host: '203.0.113.7' }], allowPublicAddresses: true });
    expect(allowed.status).toBe(200);
    expect((await put({ printers: [counter], allowPublicAddresses: false })).status).toBe(200);
  });

  it('refuses what would leave a till without its printer, and malformed printers', async () => {
    const before = await stored();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ printers: [counter, { ...counter, name: 'หน้าร้าน ', host: '10.0.0.2' }] }, 400, 'PRINTER_NAME_TAKEN'],
      [{ printers: [counter], tills: { [tillId]: 'หลังร้าน' } }, 400, 'PRINTER_NOT_FOUND'],
      [{ printers: [counter], tills: { '999999': 'หน้าร้าน' } }, 400, 'PRINTER_TILL_NOT_FOUND'],
      // Removing the printer a till uses.
      [{ printers: [] }, 400, 'PRINTER_NOT_FOUND'],
      [{ printers: [{ ...counter, host: '' }] }, 400, 'VALIDATION_FAILED'],
      [{ printers: [{ ...counter, width: 76 }] }, 400, 'VALIDATION_FAILED'],
      [{ printers: [{ ...counter, port: 70_000 }] }, 400, 'VALIDATION_FAILED'],
      [{ printers: [{ ...counter, host: 'printer;rm -rf' }] }, 400, 'VALIDATION_FAILED'],
      [{ tills: { abc: 'หน้าร้าน' } }, 400, 'VALIDATION_FAILED'],
    ];
    for (const [printing, status, code] of cases) {
      const res = await put(printing);
      expect([res.status, res.body.code], JSON.stringify(printing)).toEqual([status, code]);
    }
    expect((await stored()).settings.printing).toEqual(before.settings.printing);
  });
});
