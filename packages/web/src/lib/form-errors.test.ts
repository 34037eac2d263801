import { describe, expect, it, vi } from 'vitest';
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

  it('maps a known code to a field when no fields came', () => {
    const setError = vi.fn();
    const error = new ApiError({ status: 409, code: 'USERNAME_TAKEN', message: 'ซ้ำ', fromServer: true });
    expect(applyServerFieldErrors<Form>(error, setError, ['username'], { USERNAME_TAKEN: 'username' })).toBe(true);
    expect(setError).toHaveBeenCalledWith('username', { type: 'server', message: 'ซ้ำ' });
  });

  it('ignores errors that did not come from the server', () => {
    const setError = vi.fn();
    const error = new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'x' });
    expect(applyServerFieldErrors<Form>(error, setError, ['username'])).toBe(false);
    expect(applyServerFieldErrors<Form>(new Error('x'), setError, ['username'])).toBe(false);
    expect(setError).not.toHaveBeenCalled();
  });
});
