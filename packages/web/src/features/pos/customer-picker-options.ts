import { customerMatchesSearch, normalizePhone, type Customer } from '@pos/core';

/**
 * What the POS customer picker lists. The POS holds every customer already
 * (hundreds to a few thousand), so the search runs over that list in the
 * browser: no request per keystroke, and the same matching as the API
 * (name, e-mail, or the phone typed in any format).
 */

/** Options shown at once; the cashier narrows the rest by typing. */
export const PICKER_LIMIT = 30;

/** The later of the last purchase and the join date: who was served most recently. */
function recency(customer: Pick<Customer, 'last_purchase' | 'created_at'>): string {
  const last = customer.last_purchase ?? '';
  return last > customer.created_at ? last : customer.created_at;
}

function byRecency(a: Customer, b: Customer): number {
  const ra = recency(a);
  const rb = recency(b);
  if (ra !== rb) return ra < rb ? 1 : -1;
  return b.id - a.id;
}

export interface PickerResult {
  customers: Customer[];
  /** How many customers match in all (more than shown when over the limit). */
  total: number;
}

/**
 * Customers for the picker: with no term, the most recent first; with a term,
 * those matching it, an exact phone match first, then the most recent.
 */
export function pickerCustomers(all: readonly Customer[], term: string, limit = PICKER_LIMIT): PickerResult {
  const needle = term.trim();
  if (needle === '') {
    const sorted = [...all].sort(byRecency);
    return { customers: sorted.slice(0, limit), total: sorted.length };
  }
  const phone = normalizePhone(needle);
  const matches = all.filter((c) => customerMatchesSearch(c, needle));
  matches.sort((a, b) => {
    const exact = Number(b.phone === phone) - Number(a.phone === phone);
    return exact !== 0 ? exact : byRecency(a, b);
  });
  return { customers: matches.slice(0, limit), total: matches.length };
}
