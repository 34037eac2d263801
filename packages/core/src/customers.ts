import type { Customer } from './api/customers';
import { bahtToSatang, satangToBaht } from './money';
import { phoneSearchDigits } from './phone';

/** A customer is active when the last purchase is at most this many days ago (spec 001 §9). */
export const ACTIVE_CUSTOMER_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether the last purchase was within the last 30 days of `now`. */
export function isActiveCustomer(customer: Pick<Customer, 'last_purchase'>, now: Date): boolean {
  if (!customer.last_purchase) return false;
  const last = new Date(customer.last_purchase).getTime();
  if (Number.isNaN(last)) return false;
  return now.getTime() - last <= ACTIVE_CUSTOMER_DAYS * DAY_MS;
}

/** Average order in baht: amount spent over the number of purchases, 0 without purchases. */
export function averageOrderValue(totalSpent: number, purchases: number): number {
  if (!(purchases > 0) || !Number.isFinite(totalSpent)) return 0;
  return satangToBaht(Math.round(bahtToSatang(totalSpent) / purchases));
}

export interface CustomerSummary {
  totalCustomers: number;
  /** Baht, summed in satang so no float noise adds up. */
  totalSales: number;
  totalPurchases: number;
  averageOrder: number;
  activeCustomers: number;
}

/** The stat cards of the customer screens, from the customers' server-kept totals. */
export function summarizeCustomers(customers: readonly Customer[], now: Date): CustomerSummary {
  let satang = 0;
  let purchases = 0;
  let active = 0;
  for (const customer of customers) {
    satang += bahtToSatang(customer.total_spent);
    purchases += customer.total_purchases;
    if (isActiveCustomer(customer, now)) active += 1;
  }
  const totalSales = satangToBaht(satang);
  return {
    totalCustomers: customers.length,
    totalSales,
    totalPurchases: purchases,
    averageOrder: averageOrderValue(totalSales, purchases),
    activeCustomers: active,
  };
}

/** Lower-cased (full Unicode) NFC text, as search compares it on every side. */
export function searchFold(text: string): string {
  return text.normalize('NFC').toLowerCase();
}

/**
 * The customer search of the API and the screens: name or e-mail contains the
 * term (case-insensitively), or the phone contains it, also by its digits
 * (`081-234` and `+66 81` find 0812345678).
 */
export function customerMatchesSearch(customer: Pick<Customer, 'name' | 'phone' | 'email'>, term: string): boolean {
  const needle = searchFold(term.trim());
  if (needle === '') return true;
  const haystack = searchFold([customer.name, customer.email ?? '', customer.phone].join('\n'));
  if (haystack.includes(needle)) return true;
  const digits = phoneSearchDigits(term);
  return digits !== null && digits !== '' && customer.phone.includes(digits);
}
