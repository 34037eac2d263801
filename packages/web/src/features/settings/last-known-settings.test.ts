import { DEFAULT_SETTINGS } from '@pos/core';
import type { StoreSettings } from '@pos/core';
import { afterEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import { lastKnownSettings, readCachedSettings } from './settings.queries';

const SETTINGS: StoreSettings = {
  system: {
    storeName: 'ร้านทดสอบ',
    taxRate: 7,
    tax_rate: 7,
    vatRegistered: null,
    vatApplies: false,
    pricesIncludeVat: false,
    vatExclusionNeedsApproval: false,
    logo_url: '',
    logo: '',
    address: '',
    phone: '',
    email: '',
    website: '',
    taxId: '',
    posRegistrationNumber: '',
    branch: '00000',
    addressBuildingNumber: '',
    addressSubdistrict: '',
    addressDistrict: '',
    addressProvince: '',
    postcode: '',
  },
  payment: {
    stripeSecretConfigured: true,
    cashEnabled: false,
    transferEnabled: true,
    promptpayEnabled: false,
    promptpayId: '',
    stripeEnabled: false,
    stripePublishableKey: '',
    stripePriceId: '',
    defaultPaymentMethod: 'transfer',
    allowMultiplePaymentMethods: false,
  },
  loyalty: { purchaseAmountForOnePoint: 100, onePointValueInBaht: 1 },
  shifts: DEFAULT_SETTINGS.shifts,
  etax: { enabled: false },
  categories: [],
};

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
