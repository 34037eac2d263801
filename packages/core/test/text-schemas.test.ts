import { describe, expect, it } from 'vitest';
import {
  CreateSaleRequest,
  ID_MAX,
  Id,
  IdParams,
  MultiLineText,
  ProductSizes,
  SingleLineText,
  msg,
  printableText,
  textProblem,
} from '../src/index';

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

// Every C0 control, DEL and every C1 control.
const CONTROLS = [
  ...Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(i)),
  ...Array.from({ length: 0x21 }, (_, i) => String.fromCharCode(0x7f + i)),
];
const BIDI = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'];

describe('text building blocks', () => {
  const line = SingleLineText('ต้องเป็นข้อความ').max(20, 'ยาวเกินไป');
  const block = MultiLineText('ต้องเป็นข้อความ');

  it('refuses every control character inside one-line text, tab and line breaks included', () => {
    for (const c of CONTROLS) {
      expect(messageOf(line.safeParse(`ab${c}cd`)), `U+${c.charCodeAt(0).toString(16)}`).toBe(msg('text.controlChars'));
    }
  });

  it('keeps tab, line feed and carriage return in multi-line text, and refuses the other controls', () => {
    expect(block.parse('บ้านเลขที่ 1\r\nถนนสุขุมวิท\tกรุงเทพฯ')).toBe('บ้านเลขที่ 1\r\nถนนสุขุมวิท\tกรุงเทพฯ');
    for (const c of CONTROLS.filter((c) => !'\t\n\r'.includes(c))) {
      expect(messageOf(block.safeParse(`ab${c}cd`))).toBe(msg('text.controlChars'));
    }
  });

  it('refuses bidirectional overrides and isolates in both kinds', () => {
    for (const c of BIDI) {
      expect(messageOf(line.safeParse(`${c}เสื้อ`))).toBe(msg('text.bidiControls'));
      expect(messageOf(block.safeParse(`ที่อยู่${c}`))).toBe(msg('text.bidiControls'));
    }
  });

  it('refuses half a surrogate pair but keeps emoji, Thai and accents', () => {
    expect(messageOf(line.safeParse('ab\ud800'))).toBe(msg('text.controlChars'));
    for (const ok of ['ร้านสมใจ 😀', 'Café ñ', 'ก้๊', '1️⃣ 🇹🇭']) expect(line.parse(ok)).toBe(ok);
  });

  it('refuses the direction marks (LRM, RLM, ALM) in both kinds, naming the mark found', () => {
    // Chromium prints "ร้าน<RLM> 100 200 (12/3)" as "ร้าน(12/3) 200 100".
    for (const [mark, code] of [
      ['\u200e', 'U+200E'],
      ['\u200f', 'U+200F'],
      ['\u061c', 'U+061C'],
    ] as const) {
      expect(messageOf(line.safeParse(`ร้าน${mark} 100`)), code).toBe(msg('text.directionMark', { mark: code }));
      expect(messageOf(block.safeParse(`99 ถนน${mark}สุขุมวิท`)), code).toBe(msg('text.directionMark', { mark: code }));
    }
    expect(textProblem('ร้าน\u200f 100 200 (12/3)')).toBe(msg('text.directionMark', { mark: 'U+200F' }));
  });

  it('takes out zero-width spaces, non-joiners, joiners, word joiners and byte-order marks (pasted Thai carries them)', () => {
    expect(line.parse('ร้าน\u200bสม\u200cใจ\u2060ดี\ufeff')).toBe('ร้านสมใจดี');
    expect(line.parse('\ufeff\u200b เสื้อยืด \u200b')).toBe('เสื้อยืด');
    expect(block.parse('ที่อยู่\u200b 1\nถนน\u200dสุขุมวิท')).toBe('ที่อยู่ 1\nถนนสุขุมวิท');
    for (const c of ['\u2061', '\u2062', '\u2063', '\u2064']) expect(line.parse(`a${c}b`)).toBe('ab');
    // Lengths count what is kept.
    expect(line.parse(`${'ก'.repeat(20)}\u200b\u200b`)).toBe('ก'.repeat(20));
    expect(line.parse('\u200b\u200b')).toBe('');
  });

  it('keeps a zero-width joiner only inside an emoji sequence, where it draws one picture', () => {
    for (const emoji of ['👩\u200d💻', '👨\u200d👩\u200d👧', '🏳\ufe0f\u200d🌈', '👍🏽\u200d🔥']) {
      expect(line.parse(`ร้าน ${emoji}`)).toBe(`ร้าน ${emoji}`);
    }
    expect(line.parse('ก\u200d👩')).toBe('ก👩');
    expect(line.parse('👩\u200dก')).toBe('👩ก');
    expect(line.parse('👩\u200d\u200d💻')).toBe('👩💻');
  });

  it('turns line and paragraph separators into a space in one-line text and a line break in multi-line text', () => {
    expect(line.parse('ร้าน\u2028สยาม\u2029แฟชั่น')).toBe('ร้าน สยาม แฟชั่น');
    expect(block.parse('99 ถนนสุขุมวิท\u2028กรุงเทพฯ\u202910110')).toBe('99 ถนนสุขุมวิท\nกรุงเทพฯ\n10110');
  });

  it('prints older stored text without any of them', () => {
    expect(printableText('\u202eร้าน\u200f 100 200 (12/3)\u200b\u2066')).toBe('ร้าน 100 200 (12/3)');
    expect(printableText('99 ถนน\u061cสุขุมวิท\u2028กรุงเทพฯ\ufeff')).toBe('99 ถนนสุขุมวิท\nกรุงเทพฯ');
    expect(printableText('ทีม 👩\u200d💻\u200e')).toBe('ทีม 👩\u200d💻');
  });

  it('trims before checking and chains lengths as usual', () => {
    expect(line.parse('  เสื้อยืด \n')).toBe('เสื้อยืด');
    expect(messageOf(line.safeParse('x'.repeat(21)))).toBe('ยาวเกินไป');
    expect(textProblem('ok')).toBeNull();
    expect(textProblem('a\tb', 'multi-line')).toBeNull();
    expect(textProblem('a\tb')).toBe(msg('text.controlChars'));
  });
});

