import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Role, User } from '@pos/core';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import type { BuiltApp } from '../../src/app';
import { loadConfig, type Config, type DatabaseEngine, type PasswordHashCost } from '../../src/config';
import { hashPassword } from '../../src/passwords/passwords';
import { insertUser, toApiUser } from '../../src/features/users/users.queries';
import { startServer, type RunningServer } from '../../src/server';

/** The run's migrated databases (test/global-setup.ts), copied for each test app (migratedDatabase). */
export interface MigratedTemplates {
  /** A data folder whose pos.db holds every migration. */
  sqlite: string;
  /** A PostgreSQL database holding every migration, the template of each test app's (null without PostgreSQL). */
  postgres: string | null;
}

declare module 'vitest' {
  export interface ProvidedContext {
    migratedTemplates: MigratedTemplates;
  }
}

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL points at a server. */
export const ENGINES: DatabaseEngine[] = ['sqlite', ...(process.env.TEST_DATABASE_URL ? (['postgres'] as const) : [])];

export interface HttpResult<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

export interface TestApp {
  url: string;
  built: BuiltApp;
  config: Config;
  /** Moves the server's clock forward. */
  advanceClock(ms: number): void;
  /** The server's clock (for a second app on the same database). */
  now(): Date;
  /** The server's waits: each moves the clock on by `ms` at once and is noted in `waits`. */
  sleep(ms: number): Promise<void>;
  /** Every wait the server asked for, in ms, in order. */
  waits: number[];
  request<T = Record<string, unknown>>(
    method: string,
    urlPath: string,
    options?: { token?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> },
  ): Promise<HttpResult<T>>;
  login(username: string, password: string): Promise<string>;
  buildUser(
    overrides?: Partial<{
      username: string;
      name: string;
      role: Role;
      password: string;
      email: string;
      mustChangePassword: boolean;
    }>,
  ): Promise<{
    user: User;
    password: string;
    token: string;
  }>;
  adminToken(): Promise<string>;
}

let userCounter = 0;

/**
 * Argon2id cost of the test apps' password hashes: the production cost makes each sign-in of a test
 * user ~100 ms of CPU, hundreds of times per suite. password-cost.test.ts keeps the production cost tested.
 */
export const TEST_PASSWORD_HASH_COST: PasswordHashCost = { memoryCostKiB: 1024, timeCost: 1 };

