import { isIP } from 'node:net';
import path from 'node:path';

export type DatabaseEngine = 'sqlite' | 'postgres';

/**
 * Which proxies may tell the client's address in X-Forwarded-For: none, or
 * these addresses/CIDRs (Fastify's `trustProxy`).
 */
export type TrustProxy = false | string[];

/** The back office's reads: how many run at once (worker threads on SQLite, connections on PostgreSQL), and their time limit. */
export interface ReadOptions {
  readWorkers: number;
  readTimeoutMs: number;
}

export const DEFAULT_READ_OPTIONS: ReadOptions = { readWorkers: 2, readTimeoutMs: 15_000 };

/** Argon2id work per password hash. */
export interface PasswordHashCost {
  memoryCostKiB: number;
  timeCost: number;
}

/** OWASP's Argon2id minimum (19 MiB, 2 passes, 1 lane); every real server uses it. */
export const PRODUCTION_PASSWORD_HASH_COST: PasswordHashCost = { memoryCostKiB: 19_456, timeCost: 2 };

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
  trustProxy: TrustProxy;
  logLevel: string;
  /** Built SPA to serve, or null to serve the API only. */
  webDistDir: string | null;
  /** Card payments: the secret key lives only here, never in settings. */
  stripeSecretKey: string | null;
  /** Checks the signature of Stripe's webhook calls (whsec_…); without it every webhook is refused. */
  stripeWebhookSecret: string | null;
  /** e-Tax Invoice by Email: the SMTP password (`ETAX_SMTP_PASSWORD`), never in settings; null: none. */
  etaxSmtpPassword: string | null;
  /** Where the Stripe SDK sends its calls (a fake in tests); null for Stripe's own API. */
  stripeApiBase: URL | null;
  /** A sale's Idempotency-Key is remembered this many days; after that the key is forgotten. */
  idempotencyRetentionDays: number;
  /** Images go to Cloudinary when set; otherwise to local disk under `dataDir/uploads`. */
  cloudinary: CloudinaryConfig | null;
  /** The storage screen's limit for local disk, and for Cloudinary plans whose usage names none. */
  imageStorageLimitMb: number;
  /** LINE Messaging API origin (`LINE_API_BASE`): null for LINE's own, a fake's in tests. */
  lineApiBase: string | null;
  /**
   * `PUBLIC_URL`: the origin tills open the app at (https://pos.myshop.co.th), where Stripe sends the
   * customer back; null: the request's own address, and only when it is one of this server's.
   */
  publicUrl: string | null;
  /**
   * Argon2id cost of new password hashes. Not read from the environment: only the test helpers pass
   * a cheaper one (loadConfig's `defaults`) so hundreds of test sign-ins do not each cost ~100 ms.
   */
  passwordHashCost: PasswordHashCost;
  /** `READ_WORKERS`: back-office reads run at once (SQLite: worker threads; PostgreSQL: their pool's size). */
  readWorkers: number;
  /** `READ_TIMEOUT_MS`: a back-office statement, or its wait for a reader, past this is answered 503. */
  readTimeoutMs: number;
  /** `HEAVY_READS_PER_USER`: one user's back-office reads at once; more are answered 429. */
  heavyReadsPerUser: number;
}

export interface CloudinaryConfig {
  cloudName: string;
  apiKey: string;
  apiSecret: string;
  /** API base (`upload_prefix`), e.g. a fake server in tests; null for Cloudinary's own. */
  uploadPrefix: string | null;
  /** The folder this app's images live in; storage listing and cleanup never look outside it. */
  folder: string;
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

// Names proxy-addr (Fastify's trustProxy) understands for whole address ranges.
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry) || isIP(entry) !== 0) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || prefix === undefined || rest.length > 0 || !/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * Only listed proxies are believed. `true` would trust every hop, so the
 * leftmost X-Forwarded-For entry, which the client writes, would become its
 * address; a hop count cannot tell a proxy from a client that connects to the
 * port directly and writes the header itself (Fastify 5.12.1 stopped honouring
 * one for that reason). Both are refused, naming what to set instead.
 */
