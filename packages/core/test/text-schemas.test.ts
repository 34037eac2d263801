import { describe, expect, it } from 'vitest';
import { CreateSaleRequest, ID_MAX, Id, IdParams, MultiLineText, SingleLineText, msg, textProblem } from '../src/index';

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

  it('refuses half a surrogate pair but keeps emoji, Thai, and marks that only hint direction', () => {
    expect(messageOf(line.safeParse('ab\ud800'))).toBe(msg('text.controlChars'));
    // LEFT-TO-RIGHT MARK, ZERO WIDTH JOINER: harmless and used in real text.
    for (const ok of ['ร้านสมใจ 😀', 'กาแฟ\u200eเย็น', '👩\u200d💻', 'Café ñ']) expect(line.parse(ok)).toBe(ok);
  });

  it('trims before checking and chains lengths as usual', () => {
    expect(line.parse('  เสื้อยืด \n')).toBe('เสื้อยืด');
    expect(messageOf(line.safeParse('x'.repeat(21)))).toBe('ยาวเกินไป');
    expect(textProblem('ok')).toBeNull();
    expect(textProblem('a\tb', 'multi-line')).toBeNull();
    expect(textProblem('a\tb')).toBe(msg('text.controlChars'));
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
