import { describe, expect, it } from 'vitest';
import { answerText, utf8Answer } from '../src/http/utf8-answer';

describe('utf8Answer', () => {
  it('encodes as Buffer.from does: ASCII, Thai, characters outside the BMP, nothing', () => {
    for (const text of ['{"ok":true}', '{"name":"เสื้อผ้า ลดราคา ๕๐%"}', '{"note":"🧾 ใบเสร็จ 𝔸"}', '']) {
      expect(utf8Answer(text).equals(Buffer.from(text, 'utf8'))).toBe(true);
    }
  });

  it('answers bytes of their own: the next answer does not change them', () => {
    const first = utf8Answer('{"sale":"ขายแล้ว"}');
    const copy = Buffer.from(first);
    utf8Answer('{"sale":"another answer, longer than the first one"}');
    expect(first.equals(copy)).toBe(true);
  });

  it('encodes an answer longer than the buffer it keeps, all of it', () => {
    const long = JSON.stringify({ items: Array.from({ length: 3000 }, (_, i) => ({ id: i, name: `สินค้า ${i}` })) });
    const bytes = utf8Answer(long);
    expect(bytes.length).toBeGreaterThan(16 * 1024 * 3);
    expect(bytes.equals(Buffer.from(long, 'utf8'))).toBe(true);
    expect(answerText(bytes)).toBe(long);
    expect(answerText(long)).toBe(long);
  });
});
