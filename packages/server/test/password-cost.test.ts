import { FIRST_USE_ADMIN } from '@pos/core';
import { describe, expect, it } from 'vitest';
import { loadConfig, PRODUCTION_PASSWORD_HASH_COST } from '../src/config';
import { findLiveUserByUsername } from '../src/features/users/users.queries';
import { ENGINES, TEST_PASSWORD_HASH_COST, useTestApp } from './helpers/test-app';

// Every other API test hashes with TEST_PASSWORD_HASH_COST; this file proves a real server hashes
// every password it stores at the production Argon2id cost.
const PRODUCTION_PARAMS = '$argon2id$v=19$m=19456,t=2,p=1$';

describe('password hash cost', () => {
  it('is the production cost unless a test passes another, and no environment variable lowers it', () => {
    expect(loadConfig({}).passwordHashCost).toEqual({ memoryCostKiB: 19_456, timeCost: 2 });
    expect(loadConfig({ PASSWORD_HASH_COST: '1', ARGON2_MEMORY_COST: '8' }).passwordHashCost).toEqual(
      PRODUCTION_PASSWORD_HASH_COST,
    );
    expect(loadConfig({}, { passwordHashCost: TEST_PASSWORD_HASH_COST }).passwordHashCost).toEqual(
      TEST_PASSWORD_HASH_COST,
    );
  });
});

describe.each(ENGINES)('passwords at the production cost on %s', (engine) => {
  const t = useTestApp(engine, {}, { passwordHashCost: PRODUCTION_PASSWORD_HASH_COST });

  const storedHash = async (username: string) =>
    (await findLiveUserByUsername(t.built.deps.db.kysely, username))?.password_hash ?? '';

  it('seeds, changes and creates passwords at the production cost, and they sign in', async () => {
    expect(await storedHash(FIRST_USE_ADMIN.username)).toMatch(PRODUCTION_PARAMS);

    const firstUse = await t.login(FIRST_USE_ADMIN.username, FIRST_USE_ADMIN.password);
    const changed = await t.request('PUT', '/api/auth/password', {
      token: firstUse,
      body: { currentPassword: FIRST_USE_ADMIN.password, newPassword: 'a-long-new-password-1' },
    });
    expect(changed.status).toBe(200);
    expect(await storedHash(FIRST_USE_ADMIN.username)).toMatch(PRODUCTION_PARAMS);
    const admin = await t.login(FIRST_USE_ADMIN.username, 'a-long-new-password-1');

    const created = await t.request('POST', '/api/users', {
      token: admin,
      body: { username: 'cashier1', name: 'แคชเชียร์', role: 'cashier', password: 'cashier-password-1' },
    });
    expect(created.status).toBe(201);
    expect(await storedHash('cashier1')).toMatch(PRODUCTION_PARAMS);
    expect(await t.login('cashier1', 'cashier-password-1')).toEqual(expect.any(String));

    const wrong = await t.request('POST', '/api/auth/login', {
      body: { username: 'cashier1', password: 'nope-nope-1' },
    });
    expect(wrong.status).toBe(401);
    const unknown = await t.request('POST', '/api/auth/login', {
      body: { username: 'nobody', password: 'nope-nope-1' },
    });
    expect(unknown.status).toBe(401);
  });
});
