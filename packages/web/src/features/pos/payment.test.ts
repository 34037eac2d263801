import { withVariants } from './cart-fixtures';
import { ERROR_MESSAGES, type SaleFigures } from '@pos/core';
import { describe, expect, it } from 'vitest';
import { translate } from '../../i18n/translate';
import type { MessageKey, MessageParams } from '../../i18n/types';
import { ApiError } from '../../lib/api';
import { addProduct, EMPTY_CART, setCustomer, setExcludeVat, type CartProduct } from './cart';
import { parseEditState } from './edit-mode';
import { paymentAvailability } from '../payments/payment-availability';
import { cashSuggestions, parseCashInput } from './payment-options';
import { cartNoticeText, pointsErrorText, saleErrorText, serverFiguresOf } from './pos-messages';
import { buildSaleRequest, CheckoutAttempt, newIdempotencyKey } from './sale-payload';

const t = (key: MessageKey, params?: MessageParams) => translate('th', key, params);

describe('payment options from settings', () => {
  it('accept true, "true" and "1" as on, as the settings schema does', () => {
    const on = (flag: unknown) => paymentAvailability({ cashEnabled: flag }).options.length === 1;
    expect([true, 'true', '1'].map(on)).toEqual([true, true, true]);
    expect([false, 'false', '0', '', undefined, null, 'yes'].map(on)).toEqual(Array(7).fill(false));
  });

  it('list the enabled methods in order', () => {
    const a = paymentAvailability({
      cashEnabled: true,
      transferEnabled: 'true',
      promptpayEnabled: '1',
      promptpayId: '0812345678',
      defaultPaymentMethod: 'promptpay',
    });
    expect(a.options).toEqual([
      { method: 'cash', ready: true },
      { method: 'transfer', ready: true },
      { method: 'promptpay', ready: true },
    ]);
    expect(a.warnings).toEqual([]);
    expect(a.defaultMethod).toBe('promptpay');
    expect(a.promptpayId).toBe('0812345678');
  });

  it('warn when PromptPay is on without an id, and never default to it', () => {
    const a = paymentAvailability({
      cashEnabled: false,
      transferEnabled: true,
      promptpayEnabled: true,
      promptpayId: '  ',
      defaultPaymentMethod: '3',
    });
    expect(a.options).toEqual([
      { method: 'transfer', ready: true },
      { method: 'promptpay', ready: false },
    ]);
    expect(a.warnings).toEqual(['promptpayNotConfigured']);
    expect(a.defaultMethod).toBe('transfer');
  });

  it('warn when no method is enabled', () => {
    const a = paymentAvailability({ cashEnabled: 'false', transferEnabled: '0', promptpayEnabled: false });
    expect(a.options).toEqual([]);
    expect(a.warnings).toEqual(['noneEnabled']);
    expect(a.defaultMethod).toBeNull();
    expect(paymentAvailability(undefined).warnings).toEqual(['noneEnabled']);
  });

  it('fall back to the first ready method when the default is card or disabled', () => {
    expect(paymentAvailability({ cashEnabled: true, defaultPaymentMethod: 'stripe' }).defaultMethod).toBe('cash');
    expect(
      paymentAvailability({ cashEnabled: true, transferEnabled: true, defaultPaymentMethod: 'promptpay' })
        .defaultMethod,
    ).toBe('cash');
    expect(
      paymentAvailability({ cashEnabled: true, transferEnabled: true, defaultPaymentMethod: 'transfer' }).defaultMethod,
    ).toBe('transfer');
  });

  it('read the default method names and numbers of spec 000 §5', () => {
    const all = { cashEnabled: true, transferEnabled: true, promptpayEnabled: true, promptpayId: '0812345678' };
    const card = { ...all, stripeEnabled: true, stripePublishableKey: 'pk_test_1' };
    const pick = (value: unknown) => paymentAvailability({ ...card, defaultPaymentMethod: value }).defaultMethod;
    expect(['cash', '1', 'stripe', 'card', '2', '3', 'promptpay', 'transfer', 'x', 3].map(pick)).toEqual([
      'cash',
      'cash',
      'card',
      'card',
      'card',
      'promptpay',
      'promptpay',
      'transfer',
      'cash',
      'promptpay',
    ]);
  });

  it('offer card only with a publishable key starting pk_, warning when it is missing', () => {
    const on = { cashEnabled: true, stripeEnabled: 'true', defaultPaymentMethod: 'stripe' };
    expect(paymentAvailability({ ...on, stripePublishableKey: 'pk_live_abc' })).toMatchObject({
      options: [
        { method: 'cash', ready: true },
        { method: 'card', ready: true },
      ],
      warnings: [],
      defaultMethod: 'card',
    });
    for (const key of ['', 'sk_live_secret', undefined]) {
      expect(paymentAvailability({ ...on, stripePublishableKey: key })).toMatchObject({
        options: [
          { method: 'cash', ready: true },
          { method: 'card', ready: false },
        ],
        warnings: ['cardNotReady'],
        defaultMethod: 'cash',
      });
    }
  });

  it('offer card as a part of a split bill only when card is usable', () => {
    const on = { cashEnabled: true, stripeEnabled: true, allowMultiplePaymentMethods: true };
    const ready = { ...on, stripePublishableKey: 'pk_test_1' };
    expect(paymentAvailability(ready).splitMethods).toEqual(['cash', 'card']);
    expect(paymentAvailability(ready, { cardServerReady: false }).splitMethods).toEqual([]);
    expect(paymentAvailability({ ...on, stripePublishableKey: '' }).splitMethods).toEqual([]);
    expect(paymentAvailability({ ...ready, transferEnabled: true }, { cardServerReady: false }).splitMethods).toEqual([
      'cash',
      'transfer',
    ]);
  });
});

