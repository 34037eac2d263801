import { DEFAULT_CATEGORIES, type Settings, type StoreSettings } from '@pos/core';
import { describe, expect, it } from 'vitest';
import { readSettingsShared, readStoredSettings } from '../src/features/settings/settings.service';
import { ENGINES, useTestApp } from './helpers/test-app';

type SettingsBody = { settings: Settings };

describe.each(ENGINES)('settings API on %s', (engine) => {
  const t = useTestApp(engine, { STRIPE_SECRET_KEY: 'sk_test_secret_value' });

  it('returns every group with the defaults filled in to those who may see the settings', async () => {
    const { token } = await t.buildUser({ role: 'manager' });
    const res = await t.request<SettingsBody>('GET', '/api/settings', { token });
    expect(res.status).toBe(200);
    const s = res.body.settings;
    expect(s.system).toMatchObject({
      storeName: 'Universal POS',
      taxRate: 3,
      tax_rate: 3,
      pricesIncludeVat: false,
      vatExclusionNeedsApproval: false,
    });
    expect(s.loyalty).toEqual({ purchaseAmountForOnePoint: 100, onePointValueInBaht: 1 });
    expect(s.payment).toMatchObject({
      cashEnabled: true,
      defaultPaymentMethod: 'cash',
      stripeSecretConfigured: true,
      // No STRIPE_WEBHOOK_SECRET here: the screen warns that card sales are recorded on return only.
      stripeWebhookConfigured: false,
    });
    expect(s.notifications).toMatchObject({ lineChannelAccessToken: '', notifyOnSale: false });
    expect(s.categories).toEqual([...DEFAULT_CATEGORIES]);
    expect(JSON.stringify(res.body)).not.toContain('sk_test_secret_value');
  });

  it('shares one frozen copy with readers until the stored settings change, and gives copies to writers', async () => {
    const db = t.built.deps.db.kysely;
    const shared = await readSettingsShared(db);
    expect(await readSettingsShared(db)).toBe(shared);
    expect(Object.isFrozen(shared.system)).toBe(true);
    expect(() => {
      (shared.system as { storeName: string }).storeName = 'changed in place';
    }).toThrow(TypeError);
    const copy = await readStoredSettings(db);
    copy.system.storeName = 'a copy may change';
    expect((await readSettingsShared(db)).system.storeName).toBe(shared.system.storeName);

    const { token } = await t.buildUser({ role: 'manager' });
    const saved = await t.request('PUT', '/api/settings', {
      token,
      body: { settings: { system: { storeName: 'ร้านใหม่' } } },
    });
    expect(saved.status).toBe(200);
    const after = await readSettingsShared(db);
    expect(after).not.toBe(shared);
    expect(after.system.storeName).toBe('ร้านใหม่');
  });

  it('validates and stores changes, accepting flags as text', async () => {
    const { token } = await t.buildUser({ role: 'manager' });
    const res = await t.request<SettingsBody>('PUT', '/api/settings', {
      token,
      body: {
        settings: {
          system: { storeName: ' ร้านสมใจ ', taxRate: 7, pricesIncludeVat: 'true', taxId: '0-1055-12345-67-8' },
          payment: {
            promptpayEnabled: '1',
            promptpayId: '081-234-5678',
            defaultPaymentMethod: '3',
            stripeEnabled: 'false',
          },
          loyalty: { purchaseAmountForOnePoint: '50', onePointValueInBaht: 0.5 },
          notifications: { notifyOnSale: 'true', lineUserId: 'U1234' },
        },
      },
    });
    expect(res.status).toBe(200);
    const s = res.body.settings;
    expect(s.system).toMatchObject({
      storeName: 'ร้านสมใจ',
      taxRate: 7,
      pricesIncludeVat: true,
      taxId: '0105512345678',
    });
    expect(s.payment).toMatchObject({
      promptpayEnabled: true,
      promptpayId: '0812345678',
      defaultPaymentMethod: 'promptpay',
    });
    expect(s.loyalty).toEqual({ purchaseAmountForOnePoint: 50, onePointValueInBaht: 0.5 });
    expect(s.notifications).toMatchObject({ notifyOnSale: true, lineUserId: 'U1234' });
    const again = await t.request<SettingsBody>('GET', '/api/settings', { token });
    expect(again.body.settings).toEqual(s);
  });

  it.each([
    [{ system: { taxRate: -1 } }, 'settings.system.taxRate'],
    [{ system: { taxRate: 7.123 } }, 'settings.system.taxRate'],
    [{ system: { storeName: '' } }, 'settings.system.storeName'],
    [{ system: { email: 'nope' } }, 'settings.system.email'],
    [{ system: { taxId: '12345' } }, 'settings.system.taxId'],
    [{ payment: { promptpayId: '12345' } }, 'settings.payment.promptpayId'],
    [{ payment: { defaultPaymentMethod: 'bitcoin' } }, 'settings.payment.defaultPaymentMethod'],
    [{ payment: { cashEnabled: 'maybe' } }, 'settings.payment.cashEnabled'],
    [{ payment: { stripePublishableKey: 'sk_live_oops' } }, 'settings.payment.stripePublishableKey'],
    [{ loyalty: { purchaseAmountForOnePoint: 'abc' } }, 'settings.loyalty.purchaseAmountForOnePoint'],
    [{ loyalty: { onePointValueInBaht: -2 } }, 'settings.loyalty.onePointValueInBaht'],
    [{ secrets: { a: 1 } }, 'settings'],
  ])('refuses %j naming %s and changes nothing', async (settings, field) => {
    const { token } = await t.buildUser({ role: 'admin' });
    const before = await t.request<SettingsBody>('GET', '/api/settings', { token });
    const res = await t.request<{ fields: Record<string, string> }>('PUT', '/api/settings', {
      token,
      body: { settings: { system: { storeName: 'ไม่ควรถูกบันทึก' }, ...settings } },
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields)).toContain(field);
    const after = await t.request<SettingsBody>('GET', '/api/settings', { token });
    expect(after.body).toEqual(before.body);
  });

  it('masks the LINE token and keeps it when the masked value comes back', async () => {
    const { token } = await t.buildUser({ role: 'admin' });
    const saved = await t.request<SettingsBody>('PUT', '/api/settings', {
      token,
      body: { settings: { notifications: { lineChannelAccessToken: 'line-secret-token-WXYZ' } } },
    });
    expect(saved.body.settings.notifications).toMatchObject({
      lineChannelAccessToken: '••••WXYZ',
      lineChannelAccessTokenSet: true,
    });
    await t.request('PUT', '/api/settings', {
      token,
      body: { settings: { notifications: { lineChannelAccessToken: '••••WXYZ', lineUserId: 'U99' } } },
    });
    const row = await t.built.deps.db.kysely
      .selectFrom('settings')
      .select('value')
      .where('group_name', '=', 'notifications')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.value)).toMatchObject({
      lineChannelAccessToken: 'line-secret-token-WXYZ',
      lineUserId: 'U99',
    });
  });

  it('keeps the full settings (LINE user id, token tail) to settings_view holders', async () => {
    const admin = await t.buildUser({ role: 'admin' });
    await t.request('PUT', '/api/settings', {
      token: admin.token,
      body: { settings: { notifications: { lineChannelAccessToken: 'line-token-ABCD', lineUserId: 'U-owner-1' } } },
    });
    for (const role of ['cashier', 'viewer'] as const) {
      const { token } = await t.buildUser({ role });
      const res = await t.request('GET', '/api/settings', { token });
      expect(res.status, role).toBe(403);
      expect(res.body).toMatchObject({ code: 'FORBIDDEN' });
      expect(JSON.stringify(res.body)).not.toMatch(/U-owner-1|ABCD/);
    }
    for (const role of ['admin', 'manager'] as const) {
      const { token } = await t.buildUser({ role });
      const res = await t.request<SettingsBody>('GET', '/api/settings', { token });
      expect(res.status, role).toBe(200);
      expect(res.body.settings.notifications).toMatchObject({
        lineUserId: 'U-owner-1',
        lineChannelAccessToken: '••••ABCD',
      });
    }
  });

  it('gives every signed-in role the store view: what the till, receipts and sidebar need, no secrets', async () => {
    const admin = await t.buildUser({ role: 'admin' });
    const saved = await t.request<SettingsBody>('PUT', '/api/settings', {
      token: admin.token,
      body: {
        settings: {
          system: {
            storeName: 'ร้านหน้าร้าน',
            logo_url: '/uploads/logo.png',
            address: 'ถนนสุขุมวิท',
            taxId: '0105512345678',
          },
          payment: { promptpayEnabled: true, promptpayId: '0812345678' },
          notifications: { lineChannelAccessToken: 'line-token-WXYZ', lineUserId: 'U-owner-2' },
        },
      },
    });
    expect(saved.status).toBe(200);
    const full = saved.body.settings;
    for (const role of ['admin', 'manager', 'cashier', 'viewer'] as const) {
      const { token } = await t.buildUser({ role });
      const res = await t.request<{ settings: StoreSettings }>('GET', '/api/settings/store', { token });
      expect(res.status, role).toBe(200);
      expect(res.body.settings).toEqual({
        system: full.system,
        payment: {
          cashEnabled: full.payment.cashEnabled,
          transferEnabled: full.payment.transferEnabled,
          promptpayEnabled: true,
          promptpayId: '0812345678',
          stripeEnabled: full.payment.stripeEnabled,
          stripePublishableKey: full.payment.stripePublishableKey,
          stripePriceId: full.payment.stripePriceId,
          defaultPaymentMethod: full.payment.defaultPaymentMethod,
          allowMultiplePaymentMethods: full.payment.allowMultiplePaymentMethods,
          // Whether the till may offer card at all (the key itself never leaves the server).
          stripeSecretConfigured: true,
        },
        loyalty: full.loyalty,
        // The till asks for a shift, offers the pay-in/out reasons; the difference limit is shown at the close.
        shifts: full.shifts,
        // Whether to offer the buyer's e-mail for an e-Tax invoice; never the SMTP server or its user.
        etax: { enabled: full.etax.enabled },
        // Which printer each till has and how it prints; never a printer's address.
        printing: { printers: [], tills: {} },
        categories: full.categories,
      });
      // The logo changes only through its own calls (POST/DELETE /api/settings/logo).
      expect(res.body.settings.system).toMatchObject({ storeName: 'ร้านหน้าร้าน', logo: '', logo_url: '' });
      expect(JSON.stringify(res.body)).not.toMatch(/U-owner-2|WXYZ|sk_test/);
    }
    expect((await t.request('GET', '/api/settings/store')).status).toBe(401);
  });

  it('lets only settings_edit holders change settings', async () => {
    const { token } = await t.buildUser({ role: 'cashier' });
    const res = await t.request('PUT', '/api/settings', { token, body: { settings: { system: { storeName: 'x' } } } });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'FORBIDDEN' });
  });
});
