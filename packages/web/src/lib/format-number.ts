/**
 * Numbers as Thai readers expect them ("1,234"), with formatters made once: `toLocaleString('th-TH')`
 * builds a new formatter on every call, which the till's cart did several times per scan (issue 10 item 6).
 */
const wholeOrUpToThree = new Intl.NumberFormat('th-TH');
const upToTwoDecimals = new Intl.NumberFormat('th-TH', { maximumFractionDigits: 2 });

/** The same text as `n.toLocaleString('th-TH')`. */
export function formatNumber(n: number): string {
  return wholeOrUpToThree.format(n);
}

/** A change of stock as a badge shows it: "+1,234" for a rise, "-3" for a fall, "0" for none. */
export function formatChange(n: number): string {
  return n > 0 ? `+${formatNumber(n)}` : formatNumber(n);
}

/** The same text as `n.toLocaleString('th-TH', { maximumFractionDigits: 2 })` (a VAT rate). */
export function formatRate(n: number): string {
  return upToTwoDecimals.format(n);
}

/**
 * An amount in any currency as `locale` writes it ("US$617.23", "¥2,600"); a code Intl does not know
 * is written after the number ("12.50 XYZ").
 */
export function formatCurrencyAmount(amount: number, currency: string, locale: string): string {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount);
  } catch {
    return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 3 }).format(amount)} ${currency}`.trim();
  }
}
