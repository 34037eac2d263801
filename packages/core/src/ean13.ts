/**
 * EAN-13 (GS1): twelve digits and a check digit, the code on Thai retail goods (885 is Thailand's
 * prefix). Scanners and label printers refuse a code whose check digit is wrong.
 */

const BODY = /^\d{12}$/;

/** The check digit of a twelve-digit body: weights 1 and 3 alternating from the left, up to a multiple of 10. */
export function ean13CheckDigit(body: string): number {
  if (!BODY.test(body)) throw new RangeError(`An EAN-13 body is 12 digits, not "${body}"`);
  let sum = 0;
  for (let i = 0; i < 12; i += 1) sum += Number(body[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

/** The whole code of a twelve-digit body: the body and its check digit. */
export function ean13(body: string): string {
  return `${body}${ean13CheckDigit(body)}`;
}

/** Thirteen digits whose last is the check digit of the first twelve. */
export function isEan13(code: string): boolean {
  return /^\d{13}$/.test(code) && ean13CheckDigit(code.slice(0, 12)) === Number(code[12]);
}
