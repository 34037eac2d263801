import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../src/api/settings';
import {
  divideRoundHalfUp,
  pointsForCustomer,
  priceSale,
  PricingError,
  pricingSettingsOf,
  refundAmountOf,
  refundVat,
  shareOf,
  type PricingSettings,
} from '../src/pricing';

const spec: PricingSettings = {
  taxRate: 3,
  pricesIncludeVat: false,
  onePointValueInBaht: 1,
  purchaseAmountForOnePoint: 100,
};
const inclusive: PricingSettings = { ...spec, taxRate: 7, pricesIncludeVat: true };

describe('divideRoundHalfUp', () => {
  it('rounds halves up and everything else to the nearest', () => {
    expect(divideRoundHalfUp(5, 10)).toBe(1);
    expect(divideRoundHalfUp(4, 10)).toBe(0);
    expect(divideRoundHalfUp(15, 10)).toBe(2);
    expect(divideRoundHalfUp(14_999, 10_000)).toBe(1);
    expect(divideRoundHalfUp(0, 7)).toBe(0);
  });
});

describe('priceSale, tax on top (spec arithmetic)', () => {
  it('adds 3 % tax and earns a point per 100 baht', () => {
    const f = priceSale(
      [
        { price: 45_000, quantity: 2 },
        { price: 19_950, quantity: 1 },
      ],
      {
        pointsUsed: 0,
        excludeVat: false,
        settings: spec,
      },
    );
    expect(f).toEqual({ subtotal: 109_950, discount: 0, tax: 3_299, total: 113_249, pointsEarned: 11 });
  });

  it('rounds the tax half-up to the satang', () => {
    // 0.50 baht × 3 % = 1.5 satang → 2; 0.49 baht × 3 % = 1.47 → 1
    expect(priceSale([{ price: 50, quantity: 1 }], { pointsUsed: 0, excludeVat: false, settings: spec }).tax).toBe(2);
    expect(priceSale([{ price: 49, quantity: 1 }], { pointsUsed: 0, excludeVat: false, settings: spec }).tax).toBe(1);
    // 7 %: 0.07 × 0.07 = 0.49 satang → 0; 0.08 → 0.56 → 1
    const seven = { ...spec, taxRate: 7 };
    expect(priceSale([{ price: 7, quantity: 1 }], { pointsUsed: 0, excludeVat: false, settings: seven }).tax).toBe(0);
    expect(priceSale([{ price: 8, quantity: 1 }], { pointsUsed: 0, excludeVat: false, settings: seven }).tax).toBe(1);
  });

  it('takes the points discount before tax and never above the subtotal', () => {
    const f = priceSale([{ price: 10_000, quantity: 1 }], { pointsUsed: 20, excludeVat: false, settings: spec });
    expect(f).toMatchObject({ subtotal: 10_000, discount: 2_000, tax: 240, total: 8_240, pointsEarned: 0 });
    const all = priceSale([{ price: 10_000, quantity: 1 }], { pointsUsed: 100, excludeVat: false, settings: spec });
    expect(all).toMatchObject({ discount: 10_000, tax: 0, total: 0 });
    expect(() =>
      priceSale([{ price: 10_000, quantity: 1 }], { pointsUsed: 101, excludeVat: false, settings: spec }),
    ).toThrow(new PricingError('DISCOUNT_OVER_SUBTOTAL'));
  });

  it('charges no tax when VAT is excluded', () => {
    const f = priceSale([{ price: 10_000, quantity: 3 }], { pointsUsed: 0, excludeVat: true, settings: spec });
    expect(f).toEqual({ subtotal: 30_000, discount: 0, tax: 0, total: 30_000, pointsEarned: 3 });
  });

  it('earns nothing when baht per point is 0 or less, and floors otherwise', () => {
    const none = { ...spec, purchaseAmountForOnePoint: 0 };
    expect(
      priceSale([{ price: 100_000, quantity: 1 }], { pointsUsed: 0, excludeVat: true, settings: none }).pointsEarned,
    ).toBe(0);
    expect(
      priceSale([{ price: 9_999, quantity: 1 }], { pointsUsed: 0, excludeVat: true, settings: spec }).pointsEarned,
    ).toBe(0);
    expect(
      priceSale([{ price: 10_000, quantity: 1 }], { pointsUsed: 0, excludeVat: true, settings: spec }).pointsEarned,
    ).toBe(1);
    const half = { ...spec, purchaseAmountForOnePoint: 0.5 };
    expect(
      priceSale([{ price: 175, quantity: 1 }], { pointsUsed: 0, excludeVat: true, settings: half }).pointsEarned,
    ).toBe(3);
  });

  it('values points at a fractional baht value', () => {
    const f = priceSale([{ price: 10_000, quantity: 1 }], {
      pointsUsed: 3,
      excludeVat: true,
      settings: { ...spec, onePointValueInBaht: 0.25 },
    });
    expect(f.discount).toBe(75);
  });

  it('refuses empty carts, bad quantities, prices and points', () => {
    const run =
      (lines: { price: number; quantity: number }[], pointsUsed = 0) =>
      () =>
        priceSale(lines, { pointsUsed, excludeVat: false, settings: spec });
    expect(run([])).toThrow(new PricingError('EMPTY_CART'));
    expect(run([{ price: 100, quantity: 0 }])).toThrow(new PricingError('BAD_QUANTITY'));
    expect(run([{ price: 100, quantity: 1.5 }])).toThrow(new PricingError('BAD_QUANTITY'));
    expect(run([{ price: -1, quantity: 1 }])).toThrow(new PricingError('BAD_PRICE'));
    expect(run([{ price: 100, quantity: 1 }], -1)).toThrow(new PricingError('BAD_POINTS'));
    expect(run([{ price: 100, quantity: 1 }], 0.5)).toThrow(new PricingError('BAD_POINTS'));
  });
});

