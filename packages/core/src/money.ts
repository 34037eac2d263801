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

/**
 * Baht as people type it into a money input ("1,234.50", " 12 ", ".5", "-3"): satang, null for empty
 * text, NaN for text that is not an amount with at most two decimals. Worked out on the digits, so
 * it never passes through a fractional number.
 */
export function parseBahtText(text: string): Satang | null {
  const plain = text.trim().replace(/,/g, '');
  if (plain === '') return null;
  const match = /^([+-]?)(\d*)(?:\.(\d{0,2}))?$/.exec(plain);
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) return Number.NaN;
  const [, sign, whole = '', fraction = ''] = match;
  const satang = Number(whole || '0') * SATANG_PER_BAHT + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(satang)) return Number.NaN;
  return sign === '-' ? -satang : satang;
}

/** Satang as a money input shows it: "1234", "1234.50" (no currency sign or grouping, so it edits cleanly). */
export function formatBahtInput(satang: Satang): string {
  const abs = Math.abs(satang);
  const whole = Math.floor(abs / SATANG_PER_BAHT);
  const fraction = abs % SATANG_PER_BAHT;
  const text = fraction === 0 ? String(whole) : `${whole}.${String(fraction).padStart(2, '0')}`;
  return satang < 0 ? `-${text}` : text;
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

const wholeBahtFormatter = new Intl.NumberFormat('th-TH', {
  style: 'currency',
  currency: 'THB',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/** A baht amount rounded to whole baht, `฿1,235` (the dashboard's comparison panel, spec 000). */
export function formatWholeBaht(value: number): string {
  return wholeBahtFormatter.format(Number.isFinite(value) ? value : 0);
}

const compactFormatters = new Map<string, Intl.NumberFormat>();

/**
 * A baht amount shortened for a figure too wide for its box or a chart's axis (issue 31): Thai units
 * in Thai (`฿6.63 ล้าน`, `฿5 หมื่น`), K/M in English (`฿6.63M`); up to two decimals. Always shown
 * beside the exact amount (a tooltip, the screen-reader text), never instead of it in a document.
 */
export function formatCompactBaht(value: number, intlLocale: string): string {
  const thai = intlLocale.startsWith('th');
  const key = thai ? 'th' : 'en';
  let format = compactFormatters.get(key);
  if (!format) {
    format = new Intl.NumberFormat(thai ? 'th-TH' : 'en-US', {
      notation: 'compact',
      compactDisplay: thai ? 'long' : 'short',
      maximumFractionDigits: 2,
    });
    compactFormatters.set(key, format);
  }
  const n = Number.isFinite(value) ? value : 0;
  return `${n < 0 ? '-' : ''}฿${format.format(Math.abs(n))}`;
}
