import { UsersResponse } from '@pos/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  api,
  ApiError,
  API_TIMEOUT_MS,
  endsSession,
  errorMessage,
  parseErrorResponse,
  setPasswordChangeRequiredHandler,
  setUnauthorizedHandler,
} from './api';
import { STORAGE_KEYS } from './storage-keys';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  localStorage.clear();
});

afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('requests', () => {
  it('calls /api with JSON and the stored bearer token', async () => {
    localStorage.setItem(STORAGE_KEYS.authToken, 'tok-123');
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { ok: true }));

    await expect(api.post('/users', { name: 'ก' })).resolves.toEqual({ ok: true });

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/users');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe(JSON.stringify({ name: 'ก' }));
    const headers = init?.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer tok-123');
    expect(headers['Content-Type']).toBe('application/json');
  });

  it('sends a FormData body as multipart, leaving the Content-Type to the browser', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(201, { ok: true }));
    const form = new FormData();
    form.append('name', 'เสื้อ');
    await api.post('/products', form);
    const init = fetchMock.mock.calls[0]![1];
    expect(init?.body).toBe(form);
    expect((init?.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });

  it('sends no Authorization header without a token', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, {}));
    await api.get('/auth/first-use');
    const headers = fetchMock.mock.calls[0]![1]?.headers as Record<string, string>;
    expect(headers.Authorization).toBeUndefined();
  });

  it('validates the answer with a schema', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { users: [{ id: 'x' }] }));
    const error = await api.get('/users', { schema: UsersResponse }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'BAD_RESPONSE', fromServer: false });
  });
});

describe('error parsing', () => {
  it('turns the { error, code, fields } body into an ApiError', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(409, { error: 'ชื่อผู้ใช้นี้มีอยู่แล้ว', code: 'USERNAME_TAKEN', fields: { username: 'ซ้ำ' } }),
    );
    const error = await api.post('/users', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      code: 'USERNAME_TAKEN',
      message: 'ชื่อผู้ใช้นี้มีอยู่แล้ว',
      fields: { username: 'ซ้ำ' },
      fromServer: true,
    });
  });

  it('handles a body that is not the error shape', () => {
    const error = parseErrorResponse(502, '<html>Bad gateway</html>');
    expect(error).toMatchObject({ status: 502, code: 'HTTP_ERROR', fromServer: false });
    expect(error.message).toContain('502');
  });

  it('reports a network failure', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(api.get('/health')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });

  it('aborts after 30 seconds', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementationOnce(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = api.get('/slow').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS - 1);
    expect(fetchMock.mock.calls[0]![1]?.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(pending).resolves.toMatchObject({ code: 'TIMEOUT', status: 0 });
  });

  it('picks the server message or the fallback', () => {
    const server = new ApiError({ status: 400, code: 'X', message: 'จากเซิร์ฟเวอร์', fromServer: true });
    const client = new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'เครือข่าย' });
    expect(errorMessage(server, 'สำรอง')).toBe('จากเซิร์ฟเวอร์');
    expect(errorMessage(client, 'สำรอง')).toBe('สำรอง');
    expect(errorMessage(new Error('x'), 'สำรอง')).toBe('สำรอง');
  });
});

describe('forced password change', () => {
  it('hands PASSWORD_CHANGE_REQUIRED to its handler and keeps the session', async () => {
    localStorage.setItem(STORAGE_KEYS.authToken, 'keep');
    const handler = vi.fn();
    const undo = setPasswordChangeRequiredHandler(handler);
    fetchMock.mockResolvedValueOnce(
      jsonResponse(403, { error: 'กรุณาเปลี่ยนรหัสผ่านก่อนใช้งานระบบ', code: 'PASSWORD_CHANGE_REQUIRED' }),
    );
    await expect(api.get('/users')).rejects.toMatchObject({ status: 403, code: 'PASSWORD_CHANGE_REQUIRED' });
    expect(handler).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBe('keep');

    fetchMock.mockResolvedValueOnce(jsonResponse(403, { error: 'ไม่มีสิทธิ์', code: 'FORBIDDEN' }));
    await expect(api.get('/users')).rejects.toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect(handler).toHaveBeenCalledTimes(1);
    undo();
  });
});

describe('401 handling', () => {
  it('clears the session and calls the handler on any 401', async () => {
    localStorage.setItem(STORAGE_KEYS.authToken, 'old');
    localStorage.setItem(STORAGE_KEYS.user, '{"id":1}');
    localStorage.setItem(STORAGE_KEYS.settings, '{}');
    const handler = vi.fn();
    const undo = setUnauthorizedHandler(handler);
    fetchMock.mockResolvedValueOnce(jsonResponse(401, { error: 'เซสชันหมดอายุ', code: 'SESSION_EXPIRED' }));

    await expect(api.get('/users')).rejects.toMatchObject({ status: 401, code: 'SESSION_EXPIRED' });
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.settings)).toBe('{}');
    expect(handler).toHaveBeenCalledTimes(1);
    undo();
  });

  it('keeps the session when the sign-in itself answers 401', async () => {
    localStorage.setItem(STORAGE_KEYS.authToken, 'keep');
    const handler = vi.fn();
    const undo = setUnauthorizedHandler(handler);
    fetchMock.mockResolvedValueOnce(jsonResponse(401, { error: 'ผิด', code: 'INVALID_CREDENTIALS' }));

    await expect(api.post('/auth/login', { username: 'a', password: 'b' })).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBe('keep');
    expect(handler).not.toHaveBeenCalled();
    undo();
  });

  it('decides which failures end the session', () => {
    const err = (status: number, code = 'UNAUTHENTICATED') => new ApiError({ status, code, message: '' });
    expect(endsSession('/users', err(401))).toBe(true);
    expect(endsSession('/auth/me', err(401, 'SESSION_EXPIRED'))).toBe(true);
    expect(endsSession('/auth/login', err(401))).toBe(false);
    expect(endsSession('/auth/login?x=1', err(401))).toBe(false);
    expect(endsSession('/auth/password', err(401, 'WRONG_CURRENT_PASSWORD'))).toBe(false);
    expect(endsSession('/users', err(403, 'FORBIDDEN'))).toBe(false);
  });

  it('redirects to /login when no handler is registered', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, pathname: '/users', assign });
    fetchMock.mockResolvedValueOnce(jsonResponse(401, { error: 'x', code: 'UNAUTHENTICATED' }));
    await api.get('/users').catch(() => undefined);
    expect(assign).toHaveBeenCalledWith('/login');
  });
});
