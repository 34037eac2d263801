import { stockLevel } from '@pos/core';
import type { BadgeTone } from '../../components/ui/badge';

const TONES = { low: 'red', medium: 'orange', high: 'green' } as const satisfies Record<string, BadgeTone>;

/** Stock colour (spec 001): 10 or less red, 11 to 20 orange, above 20 green. */
export function stockTone(stock: number): BadgeTone {
  return TONES[stockLevel(stock)];
}
