import {
  CreateSaleRequest,
  DEFAULT_SETTINGS,
  priceSale,
  pricingSettingsOf,
  satangToBaht,
  type CreateSaleRequest as SaleRequest,
  type StoredSettings,
} from '@pos/core';
import { describe, expect, it } from 'vitest';
import type { DbExecutor } from '../src/db/executor';
import { AppError } from '../src/http/app-error';
import type { SessionUser } from '../src/http/request-user';
import type { PaidSale } from '../src/features/sales/paid-sale';
import type { SaleLines } from '../src/features/sales/sale-steps/lines.step';
import { checkPaymentMethod, planPayments } from '../src/features/sales/sale-steps/payment.step';
import { priceLines } from '../src/features/sales/sale-steps/price.step';
import type { ProductOfSale, SaleContext } from '../src/features/sales/sale-steps/sale-context';
import { counterPolicy, paidPolicy } from '../src/features/sales/sale-steps/sale-policy';
import { checkStock } from '../src/features/sales/sale-steps/stock.step';
import { planStockTakes } from '../src/features/sales/sale-steps/stock-plan';
import type { VariantForSale } from '../src/features/sales/sales.queries';
import { outboxMessage } from '../src/features/sales/sale-steps/write.step';
import { useVatApproval } from '../src/features/sales/sale-steps/vat-approval.step';
import { lockReplacedSale } from '../src/features/sales/sale-steps/replacement.step';
import { joinShift } from '../src/features/sales/sale-steps/shift.step';

// Each step of a sale (write-sale.ts) on its own, at the counter and for a paid card sale. The steps that
// read the database are given one that fails the test if it is touched where the step must not need it;
// what they do with a real database is held by the API tests (sales, card payments, split payment, ...).

const seller = { id: 7, name: 'แคชเชียร์', role: 'cashier' } as SessionUser;
const untouchable = new Proxy(
  {},
  {
    get(_target, property) {
      throw new Error(`the step touched the database (${String(property)})`);
    },
  },
) as DbExecutor;

function product(overrides: Partial<ProductOfSale> = {}): ProductOfSale {
  return {
    id: 1,
    name: 'เสื้อโปโล',
    sku: 'POLO-1',
    barcode: null,
    price: 25_000,
    original_price: null,
    stock: 5,
    unassigned_stock: 0,
    category: null,
    sizes: [],
    colors: [],
    deleted_at: null,
    ...overrides,
  };
}

/** Variant 101 of product 1 (size M, black) holding `stock`. */
function variantRow(stock: number): VariantForSale {
  return {
    id: 101,
    product_id: 1,
    size: 'M',
    color: 'ดำ',
    sku: 'POLO-1-M-C1',
    barcode: null,
    stock,
    price: null,
    active: 1,
  };
}

/** A one-line sale of `quantity` polos at 250 baht, figures as the server prices them on `settings`. */
function request(overrides: Partial<SaleRequest> = {}, quantity = 1): SaleRequest {
  const figures = priceSale([{ price: 25_000, quantity }], {
    pointsUsed: 0,
    excludeVat: false,
    settings: pricingSettingsOf(DEFAULT_SETTINGS),
  });
  return {
    items: [{ productId: 1, quantity, price: 250 }],
    subtotal: satangToBaht(figures.subtotal),
    discount: satangToBaht(figures.discount),
    tax: satangToBaht(figures.tax),
    total: satangToBaht(figures.total),
    paymentMethod: 'cash',
    ...overrides,
  };
}

function paidSale(): PaidSale {
  return { terms: null, flags: [] };
}

function context(
  overrides: Partial<Omit<SaleContext, 'input'>> & { input?: SaleRequest; settings?: StoredSettings } = {},
): SaleContext {
  const now = new Date('2026-11-28T03:00:00Z');
  return {
    trx: untouchable,
    deps: { config: { shopTimezone: 'Asia/Bangkok' } as SaleContext['deps']['config'] },
    seller,
    mode: { via: 'counter' },
    policy: counterPolicy,
    settings: DEFAULT_SETTINGS,
    liveTills: false,
    now,
    nowIso: now.toISOString(),
    ...overrides,
    input: CreateSaleRequest.parse(overrides.input ?? request()),
  };
}

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (err) {
    if (err instanceof AppError) return err.code;
    throw err;
  }
  return undefined;
}

