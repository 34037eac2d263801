import { setTimeout as sleep } from 'node:timers/promises';
import { LOGIN_THROTTLE, loginDelayMs, normalizeUsername } from '@pos/core';
import type { Deps } from '../../deps';
import { AppError } from '../../http/app-error';
import {
  claimFailures,
  clearCounter,
  purgeCountersBefore,
  releaseFailure,
  windowStartOf,
} from './login-throttle.queries';

const WINDOW_MS = LOGIN_THROTTLE.windowMinutes * 60_000;

async function refuse(deps: Deps, key: string): Promise<never> {
  const started = await windowStartOf(deps.db.kysely, key);
  const now = deps.now().getTime();
  const retryAt = (started ? new Date(started).getTime() : now) + WINDOW_MS;
  const seconds = Math.max(1, Math.ceil((retryAt - now) / 1000));
  throw new AppError({
    status: 429,
    code: 'TOO_MANY_ATTEMPTS',
    headers: { 'retry-after': String(seconds) },
    details: { minutes: Math.ceil(seconds / 60) },
  });
}

/**
 * Runs one password check for `username` from `address` under the throttle
 * (the README's security notes state the policy):
 * - the attempt is counted as a failure *before* the check, atomically, under
 *   the (username, address) pair and the address, and refused with 429 when
 *   either is full: so parallel requests verify at most the limit;
 * - it is also counted under the username alone, which never refuses but makes
 *   the check wait (loginDelayMs), a few seconds at most;
 * - `check` answers undefined for a wrong password: the failures stay. On
 *   success the pair's counter is cleared and the other two claims given back.
 * Counters live in the database, so every server process shares them.
 */
export async function throttledCheck<T>(
  deps: Deps,
  username: string,
  address: string,
  check: () => Promise<T | undefined>,
): Promise<T | undefined> {
  const db = deps.db.kysely;
  const now = deps.now();
  const windowStart = new Date(now.getTime() - WINDOW_MS).toISOString();
  const at = now.toISOString();
  const name = normalizeUsername(username);
  const pairKey = `pair:${address} ${name}`;
  const addressKey = `address:${address}`;
  const userKey = `user:${name}`;

  const claimed = await claimFailures(
    db,
    [
      { key: pairKey, limit: LOGIN_THROTTLE.maxFailuresPerUsernameAndAddress },
      { key: addressKey, limit: LOGIN_THROTTLE.maxFailuresPerAddress },
      { key: userKey, limit: null },
    ],
    at,
    windowStart,
  );
  const giveBack = async () => {
    for (const key of claimed.keys()) await releaseFailure(db, key);
  };
  const full = [pairKey, addressKey].find((key) => !claimed.has(key));
  if (full) {
    await giveBack();
    return refuse(deps, full);
  }
  const userFailures = claimed.get(userKey) ?? 1;

  let result: T | undefined;
  try {
    const wait = loginDelayMs(userFailures - 1);
    if (wait > 0) await sleep(wait);
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
  // A success ends this address's run of failures for the username.
  await clearCounter(db, pairKey);
  await releaseFailure(db, addressKey);
  await releaseFailure(db, userKey);
  return result;
}