describe('cash received', () => {
  it('reads amounts with at most 2 decimals; empty means exact', () => {
    expect(parseCashInput('')).toEqual({ kind: 'exact' });
    expect(parseCashInput(' 1,000 ')).toEqual({ kind: 'amount', satang: 100_000 });
    expect(parseCashInput('500.5')).toEqual({ kind: 'amount', satang: 50_050 });
    expect(parseCashInput('0.07')).toEqual({ kind: 'amount', satang: 7 });
    expect(parseCashInput('12.345')).toEqual({ kind: 'invalid' });
    expect(parseCashInput('-5')).toEqual({ kind: 'invalid' });
    expect(parseCashInput('abc')).toEqual({ kind: 'invalid' });
  });

  it('reads cash as the other money inputs read baht (core parseBahtText)', () => {
    expect(parseCashInput('.5')).toEqual({ kind: 'amount', satang: 50 });
    expect(parseCashInput('1,234.50')).toEqual({ kind: 'amount', satang: 123_450 });
    expect(parseCashInput('-0')).toEqual({ kind: 'invalid' });
    expect(parseCashInput('.')).toEqual({ kind: 'invalid' });
  });

  it('suggests the next round amounts above the total', () => {
    expect(cashSuggestions(20_330)).toEqual([22_000, 30_000, 50_000]);
    expect(cashSuggestions(30_000)).toEqual([32_000, 40_000, 50_000]);
    expect(cashSuggestions(150)).toEqual([2_000, 10_000, 50_000]);
  });
});

const SHIRT: CartProduct = withVariants({
  id: 7,
  name: 'เสื้อยืด',
  price: 250,
  original_price: null,
  stock: 5,
  image_url: null,
  sizes: ['S', 'M'],
  colors: ['ดำ'],
  sku: 'TS-1',
  barcode: '885001',
  category: 'เสื้อผ้า',
});
const FIGURES: SaleFigures = { subtotal: 50_000, discount: 0, tax: 3_500, total: 53_500, pointsEarned: 5 };

