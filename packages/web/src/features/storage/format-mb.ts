const twoDecimals = new Intl.NumberFormat('th-TH', { maximumFractionDigits: 2 });
const twoSignificant = new Intl.NumberFormat('th-TH', { maximumSignificantDigits: 2 });

/** Megabytes as the spec shows them: 2 decimals, but a small file keeps 2 significant digits rather than reading 0. */
export function formatMb(value: number): string {
  return value !== 0 && Math.abs(value) < 0.01 ? twoSignificant.format(value) : twoDecimals.format(value);
}