async function asyncCodeOf(run: () => Promise<unknown>): Promise<string | undefined> {
  try {
    await run();
  } catch (err) {
    if (err instanceof AppError) return err.code;
    throw err;
  }
  return undefined;
}

describe('the sale policy', () => {
  it('at the counter throws a refusal; a paid sale flags it and goes on', () => {
    const refusal = new AppError({ status: 409, code: 'PRODUCT_UNAVAILABLE' });
    expect(() => counterPolicy.refuse(refusal, { reason: 'product_unavailable' })).toThrow(refusal);
    const paid = paidSale();
    paidPolicy(paid).refuse(refusal, { reason: 'product_unavailable', products: [{ productId: 1, name: 'ก' }] });
    paidPolicy(paid).refuse(refusal, { reason: 'product_unavailable', products: [{ productId: 2, name: 'ข' }] });
    expect(paid.flags).toEqual([
      {
        reason: 'product_unavailable',
        products: [
          { productId: 1, name: 'ก' },
          { productId: 2, name: 'ข' },
        ],
      },
    ]);
  });

  it('throws a fault (not a refusal) even for a paid sale, and a counter sale never flags', () => {
    expect(() => paidPolicy(paidSale()).refuse(new TypeError('bug'), { reason: 'settings_changed' })).toThrow(
      TypeError,
    );
    expect(() => counterPolicy.flag({ reason: 'settings_changed' })).toThrow(/refuses rather than flags/);
  });

  it('goes on unflagged with a line already flagged on a paid sale; the counter still throws', () => {
    const refusal = new AppError({ status: 409, code: 'VARIANT_INACTIVE' });
    const paid = paidSale();
    const flagged = paidPolicy(paid).alreadyFlagged();
    flagged.refuse(refusal, { reason: 'variant_unavailable', products: [{ productId: 1, name: 'ก' }] });
    expect(paid.flags).toEqual([]);
    expect(flagged.kind).toBe('paid');
    expect(() => flagged.refuse(new TypeError('bug'))).toThrow(TypeError);
    expect(() => counterPolicy.alreadyFlagged().refuse(refusal)).toThrow(refusal);
  });

  it("prices a paid sale at its checkout's terms and sells its products as at checkout, flagging a price changed since", () => {
    const terms = { ...pricingSettingsOf(DEFAULT_SETTINGS), taxRate: 10 };
    const paid: PaidSale = {
      terms: {
        pricing: terms,
        vatApprover: null,
        customerName: null,
        products: [{ ...product({ name: 'ชื่อตอนชำระ' }), price: 20_000 }],
      },
      flags: [],
    };
    const policy = paidPolicy(paid);
    expect(policy.pricing(pricingSettingsOf(DEFAULT_SETTINGS))).toBe(terms);
    const sold = policy.productAsSold(product({ price: 30_000 }), {
      productId: 1,
      quantity: 1,
      price: 200,
      size: undefined,
      color: undefined,
    });
    expect(sold).toMatchObject({ name: 'ชื่อตอนชำระ', price: 20_000 });
    expect(paid.flags).toEqual([{ reason: 'price_changed', products: [{ productId: 1, name: 'เสื้อโปโล' }] }]);
    expect(
      counterPolicy.productAsSold(product(), {
        productId: 1,
        quantity: 1,
        price: 999,
        size: undefined,
        color: undefined,
      }).price,
    ).toBe(25_000);
  });
});

