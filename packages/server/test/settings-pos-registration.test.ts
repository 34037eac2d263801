import type { Settings, StoreSettings } from '@pos/core';
import { describe, expect, it } from 'vitest';
import { ENGINES, useTestApp } from './helpers/test-app';

type SettingsBody = { settings: Settings };

describe.each(ENGINES)('POS registration number setting on %s', (engine) => {
  const t = useTestApp(engine);

  it('is empty by default, stored trimmed, and given to every signed-in screen with the store settings', async () => {
    const { token } = await t.buildUser({ role: 'manager' });
    const before = await t.request<SettingsBody>('GET', '/api/settings', { token });
    expect(before.body.settings.system.posRegistrationNumber).toBe('');
    const saved = await t.request<SettingsBody>('PUT', '/api/settings', {
      token,
      body: { settings: { system: { posRegistrationNumber: '  E051190000123/01  ' } } },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.settings.system.posRegistrationNumber).toBe('E051190000123/01');
    const { token: cashier } = await t.buildUser({ role: 'cashier' });
    const store = await t.request<{ settings: StoreSettings }>('GET', '/api/settings/store', { token: cashier });
    expect(store.body.settings.system.posRegistrationNumber).toBe('E051190000123/01');

    const cleared = await t.request<SettingsBody>('PUT', '/api/settings', {
      token,
      body: { settings: { system: { posRegistrationNumber: null } } },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.settings.system.posRegistrationNumber).toBe('');
  });

  it('tells the till the server has no Stripe key, so card is not offered there', async () => {
    const { token } = await t.buildUser({ role: 'admin' });
    await t.request('PUT', '/api/settings', {
      token,
      body: { settings: { payment: { stripeEnabled: true, stripePublishableKey: 'pk_test_123' } } },
    });
    const { token: cashier } = await t.buildUser({ role: 'cashier' });
    const store = await t.request<{ settings: StoreSettings }>('GET', '/api/settings/store', { token: cashier });
    expect(store.body.settings.payment).toMatchObject({ stripeEnabled: true, stripeSecretConfigured: false });
  });

  it('refuses a value that is not one short line of letters, digits and - / . and changes nothing', async () => {
    const { token } = await t.buildUser({ role: 'admin' });
    await t.request('PUT', '/api/settings', {
      token,
      body: { settings: { system: { posRegistrationNumber: 'POS-1' } } },
    });
    for (const bad of ['E0511\n90000', 'A'.repeat(31), 'เครื่อง1', 'E051\u202E321', 123, ['E1']]) {
      const res = await t.request('PUT', '/api/settings', {
        token,
        body: { settings: { system: { storeName: 'ไม่ควรถูกบันทึก', posRegistrationNumber: bad } } },
      });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(JSON.stringify(res.body.fields)).toMatch(/posRegistrationNumber/);
    }
    const after = await t.request<SettingsBody>('GET', '/api/settings', { token });
    expect(after.body.settings.system).toMatchObject({ posRegistrationNumber: 'POS-1' });
    expect(after.body.settings.system.storeName).not.toBe('ไม่ควรถูกบันทึก');
  });
});
