import { afterEach, describe, expect, it } from 'vitest';
import { setCurrentLocale } from '../i18n/translate';
import { ApiError, errorDetail, errorMessage } from './api';

const refusal = (code: string, message: string, details?: Record<string, unknown>) =>
  new ApiError({ status: 409, code, message, details, fromServer: true });

afterEach(() => setCurrentLocale('th'));

describe('errorMessage', () => {
  it('shows English for a code the web knows when the locale is English', () => {
    setCurrentLocale('en');
    expect(errorMessage(refusal('CUSTOMER_PHONE_TAKEN', 'เบอร์โทรนี้มีลูกค้าใช้แล้ว'), 'fallback')).toBe(
      'Another customer already has this phone number',
    );
  });

  it('fills a detailed message from details, numbers written the locale\u2019s way', () => {
    setCurrentLocale('en');
    const error = refusal('INSUFFICIENT_STOCK', 'สินค้าในสต็อกไม่เพียงพอ: Shirt เหลือ 1,200 ชิ้น', {
      productId: 3,
      name: 'Shirt',
      available: 1200,
    });
    expect(errorMessage(error, 'fallback')).toBe('Not enough stock: Shirt has 1,200 left');
    setCurrentLocale('th');
    expect(errorMessage(error, 'fallback')).toBe('สินค้าในสต็อกไม่เพียงพอ: Shirt เหลือ 1,200 ชิ้น');
  });

  it('uses the plain message when details lack a placeholder', () => {
    setCurrentLocale('en');
    expect(errorMessage(refusal('SKU_TAKEN', 'SKU หรือบาร์โค้ดนี้ถูกใช้กับสินค้าอื่นแล้ว', { sku: 'A1' }), 'x')).toBe(
      'This SKU or barcode is already used by another product',
    );
  });

  it('shows the server text for a code the web does not know, and for VALIDATION_FAILED', () => {
    setCurrentLocale('en');
    expect(errorMessage(refusal('SOMETHING_NEW', 'ข้อความจากเซิร์ฟเวอร์'), 'fallback')).toBe('ข้อความจากเซิร์ฟเวอร์');
    expect(errorMessage(refusal('VALIDATION_FAILED', 'กรุณากรอกชื่อผู้ใช้ (username)'), 'fallback')).toBe(
      'กรุณากรอกชื่อผู้ใช้ (username)',
    );
    expect(errorMessage(refusal('SOMETHING_NEW', ' '), 'fallback')).toBe('fallback');
  });

  it('shows the screen\u2019s fallback for failures that never reached the server', () => {
    const network = new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'offline' });
    expect(errorMessage(network, 'fallback')).toBe('fallback');
    expect(errorMessage(new Error('boom'), 'fallback')).toBe('fallback');
    expect(errorDetail(network)).toBe('offline');
    expect(errorDetail('not an error')).toBeUndefined();
  });
});
