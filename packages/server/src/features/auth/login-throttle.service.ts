import { LOGIN_THROTTLE, loginDelayMs, normalizeUsername } from '@pos/core';
import type { Deps } from '../../deps';
import { AppError } from '../../http/app-error';
import { findKnownClients } from './known-clients.queries';
import {
  claimFailures,
  clearCounter,
  purgeCountersBefore,
  releaseFailure,
  windowStartOf,
  type Claim,
} from './login-throttle.queries';
import { addressKey, deviceKey, type SignInClient } from './sign-in-client';

const WINDOW_MS = LOGIN_THROTTLE.windowMinutes * 60_000;
const DAY_MS = 24 * 60 * 60_000;

async function refuse(
  deps: Pick<Deps, 'db' | 'now'>,
  key: string,
  code: 'TOO_MANY_ATTEMPTS' | 'ACCOUNT_TOO_MANY_ATTEMPTS',
): Promise<never> {
  const started = await windowStartOf(deps.db.kysely, key);
  const now = deps.now().getTime();
  const retryAt = (started ? new Date(started).getTime() : now) + WINDOW_MS;
  const seconds = Math.max(1, Math.ceil((retryAt - now) / 1000));
  throw new AppError({
    status: 429,
    code,
    headers: { 'retry-after': String(seconds) },
    details: { minutes: Math.ceil(seconds / 60) },
  });
}

/**
 * The counters one attempt claims, by what the throttle knows of the client (docs/operations.md's
 * security notes state the policy):
 * - a device the user signed in from (its cookie): its own pair counter only, so guesses from
 *   elsewhere never hold the owner's browser up, and a copy of its cookie gets no more than that
 *   counter's limit per window;
 * - an address the user signed in from: the (address, username) pair and the address;
 * - anything else: those two and the username's budget for new clients, which is bounded
 *   however many addresses the guesses come from, and whose count makes each check wait.
 */
async function claimsFor(
  deps: Pick<Deps, 'db' | 'now'>,
  name: string,
  client: SignInClient,
): Promise<{ claims: Claim[]; userKey: string | null }> {
  const now = deps.now().getTime();
  const keys = { device: client.device ? deviceKey(client.device) : null, address: addressKey(client.address) };
  const known = await findKnownClients(deps.db.kysely, name, [
    ...(keys.device
      ? [{ client: keys.device, since: new Date(now - LOGIN_THROTTLE.knownDeviceDays * DAY_MS).toISOString() }]
      : []),
    { client: keys.address, since: new Date(now - LOGIN_THROTTLE.knownAddressDays * DAY_MS).toISOString() },
  ]);
  if (keys.device && known.has(keys.device)) {
    return {
      claims: [{ key: `pair:${keys.device} ${name}`, limit: LOGIN_THROTTLE.maxFailuresPerUsernameAndAddress }],
      userKey: null,
    };
  }
  const pair = { key: `pair:${client.address} ${name}`, limit: LOGIN_THROTTLE.maxFailuresPerUsernameAndAddress };
  const address = { key: `address:${client.address}`, limit: LOGIN_THROTTLE.maxFailuresPerAddress };
  if (known.has(keys.address)) return { claims: [pair, address], userKey: null };
  const user = { key: `user:${name}`, limit: LOGIN_THROTTLE.maxFailuresPerUsernameFromNewClients };
  return { claims: [pair, address, user], userKey: user.key };
}

/**
 * Runs one password check for `username` from `client` under the throttle:
 * - the attempt is counted as a failure *before* the check, atomically, under
 *   each counter of claimsFor, and refused with 429 without checking when any is
 *   full: so parallel requests, on any server process, verify at most the limits;
 * - a username's count from new clients makes the check wait (loginDelayMs);
 * - `check` answers undefined for a wrong password: the failures stay. On
 *   success the pair's counter is cleared and the other claims given back.
 * Counters live in the database, so every server process shares them.
 */
export async function throttledCheck<T>(
  deps: Pick<Deps, 'db' | 'now' | 'sleep'>,
  username: string,
  client: SignInClient,
  check: () => Promise<T | undefined>,
): Promise<T | undefined> {
  const db = deps.db.kysely;
  const now = deps.now();
  const windowStart = new Date(now.getTime() - WINDOW_MS).toISOString();
  const name = normalizeUsername(username);
  const { claims, userKey } = await claimsFor(deps, name, client);
  const [pairKey] = claims.map((claim) => claim.key);

  const claimed = await claimFailures(db, claims, now.toISOString(), windowStart);
  const giveBack = async () => {
    for (const key of claimed.keys()) await releaseFailure(db, key);
  };
  const full = claims.find(({ key }) => !claimed.has(key));
  if (full) {
    await giveBack();
    return refuse(deps, full.key, full.key === userKey ? 'ACCOUNT_TOO_MANY_ATTEMPTS' : 'TOO_MANY_ATTEMPTS');
  }

  let result: T | undefined;
  try {
    const wait = userKey ? loginDelayMs((claimed.get(userKey) ?? 1) - 1) : 0;
    if (wait > 0) await deps.sleep(wait);
    result = await check();
  } catch (err) {
    // Not an answer about the password (e.g. the database failed): the attempt does not count.
    await giveBack();
    throw err;
  }
  if (result === undefined) {
    await purgeCountersBefore(db, windowStart);
    return undefined;
  }
  // A success ends this client's run of failures for the username.
  for (const key of claimed.keys()) {
    if (key === pairKey) await clearCounter(db, key);
    else await releaseFailure(db, key);
  }
  return result;
}
