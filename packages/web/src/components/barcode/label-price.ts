import { formatBaht } from '@pos/core';

/** A label's price: rounded to whole baht, e.g. `฿1,250` (spec 001 "Barcode printing"). */
export function formatLabelPrice(price: number): string {
  const whole = Math.round(Number.isFinite(price) ? price : 0);
  // formatBaht always gives two decimals; a whole amount ends in ".00".
  return formatBaht(whole).replace(/[.,]00(?=\D*$)/, '');
}