function trustProxy(raw: string | undefined): TrustProxy {
  const value = raw?.trim().toLowerCase() ?? '';
  if (value === '' || value === 'false' || value === '0') return false;
  const instead =
    "list the proxies' addresses instead (e.g. 127.0.0.1 for a proxy on this PC, or 10.0.0.5,10.0.1.0/24)";
  if (value === 'true') {
    throw new ConfigError(`TRUST_PROXY must not be true (every client could choose its own address): ${instead}`);
  }
  if (/^\d+$/.test(value)) {
    throw new ConfigError(
      `TRUST_PROXY must not be a number of hops (a client connecting directly could choose its own address): ${instead}`,
    );
  }
  const entries = value.split(',').map((entry) => entry.trim());
  if (entries.every(isProxyAddress)) return entries;
  throw new ConfigError(
    `TRUST_PROXY must be false or a comma-separated list of proxy addresses/CIDRs, e.g. 127.0.0.1,10.0.0.0/8 (got "${raw}")`,
  );
}

const CLOUDINARY_FOLDER = /^[a-z0-9][a-z0-9_-]{0,63}$/;

/**
 * `CLOUDINARY_URL` (cloudinary://key:secret@cloud, optionally ?upload_prefix=…)
 * or all three of CLOUDINARY_CLOUD_NAME, CLOUDINARY_API_KEY, CLOUDINARY_API_SECRET.
 */
function cloudinaryConfig(env: Env): CloudinaryConfig | null {
  const folder = env.CLOUDINARY_FOLDER?.trim() || 'pos';
  if (!CLOUDINARY_FOLDER.test(folder)) {
    throw new ConfigError('CLOUDINARY_FOLDER must be lower-case letters, digits, - or _ (e.g. pos)');
  }
  const raw = env.CLOUDINARY_URL?.trim();
  if (raw) {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      url = new URL('invalid:');
    }
    const cloudName = url.hostname;
    const apiKey = decodeURIComponent(url.username);
    const apiSecret = decodeURIComponent(url.password);
    if (url.protocol !== 'cloudinary:' || !cloudName || !apiKey || !apiSecret) {
      throw new ConfigError('CLOUDINARY_URL must look like cloudinary://API_KEY:API_SECRET@CLOUD_NAME');
    }
    const uploadPrefix = url.searchParams.get('upload_prefix');
    if (uploadPrefix !== null && !/^https?:\/\/[^/?#]+$/.test(uploadPrefix)) {
      throw new ConfigError('CLOUDINARY_URL upload_prefix must be an http(s) origin, e.g. https://api.cloudinary.com');
    }
    return { cloudName, apiKey, apiSecret, uploadPrefix, folder };
  }
  const parts = {
    CLOUDINARY_CLOUD_NAME: env.CLOUDINARY_CLOUD_NAME?.trim() ?? '',
    CLOUDINARY_API_KEY: env.CLOUDINARY_API_KEY?.trim() ?? '',
    CLOUDINARY_API_SECRET: env.CLOUDINARY_API_SECRET?.trim() ?? '',
  };
  const missing = Object.entries(parts).filter(([, v]) => v === '');
  if (missing.length === 3) return null;
  if (missing.length > 0) {
    throw new ConfigError(
      `${missing.map(([k]) => k).join(', ')} must be set too (or use CLOUDINARY_URL=cloudinary://key:secret@cloud)`,
    );
  }
  return {
    cloudName: parts.CLOUDINARY_CLOUD_NAME,
    apiKey: parts.CLOUDINARY_API_KEY,
    apiSecret: parts.CLOUDINARY_API_SECRET,
    uploadPrefix: null,
    folder,
  };
}