describe('priceSale, VAT-inclusive prices', () => {
  it('keeps the shelf total and shows the VAT part of it', () => {
    const f = priceSale([{ price: 10_700, quantity: 1 }], { pointsUsed: 0, excludeVat: false, settings: inclusive });
    expect(f).toEqual({ subtotal: 10_700, discount: 0, tax: 700, total: 10_700, pointsEarned: 1 });
  });

  it('rounds the VAT part half-up', () => {
    // 100.00 × 7 / 107 = 6.5420… baht → 654 satang; 0.15 × 7/107 = 0.98 satang → 1
    expect(
      priceSale([{ price: 10_000, quantity: 1 }], { pointsUsed: 0, excludeVat: false, settings: inclusive }).tax,
    ).toBe(654);
    expect(priceSale([{ price: 15, quantity: 1 }], { pointsUsed: 0, excludeVat: false, settings: inclusive }).tax).toBe(
      1,
    );
  });

  it('applies the discount before working out the VAT part, and 0 when VAT is excluded', () => {
    const f = priceSale([{ price: 10_700, quantity: 2 }], { pointsUsed: 107, excludeVat: false, settings: inclusive });
    expect(f).toMatchObject({ subtotal: 21_400, discount: 10_700, total: 10_700, tax: 700 });
    const ex = priceSale([{ price: 10_700, quantity: 1 }], { pointsUsed: 0, excludeVat: true, settings: inclusive });
    expect(ex).toMatchObject({ tax: 0, total: 10_700 });
  });
});

describe('pricingSettingsOf', () => {
  it('takes the tax and loyalty fields of stored settings', () => {
    const stored = structuredClone(DEFAULT_SETTINGS);
    stored.system.taxRate = 7;
    stored.system.pricesIncludeVat = true;
    stored.system.vatRegistered = true;
    stored.system.taxId = '0105561234560';
    stored.loyalty = { purchaseAmountForOnePoint: 50, onePointValueInBaht: 0.5 };
    expect(pricingSettingsOf(stored)).toEqual({
      vatApplies: true,
      taxRate: 7,
      pricesIncludeVat: true,
      onePointValueInBaht: 0.5,
      purchaseAmountForOnePoint: 50,
    });
  });

  it('reads the store view, whose rate may come as tax_rate only', () => {
    const view = { system: { tax_rate: 3.5, pricesIncludeVat: false }, loyalty: DEFAULT_SETTINGS.loyalty };
    expect(pricingSettingsOf(view)).toMatchObject({ taxRate: 3.5, pricesIncludeVat: false });
  });

  it('charges VAT only for a shop registered for VAT with its tax id', () => {
    const stored = structuredClone(DEFAULT_SETTINGS);
    expect(pricingSettingsOf(stored).vatApplies).toBe(false);
    stored.system.vatRegistered = true;
    expect(pricingSettingsOf(stored).vatApplies).toBe(false);
    stored.system.taxId = '0105561234560';
    expect(pricingSettingsOf(stored).vatApplies).toBe(true);
    stored.system.vatRegistered = false;
    expect(pricingSettingsOf(stored).vatApplies).toBe(false);
  });

  it('uses the defaults (no VAT until the owner answers) while settings are missing or the rate is not a number', () => {
    expect(pricingSettingsOf(undefined)).toEqual({ ...spec, vatApplies: false });
    expect(pricingSettingsOf({ system: { taxRate: Number.NaN } })).toEqual({ ...spec, vatApplies: false });
  });
});

