/**
 * Sale arithmetic in integer satang, one module for server and web (spec 000 §9).
 * Rounding is half-up to the satang, once per figure.
 */
import { DEFAULT_SETTINGS, vatAppliesTo } from './api/settings';
import { bahtToSatang, type Satang } from './money';

export interface PricingSettings {
  /**
   * The shop charges VAT (registered, with its tax id): otherwise no sale carries any. Optional only
   * for the pricing terms card checkouts stored before it existed, which all charged VAT.
   */
  vatApplies?: boolean;
  /** VAT rate in percent, at most 2 decimals (e.g. 7 or 3). */
  taxRate: number;
  /** Shelf prices already include VAT: the tax is the VAT part of the total. */
  pricesIncludeVat: boolean;
  /** Baht value of one loyalty point. */
  onePointValueInBaht: number;
  /** Baht spent per point earned; 0 or less earns nothing. */
  purchaseAmountForOnePoint: number;
}

/**
 * The settings fields the arithmetic reads, as stored settings and the store
 * settings view both carry them (the view also as `tax_rate`).
 */
export interface PricingSettingsSource {
  system?: {
    taxRate?: number;
    tax_rate?: number;
    pricesIncludeVat?: boolean;
    vatRegistered?: boolean | null;
    taxId?: string;
  };
  loyalty?: { onePointValueInBaht: number; purchaseAmountForOnePoint: number };
}

/** The arithmetic settings of the shop; what is missing (settings not loaded yet) takes the defaults. */
export function pricingSettingsOf(settings: PricingSettingsSource | undefined): PricingSettings {
  const system = settings?.system;
  const loyalty = settings?.loyalty ?? DEFAULT_SETTINGS.loyalty;
  const rate = system?.taxRate ?? system?.tax_rate;
  return {
    vatApplies: vatAppliesTo(system),
    taxRate: typeof rate === 'number' && Number.isFinite(rate) ? rate : DEFAULT_SETTINGS.system.taxRate,
    pricesIncludeVat: system?.pricesIncludeVat ?? DEFAULT_SETTINGS.system.pricesIncludeVat,
    onePointValueInBaht: loyalty.onePointValueInBaht,
    purchaseAmountForOnePoint: loyalty.purchaseAmountForOnePoint,
  };
}

export interface PricingLine {
  price: Satang;
  quantity: number;
}

export interface SaleFigures {
  subtotal: Satang;
  discount: Satang;
  tax: Satang;
  total: Satang;
  pointsEarned: number;
}

export type PricingProblem = 'EMPTY_CART' | 'BAD_QUANTITY' | 'BAD_PRICE' | 'BAD_POINTS' | 'DISCOUNT_OVER_SUBTOTAL';

export class PricingError extends Error {
  constructor(readonly problem: PricingProblem) {
    super(problem);
  }
}

/** n / d rounded half-up, for n ≥ 0 and d > 0, exact in integers. */
export function divideRoundHalfUp(n: number, d: number): number {
  return Math.floor((2 * n + d) / (2 * d));
}

/** Whether a sale priced on these terms carries VAT (terms stored before `vatApplies` all did). */
export function chargesVat(settings: Pick<PricingSettings, 'vatApplies'>): boolean {
  return settings.vatApplies !== false;
}

/** A percentage with at most 2 decimals as basis points (7 → 700, 3.5 → 350). */
function basisPoints(percent: number): number {
  return Math.round(percent * 100);
}

export function subtotalOf(lines: readonly PricingLine[]): Satang {
  return lines.reduce((sum, line) => sum + line.price * line.quantity, 0);
}

/** The baht discount that `points` are worth, in satang. */
export function pointsDiscount(points: number, onePointValueInBaht: number): Satang {
  return points * bahtToSatang(onePointValueInBaht);
}

/** Points earned on a total: floor(total / baht per point), 0 when that setting is 0 or less. */
export function pointsEarnedOn(total: Satang, purchaseAmountForOnePoint: number): number {
  const perPoint = bahtToSatang(purchaseAmountForOnePoint);
  return perPoint > 0 ? Math.floor(total / perPoint) : 0;
}

/**
 * Every figure of a sale from its lines, the points redeemed and the settings.
 * Tax-on-top mode (default, the spec's arithmetic): tax = (subtotal − discount) × rate.
 * VAT-inclusive mode: total = subtotal − discount and tax = total × rate / (100 + rate).
 * Excluding VAT, or a shop that charges none (not registered, no tax id), makes the tax 0 in both modes.
 */