describe('the sale payload', () => {
  const medium = { size: 'M', color: 'ดำ' };
  const cart = setExcludeVat(
    setCustomer(addProduct(addProduct(EMPTY_CART, SHIRT, medium).state, SHIRT, medium).state, 3),
    false,
  );

  it('carries the spec fields in baht, the sku taken from the barcode', () => {
    expect(buildSaleRequest(cart, FIGURES, { method: 'cash', cashReceived: 1000 })).toEqual({
      customerId: 3,
      items: [
        {
          productId: 7,
          // The variant the line sells (M / ดำ of the fixture's grid).
          variantId: 701,
          product_name: 'เสื้อยืด',
          name: 'เสื้อยืด',
          quantity: 2,
          price: 250,
          total: 500,
          size: 'M',
          color: 'ดำ',
          sizes: ['M'],
          colors: ['ดำ'],
          sku: '885001',
          category: 'เสื้อผ้า',
        },
      ],
      subtotal: 500,
      discount: 0,
      tax: 35,
      total: 535,
      excludeVAT: false,
      paymentMethod: 'cash',
      notes: null,
      pointsUsed: 0,
      pointsEarned: 5,
      cashReceived: 1000,
    });
  });

  it('adds a transfer reference, the replaced sale, and nothing that does not belong to the method', () => {
    const body = buildSaleRequest(cart, FIGURES, {
      method: 'transfer',
      cashReceived: 600,
      paymentReference: ' REF-1 ',
      replacesSaleId: 12,
    });
    expect(body).toMatchObject({ paymentMethod: 'transfer', paymentReference: 'REF-1', replacesSaleId: 12 });
    expect(body).not.toHaveProperty('cashReceived');
    expect(buildSaleRequest(cart, FIGURES, { method: 'promptpay' })).not.toHaveProperty('paymentReference');
  });

  it("names this browser's till when one is chosen, and nothing otherwise (a shop without tills)", () => {
    expect(buildSaleRequest(cart, FIGURES, { method: 'cash', tillId: 4 })).toMatchObject({ tillId: 4 });
    expect(buildSaleRequest(cart, FIGURES, { method: 'cash', tillId: null })).not.toHaveProperty('tillId');
    expect(buildSaleRequest(cart, FIGURES, { method: 'cash' })).not.toHaveProperty('tillId');
  });

  it('sends a VAT approval only with VAT excluded', () => {
    const excluded = { ...cart, excludeVat: true };
    expect(buildSaleRequest(excluded, FIGURES, { method: 'cash', vatApprovalToken: 'tok-1' })).toMatchObject({
      excludeVAT: true,
      vatApprovalToken: 'tok-1',
    });
    expect(buildSaleRequest(cart, FIGURES, { method: 'cash', vatApprovalToken: 'tok-1' })).not.toHaveProperty(
      'vatApprovalToken',
    );
    expect(buildSaleRequest(excluded, FIGURES, { method: 'cash' })).not.toHaveProperty('vatApprovalToken');
  });

  it('uses the SKU when a product has no barcode', () => {
    const noBarcode = addProduct(EMPTY_CART, { ...SHIRT, barcode: null }, medium).state;
    expect(buildSaleRequest(noBarcode, FIGURES, { method: 'cash' }).items[0]?.sku).toBe('TS-1');
  });
});

