/**
 * Thai tax identification numbers (เลขประจำตัวผู้เสียภาษีอากร): 13 digits whose last is a check digit.
 * A person's citizen ID card number is also their tax ID, and follows the same rule.
 * Check digit: (11 − (Σ digit[i] × (13 − i) for i = 0…11) mod 11) mod 10.
 */

/** The tax ID as typed, with the spaces and dashes people write in it taken out. */
export function taxIdDigits(text: string): string {
  return text.replace(/[\s-]/g, '');
}

export function isThaiTaxId(digits: string): boolean {
  if (!/^\d{13}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(digits[i]) * (13 - i);
  return (11 - (sum % 11)) % 10 === Number(digits[12]);
}

/** The branch of a head office (สำนักงานใหญ่); branches are 00001, 00002, … */
export const HEAD_OFFICE_BRANCH = '00000';

export function isBranchNumber(text: string): boolean {
  return /^\d{5}$/.test(text);
}
