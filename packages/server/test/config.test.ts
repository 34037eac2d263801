import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      databaseUrl: null,
      shopTimezone: 'Asia/Bangkok',
      sessionTtlHours: 12,
      sessionMaxDays: 7,
      idempotencyRetentionDays: 7,
    });
    expect(config.dataDir).toMatch(/data$/);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['SHOP_TIMEZONE', 'Mars/Olympus'],
    ['SESSION_TTL_HOURS', '0'],
    ['SESSION_MAX_DAYS', '0'],
    ['SESSION_MAX_DAYS', 'week'],
    ['TRUST_PROXY', 'maybe'],
    ['TRUST_PROXY', 'true'],
    ['TRUST_PROXY', '1'],
    ['TRUST_PROXY', '-1'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['TRUST_PROXY', '10.0.0.1, not-an-address'],
    ['LOG_LEVEL', 'loud'],
    ['STRIPE_SECRET_KEY', 'pk_test_public'],
    ['IDEMPOTENCY_RETENTION_DAYS', '0'],
    ['IDEMPOTENCY_RETENTION_DAYS', '366'],
    ['IDEMPOTENCY_RETENTION_DAYS', 'week'],
    ['LINE_API_BASE', 'api.line.me'],
    ['LINE_API_BASE', 'https://api.line.me/v2/bot'],
  ])('stops with a message naming %s when it is %s', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^${name} `));
  });

  it('trusts no proxy by default, or only the listed proxy addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8 ,::1,fd00::/8, loopback' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses to trust every hop or a hop count, saying what to set instead', () => {
    for (const value of ['true', 'TRUE', '1', '2']) {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
        /^TRUST_PROXY must not be .*list the proxies' addresses/,
      );
    }
  });

  it('switches to PostgreSQL for a postgres:// URL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@127.0.0.1/db' }).databaseUrl).toBe('postgres://u:p@127.0.0.1/db');
  });
});
