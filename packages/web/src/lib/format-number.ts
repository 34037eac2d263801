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

/** The same text as `n.toLocaleString('th-TH', { maximumFractionDigits: 2 })` (a VAT rate). */
export function formatRate(n: number): string {
  return upToTwoDecimals.format(n);
}
