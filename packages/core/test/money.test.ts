import { describe, expect, it } from 'vitest';
import {
  bahtToSatang,
  formatBaht,
  formatBahtInput,
  formatCompactBaht,
  formatWholeBaht,
  formatSatang,
  hasAtMostTwoDecimals,
  parseBahtText,
} from '../src/money';

describe('money', () => {
  it('formats baht with the baht sign, separators and two decimals', () => {
    expect(formatBaht(1234)).toBe('฿1,234.00');
    expect(formatBaht(0.5)).toBe('฿0.50');
    expect(formatBaht('99.9')).toBe('฿99.90');
    expect(formatSatang(123456)).toBe('฿1,234.56');
  });

  it('shows empty or non-numeric input as ฿0.00', () => {
    for (const value of ['', '   ', 'abc', null, undefined, NaN, {}, Infinity]) expect(formatBaht(value)).toBe('฿0.00');
  });

  it('converts baht to satang without binary noise', () => {
    expect(bahtToSatang(1.005)).toBe(101);
    expect(bahtToSatang(0.1 + 0.2)).toBe(30);
    expect(bahtToSatang(19.99)).toBe(1999);
    expect(bahtToSatang(-2.5)).toBe(-250);
  });

  it('recognises amounts with at most two decimals', () => {
    expect(hasAtMostTwoDecimals(10.25)).toBe(true);
    expect(hasAtMostTwoDecimals(0.1 + 0.2)).toBe(true);
    expect(hasAtMostTwoDecimals(10.255)).toBe(false);
  });

  it('reads typed baht as whole satang: grouping commas, spaces, up to two decimals', () => {
    expect(parseBahtText('1,234.50')).toBe(123450);
    expect(parseBahtText(' 12 ')).toBe(1200);
    expect(parseBahtText('0.1')).toBe(10);
    expect(parseBahtText('.05')).toBe(5);
    expect(parseBahtText('19.99')).toBe(1999);
    expect(parseBahtText('12.')).toBe(1200);
    expect(parseBahtText('-2.5')).toBe(-250);
    expect(parseBahtText('   ')).toBeNull();
    for (const typed of ['abc', '1.234', '1e3', '12a', '.', '-', '1.2.3', '0x10', '99999999999999999999']) {
      expect(parseBahtText(typed), typed).toBeNaN();
    }
  });

  it('shows satang in a money input as plain baht, and reads back what it shows', () => {
    expect(formatBahtInput(123450)).toBe('1234.50');
    expect(formatBahtInput(25000)).toBe('250');
    expect(formatBahtInput(5)).toBe('0.05');
    expect(formatBahtInput(-250)).toBe('-2.50');
    for (const satang of [0, 1, 99, 100, 123456789]) expect(parseBahtText(formatBahtInput(satang))).toBe(satang);
  });
});

describe('formatWholeBaht', () => {
  it('rounds to whole baht with separators', () => {
    expect(formatWholeBaht(1234.5)).toBe('฿1,235');
    expect(formatWholeBaht(99.49)).toBe('฿99');
    expect(formatWholeBaht(Number.NaN)).toBe('฿0');
  });
});

describe('formatCompactBaht', () => {
  it('shortens in Thai units in Thai and K/M in English, up to two decimals', () => {
    expect(formatCompactBaht(6_627_854, 'th-TH')).toBe('฿6.63 ล้าน');
    expect(formatCompactBaht(50_000, 'th-TH-u-ca-buddhist')).toBe('฿5 หมื่น');
    expect(formatCompactBaht(250_000, 'th-TH')).toBe('฿2.5 แสน');
    expect(formatCompactBaht(6_627_854, 'en-GB')).toBe('฿6.63M');
    expect(formatCompactBaht(50_000, 'en-US')).toBe('฿50K');
    expect(formatCompactBaht(0, 'th-TH')).toBe('฿0');
    expect(formatCompactBaht(-1_500_000, 'th-TH')).toBe('-฿1.5 ล้าน');
  });
});
