/**
 * Telephone numbers, one rule for the server, the web and search. The stored
 * (canonical) form is the loyalty key: one live customer per stored number.
 *
 * Thai numbers are stored domestic, digits only, starting with 0. Mobile numbers
 * have 10 digits (08x-xxx-xxxx), landlines 9 (02-xxx-xxxx in Bangkok, 0xx-xxx-xxx
 * in the provinces). Typed forms accepted: spaces, dashes, dots and brackets
 * anywhere, and the country code written +66, 0066 or 66 instead of the leading 0
 * (`+66 81 234 5678`, also `+66 (0)81 234 5678`).
 *
 * Foreign numbers are stored in E.164: `+`, the country code and the number,
 * 8 to 15 digits in all (`+442079460958`). They must be typed with `+` or `00`
 * before the country code; without it a number is read as Thai.
 */

/** Separators people type inside a number. */
const SEPARATORS = /[\s\-.()\u2010-\u2015]/g;
const STORED_THAI_PHONE = /^0[1-9]\d{7,8}$/;
const STORED_INTERNATIONAL_PHONE = /^\+[1-9]\d{7,14}$/;

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

/**
 * The stored form of a Thai or foreign phone number, or null when the text is
 * neither: Thai numbers as `0812345678`, foreign ones in E.164 (`+442079460958`,
 * typed `+44 20 7946 0958` or `0044 20 7946 0958`). A +66 number that is not a
 * valid Thai number is refused rather than kept as E.164, so a Thai number has
 * exactly one stored form.
 */
export function normalizePhone(input: string): string | null {
  const thai = normalizeThaiPhone(input);
  if (thai !== null) return thai;
  const compact = stripSeparators(input);
  const international = /^(?:\+|00)(\d+)$/.exec(compact);
  if (!international) return null;
  const e164 = `+${international[1] ?? ''}`;
  if (e164.startsWith('+66')) return null;
  // North America (+1) numbers always have ten digits after the code.
  if (e164.startsWith('+1') && e164.length !== 12) return null;
  return STORED_INTERNATIONAL_PHONE.test(e164) ? e164 : null;
}

/** True for the stored form of a Thai number: digits only, 9 or 10 of them, starting with 0. */
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
 * Country codes of one and two digits (ITU-T E.164 assignments); every other
 * code has three. Enough to put a space after the country code.
 */
const SHORT_COUNTRY_CODE = /^(?:1|7|2[07]|3[0-469]|4[013-9]|5[1-8]|6[0-6]|8[1246]|9[0-58])/;

/** The national part in groups of four from the end (`2079460958` → `20 7946 0958`). */
function groupNational(national: string): string {
  const groups: string[] = [];
  let rest = national;
  while (rest.length > 4) {
    groups.unshift(rest.slice(-4));
    rest = rest.slice(0, -4);
  }
  groups.unshift(rest);
  return groups.join(' ');
}

/**
 * Any stored number written for people: Thai as `081-234-5678`, foreign as
 * `+44 20 7946 0958` (country code, then groups; North America `+1 415 555 2671`).
 * Anything else is returned as it is.
 */
export function formatPhone(value: string | null | undefined): string {
  const v = value ?? '';
  if (!STORED_INTERNATIONAL_PHONE.test(v)) return formatThaiPhone(v);
  const digits = v.slice(1);
  const code = SHORT_COUNTRY_CODE.exec(digits)?.[0] ?? digits.slice(0, 3);
  const national = digits.slice(code.length);
  if (code === '1' && national.length === 10) {
    return `+1 ${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6)}`;
  }
  return `+${code} ${groupNational(national)}`;
}

/**
 * What a search term means when it looks like (part of) a phone number: digits
 * with separators, maybe a country code, in the stored form's writing. `081-234`
 * gives `081234`, `+66 81` gives `081`, `+44 20` gives `+4420`. Null when the
 * term is not a phone fragment.
 */
export function phoneSearchDigits(term: string): string | null {
  const compact = stripSeparators(term.trim());
  if (!/^\+?\d+$/.test(compact)) return null;
  // A whole number in any writing means its stored form.
  const whole = normalizePhone(compact);
  if (whole !== null) return whole;
  const thai = /^(?:\+|00)66(\d*)$/.exec(compact);
  if (thai) {
    const rest = thai[1] ?? '';
    return `0${rest.startsWith('0') ? rest.slice(1) : rest}`;
  }
  // "00" may well be the middle of a Thai number, so only + marks a foreign one here.
  if (compact.startsWith('+')) return /^\+[1-9]\d*$/.test(compact) ? compact : null;
  return compact;
}
