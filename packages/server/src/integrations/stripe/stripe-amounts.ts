/**
 * Stripe writes amounts in a currency's smallest unit: satang for THB, cents for USD, but whole yen for
 * JPY and thousandths of a dinar for KWD. Its lists (https://docs.stripe.com/currencies#zero-decimal):
 */
const ZERO_DECIMAL = new Set([
  'bif',
  'clp',
  'djf',
  'gnf',
  'jpy',
  'kmf',
  'krw',
  'mga',
  'pyg',
  'rwf',
  'ugx',
  'vnd',
  'vuv',
  'xaf',
  'xof',
  'xpf',
]);
const THREE_DECIMAL = new Set(['bhd', 'jod', 'kwd', 'omr', 'tnd']);

/** An amount as Stripe gives it, in whole units of its currency (61723 thb → 617.23, 2600 jpy → 2600). */
export function stripeAmountToUnits(amount: number, currency: string): number {
  const code = currency.toLowerCase();
  const decimals = ZERO_DECIMAL.has(code) ? 0 : THREE_DECIMAL.has(code) ? 3 : 2;
  return Number((amount / 10 ** decimals).toFixed(decimals));
}
