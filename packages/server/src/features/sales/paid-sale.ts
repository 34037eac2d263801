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
