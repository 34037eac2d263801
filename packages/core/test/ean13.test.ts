import { describe, expect, it } from 'vitest';
import { ean13, ean13CheckDigit, isEan13 } from '../src/index';

describe('EAN-13', () => {
  it.each([
    ['400638133393', 1],
    ['590123412345', 7],
    ['885010000030', 9],
    ['885099932001', 4],
    ['000000000000', 0],
  ])('gives %s the check digit %i', (body, digit) => {
    expect(ean13CheckDigit(body)).toBe(digit);
    expect(ean13(body)).toBe(`${body}${digit}`);
  });

  it('refuses a body that is not twelve digits', () => {
    for (const body of ['88501000003', '8850100000309', '88501000003A', '']) {
      expect(() => ean13CheckDigit(body)).toThrow(RangeError);
    }
  });

  it('tells a code with its right check digit from one without', () => {
    expect(isEan13('4006381333931')).toBe(true);
    expect(isEan13('8850100000309')).toBe(true);
    expect(isEan13('8850100000300')).toBe(false);
    expect(isEan13('885010000030')).toBe(false);
    expect(isEan13('885010000030X')).toBe(false);
  });
});