describe('pointsForCustomer', () => {
  const figures = priceSale([{ price: 110_000, quantity: 1 }], { pointsUsed: 0, excludeVat: false, settings: spec });

  it('gives a customer the points of the total', () => {
    expect(figures.pointsEarned).toBe(11);
    expect(pointsForCustomer(figures, true)).toBe(11);
  });

  it('gives nobody points on a walk-in sale', () => {
    expect(pointsForCustomer(figures, false)).toBeNull();
  });
});

describe('refundAmountOf', () => {
  // 2 × 50 + 1 × 100 sold for 214 (7 % on top).
  const lines = [
    { price: 5_000, quantity: 2, refunded: 0, wanted: 0 },
    { price: 10_000, quantity: 1, refunded: 0, wanted: 0 },
  ];
  it('is the cumulative share of the total, the last refund taking the rest', () => {
    const first = refundAmountOf({ total: 21_400, refundedBefore: 0 }, [{ ...lines[0]!, wanted: 1 }, lines[1]!]);
    expect(first).toBe(5_350);
    const second = refundAmountOf({ total: 21_400, refundedBefore: first }, [
      { ...lines[0]!, refunded: 1, wanted: 1 },
      lines[1]!,
    ]);
    expect(second).toBe(5_350);
    const last = refundAmountOf({ total: 21_400, refundedBefore: first + second }, [
      { ...lines[0]!, refunded: 2 },
      { ...lines[1]!, wanted: 1 },
    ]);
    expect(first + second + last).toBe(21_400);
  });

  it('rounds a share half up and gives the whole rest when nothing is left after it', () => {
    const thirds = [{ price: 19_975, quantity: 3, refunded: 0, wanted: 1 }];
    expect(refundAmountOf({ total: 61_723, refundedBefore: 0 }, thirds)).toBe(20_574);
    expect(refundAmountOf({ total: 61_723, refundedBefore: 20_574 }, [{ ...thirds[0]!, refunded: 1, wanted: 2 }])).toBe(
      41_149,
    );
  });
});

describe('refundVat', () => {
  // 3 × ฿33.33 tax-on-top at 7 %: base 9999, tax 700, total 10699.
  const sale = { tax: 700, total: 10_699 };

  it('gives back the whole VAT for a whole refund, and 0 for a sale without VAT', () => {
    expect(refundVat(sale, 0, sale.total)).toBe(700);
    expect(refundVat({ tax: 0, total: 10_000 }, 0, 10_000)).toBe(0);
  });

  it('takes each part on the cumulative amount, so parts add up to exactly the sale VAT', () => {
    const parts = [3_566, 3_567, 3_566];
    let before = 0;
    const vats = parts.map((amount) => {
      const vat = refundVat(sale, before, amount);
      before += amount;
      return vat;
    });
    expect(vats.reduce((s, v) => s + v, 0)).toBe(700);
    expect(vats).toEqual([233, 234, 233]);
  });

  it('never passes the sale VAT, even when asked past the total', () => {
    expect(refundVat(sale, 10_000, 5_000)).toBe(700 - shareOf(700, 10_000, 10_699));
    expect(refundVat(sale, sale.total, 100)).toBe(0);
  });

  it('is the VAT part of the refunded amount in VAT-inclusive mode (฿107 at 7 % → ฿7)', () => {
    const inclusive = { tax: 1_400, total: 21_400 };
    expect(refundVat(inclusive, 0, 10_700)).toBe(700);
    expect(refundVat(inclusive, 10_700, 10_700)).toBe(700);
  });
});
