/**
 * Money is integer satang inside the system (1 baht = 100 satang).
 * Baht numbers exist only at the edges: API JSON, the screen, CSV.
 */
export type Satang = number;

export const SATANG_PER_BAHT = 100;

/** Converts a baht amount with at most 2 decimals to satang, rounding half away from zero. */
export function bahtToSatang(baht: number): Satang {
  if (!Number.isFinite(baht)) throw new RangeError('baht amount must be finite');
  const sign = baht < 0 ? -1 : 1;
  // toFixed avoids binary noise such as 1.005 * 100 = 100.49999999999999
  return sign * Math.round(Number((Math.abs(baht) * SATANG_PER_BAHT).toFixed(6)));
}

export function satangToBaht(satang: Satang): number {
  return satang / SATANG_PER_BAHT;
}

/** True when the number has at most two decimals (a valid baht amount). */
export function hasAtMostTwoDecimals(value: number): boolean {
  return Number.isFinite(value) && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
}

const bahtFormatter = new Intl.NumberFormat('th-TH', {
  style: 'currency',
  currency: 'THB',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/**
 * Formats a baht amount as `฿1,234.00`. Empty or non-numeric input shows as `฿0.00`
 * (spec 000 §1).
 */
export function formatBaht(value: unknown): string {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return bahtFormatter.format(Number.isFinite(n) ? n : 0);
}

export function formatSatang(satang: Satang): string {
  return formatBaht(satangToBaht(satang));
}
