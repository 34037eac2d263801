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
    ['LOG_LEVEL', 'loud'],
    ['STRIPE_SECRET_KEY', 'pk_test_public'],
    ['IDEMPOTENCY_RETENTION_DAYS', '0'],
    ['IDEMPOTENCY_RETENTION_DAYS', '366'],
    ['IDEMPOTENCY_RETENTION_DAYS', 'week'],
  ])('stops with a message naming %s when it is %s', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^${name} `));
  });

  it('switches to PostgreSQL for a postgres:// URL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@127.0.0.1/db' }).databaseUrl).toBe('postgres://u:p@127.0.0.1/db');
  });
});