describe('step: payment method', () => {
  const promptpayOff = request({ paymentMethod: 'promptpay' });

  it('refuses a method the shop has switched off at the counter; a paid sale flags it', () => {
    expect(codeOf(() => checkPaymentMethod(context({ input: promptpayOff })))).toBe('PAYMENT_METHOD_DISABLED');
    const paid = paidSale();
    checkPaymentMethod(context({ input: promptpayOff, policy: paidPolicy(paid) }));
    expect(paid.flags).toEqual([{ reason: 'payment_method_disabled' }]);
  });

  it('refuses parts on a sale that is not split; a paid sale (recorded as checked out) goes on unflagged', () => {
    const parts = request({ payments: [{ method: 'cash', amount: 250 }] });
    expect(codeOf(() => checkPaymentMethod(context({ input: parts })))).toBe('SPLIT_PAYMENT_NOT_SPLIT');
    const paid = paidSale();
    checkPaymentMethod(context({ input: parts, policy: paidPolicy(paid) }));
    expect(paid.flags).toEqual([]);
  });

  it('refuses card at the counter (card money comes through its provider) and a split bill the shop does not allow', () => {
    expect(codeOf(() => checkPaymentMethod(context({ input: request({ paymentMethod: 'card' }) })))).toBe(
      'PAYMENT_METHOD_DISABLED',
    );
    const split = request({
      paymentMethod: 'split',
      payments: [
        { method: 'cash', amount: 100 },
        { method: 'transfer', amount: 150 },
      ],
    });
    expect(codeOf(() => checkPaymentMethod(context({ input: split })))).toBe('SPLIT_PAYMENT_DISABLED');
  });
});

describe('step: payments', () => {
  it('gives change from cash received, and refuses cash that does not cover the total', () => {
    const rows = planPayments(context({ input: request({ cashReceived: 300 }) }), 25_000);
    expect(rows).toEqual([
      { method: 'cash', amount: 25_000, cash_received: 30_000, change_given: 5_000, reference: null },
    ]);
    expect(codeOf(() => planPayments(context({ input: request({ cashReceived: 200 }) }), 25_000))).toBe('CASH_TOO_LOW');
  });

  it('keeps a reference only for a method that takes one', () => {
    const transfer = planPayments(
      context({ input: request({ paymentMethod: 'transfer', paymentReference: 'TX1' }) }),
      100,
    );
    expect(transfer[0]!.reference).toBe('TX1');
    const cash = planPayments(context({ input: request({ paymentReference: 'TX1' }) }), 100);
    expect(cash[0]!.reference).toBeNull();
  });

  it('refuses a split bill whose parts do not add up to the total, naming both in baht', () => {
    const split = request({
      paymentMethod: 'split',
      payments: [
        { method: 'transfer', amount: 100 },
        { method: 'promptpay', amount: 100.5 },
      ],
    });
    try {
      planPayments(context({ input: split }), 25_000);
      expect.unreachable('a split bill short of its total was planned');
    } catch (err) {
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).code).toBe('SPLIT_PAYMENT_SUM_MISMATCH');
      expect((err as AppError).details).toEqual({ total: 250, paid: 200.5 });
    }
  });
});

describe('step: stock', () => {
  /** Three of variant 101 (holding `stock`) of a style with `unassigned` units not counted per variant. */
  const lines = (stock: number, { gone = false, unassigned = 0 } = {}): SaleLines => {
    const p = product({
      stock: stock + unassigned,
      unassigned_stock: unassigned,
      ...(gone ? { gone: true as const } : {}),
    });
    const row = variantRow(stock);
    const item = { productId: 1, variantId: 101, quantity: 3, price: 250, size: undefined, color: undefined };
    return {
      lines: [{ item, product: p, variant: { size: 'M', color: 'ดำ' }, variantRow: gone ? null : row }],
      products: new Map([[1, p]]),
      wanted: new Map([[1, 3]]),
      variants: new Map([[101, row]]),
    };
  };
  const take = (variantStockRead: number, unassignedRead = 0) => ({
    productId: 1,
    variantId: 101,
    quantity: 3,
    variantStockRead,
    unassignedRead,
    styleStockRead: variantStockRead + unassignedRead,
  });

  it('refuses at the counter what the variant and its style do not hold, naming the variant and what is left (never below 0)', () => {
    try {
      checkStock(context(), lines(-2));
      expect.unreachable('stock short of the sale was taken');
    } catch (err) {
      expect((err as AppError).code).toBe('INSUFFICIENT_STOCK');
      expect((err as AppError).details).toEqual({ productId: 1, name: 'เสื้อโปโล ดำ / M', available: 0 });
    }
    try {
      checkStock(context(), lines(1, { unassigned: 1 }));
      expect.unreachable('stock short of the sale was taken');
    } catch (err) {
      expect((err as AppError).details).toEqual({ productId: 1, name: 'เสื้อโปโล ดำ / M', available: 2 });
    }
    expect(checkStock(context(), lines(3))).toEqual([take(3)]);
    // What the variant lacks, the style's unassigned stock gives.
    expect(checkStock(context(), lines(1, { unassigned: 2 }))).toEqual([take(1, 2)]);
  });

  it('lets a paid sale take stock it lacks (flagged when taken), and takes none of a product gone altogether', () => {
    const paid = paidSale();
    const policy = paidPolicy(paid);
    expect(checkStock(context({ policy }), lines(1))).toEqual([take(1)]);
    expect(checkStock(context({ policy }), lines(0, { gone: true }))).toEqual([]);
    expect(paid.flags).toEqual([]);
  });
});

