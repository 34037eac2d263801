/**
 * The postcode in a Thai address as people write it: the last group of exactly five digits standing on its own
 * (…กรุงเทพมหานคร 10110). Null when there is none. e-Tax documents state the buyer's postcode apart.
 */
export function postcodeOf(address: string): string | null {
  const groups = address.match(/(?<!\d)\d{5}(?!\d)/g);
  return groups ? groups[groups.length - 1]! : null;
}
