import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SETTINGS,
  defaultMethodOf,
  flagIsOn,
  PAYMENT_METHOD_FLAGS,
  PAYMENT_METHOD_NAMES,
  PAYMENT_METHOD_ORDER,
  PAYMENT_METHOD_RULES,
  planSplitPayment,
  SALE_PAYMENT_METHODS,
  takesReference,
  PAYMENT_METHODS,
  paymentMethodState,
  PaymentSettingsInput,
} from '../src/index';

describe('payment methods as one table', () => {
  it('names every method once, each enabled by a real payment settings flag', () => {
    expect([...PAYMENT_METHOD_ORDER].sort()).toEqual([...PAYMENT_METHODS].sort());
    const settingsKeys = Object.keys(PaymentSettingsInput.shape);
    for (const method of PAYMENT_METHODS) {
      const rule = PAYMENT_METHOD_RULES[method];
      expect(settingsKeys).toContain(rule.flag);
      if (rule.needsSetting) expect(settingsKeys).toContain(rule.needsSetting.setting);
    }
    // Card money is taken by a provider, never confirmed by the cashier.
    expect(PAYMENT_METHODS.filter((m) => PAYMENT_METHOD_RULES[m].provider !== null)).toEqual(['card']);
  });

  it('keeps a reference only for the methods whose rule says so, in single and split bills alike', () => {
    expect(PAYMENT_METHODS.filter(takesReference)).toEqual(['transfer']);
    expect(['split', 'stripe', 'toString', ''].map(takesReference)).toEqual([false, false, false, false]);
    const plan = planSplitPayment(30_000, [
      { method: 'cash', amount: 10_000, reference: 'X' },
      { method: 'transfer', amount: 20_000, reference: ' TX-1 ' },
    ]);
    expect(plan.ok && plan.parts.map((p) => p.reference)).toEqual([null, 'TX-1']);
  });

  it('gives every way of paying a Thai name and every method its settings flag', () => {
    for (const method of SALE_PAYMENT_METHODS) expect(PAYMENT_METHOD_NAMES[method].trim(), method).not.toBe('');
    expect([...PAYMENT_METHOD_FLAGS].sort()).toEqual(PAYMENT_METHODS.map((m) => PAYMENT_METHOD_RULES[m].flag).sort());
    for (const flag of PAYMENT_METHOD_FLAGS) expect(typeof DEFAULT_SETTINGS.payment[flag]).toBe('boolean');
  });

  it('reads flags and the default method exactly as the settings schema does', () => {
    for (const value of [true, false, 'true', 'false', '1', '0', '', 'yes', 1, null, undefined]) {
      const parsed = PaymentSettingsInput.shape.cashEnabled.safeParse(value);
      expect(flagIsOn(value)).toBe(parsed.success && parsed.data);
    }
    expect(['cash', '1', 'stripe', '2', 'card', '3', 'transfer', 'x', 3].map(defaultMethodOf)).toEqual([
      'cash',
      'cash',
      'card',
      'card',
      'card',
      'promptpay',
      'transfer',
      null,
      'promptpay',
    ]);
  });

  it('tells off, unconfigured and ready apart', () => {
    const payment = { ...DEFAULT_SETTINGS.payment };
    expect(PAYMENT_METHODS.map((m) => paymentMethodState(m, payment))).toEqual(['ready', 'off', 'ready', 'off']);
    expect(paymentMethodState('promptpay', { promptpayEnabled: '1', promptpayId: ' ' })).toBe('unconfigured');
    expect(paymentMethodState('promptpay', { promptpayEnabled: 'true', promptpayId: '0812345678' })).toBe('ready');
    expect(paymentMethodState('card', { stripeEnabled: true })).toBe('ready');
  });
});