describe('lists of text', () => {
  it('take the zero-width characters out of sizes and colours and refuse direction marks there', () => {
    expect(ProductSizes.parse(['S\u200b', '\u200bM', 'X\u2060L'])).toEqual(['S', 'M', 'XL']);
    expect(ProductSizes.parse(['S', 'S\u200b'])).toEqual(['S']);
    expect(messageOf(ProductSizes.safeParse(['S', 'M\u200f']))).toBe(msg('text.directionMark', { mark: 'U+200F' }));
    const sale = { items: [{ productId: 1, quantity: 1, price: 10, size: 'M\u200b', sizes: ['M\u200b'] }] };
    const parsed = CreateSaleRequest.parse({ ...sale, subtotal: 10, total: 10, paymentMethod: 'cash' });
    expect(parsed.items[0]).toMatchObject({ size: 'M', sizes: ['M'] });
  });
});

describe('ids', () => {
  it('takes 1 to 2^31 − 1, as a number or its text, and refuses anything past the id columns', () => {
    expect(IdParams.parse({ id: '42' })).toEqual({ id: 42 });
    expect(Id().parse(ID_MAX)).toBe(2_147_483_647);
    for (const bad of [0, -1, 1.5, 2 ** 31, 2 ** 53 - 1, 1e308, 'abc', '']) {
      expect(messageOf(Id().safeParse(bad)), String(bad)).toBe(msg('value.invalid', { label: 'id' }));
    }
  });

  it('bounds every id and count of a sale', () => {
    const sale = {
      items: [{ productId: 1, quantity: 1, price: 10 }],
      subtotal: 10,
      total: 10,
      paymentMethod: 'cash',
    };
    expect(CreateSaleRequest.safeParse(sale).success).toBe(true);
    for (const patch of [
      { customerId: 2 ** 31 },
      { replacesSaleId: 2 ** 53 - 1 },
      { pointsUsed: 2 ** 31 },
      { items: [{ ...sale.items[0], productId: 2 ** 31 }] },
    ]) {
      expect(CreateSaleRequest.safeParse({ ...sale, ...patch }).success, JSON.stringify(patch)).toBe(false);
    }
  });
});