export function priceSale(
  lines: readonly PricingLine[],
  options: { pointsUsed: number; excludeVat: boolean; settings: PricingSettings },
): SaleFigures {
  if (lines.length === 0) throw new PricingError('EMPTY_CART');
  for (const line of lines) {
    if (!Number.isInteger(line.quantity) || line.quantity <= 0) throw new PricingError('BAD_QUANTITY');
    if (!Number.isInteger(line.price) || line.price < 0) throw new PricingError('BAD_PRICE');
  }
  const { pointsUsed, excludeVat, settings } = options;
  if (!Number.isInteger(pointsUsed) || pointsUsed < 0) throw new PricingError('BAD_POINTS');

  const subtotal = subtotalOf(lines);
  const discount = pointsDiscount(pointsUsed, settings.onePointValueInBaht);
  if (discount > subtotal) throw new PricingError('DISCOUNT_OVER_SUBTOTAL');
  const afterDiscount = subtotal - discount;
  const rate = excludeVat || !chargesVat(settings) ? 0 : basisPoints(settings.taxRate);

  let tax: Satang;
  let total: Satang;
  if (settings.pricesIncludeVat) {
    total = afterDiscount;
    tax = divideRoundHalfUp(total * rate, 10_000 + rate);
  } else {
    tax = divideRoundHalfUp(afterDiscount * rate, 10_000);
    total = afterDiscount + tax;
  }
  return { subtotal, discount, tax, total, pointsEarned: pointsEarnedOn(total, settings.purchaseAmountForOnePoint) };
}

/**
 * The points a sale gives its customer; null for a walk-in sale, which earns
 * nobody points whatever its total (the sale records 0).
 */
export function pointsForCustomer(figures: Pick<SaleFigures, 'pointsEarned'>, hasCustomer: boolean): number | null {
  return hasCustomer ? figures.pointsEarned : null;
}

/** round(value × part / whole), half up, exact for satang figures of any size (BigInt); 0 when whole is 0. */
export function shareOf(value: Satang, part: Satang, whole: Satang): Satang {
  if (whole === 0) return 0;
  return Number((BigInt(value) * BigInt(part) * 2n + BigInt(whole)) / (2n * BigInt(whole)));
}

/** A sale line as a refund sees it: its price (satang), units sold, units refunded before and now. */
export interface RefundLineUnits {
  price: Satang;
  quantity: number;
  refunded: number;
  wanted: number;
}

/**
 * Satang a refund gives back: the cumulative share of the sale's total (discount and VAT included) that
 * its lines' value comes to once refunded, less what earlier refunds gave (`refundedBefore`). The refund
 * that leaves nothing unrefunded takes the rest of the total, so a sale's refunds add up to it exactly.
 */
export function refundAmountOf(
  sale: { total: Satang; refundedBefore: Satang },
  lines: readonly RefundLineUnits[],
): Satang {
  const fully = lines.every((l) => l.wanted === l.quantity - l.refunded);
  const valueAfter = lines.reduce((sum, l) => sum + l.price * (l.refunded + l.wanted), 0);
  const subtotal = lines.reduce((sum, l) => sum + l.price * l.quantity, 0);
  return (fully ? sale.total : shareOf(sale.total, valueAfter, subtotal)) - sale.refundedBefore;
}

/**
 * The VAT a refund gives back (the "VAT on the difference" of its credit note), in satang.
 * Refund amounts are shares of the sale's VAT-inclusive total in both VAT modes, so the refund's
 * VAT is the same share of the VAT the tax invoice charged (worked out in the sale's mode at the
 * rate of the day it was sold). It is taken on the cumulative amount refunded: the refunds of one
 * sale never add up to more than its VAT, and the one that completes the refund takes the remainder.
 * A sale without VAT (excluded) gives 0.
 */
export function refundVat(sale: { tax: Satang; total: Satang }, refundedBefore: Satang, amount: Satang): Satang {
  if (sale.tax <= 0 || sale.total <= 0) return 0;
  const after = Math.min(refundedBefore + amount, sale.total);
  return shareOf(sale.tax, after, sale.total) - shareOf(sale.tax, Math.min(refundedBefore, sale.total), sale.total);
}
