import { DEFAULT_SETTINGS } from '@pos/core';
import { afterEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import { storeSettingsFixture } from '../../test-fixtures/store-settings';
import { lastKnownSettings, readCachedSettings } from './settings.queries';

const SETTINGS = storeSettingsFixture(
  { storeName: 'ร้านทดสอบ', taxRate: 7 },
  {
    payment: {
      ...DEFAULT_SETTINGS.payment,
      stripeSecretConfigured: true,
      cashEnabled: false,
      defaultPaymentMethod: 'transfer',
    },
  },
);

afterEach(() => localStorage.clear());

describe('the last known settings', () => {
  it('are the loaded settings while the server answers', () => {
    expect(lastKnownSettings({ data: SETTINGS, isError: false }, () => undefined)).toEqual({
      settings: SETTINGS,
      stale: false,
    });
    expect(lastKnownSettings({ data: undefined, isError: false }, () => SETTINGS)).toEqual({
      settings: undefined,
      stale: false,
    });
  });

  it('fall back to the local copy (pos_settings) when the load failed, and say they are stale', () => {
    localStorage.setItem(STORAGE_KEYS.settings, JSON.stringify(SETTINGS));
    expect(readCachedSettings()).toEqual(SETTINGS);
    expect(lastKnownSettings({ data: undefined, isError: true })).toEqual({ settings: SETTINGS, stale: true });
  });

  it('read a whole-settings copy kept by an older version as its store part, notifications left out', () => {
    const older = {
      ...SETTINGS,
      payment: { ...SETTINGS.payment, stripeSecretConfigured: true, stripeWebhookConfigured: true },
      notifications: {
        lineChannelAccessToken: '••••WXYZ',
        lineChannelAccessTokenSet: true,
        lineUserId: 'U1',
        notifyOnSale: true,
      },
    };
    localStorage.setItem(STORAGE_KEYS.settings, JSON.stringify(older));
    expect(readCachedSettings()).toEqual(SETTINGS);
  });

  it('read a store copy kept before the server said whether it has its Stripe key as one that has it', () => {
    const { stripeSecretConfigured: _unknown, ...payment } = SETTINGS.payment;
    localStorage.setItem(STORAGE_KEYS.settings, JSON.stringify({ ...SETTINGS, payment }));
    expect(readCachedSettings()).toEqual(SETTINGS);
  });

  it('read a copy kept before full tax invoices as the head office with e-Tax off (issue 36)', () => {
    const { branch: _branch, ...system } = SETTINGS.system;
    const { etax: _etax, ...older } = SETTINGS;
    localStorage.setItem(STORAGE_KEYS.settings, JSON.stringify({ ...older, system }));
    const read = readCachedSettings();
    expect(read?.system.branch).toBe('00000');
    expect(read?.etax).toEqual({ enabled: false });
    expect(read).toEqual(SETTINGS);
  });

  it('read a copy kept before printers as a shop with none (issue 37)', () => {
    const { printing: _printing, ...older } = SETTINGS;
    localStorage.setItem(STORAGE_KEYS.settings, JSON.stringify(older));
    expect(readCachedSettings()).toEqual(SETTINGS);
  });

  it('keep the settings read before a failed reload', () => {
    const older = { ...SETTINGS, categories: ['เก่า'] };
    expect(lastKnownSettings({ data: SETTINGS, isError: true }, () => older)).toEqual({
      settings: SETTINGS,
      stale: true,
    });
  });

  it('are missing when nothing was ever read (the dialog keeps its error with retry)', () => {
    localStorage.setItem(STORAGE_KEYS.settings, '{not json');
    expect(lastKnownSettings({ data: undefined, isError: true })).toEqual({ settings: undefined, stale: false });
    localStorage.clear();
    expect(lastKnownSettings({ data: undefined, isError: true })).toEqual({ settings: undefined, stale: false });
  });
});
