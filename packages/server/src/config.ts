import path from 'node:path';

export type DatabaseEngine = 'sqlite' | 'postgres';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** postgres://… switches to PostgreSQL; otherwise SQLite in `dataDir/pos.db`. */
  databaseUrl: string | null;
  shopTimezone: string;
  /** A session ends after this many hours without activity (sliding). */
  sessionTtlHours: number;
  /** However active, a session ends this many days after sign-in. */
  sessionMaxDays: number;
  trustProxy: boolean;
  logLevel: string;
  /** Built SPA to serve, or null to serve the API only. */
  webDistDir: string | null;
  /** Card payments: the secret key lives only here, never in settings. */
  stripeSecretKey: string | null;
  /** A sale's Idempotency-Key is remembered this many days; after that the key is forgotten. */
  idempotencyRetentionDays: number;
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
  }
  return value;
}

function isValidTimezone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** Reads and checks the environment; throws a ConfigError naming the variable at fault. */
export function loadConfig(env: Env = process.env, defaults: { webDistDir?: string | null } = {}): Config {
  const databaseUrl = env.DATABASE_URL?.trim() || null;
  if (databaseUrl !== null && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql:// (leave it unset for SQLite)');
  }
  const shopTimezone = env.SHOP_TIMEZONE?.trim() || 'Asia/Bangkok';
  if (!isValidTimezone(shopTimezone)) {
    throw new ConfigError(`SHOP_TIMEZONE "${shopTimezone}" is not a known time zone (e.g. Asia/Bangkok)`);
  }
  const trustProxyRaw = env.TRUST_PROXY?.trim().toLowerCase() ?? '';
  if (!['', 'true', 'false', '1', '0'].includes(trustProxyRaw)) {
    throw new ConfigError('TRUST_PROXY must be true or false');
  }
  const logLevel = env.LOG_LEVEL?.trim() || 'info';
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel)) {
    throw new ConfigError('LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent');
  }
  const stripeSecretKey = env.STRIPE_SECRET_KEY?.trim() || null;
  if (stripeSecretKey !== null && !/^(sk|rk)_/.test(stripeSecretKey)) {
    throw new ConfigError('STRIPE_SECRET_KEY must start with sk_ or rk_');
  }
  return {
    port: integer(env, 'PORT', 3000, 0, 65535),
    host: env.HOST?.trim() || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR?.trim() || 'data'),
    databaseUrl,
    shopTimezone,
    sessionTtlHours: integer(env, 'SESSION_TTL_HOURS', 12, 1, 24 * 90),
    sessionMaxDays: integer(env, 'SESSION_MAX_DAYS', 7, 1, 365),
    trustProxy: trustProxyRaw === 'true' || trustProxyRaw === '1',
    logLevel,
    webDistDir: defaults.webDistDir ?? null,
    stripeSecretKey,
    idempotencyRetentionDays: integer(env, 'IDEMPOTENCY_RETENTION_DAYS', 7, 1, 365),
  };
}

export function engineOf(config: Pick<Config, 'databaseUrl'>): DatabaseEngine {
  return config.databaseUrl ? 'postgres' : 'sqlite';
}
