import { describe, expect, it } from 'vitest';
import { ENGINES, useTestApp, type TestApp } from './helpers/test-app';

const HSTS = 'strict-transport-security';

function health(t: TestApp, headers: Record<string, string> = {}) {
  return t.request('GET', '/api/health', { headers });
}

describe.each(ENGINES)('Strict-Transport-Security behind a trusted proxy on %s', (engine) => {
  // The proxy terminating HTTPS runs on this PC (the test client plays it).
  const t = useTestApp(engine, { TRUST_PROXY: '127.0.0.1' });

  it('is sent when the trusted proxy says the request came over HTTPS, on answers and refusals alike', async () => {
    const res = await health(t, { 'x-forwarded-proto': 'HTTPS', 'x-forwarded-for': '203.0.113.7' });
    expect(res.headers.get(HSTS)).toBe('max-age=31536000; includeSubDomains');
    const refused = await t.request('GET', '/api/users', { headers: { 'x-forwarded-proto': 'https' } });
    expect(refused.status).toBe(401);
    expect(refused.headers.get(HSTS)).toBe('max-age=31536000; includeSubDomains');
  });

  it('is never sent for plain HTTP', async () => {
    expect((await health(t)).headers.get(HSTS)).toBeNull();
    expect((await health(t, { 'x-forwarded-proto': 'http' })).headers.get(HSTS)).toBeNull();
  });
});

describe.each(ENGINES)('Strict-Transport-Security without a trusted proxy on %s', (engine) => {
  // The listed proxy is elsewhere: the test client connects directly and may write any header.
  const untrusted = useTestApp(engine, { TRUST_PROXY: '192.0.2.10' });
  const noProxy = useTestApp(engine);

  it('ignores X-Forwarded-Proto from an address that is not a trusted proxy', async () => {
    expect((await health(untrusted, { 'x-forwarded-proto': 'https' })).headers.get(HSTS)).toBeNull();
    expect((await health(noProxy, { 'x-forwarded-proto': 'https' })).headers.get(HSTS)).toBeNull();
  });
});