/** A fresh database of the given engine for this test file: a temp SQLite file or a new PostgreSQL database. */
export async function freshDatabase(
  engine: DatabaseEngine,
  template?: { sqliteDir: string } | { postgresDatabase: string },
): Promise<{ databaseUrl: string | null; dataDir: string; drop(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-test-'));
  if (engine === 'sqlite') {
    if (template && 'sqliteDir' in template) {
      // The database and, were it left, its write-ahead log (the lock files are the running server's own).
      for (const file of ['pos.db', 'pos.db-wal'].filter((f) => fs.existsSync(path.join(template.sqliteDir, f)))) {
        fs.copyFileSync(path.join(template.sqliteDir, file), path.join(dataDir, file));
      }
    }
    return { databaseUrl: null, dataDir, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `pos_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  const from = template && 'postgresDatabase' in template ? ` TEMPLATE ${template.postgresDatabase}` : '';
  await admin.query(`CREATE DATABASE ${name}${from}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    dataDir,
    drop: async () => {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      try {
        // FORCE cannot end a server process another role owns (autovacuum working on the fresh
        // database): wait for it a little; a test database left behind is only clutter.
        for (let attempt = 1; ; attempt += 1) {
          try {
            await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
            break;
          } catch (err) {
            if (attempt >= 20) {
              console.warn(`could not drop test database ${name}: ${String(err)}`);
              break;
            }
            await new Promise((resolve) => setTimeout(resolve, 250));
          }
        }
      } finally {
        await c.end();
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A fresh database of the given engine already migrated to the latest schema: a copy of the run's template
 * (test/global-setup.ts), or an empty one (migrated by the server as it starts) where no template was made.
 */
export async function migratedDatabase(
  engine: DatabaseEngine,
): Promise<{ databaseUrl: string | null; dataDir: string; drop(): Promise<void> }> {
  const templates = inject('migratedTemplates');
  if (!templates) return freshDatabase(engine);
  if (engine === 'sqlite') return freshDatabase(engine, { sqliteDir: templates.sqlite });
  return freshDatabase(engine, templates.postgres ? { postgresDatabase: templates.postgres } : undefined);
}

/** The server's settings for a fresh database (quiet, the cheap test password cost). */
export function configOfDatabase(fresh: { dataDir: string; databaseUrl: string | null }): Config {
  return loadConfig(
    { LOG_LEVEL: 'silent', DATA_DIR: fresh.dataDir, ...(fresh.databaseUrl ? { DATABASE_URL: fresh.databaseUrl } : {}) },
    { passwordHashCost: TEST_PASSWORD_HASH_COST },
  );
}

/**
 * Starts the real app on a random port with a fresh, migrated database for this test file.
 * `options.passwordHashCost` replaces the cheap test cost (the production cost's own test).
 */
export function useTestApp(
  engine: DatabaseEngine,
  env: Record<string, string> = {},
  options: { passwordHashCost?: PasswordHashCost } = {},
): TestApp {
  let clockOffset = 0;
  let dropDatabase: () => Promise<void> = async () => {};
  let server: RunningServer | undefined;
  const t = {} as TestApp;

  beforeAll(async () => {
    const fresh = await migratedDatabase(engine);
    dropDatabase = fresh.drop;
    const config = loadConfig(
      {
        LOG_LEVEL: 'silent',
        DATA_DIR: fresh.dataDir,
        ...(fresh.databaseUrl ? { DATABASE_URL: fresh.databaseUrl } : {}),
        ...env,
      },
      { passwordHashCost: options.passwordHashCost ?? TEST_PASSWORD_HASH_COST },
    );
    const now = () => new Date(Date.now() + clockOffset);
    const waits: number[] = [];
    const sleep = async (ms: number) => {
      waits.push(ms);
      clockOffset += ms;
      // A real wait lets other requests in meanwhile: so does this one.
      await new Promise((resolve) => setImmediate(resolve));
    };
    // The LINE outbox is sent only when a test calls built.notifications.drainOnce(): no background
    // writes race a test's checks (line-notify.test.ts starts the worker where that is the point).
    server = await startServer(config, {
      now,
      sleep,
      listen: { port: 0, host: '127.0.0.1' },
      notificationWorker: 'manual',
    });
    const { built } = server;
    const db = built.deps.db;

    Object.assign(t, {
      url: server.url,
      built,
      config,
      advanceClock(ms: number) {
        clockOffset += ms;
      },
      now,
      sleep,
      waits,
      async request(method, urlPath, options = {}) {
        const headers: Record<string, string> = { ...options.headers };
        if (options.token) headers.authorization = `Bearer ${options.token}`;
        let body: string | undefined;
        if (options.rawBody !== undefined) body = options.rawBody;
        else if (options.body !== undefined) {
          body = JSON.stringify(options.body);
          headers['content-type'] ??= 'application/json';
        }
        const res = await fetch(`${t.url}${urlPath}`, { method, headers, body });
        const text = await res.text();
        let parsed: unknown = text;
        try {
          parsed = text ? JSON.parse(text) : {};
        } catch {
          // not JSON: leave as text
        }
        return { status: res.status, body: parsed, headers: res.headers } as HttpResult<never>;
      },
      async login(username: string, password: string) {
        const res = await t.request<{ token: string }>('POST', '/api/auth/login', { body: { username, password } });
        if (res.status !== 200) throw new Error(`login ${username} failed: ${res.status} ${JSON.stringify(res.body)}`);
        return res.body.token;
      },
      async buildUser(overrides = {}) {
        userCounter += 1;
        const password = overrides.password ?? `password-${userCounter}`;
        const row = await insertUser(db.kysely, {
          username: overrides.username ?? `user${userCounter}_${randomBytes(3).toString('hex')}`,
          name: overrides.name ?? `ผู้ใช้ทดสอบ ${userCounter}`,
          email: overrides.email ?? null,
          role: overrides.role ?? 'cashier',
          password_hash: await hashPassword(password, config.passwordHashCost),
          must_change_password: overrides.mustChangePassword ?? false,
          now: now().toISOString(),
        });
        const token = await t.login(row.username, password);
        return { user: toApiUser(row), password, token };
      },
      async adminToken() {
        // A new session each time: tests move the clock and end sessions.
        return (await t.buildUser({ role: 'admin' })).token;
      },
    } satisfies TestApp);
  });

  afterAll(async () => {
    await server?.stop();
    await dropDatabase();
  });

  return t;
}
