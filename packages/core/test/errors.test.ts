import { describe, expect, it } from 'vitest';
import { DETAILED_ERROR_MESSAGES, ERROR_MESSAGES, errorText } from '../src/errors';

describe('errorText', () => {
  it('fills a detailed message only when details hold all its placeholders', () => {
    expect(errorText('STOCK_CHANGED', { stock: 1234 })).toMatch(/\(ตอนนี้มี 1,234 ชิ้น\)$/);
    expect(errorText('SKU_TAKEN', { sku: 'A1' })).toBe('SKU หรือบาร์โค้ดนี้ถูกใช้กับสินค้าอื่นแล้ว');
    expect(errorText('SKU_TAKEN', { sku: 'A1', product: 'รองเท้า' })).toBe('SKU/บาร์โค้ด "A1" ถูกใช้กับสินค้า "รองเท้า" แล้ว');
    expect(errorText('NOT_FOUND', { anything: 1 })).toBe('ไม่พบข้อมูลที่ต้องการ');
  });
});

describe('the message catalogue', () => {
  it('gives each detailed message the plain message of its code to fall back on', () => {
    for (const code of Object.keys(DETAILED_ERROR_MESSAGES)) expect(ERROR_MESSAGES).toHaveProperty(code);
  });
});
