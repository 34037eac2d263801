import { THAI_DENOMINATIONS, formatSatang, type Satang } from '@pos/core';
import { useRef, type KeyboardEvent } from 'react';
import { useT, type Translate } from '../../i18n';
import { formatNumber, formatRate } from '../../lib/format-number';

/** How many of each Thai note and coin, in THAI_DENOMINATIONS' order (largest first). */
export type DenominationCounts = readonly number[];

export const EMPTY_COUNTS: DenominationCounts = THAI_DENOMINATIONS.map(() => 0);

/** The total of a count, in satang. */
export function countsTotal(counts: DenominationCounts): Satang {
  return THAI_DENOMINATIONS.reduce((sum, d, index) => sum + d.satang * (counts[index] ?? 0), 0);
}

/** A count as the API takes it: baht per note or coin, the ones counted only. */
export function countsForApi(counts: DenominationCounts): { denomination: number; count: number }[] {
  return THAI_DENOMINATIONS.flatMap((d, index) => {
    const count = counts[index] ?? 0;
    return count > 0 ? [{ denomination: d.satang / 100, count }] : [];
  });
}

/** "ธนบัตร 1,000 บาท", "เหรียญ 50 สตางค์". */
export function denominationName(satang: number, kind: 'note' | 'coin', t: Translate): string {
  if (satang < 100) return t('shifts.denominationSatang', { value: formatNumber(satang) });
  const value = formatRate(satang / 100);
  return kind === 'note' ? t('shifts.denominationNote', { value }) : t('shifts.denominationCoin', { value });
}

/** What a count field's text holds: a whole number of notes or coins (empty is none), else null. */
export function parseCount(text: string): number | null {
  const plain = text.trim();
  if (plain === '') return 0;
  if (!/^\d{1,7}$/.test(plain)) return null;
  return Number(plain);
}

interface DenominationCountProps {
  /** Prefix of the fields' ids (two counts never share a screen, but tests read them by id). */
  idPrefix: string;
  counts: DenominationCounts;
  onChange: (counts: DenominationCounts) => void;
  /** The total's label ("opening float", "counted cash"). */
  totalLabel: string;
  autoFocus?: boolean;
}

/**
 * One count field per Thai note and coin, largest first, with each line's amount and the total as typed.
 * Enter moves down the list as Tab does (a counter's numeric keypad has Enter, not Tab); Enter on the last
 * field is the form's own (it sends it).
 */
export function DenominationCount({ idPrefix, counts, onChange, totalLabel, autoFocus }: DenominationCountProps) {
  const t = useT();
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const total = countsTotal(counts);

  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    const next = inputs.current[index + 1];
    if (!next) return;
    event.preventDefault();
    next.focus();
    next.select();
  };

  return (
    <div className="space-y-2" data-testid={`${idPrefix}-count`}>
      <p className="text-sm text-slate-600">{t('shifts.countHint')}</p>
      <ul className="grid grid-cols-1 gap-x-4 gap-y-1.5 sm:grid-cols-2">
        {THAI_DENOMINATIONS.map((d, index) => {
          const id = `${idPrefix}-${d.satang}`;
          const name = denominationName(d.satang, d.kind, t);
          const count = counts[index] ?? 0;
          return (
            <li key={d.satang} className="grid grid-cols-[minmax(0,1fr)_5rem_minmax(5.5rem,auto)] items-center gap-2">
              <label htmlFor={id} className="text-sm font-medium text-slate-800">
                {name}
              </label>
              <input
                id={id}
                ref={(el) => {
                  inputs.current[index] = el;
                }}
                type="text"
                inputMode="numeric"
                autoComplete="off"
                enterKeyHint={index === THAI_DENOMINATIONS.length - 1 ? 'done' : 'next'}
                aria-label={t('shifts.denominationCountLabel', { name })}
                autoFocus={autoFocus && index === 0}
                defaultValue={count === 0 ? '' : String(count)}
                onFocus={(event) => event.currentTarget.select()}
                onChange={(event) => {
                  const parsed = parseCount(event.target.value);
                  // Text that is no count is kept on screen and counts as none until it is mended.
                  const nextCounts = counts.map((c, i) => (i === index ? (parsed ?? 0) : c));
                  onChange(nextCounts);
                  event.target.setAttribute('aria-invalid', parsed === null ? 'true' : 'false');
                }}
                onKeyDown={onKeyDown(index)}
                className="h-10 w-full rounded-md border border-slate-300 bg-white px-2 text-right text-base tabular-nums focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-600 aria-[invalid=true]:border-red-600"
              />
              <span className="text-right text-sm text-slate-600 tabular-nums" aria-hidden>
                {count > 0 ? formatSatang(d.satang * count) : ''}
              </span>
            </li>
          );
        })}
      </ul>
      <p
        className="flex justify-between border-t border-slate-200 pt-2 text-base font-semibold text-slate-900"
        role="status"
        data-testid={`${idPrefix}-total`}
      >
        <span>{totalLabel}</span>
        <span className="tabular-nums">{formatSatang(total)}</span>
      </p>
    </div>
  );
}
