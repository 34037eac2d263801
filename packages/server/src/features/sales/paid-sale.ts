import type { CardSaleFlag, PricingSettings, SaleFigures } from '@pos/core';

/**
 * What a card checkout was checked at, kept with it so that the paid sale is recorded on the same
 * terms whatever changed while the customer paid (the customer paid those figures).
 */
export interface CheckoutTerms {
  pricing: PricingSettings;
  /** Who approved excluding VAT, when the checkout needed an approval. */
  vatApprover: { id: number; name: string | null } | null;
  customerName: string | null;
  /** The products as sold at checkout (price and usual price in satang). */
  products: {
    id: number;
    name: string;
    sku: string;
    barcode: string | null;
    category: string | null;
    price: number;
    original_price: number | null;
  }[];
}

/** A paid card sale being recorded: its checkout's terms and the flags it collects for the manager. */
export interface PaidSale {
  /** Null for a checkout kept before terms were (current settings are used). */
  terms: CheckoutTerms | null;
  flags: CardSaleFlag[];
}

/**
 * An offline sale being recorded (issue 38): it has happened (the goods left the shop), so like a paid card
 * sale it is never refused for what changed meanwhile; what is out of line is flagged on `paid` instead.
 */
export interface OfflineSale {
  paid: PaidSale;
  /** The VAT and points rules the till priced with (null: it did not say; the shop's are used). */
  pricing: PricingSettings | null;
  /** The number the till printed, when it is one of its reserved and unused numbers. */
  number: { series: string; sequence: number } | null;
  /** Whether `price` (satang) is one the line's product or variant had since the till last synced. */
  priceKnown(productId: number, variantId: number | null | undefined, price: number): boolean;
}

/** Adds a flag, merging the products of a reason already flagged. */
export function addFlag(paid: PaidSale, flag: CardSaleFlag): void {
  const same = paid.flags.find((f) => f.reason === flag.reason);
  if (!same) {
    paid.flags.push(flag);
    return;
  }
  if (flag.products) same.products = [...(same.products ?? []), ...flag.products];
  if (flag.pointsShort !== undefined) same.pointsShort = (same.pointsShort ?? 0) + flag.pointsShort;
}

export function sameFigures(a: SaleFigures, b: SaleFigures): boolean {
  return (
    a.subtotal === b.subtotal &&
    a.discount === b.discount &&
    a.tax === b.tax &&
    a.total === b.total &&
    a.pointsEarned === b.pointsEarned
  );
}
