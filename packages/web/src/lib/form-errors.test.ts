import { describe, expect, it, vi } from 'vitest';
import { setCurrentLocale } from '../i18n/translate';
import { ApiError } from './api';
import { applyServerFieldErrors } from './form-errors';

type Form = { username: string; name: string };

describe('applyServerFieldErrors', () => {
  it('puts the server fields on matching form fields', () => {
    const setError = vi.fn();
    const error = new ApiError({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'ข้อมูลไม่ถูกต้อง',
      fields: { name: 'กรุณากรอกชื่อ', other: 'x' },
      fromServer: true,
    });
    expect(applyServerFieldErrors<Form>(error, setError, ['username', 'name'])).toBe(true);
    expect(setError).toHaveBeenCalledTimes(1);
    expect(setError).toHaveBeenCalledWith('name', { type: 'server', message: 'กรุณากรอกชื่อ' });
  });

  it('maps a known code to a field when no fields came, in the web\u2019s words for that code', () => {
    const setError = vi.fn();
    const error = new ApiError({ status: 409, code: 'USERNAME_TAKEN', message: 'ซ้ำ', fromServer: true });
    expect(applyServerFieldErrors<Form>(error, setError, ['username'], { USERNAME_TAKEN: 'username' })).toBe(true);
    expect(setError).toHaveBeenCalledWith('username', { type: 'server', message: 'ชื่อผู้ใช้นี้มีอยู่แล้ว' });
  });

  it('words the fields of a known code in the current locale, and keeps the server text of an unknown one', () => {
    setCurrentLocale('en');
    try {
      const setError = vi.fn();
      const taken = new ApiError({
        status: 409,
        code: 'SKU_TAKEN',
        message: 'SKU/บาร์โค้ด "A1" ถูกใช้กับสินค้า "รองเท้า" แล้ว',
        fields: { username: 'SKU/บาร์โค้ด "A1" ถูกใช้กับสินค้า "รองเท้า" แล้ว' },
        details: { sku: 'A1', product: 'รองเท้า' },
        fromServer: true,
      });
      applyServerFieldErrors<Form>(taken, setError, ['username']);
      expect(setError).toHaveBeenLastCalledWith('username', {
        type: 'server',
        message: 'SKU/barcode "A1" is already used by product "รองเท้า"',
      });
      const unknown = new ApiError({ status: 409, code: 'NEW_RULE', message: 'กฎใหม่', fromServer: true });
      applyServerFieldErrors<Form>(unknown, setError, ['username'], { NEW_RULE: 'username' });
      expect(setError).toHaveBeenLastCalledWith('username', { type: 'server', message: 'กฎใหม่' });
    } finally {
      setCurrentLocale('th');
    }
  });

  it('ignores errors that did not come from the server', () => {
    const setError = vi.fn();
    const error = new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'x' });
    expect(applyServerFieldErrors<Form>(error, setError, ['username'])).toBe(false);
    expect(applyServerFieldErrors<Form>(new Error('x'), setError, ['username'])).toBe(false);
    expect(setError).not.toHaveBeenCalled();
  });
});
