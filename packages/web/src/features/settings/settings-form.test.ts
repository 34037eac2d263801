import { DEFAULT_SETTINGS } from '@pos/core';
import type { Settings } from '@pos/core';
import { describe, expect, it } from 'vitest';
import { SettingsForm, settingsFormValues, settingsRequest } from './settings-form';

const SETTINGS: Settings = {
  system: {
    storeName: 'ร้านทดสอบ',
    taxRate: 7,
    tax_rate: 7,
    vatRegistered: true,
    vatApplies: true,
    pricesIncludeVat: true,
    vatExclusionNeedsApproval: false,
    logo_url: '/uploads/logo/a.png',
    logo: '/uploads/logo/a.png',
    address: 'ถนนสุขุมวิท',
    phone: '',
    email: '',
    website: '',
    taxId: '0105512345678',
    posRegistrationNumber: '',
    branch: '00000',
    addressBuildingNumber: '',
    addressSubdistrict: '',
    addressDistrict: '',
    addressProvince: '',
    postcode: '',
  },
  payment: {
    cashEnabled: true,
    transferEnabled: false,
    promptpayEnabled: true,
    promptpayId: '0812345678',
    stripeEnabled: false,
    stripePublishableKey: '',
    stripePriceId: '',
    defaultPaymentMethod: 'cash',
    allowMultiplePaymentMethods: false,
    stripeSecretConfigured: false,
    stripeWebhookConfigured: false,
  },
  loyalty: { purchaseAmountForOnePoint: 100, onePointValueInBaht: 1 },
  shifts: DEFAULT_SETTINGS.shifts,
  etax: { ...DEFAULT_SETTINGS.etax, smtpPasswordConfigured: false },
  printing: DEFAULT_SETTINGS.printing,
  notifications: {
    lineChannelAccessToken: '••••WXYZ',
    lineChannelAccessTokenSet: true,
    lineUserId: 'U1',
    notifyOnSale: true,
  },
  categories: [],
};

const roundTrip = (edit: (v: ReturnType<typeof settingsFormValues>) => void = () => undefined) => {
  const values = settingsFormValues(SETTINGS);
  edit(values);
  return settingsRequest(SettingsForm.parse(values));
};

describe('the settings form', () => {
  it('holds every field core\u2019s schemas list, as the server shows it, and nothing only shown', () => {
    const { settings } = settingsFormValues(SETTINGS);
    const groups = SettingsForm.shape.settings.shape;
    for (const group of ['system', 'payment', 'loyalty', 'notifications', 'shifts'] as const) {
      expect(Object.keys(settings[group]).sort(), group).toEqual(Object.keys(groups[group].shape).sort());
    }
    expect(settings.system).toMatchObject({
      storeName: 'ร้านทดสอบ',
      taxRate: 7,
      vatRegistered: true,
      taxId: '0105512345678',
    });
    expect(settings.system).not.toHaveProperty('vatApplies');
    expect(settings.system).not.toHaveProperty('logo_url');
    expect(settings.payment).not.toHaveProperty('stripeSecretConfigured');
    expect(settings.payment).toMatchObject({ transferEnabled: false, promptpayId: '0812345678' });
    expect(settings.notifications).toEqual({ lineChannelAccessToken: '', lineUserId: 'U1', notifyOnSale: true });
  });

  it('never sends the masked LINE token back, nor the logo (only its own calls change it)', () => {
    const body = roundTrip();
    expect(body.notifications).toEqual({ lineUserId: 'U1', notifyOnSale: true });
    expect(body.system).not.toHaveProperty('logo_url');
    expect(JSON.stringify(body)).not.toContain('••••');

    const masked = roundTrip((v) => (v.settings.notifications.lineChannelAccessToken = '••••WXYZ'));
    expect(masked.notifications).not.toHaveProperty('lineChannelAccessToken');
  });

  it('sends a newly typed token, and the other groups as checked by the core schemas', () => {
    const body = roundTrip((v) => {
      v.settings.notifications.lineChannelAccessToken = '  new-token-1234 ';
      v.settings.loyalty.onePointValueInBaht = '';
      v.settings.system.taxId = '0-1055-12345-67-8';
    });
    expect(body.notifications).toMatchObject({ lineChannelAccessToken: 'new-token-1234' });
    // Spec 001 §5: loyalty values are decimals that fall back to 0.
    expect(body.loyalty).toEqual({ purchaseAmountForOnePoint: 100, onePointValueInBaht: 0 });
    expect(body.system).toMatchObject({ taxId: '0105512345678', taxRate: 7, pricesIncludeVat: true });
  });

  it('sends the shift settings as edited: the limit in baht, the reasons trimmed', () => {
    const body = roundTrip((v) => {
      v.settings.shifts.requireOpenShift = false;
      v.settings.shifts.differenceLimit = '50.5';
      v.settings.shifts.cashReasons = [' ซื้อถุง ', 'ค่าน้ำแข็ง'];
    });
    expect(body.shifts).toEqual({ requireOpenShift: false, differenceLimit: 50.5, cashReasons: ['ซื้อถุง', 'ค่าน้ำแข็ง'] });
    expect(() => roundTrip((v) => (v.settings.shifts.cashReasons = ['']))).toThrow();
  });
});