/** `LINE_API_BASE`: an http(s) origin, e.g. http://127.0.0.1:4010 for a fake in tests. */
function lineApiBase(raw: string | undefined): string | null {
  const value = raw?.trim() ?? '';
  if (value === '') return null;
  if (!/^https?:\/\/[^/?#\s]+\/?$/.test(value)) {
    throw new ConfigError(`LINE_API_BASE must be an http(s) origin, e.g. https://api.line.me (got "${raw}")`);
  }
  return value.replace(/\/$/, '');
}

/**
 * An http(s) address with nothing after its origin (no path, query, fragment or credentials), or null
 * when unset; anything else stops start-up with `refusal`.
 */
function httpOrigin(raw: string | undefined, refusal: (value: string) => string): URL | null {
  const value = raw?.trim() ?? '';
  if (value === '') return null;
  let url: URL | null = null;
  try {
    url = new URL(value);
  } catch {
    // refused below
  }
  const originOnly =
    url !== null &&
    ['http:', 'https:'].includes(url.protocol) &&
    url.pathname === '/' &&
    !value.includes('?') &&
    !value.includes('#') &&
    url.username === '' &&
    url.password === '';
  if (!originOnly) throw new ConfigError(refusal(value));
  return url;
}

/** `STRIPE_API_BASE`: an http(s) origin such as http://127.0.0.1:12111, or unset. */
function stripeApiBase(raw: string | undefined): URL | null {
  return httpOrigin(
    raw,
    (value) =>
      `STRIPE_API_BASE must be an http(s) address without a path, e.g. http://127.0.0.1:12111 (got "${value}")`,
  );
}

/** `PUBLIC_URL`: the address tills open the app at, kept as its origin (no trailing slash). */
function publicUrl(raw: string | undefined): string | null {
  const url = httpOrigin(
    raw,
    (value) =>
      `PUBLIC_URL must be the http(s) address tills open the app at, without a path, e.g. https://pos.myshop.co.th (got "${value}")`,
  );
  return url?.origin ?? null;
}

/** Reads and checks the environment; throws a ConfigError naming the variable at fault. */
export function loadConfig(
  env: Env = process.env,
  defaults: { webDistDir?: string | null; passwordHashCost?: PasswordHashCost } = {},
): Config {
  const databaseUrl = env.DATABASE_URL?.trim() || null;
  if (databaseUrl !== null && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql:// (leave it unset for SQLite)');
  }
  const shopTimezone = env.SHOP_TIMEZONE?.trim() || 'Asia/Bangkok';
  if (!isValidTimezone(shopTimezone)) {
    throw new ConfigError(`SHOP_TIMEZONE "${shopTimezone}" is not a known time zone (e.g. Asia/Bangkok)`);
  }
  const logLevel = env.LOG_LEVEL?.trim() || 'info';
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel)) {
    throw new ConfigError('LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent');
  }
  const stripeSecretKey = env.STRIPE_SECRET_KEY?.trim() || null;
  if (stripeSecretKey !== null && !/^(sk|rk)_/.test(stripeSecretKey)) {
    throw new ConfigError('STRIPE_SECRET_KEY must start with sk_ or rk_');
  }
  const stripeWebhookSecret = env.STRIPE_WEBHOOK_SECRET?.trim() || null;
  if (stripeWebhookSecret !== null && !stripeWebhookSecret.startsWith('whsec_')) {
    throw new ConfigError('STRIPE_WEBHOOK_SECRET must start with whsec_');
  }
  return {
    port: integer(env, 'PORT', 3000, 0, 65535),
    host: env.HOST?.trim() || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR?.trim() || 'data'),
    databaseUrl,
    shopTimezone,
    sessionTtlHours: integer(env, 'SESSION_TTL_HOURS', 12, 1, 24 * 90),
    sessionMaxDays: integer(env, 'SESSION_MAX_DAYS', 7, 1, 365),
    trustProxy: trustProxy(env.TRUST_PROXY),
    logLevel,
    webDistDir: defaults.webDistDir ?? null,
    stripeSecretKey,
    stripeWebhookSecret,
    etaxSmtpPassword: env.ETAX_SMTP_PASSWORD || null,
    stripeApiBase: stripeApiBase(env.STRIPE_API_BASE),
    idempotencyRetentionDays: integer(env, 'IDEMPOTENCY_RETENTION_DAYS', 7, 1, 365),
    cloudinary: cloudinaryConfig(env),
    imageStorageLimitMb: integer(env, 'IMAGE_STORAGE_LIMIT_MB', 1024, 1, 10_000_000),
    lineApiBase: lineApiBase(env.LINE_API_BASE),
    publicUrl: publicUrl(env.PUBLIC_URL),
    passwordHashCost: defaults.passwordHashCost ?? PRODUCTION_PASSWORD_HASH_COST,
    readWorkers: integer(env, 'READ_WORKERS', DEFAULT_READ_OPTIONS.readWorkers, 1, 32),
    readTimeoutMs: integer(env, 'READ_TIMEOUT_MS', DEFAULT_READ_OPTIONS.readTimeoutMs, 50, 3_600_000),
    heavyReadsPerUser: integer(env, 'HEAVY_READS_PER_USER', 4, 1, 100),
  };
}

export function engineOf(config: Pick<Config, 'databaseUrl'>): DatabaseEngine {
  return config.databaseUrl ? 'postgres' : 'sqlite';
}