describe('the stock plan', () => {
  const t = (variantId: number | null, quantity: number, productId = 1) => ({
    productId,
    variantId,
    quantity,
    variantStockRead: 0,
    unassignedRead: 0,
    styleStockRead: 0,
  });
  const state = (variants: [number, number][], unassigned: [number, number][]) => ({
    variants: new Map(variants),
    unassigned: new Map(unassigned),
  });

  it("takes from the variant first, then from its style's unassigned stock, shared by the style's variants", () => {
    const plan = planStockTakes(
      [t(11, 3), t(12, 2)],
      state(
        [
          [11, 2],
          [12, 0],
        ],
        [[1, 3]],
      ),
      { paid: false },
    );
    expect(plan.short).toBeNull();
    expect(plan.changes.variants).toEqual(
      new Map([
        [11, 2],
        [12, 0],
      ]),
    );
    expect(plan.changes.products).toEqual(new Map([[1, { quantity: 5, unassigned: 3 }]]));
  });

  it('is short at the counter when a variant met before (in id order) used up the unassigned stock, taking nothing', () => {
    const plan = planStockTakes(
      [t(12, 2), t(11, 3)],
      state(
        [
          [11, 2],
          [12, 0],
        ],
        [[1, 2]],
      ),
      { paid: false },
    );
    expect(plan.short).toMatchObject({ variantId: 12 });
    expect(plan.changes.products.size).toBe(0);
  });

  it('takes a paid sale below zero on the variant it sold, telling by how many', () => {
    const plan = planStockTakes([t(11, 5)], state([[11, 1]], [[1, 1]]), { paid: true });
    expect(plan.changes.variants).toEqual(new Map([[11, 4]]));
    expect(plan.changes.products).toEqual(new Map([[1, { quantity: 5, unassigned: 1 }]]));
    expect(plan.shortfalls).toEqual([{ take: t(11, 5), short: 3 }]);
  });

  it("takes a paid line whose variant is gone from its style's unassigned stock, below zero if it must", () => {
    const plan = planStockTakes([t(null, 4)], state([], [[1, 1]]), { paid: true });
    expect(plan.changes.variants.size).toBe(0);
    expect(plan.changes.products).toEqual(new Map([[1, { quantity: 4, unassigned: 4 }]]));
    expect(plan.shortfalls).toEqual([{ take: t(null, 4), short: 3 }]);
  });
});

describe('step: price', () => {
  const line = {
    item: { productId: 1, quantity: 2, price: 250, size: undefined, color: undefined },
    product: product(),
    variant: { size: null, color: null },
    variantRow: null,
  };

  it("answers the server's figures when the till's agree", () => {
    const priced = priceLines(context({ input: request({}, 2) }), [line]);
    expect(priced.figures.total).toBe(50_000);
  });

  it("refuses at the counter figures the server does not agree with, answering the server's", () => {
    try {
      priceLines(context({ input: request({ total: 400, subtotal: 400 }, 2) }), [line]);
      expect.unreachable('a total the server does not agree with was accepted');
    } catch (err) {
      expect((err as AppError).code).toBe('TOTALS_CHANGED');
      expect((err as AppError).details).toMatchObject({
        server: { total: 500, items: [{ productId: 1, price: 250 }] },
      });
    }
  });

  it('records a paid sale at the figures charged, flagged', () => {
    const paid = paidSale();
    const priced = priceLines(context({ input: request({ total: 400, subtotal: 400 }, 2), policy: paidPolicy(paid) }), [
      line,
    ]);
    expect(priced.figures).toMatchObject({ subtotal: 40_000, total: 40_000 });
    expect(paid.flags).toEqual([{ reason: 'settings_changed' }]);
  });
});

