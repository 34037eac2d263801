import { DEFAULT_SETTINGS, type StoreSettings } from '@pos/core';
import { describe, expect, it } from 'vitest';
import { storeSettingsFixture } from '../../test-fixtures/store-settings';
import { checklistHref, checklistItems } from './setup-checklist';

function storeSettings(change: (s: StoreSettings) => void = () => undefined): StoreSettings {
  const s = storeSettingsFixture({}, { payment: { ...DEFAULT_SETTINGS.payment, stripeSecretConfigured: false } });
  change(s);
  return s;
}

const doneKeys = (s: StoreSettings, hasProduct: boolean) =>
  checklistItems(s, hasProduct)
    .filter((item) => item.done)
    .map((item) => item.key);

describe('the first-run checklist', () => {
  it('has every step to do on a fresh install', () => {
    expect(doneKeys(storeSettings(), false)).toEqual([]);
  });

  it('ticks each step once the owner has set it', () => {
    const set = storeSettings((s) => {
      s.system.storeName = 'ร้านแต่งตัวดี';
      s.system.address = 'ถนนสุขุมวิท';
      s.system.taxId = '0105560123456';
      s.system.vatRegistered = true;
      s.payment.promptpayId = '0812345678';
      s.categories = ['เสื้อผ้า'];
    });
    expect(doneKeys(set, true)).toEqual(['vat', 'identity', 'payment', 'categories', 'product']);
  });

  it('needs both the name and the address, and an answer to the VAT question, "no" included', () => {
    const nameOnly = storeSettings((s) => (s.system.storeName = 'ร้านใหม่'));
    expect(doneKeys(nameOnly, false)).toEqual([]);
    // Changing the rate or the mode is not an answer: only registered or not is.
    expect(
      doneKeys(
        storeSettings((s) => (s.system.pricesIncludeVat = true)),
        false,
      ),
    ).toEqual([]);
    expect(
      doneKeys(
        storeSettings((s) => (s.system.vatRegistered = false)),
        false,
      ),
    ).toEqual(['vat']);
    expect(
      doneKeys(
        storeSettings((s) => (s.payment.cashEnabled = false)),
        false,
      ),
    ).toEqual(['payment']);
  });

  it('does not tick payment while PromptPay is on without its number', () => {
    expect(
      doneKeys(
        storeSettings((s) => (s.payment.promptpayEnabled = true)),
        false,
      ),
    ).toEqual([]);
    expect(
      doneKeys(
        storeSettings((s) => {
          s.payment.promptpayEnabled = true;
          s.payment.promptpayId = '0812345678';
        }),
        false,
      ),
    ).toEqual(['payment']);
  });

  it('links each step to its tab', () => {
    expect(checklistItems(storeSettings(), false).map((item) => checklistHref(item.tab))).toEqual([
      '/settings?tab=system',
      '/settings?tab=store',
      '/settings?tab=payment',
      '/settings?tab=categories',
      '/products',
    ]);
  });
});
