/**
 * The one set of amount bounds (spec 000 §9's sanity bounds: price 0 to 100,000, quantity 0 to
 * 10,000, total 0 to 1,000,000). The product form, the product API and the sale all check these,
 * so a product that can be saved can also be sold.
 */
export const AMOUNT_BOUNDS = {
  /** A product's price, cost and usual price, and a sale line's unit price, in baht. */
  unitPriceBaht: 100_000,
  /** Units on one sale line. */
  quantity: 10_000,
  /** One sale line's price × quantity, in baht. */
  lineTotalBaht: 1_000_000,
  /** A sale's total, in baht. */
  billTotalBaht: 1_000_000,
} as const;

/** A bound as the messages show it: 100,000. */
export const boundText = (n: number): string => n.toLocaleString('en-US');