describe('step: VAT approval and the replaced sale', () => {
  const approvals: StoredSettings = {
    ...DEFAULT_SETTINGS,
    system: { ...DEFAULT_SETTINGS.system, vatExclusionNeedsApproval: true },
  };

  it('asks for an approval only when VAT is excluded and the shop requires one', async () => {
    expect(await useVatApproval(context({ settings: approvals }))).toBeNull();
    const excluded = request({ excludeVAT: true });
    expect(await asyncCodeOf(() => useVatApproval(context({ settings: approvals, input: excluded })))).toBe(
      'VAT_APPROVAL_REQUIRED',
    );
  });

  it('keeps, for a paid sale whose approval is gone, the approver its checkout was checked with', async () => {
    const paid: PaidSale = {
      terms: {
        pricing: pricingSettingsOf(DEFAULT_SETTINGS),
        vatApprover: { id: 3, name: 'ผู้จัดการ' },
        customerName: null,
        products: [],
      },
      flags: [],
    };
    const excluded = request({ excludeVAT: true });
    const used = await useVatApproval(context({ settings: approvals, input: excluded, policy: paidPolicy(paid) }));
    expect(used).toEqual({ approverId: 3, approverName: 'ผู้จัดการ', tokenHash: null });
    expect(paid.flags).toEqual([{ reason: 'vat_approval_invalid' }]);
  });

  it('locks nothing for a sale that replaces none', async () => {
    expect(await lockReplacedSale(context())).toEqual({ replacesSaleId: null, replacesDocumentNumber: null });
  });
});

describe('step: shift', () => {
  it('joins no shift, reading nothing, in a shop without a live till', async () => {
    expect(await joinShift(context())).toEqual({ tillId: null, tillName: null, shiftId: null });
  });

  it('refuses a sale naming no till once tills exist; a paid sale goes on in no shift, flagged', async () => {
    expect(await asyncCodeOf(() => joinShift(context({ liveTills: true })))).toBe('SHIFT_REQUIRED');
    const paid = paidSale();
    const joined = await joinShift(context({ liveTills: true, policy: paidPolicy(paid) }));
    expect(joined).toEqual({ tillId: null, tillName: null, shiftId: null });
    expect(paid.flags).toEqual([{ reason: 'no_open_shift' }]);
  });

  it('lets a sale naming no till through when the shop does not require shifts', async () => {
    const settings: StoredSettings = {
      ...DEFAULT_SETTINGS,
      shifts: { ...DEFAULT_SETTINGS.shifts, requireOpenShift: false },
    };
    expect(await joinShift(context({ liveTills: true, settings }))).toEqual({
      tillId: null,
      tillName: null,
      shiftId: null,
    });
  });
});

describe('step: outbox', () => {
  const records = {
    sale: { document_number: 'R2569-000001', total: 25_000, units: 1 },
    customerName: null,
  } as Parameters<typeof outboxMessage>[1];

  it('queues no LINE message unless the shop asked for one', () => {
    expect(outboxMessage(context(), records)).toBeNull();
  });

  it("queues the sale's message, with its number and total, when the shop did", () => {
    const settings: StoredSettings = {
      ...DEFAULT_SETTINGS,
      notifications: {
        ...DEFAULT_SETTINGS.notifications,
        notifyOnSale: true,
        lineChannelAccessToken: 'token',
        lineUserId: 'U1',
      },
    };
    const message = outboxMessage(context({ settings }), records);
    expect(message?.kind).toBe('sale');
    expect(message?.message).toContain('R2569-000001');
    expect(message?.message).toContain('250');
  });
});
