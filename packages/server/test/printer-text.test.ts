import { describe, expect, it } from 'vitest';
import { columnsOf, textLines, wrapText } from '../src/features/printing/printer-text';

// Documents as text for a printer with a Thai code page (issue 37): Thai marks above and below a letter take no
// column, lines wrap between words, and a pair's amount ends exactly at the paper's last column.

describe('printer text', () => {
  it('counts the columns Thai takes: marks above and below take none', () => {
    expect(columnsOf('ก่อน')).toBe(3);
    expect(columnsOf('ที่')).toBe(1);
    expect(columnsOf('น้ำ')).toBe(2);
    expect(columnsOf('ภาษีมูลค่าเพิ่ม')).toBe(10);
    expect(columnsOf('R2569-000042')).toBe(12);
  });

  it('wraps between Thai words, and between letters only a word longer than the line', () => {
    const lines = wrapText('ออกแทนใบกำกับภาษีอย่างย่อเลขที่ R2569-000055', 20);
    expect(lines).toEqual(['ออกแทนใบกำกับภาษีอย่าง', 'ย่อเลขที่ R2569-000055']);
    for (const line of lines) expect(columnsOf(line)).toBeLessThanOrEqual(20);
    expect(wrapText('ABCDEFGHIJ', 4)).toEqual(['ABCD', 'EFGH', 'IJ']);
  });

  it('lays pairs out flush to the last column, centres titles and draws rules across', () => {
    const lines = textLines(
      [
        { kind: 'text', text: 'ร้านบ้านเสื้อ', align: 'centre', size: 'large', bold: true },
        { kind: 'rule' },
        { kind: 'pair', left: 'ภาษีมูลค่าเพิ่ม 7% (รวมในราคาแล้ว)', right: '70.00' },
        { kind: 'pair', left: 'ยอดสุทธิ', right: '฿1,070.00', bold: true },
      ],
      32,
    );
    // Nine columns of 32: eleven spaces before it.
    expect(lines[0]).toEqual({ text: `${' '.repeat(11)}ร้านบ้านเสื้อ`, bold: true, tall: true });
    expect(lines[1]!.text).toBe('-'.repeat(32));
    // The label wraps in what the amount leaves; the amount sits on its last line.
    expect(lines.slice(2)).toEqual([
      { text: 'ภาษีมูลค่าเพิ่ม 7% (รวมในราคา', bold: false, tall: false },
      { text: `แล้ว)${' '.repeat(23)}70.00`, bold: false, tall: false },
      { text: `ยอดสุทธิ${' '.repeat(17)}฿1,070.00`, bold: true, tall: false },
    ]);
    for (const line of [lines[1]!, lines[3]!, lines[4]!]) expect(columnsOf(line.text)).toBe(32);
  });
});
