import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/** Joins class names, letting later Tailwind classes override earlier ones. */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Thai vowels written before their consonant (เ แ โ ใ ไ). */
const LEADING_THAI_VOWEL = /^[\u0E40-\u0E44]/;

/** The first letter of a name for an avatar, upper-cased; Thai names give their first consonant. */
export function initialOf(name: string | null | undefined): string {
  const chars = Array.from((name ?? '').trim());
  const first = chars[0] && LEADING_THAI_VOWEL.test(chars[0]) && chars[1] ? chars[1] : chars[0];
  return first ? first.toLocaleUpperCase() : '?';
}
