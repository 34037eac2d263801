/**
 * Thai telephone numbers, one rule for the server, the web and search.
 *
 * Stored form: digits only, domestic, starting with 0. Mobile numbers have 10
 * digits (08x-xxx-xxxx), landlines 9 (02-xxx-xxxx in Bangkok, 0xx-xxx-xxx in the
 * provinces). Typed forms accepted: spaces, dashes, dots and brackets anywhere,
 * and the country code written +66, 0066 or 66 instead of the leading 0
 * (`+66 81 234 5678`, also `+66 (0)81 234 5678`).
 */

/** Separators people type inside a number. */
const SEPARATORS = /[\s\-.()\u2010-\u2015]/g;
const STORED_THAI_PHONE = /^0[1-9]\d{7,8}$/;

function stripSeparators(input: string): string {
  return input.normalize('NFKC').replace(SEPARATORS, '');
}

/** Replaces a leading country code (+66, 0066) with the domestic 0, dropping a written "(0)". */
function domestic(compact: string): string {
  const international = /^(?:\+|00)66(\d*)$/.exec(compact);
  if (international) {
    const rest = international[1] ?? '';
    return `0${rest.startsWith('0') ? rest.slice(1) : rest}`;
  }
  // "66812345678": the country code without +. A domestic number never starts with 6 and 9 or 10 digits.
  if (/^66[1-9]\d{7,8}$/.test(compact)) return `0${compact.slice(2)}`;
  return compact;
}

/**
 * The stored form of a Thai phone number (`0812345678`), or null when the text
 * is not one: 9 or 10 digits starting with 0 once separators and the country
 * code are taken out.
 */
export function normalizeThaiPhone(input: string): string | null {
  const digits = domestic(stripSeparators(input));
  return STORED_THAI_PHONE.test(digits) ? digits : null;
}

/** True for the stored form: digits only, 9 or 10 of them, starting with 0. */
export function isStoredThaiPhone(value: string): boolean {
  return STORED_THAI_PHONE.test(value);
}

/**
 * A stored number written for people: `081-234-5678`, `02-123-4567` (Bangkok),
 * `053-123-456` (provinces). Anything else is returned as it is.
 */
export function formatThaiPhone(value: string | null | undefined): string {
  const v = value ?? '';
  if (/^0\d{9}$/.test(v)) return `${v.slice(0, 3)}-${v.slice(3, 6)}-${v.slice(6)}`;
  if (/^02\d{7}$/.test(v)) return `${v.slice(0, 2)}-${v.slice(2, 5)}-${v.slice(5)}`;
  if (/^0\d{8}$/.test(v)) return `${v.slice(0, 3)}-${v.slice(3, 6)}-${v.slice(6)}`;
  return v;
}

/**
 * The digits a search term means when it looks like (part of) a phone number:
 * digits with separators, maybe a country code. `081-234` gives `081234`,
 * `+66 81` gives `081`. Null when the term is not a phone fragment.
 */
export function phoneSearchDigits(term: string): string | null {
  const compact = stripSeparators(term.trim());
  if (!/^\+?\d+$/.test(compact)) return null;
  const international = /^(?:\+|00)66(\d*)$/.exec(compact);
  if (international) {
    const rest = international[1] ?? '';
    return `0${rest.startsWith('0') ? rest.slice(1) : rest}`;
  }
  if (compact.startsWith('+')) return null;
  return compact;
}
