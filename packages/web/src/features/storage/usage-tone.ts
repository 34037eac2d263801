/** Spec 001 §9: usage colour by percent: 90 % or more red, 80 % orange, 60 % yellow, otherwise green. */
export type UsageTone = 'red' | 'orange' | 'yellow' | 'green';

export function usageTone(percent: number | null): UsageTone {
  const p = percent ?? 0;
  if (p >= 90) return 'red';
  if (p >= 80) return 'orange';
  if (p >= 60) return 'yellow';
  return 'green';
}

/** Bar and text classes per tone; the text shades keep 4.5:1 contrast on white. */
export const TONE_CLASSES: Record<UsageTone, { bar: string; text: string }> = {
  red: { bar: 'bg-red-600', text: 'text-red-700' },
  orange: { bar: 'bg-orange-500', text: 'text-orange-700' },
  yellow: { bar: 'bg-yellow-400', text: 'text-yellow-800' },
  green: { bar: 'bg-green-600', text: 'text-green-700' },
};
