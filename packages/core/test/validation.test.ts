import { describe, expect, it } from 'vitest';
import { LoginRequest, msg, parseValidationMessage, ProductWriteRequest, validationText } from '../src/index';

describe('validation messages by id', () => {
  it('carries ids, not text, in the schemas, with the parameters a message needs', () => {
    const issues = ProductWriteRequest.safeParse({ name: 'x'.repeat(201), sku: 'S', category: 'A', price: 1 }).error
      ?.issues;
    expect(issues?.map((i) => i.message)).toEqual(['validation.text.tooLong?label=productName&max=200']);
    expect(LoginRequest.safeParse({ username: '', password: 'x' }).error?.issues[0]?.message).toBe(
      'validation.user.usernameRequired',
    );
  });

  it('reads an id back with its parameters and words it in Thai as the server sends it', () => {
    const message = msg('money.max', { label: 'cost', max: '10,000,000' });
    expect(parseValidationMessage(message)).toEqual({
      id: 'money.max',
      params: { label: 'cost', max: '10,000,000' },
      label: 'cost',
    });
    expect(validationText(message)).toBe('ต้นทุนต้องไม่เกิน 10,000,000 บาท');
    expect(validationText(msg('stock.belowZero', { stock: '1,200' }))).toBe('ลดสต็อกได้ไม่เกินจำนวนที่มีอยู่ (1,200 ชิ้น)');
  });

  it('leaves text that is no known id as it is', () => {
    for (const text of ['ข้อความของ zod', 'validation.no.such', 'validation.']) {
      expect(parseValidationMessage(text)).toBeNull();
      expect(validationText(text)).toBe(text);
    }
  });
});
