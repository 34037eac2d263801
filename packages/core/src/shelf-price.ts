/**
 * Prices as the shelf shows them (barcode labels, the struck-through "usual"
 * price at the till and on the receipt): one rule for all of them.
 */
import { bahtToSatang, formatBaht, SATANG_PER_BAHT } from './money';

const wholeBahtFormatter = new Intl.NumberFormat('th-TH', {
  style: 'currency',
  currency: 'THB',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/** `฿100` for a whole-baht price, `฿99.50` when it has satang, so the shelf matches the till. */
export function formatShelfPrice(baht: number): string {
  const satang = bahtToSatang(Number.isFinite(baht) ? baht : 0);
  if (satang % SATANG_PER_BAHT !== 0) return formatBaht(satang / SATANG_PER_BAHT);
  return wholeBahtFormatter.format(satang / SATANG_PER_BAHT);
}

/** The original price worth striking through: only one above the selling price (a real discount). */
export function originalPriceShown(price: number, originalPrice: number | null | undefined): number | null {
  if (originalPrice == null || !Number.isFinite(originalPrice)) return null;
  return bahtToSatang(originalPrice) > bahtToSatang(price) ? originalPrice : null;
}
