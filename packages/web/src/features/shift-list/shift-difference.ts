import { formatBaht } from '@pos/core';
import type { BadgeTone } from '../../components/ui/badge';
import type { MessageKey, Translate } from '../../i18n';

/** A counted drawer against the expected: over, short, or even; none while the shift is open. */
export type DifferenceKind = 'over' | 'short' | 'even';

export interface DifferenceLook {
  kind: DifferenceKind;
  /** The words say which way (never the colour alone): "เกิน ฿12.00", "ขาด ฿3.50", "ตรงยอด". */
  key: MessageKey;
  tone: BadgeTone;
}

const LOOKS: Record<DifferenceKind, Omit<DifferenceLook, 'kind'>> = {
  over: { key: 'shiftList.diffOver', tone: 'amber' },
  short: { key: 'shiftList.diffShort', tone: 'red' },
  even: { key: 'shiftList.diffEven', tone: 'green' },
};

/** The difference (counted less expected, baht) as the list shows it; null for a shift not closed yet. */
export function differenceLook(difference: number | null): DifferenceLook | null {
  if (difference === null) return null;
  // Baht with two decimals from the server: anything under half a satang is no difference.
  const kind: DifferenceKind = Math.abs(difference) < 0.005 ? 'even' : difference > 0 ? 'over' : 'short';
  return { kind, ...LOOKS[kind] };
}

/** The difference in words, its amount unsigned (the word says the sign); '' for an open shift. */
export function differenceText(difference: number | null, t: Translate): string {
  const look = differenceLook(difference);
  if (!look || difference === null) return '';
  return t(look.key, { amount: formatBaht(Math.abs(difference)) });
}
