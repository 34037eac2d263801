import { describe, expect, it } from 'vitest';
import { ENGINES, useTestApp } from './helpers/test-app';

describe.each(ENGINES)('health and error shapes on %s', (engine) => {
  const t = useTestApp(engine);

  it('reports the database as up with the engine and version', async () => {
    const res = await t.request('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'ok', database: 'up', engine });
    expect(typeof res.body.version).toBe('string');
    expect(res.headers.get('x-request-id')).toBeTruthy();
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('sends the security headers: images from the shop and https, no https upgrade, no HSTS over plain HTTP', async () => {
    const res = await t.request('GET', '/api/health');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("img-src 'self' data: blob: https:");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers.get('strict-transport-security')).toBeNull();
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(res.headers.get('x-powered-by')).toBeNull();
    // Every answer carries them, errors included.
    const missing = await t.request('GET', '/api/no-such-route');
    expect(missing.headers.get('content-security-policy')).toBe(csp);
  });

  it('answers unknown /api paths with a JSON 404', async () => {
    const res = await t.request('GET', '/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
    expect(res.body.error).toMatch(/ไม่พบ/);
  });

  it('refuses malformed JSON with 400 and a Thai message', async () => {
    const res = await t.request('POST', '/api/auth/login', {
      rawBody: '{"username": "admin", ',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'INVALID_JSON' });
  });

  it('refuses a wrong content type with 415', async () => {
    const res = await t.request('POST', '/api/auth/login', {
      rawBody: 'username=admin',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('refuses an oversized body with 413', async () => {
    const res = await t.request('POST', '/api/auth/login', {
      rawBody: JSON.stringify({ username: 'a'.repeat(2 * 1024 * 1024), password: 'x' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it('names the field that failed validation', async () => {
    const res = await t.request('POST', '/api/auth/login', { body: { username: '', password: 'x' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', fields: { username: 'กรุณากรอกชื่อผู้ใช้' } });
  });

  it('serves the OpenAPI document generated from the schemas', async () => {
    const res = await t.request<{ openapi: string; paths: Record<string, unknown> }>('GET', '/api/docs/json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    expect(Object.keys(res.body.paths)).toEqual(expect.arrayContaining(['/api/auth/login', '/api/users/{id}']));
    const page = await t.request('GET', '/api/docs');
    expect([200, 302]).toContain(page.status);
  });
});