describe('checkout attempts', () => {
  it('make UUID keys', () => {
    expect(newIdempotencyKey()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('reuse the key for a retry of the same payload and take a new one for a different payload', () => {
    const attempt = new CheckoutAttempt();
    const cart = addProduct(EMPTY_CART, SHIRT).state;
    const cash = buildSaleRequest(cart, FIGURES, { method: 'cash' });
    const first = attempt.keyFor(cash);
    expect(attempt.keyFor(buildSaleRequest(cart, FIGURES, { method: 'cash' }))).toBe(first);
    const transfer = attempt.keyFor(buildSaleRequest(cart, FIGURES, { method: 'transfer' }));
    expect(transfer).not.toBe(first);
    attempt.reset();
    expect(attempt.keyFor(buildSaleRequest(cart, FIGURES, { method: 'transfer' }))).not.toBe(transfer);
  });

  it('keep one offlineId per attempt, apart from the key, for the sale sent online and later from the outbox', () => {
    const attempt = new CheckoutAttempt();
    const cart = addProduct(EMPTY_CART, SHIRT).state;
    const cash = buildSaleRequest(cart, FIGURES, { method: 'cash' });
    const offlineId = attempt.offlineIdFor(cash);
    expect(offlineId).toMatch(/^[0-9a-f-]{36}$/);
    expect(offlineId).not.toBe(attempt.keyFor(cash));
    expect(attempt.offlineIdFor(buildSaleRequest(cart, FIGURES, { method: 'cash' }))).toBe(offlineId);
    expect(attempt.offlineIdFor(buildSaleRequest(cart, FIGURES, { method: 'transfer' }))).not.toBe(offlineId);
    attempt.reset();
    expect(attempt.offlineIdFor(cash)).not.toBe(offlineId);
  });
});

describe('messages', () => {
  it('say what spec 000 §5 says for the cart and points', () => {
    expect(cartNoticeText({ kind: 'outOfStock', name: 'ก' }, t).title).toBe('สินค้าหมด');
    expect(cartNoticeText({ kind: 'insufficientStock', name: 'ก', available: 2 }, t).title).toBe(
      'สินค้าในสต็อกไม่เพียงพอ: มีเพียง 2 ชิ้น',
    );
    expect(pointsErrorText({ kind: 'pointsRequired' }, t)).toBe('กรุณาระบุจำนวนแต้มที่ต้องการใช้');
    expect(pointsErrorText({ kind: 'notEnoughPoints', balance: 1500 }, t)).toBe('คุณมี 1,500 แต้ม');
    expect(pointsErrorText({ kind: 'discountOverSubtotal' }, t)).toBe('ไม่สามารถใช้ส่วนลดมากกว่ายอดรวมสินค้าได้');
  });

  it('spell the permission denials of spec 000 §6', () => {
    expect(t('pos.noPermissionAdd')).toBe('ไม่มีสิทธิ์เพิ่มสินค้าลงตะกร้า');
    expect(t('pos.noPermissionSell')).toBe('ไม่มีสิทธิ์ทำรายการขาย');
    expect(t('pos.noPermissionAddCustomer')).toBe('ไม่มีสิทธิ์เพิ่มลูกค้า');
  });

  it('show a refused sale as "status - server message", never raw JSON', () => {
    const refused = new ApiError({
      status: 400,
      code: 'CASH_TOO_LOW',
      message: ERROR_MESSAGES.CASH_TOO_LOW,
      fromServer: true,
    });
    expect(saleErrorText(refused, t)).toEqual({
      title: 'ไม่สามารถบันทึกการขายได้',
      description: `400 - ${ERROR_MESSAGES.CASH_TOO_LOW}`,
    });
    const offline = new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'offline' });
    expect(saleErrorText(offline, t)).toEqual({ title: 'ไม่สามารถบันทึกการขายได้', description: 'offline' });
    expect(saleErrorText(new Error('x'), t)).toEqual({ title: 'ไม่สามารถบันทึกการขายได้' });
  });

  it("read the server's figures from TOTALS_CHANGED", () => {
    const server = {
      subtotal: 10,
      discount: 0,
      tax: 0.7,
      total: 10.7,
      pointsEarned: 0,
      items: [{ productId: 1, price: 10 }],
    };
    const error = new ApiError({
      status: 409,
      code: 'TOTALS_CHANGED',
      message: 'x',
      details: { server },
      fromServer: true,
    });
    expect(serverFiguresOf(error)).toEqual(server);
    expect(serverFiguresOf(new ApiError({ status: 409, code: 'INSUFFICIENT_STOCK', message: 'x' }))).toBeNull();
  });
});

describe('edit-mode entry state', () => {
  it('reads the flag, the original sale id, reason and details', () => {
    expect(
      parseEditState({ editMode: true, originalSaleId: '12', editReason: ' ลูกค้าเปลี่ยนไซส์ ', editDetails: 'M → L' }),
    ).toEqual({
      originalSaleId: 12,
      reason: 'ลูกค้าเปลี่ยนไซส์',
      details: 'M → L',
      lines: [],
      customerId: null,
      seeded: false,
    });
  });

  it('reads the original lines and customer, leaving out lines it cannot use', () => {
    const edit = parseEditState({
      editMode: true,
      originalSaleId: 7,
      editCustomerId: 3,
      editSeeded: true,
      editLines: [
        { productId: 5, name: 'เสื้อ', size: 'M', color: '', quantity: 2 },
        { productId: 0, name: 'x', quantity: 1 },
        { productId: 6, name: 'y', quantity: 0 },
        'junk',
      ],
    });
    expect(edit).toMatchObject({
      customerId: 3,
      seeded: true,
      lines: [{ productId: 5, name: 'เสื้อ', size: 'M', color: null, quantity: 2 }],
    });
  });

  it('ignores anything else', () => {
    for (const state of [
      null,
      undefined,
      'x',
      {},
      { editMode: false, originalSaleId: 1 },
      { editMode: true },
      { editMode: true, originalSaleId: -1 },
    ]) {
      expect(parseEditState(state)).toBeNull();
    }
  });

  it('leaves card out altogether when the server has no Stripe secret key (settings say why)', () => {
    const on = {
      cashEnabled: true,
      stripeEnabled: 'true',
      stripePublishableKey: 'pk_live_abc',
      defaultPaymentMethod: 'stripe',
    };
    expect(paymentAvailability(on, { cardServerReady: false })).toMatchObject({
      options: [{ method: 'cash', ready: true }],
      warnings: [],
      defaultMethod: 'cash',
    });
    expect(paymentAvailability(on, { cardServerReady: true }).options.map((o) => o.method)).toEqual(['cash', 'card']);
  });
});
