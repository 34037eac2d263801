import { describe, expect, it } from 'vitest';
import { canSubmitLogin } from './login-form';

describe('canSubmitLogin', () => {
  it('needs both fields', () => {
    expect(canSubmitLogin({ username: '', password: '' }, false)).toBe(false);
    expect(canSubmitLogin({ username: 'admin', password: '' }, false)).toBe(false);
    expect(canSubmitLogin({ username: '  ', password: 'x' }, false)).toBe(false);
    expect(canSubmitLogin({}, false)).toBe(false);
    expect(canSubmitLogin({ username: 'admin', password: 'x' }, false)).toBe(true);
  });

  it('is off while a request runs', () => {
    expect(canSubmitLogin({ username: 'admin', password: 'x' }, true)).toBe(false);
  });
});
