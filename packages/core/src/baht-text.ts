import thaiBahtText from 'thai-baht-text';
import type { Satang } from './money';

/**
 * An amount in Thai words as tax documents print it: ...บาทถ้วน for whole baht, ...บาท...สตางค์ otherwise
 * (e.g. 1,234.50 → หนึ่งพันสองร้อยสามสิบสี่บาทห้าสิบสตางค์). One rule for the web's prints and the server's PDFs.
 */
export function bahtText(satang: Satang): string {
  const whole = Math.trunc(satang / 100);
  const rest = satang % 100;
  // From integers, so no float rounding reaches the words (the library takes baht as a number).
  return thaiBahtText(Number(`${whole}.${String(rest).padStart(2, '0')}`));
}
