import {
  FIRST_USE_ADMIN,
  LOGIN_THROTTLE,
  tryAgainInMinutes,
  type ChangeOwnPasswordRequest,
  type FirstUseResponse,
  type LoginResponse,
} from '@pos/core';
import type { z } from 'zod';
import type { LoginRequest } from '@pos/core';
import type { Deps } from '../../deps';
import { AppError } from '../../http/app-error';
import {
  findLiveUserByUsername,
  findPasswordHash,
  setPasswordHash,
  toApiUser,
  updateUser,
  type UserRow,
} from '../users/users.queries';
import { clearFailures, failuresSince, purgeFailuresBefore, recordFailure } from './login-attempts.queries';
import { hashPassword, verifyPassword } from './passwords';
import {
  deleteExpiredSessions,
  deleteSession,
  deleteUserSessions,
  endSessionBy,
  findSessionExpiry,
  insertSession,
  type SessionUser,
} from './sessions.queries';
import { hashToken, newToken } from './tokens';

const MINUTE_MS = 60_000;
/**
 * After a refresh the old token keeps working this long, so calls the browser
 * sent before it stored the new token (other tabs, requests in flight) do not
 * sign the user out.
 */
export const ROTATED_TOKEN_GRACE_MS = 60_000;

/**
 * Starts a session that ends after `sessionTtlHours` without activity; each
 * refresh slides that end forward, but never past `maxExpiresAt` (sign-in time
 * plus `sessionMaxDays`), which a refresh carries over unchanged.
 */
async function startSession(
  deps: Deps,
  userId: number,
  maxExpiresAt?: string | null,
): Promise<{ token: string; expires_at: string }> {
  const now = deps.now();
  const token = newToken();
  const max =
    maxExpiresAt === undefined
      ? new Date(now.getTime() + deps.config.sessionMaxDays * 24 * 60 * MINUTE_MS).toISOString()
      : maxExpiresAt;
  const idleEnd = new Date(now.getTime() + deps.config.sessionTtlHours * 60 * MINUTE_MS).toISOString();
  // ISO-8601 UTC text compares in time order.
  const expiresAt = max !== null && max < idleEnd ? max : idleEnd;
  await insertSession(deps.db.kysely, {
    tokenHash: hashToken(token),
    userId,
    now: now.toISOString(),
    expiresAt,
    maxExpiresAt: max,
  });
  return { token, expires_at: expiresAt };
}

/** Refuses with 429 while the username or the address has too many recent failures. */
async function assertNotThrottled(deps: Deps, username: string, address: string): Promise<void> {
  const now = deps.now().getTime();
  const windowMs = LOGIN_THROTTLE.windowMinutes * MINUTE_MS;
  const since = new Date(now - windowMs).toISOString();
  const checks = [
    {
      ...(await failuresSince(deps.db.kysely, 'username', username, since)),
      max: LOGIN_THROTTLE.maxFailuresPerUsername,
    },
    { ...(await failuresSince(deps.db.kysely, 'address', address, since)), max: LOGIN_THROTTLE.maxFailuresPerAddress },
  ];
  const blocked = checks.filter((c) => c.count >= c.max && c.oldest);
  if (blocked.length === 0) return;
  const retryAtMs = Math.max(...blocked.map((c) => new Date(c.oldest ?? 0).getTime() + windowMs));
  const seconds = Math.max(1, Math.ceil((retryAtMs - now) / 1000));
  throw new AppError(429, 'TOO_MANY_ATTEMPTS', tryAgainInMinutes(Math.ceil(seconds / 60)), undefined, {
    'retry-after': String(seconds),
  });
}

/**
 * Checks a username and password under the sign-in throttle: refused with 429
 * while throttled, a failure is recorded (and counts towards the throttle), a
 * success clears the username's failures. Answers the user, or undefined when
 * the pair is wrong. Used by sign-in and by approvals typed in at the till.
 */
export async function checkCredentials(
  deps: Deps,
  rawUsername: string,
  password: string,
  address: string,
): Promise<UserRow | undefined> {
  const username = rawUsername.trim().toLowerCase();
  await assertNotThrottled(deps, username, address);
  const user = await findLiveUserByUsername(deps.db.kysely, username);
  const ok = await verifyPassword(user?.password_hash ?? null, password);
  const now = deps.now();
  if (!user || !ok) {
    await recordFailure(deps.db.kysely, username, address, now.toISOString());
    await purgeFailuresBefore(
      deps.db.kysely,
      new Date(now.getTime() - LOGIN_THROTTLE.windowMinutes * MINUTE_MS).toISOString(),
    );
    return undefined;
  }
  await clearFailures(deps.db.kysely, username);
  return user;
}

export async function login(deps: Deps, input: z.output<typeof LoginRequest>, address: string): Promise<LoginResponse> {
  const user = await checkCredentials(deps, input.username, input.password, address);
  if (!user) throw new AppError(401, 'INVALID_CREDENTIALS');
  if (user.is_active !== 1) throw new AppError(403, 'USER_INACTIVE');
  const now = deps.now();
  await deleteExpiredSessions(deps.db.kysely, now.toISOString());
  const updated = await updateUser(deps.db.kysely, user.id, {
    last_login: now.toISOString(),
    updated_at: now.toISOString(),
  });
  const session = await startSession(deps, user.id);
  return { ...session, user: toApiUser(updated ?? user) };
}

export async function logout(deps: Deps, sessionId: number): Promise<void> {
  await deleteSession(deps.db.kysely, sessionId);
}

/**
 * Rotates the token and slides the expiry (the browser calls this while staff
 * are active): a new token ending `sessionTtlHours` from now, capped by the
 * session's maximum age. The old token stops working after a short grace.
 */
export async function refresh(deps: Deps, sessionId: number, userId: number) {
  return deps.db.kysely.transaction().execute(async (trx) => {
    const current = await findSessionExpiry(trx, sessionId);
    // A session from before sliding expiry cannot outlive its original end.
    const max = current ? (current.max_expires_at ?? current.expires_at) : null;
    const graceEnd = new Date(deps.now().getTime() + ROTATED_TOKEN_GRACE_MS).toISOString();
    await endSessionBy(trx, sessionId, graceEnd);
    return startSession({ ...deps, db: { ...deps.db, kysely: trx } }, userId, max);
  });
}

/** A user changes their own password: every session ends and a new one starts for this browser. */
export async function changeOwnPassword(
  deps: Deps,
  user: SessionUser,
  input: z.output<typeof ChangeOwnPasswordRequest>,
) {
  const current = await findPasswordHash(deps.db.kysely, user.id);
  if (!current || !(await verifyPassword(current.password_hash, input.currentPassword))) {
    throw new AppError(400, 'WRONG_CURRENT_PASSWORD', undefined, {
      currentPassword: 'รหัสผ่านปัจจุบันไม่ถูกต้อง',
    });
  }
  const passwordHash = await hashPassword(input.newPassword);
  await setPasswordHash(deps.db.kysely, user.id, passwordHash, false, deps.now().toISOString());
  await deleteUserSessions(deps.db.kysely, user.id);
  return startSession(deps, user.id);
}

/** The sign-in screen shows the first-use credentials only while they still work. */
export async function firstUseInfo(deps: Deps): Promise<FirstUseResponse> {
  const admin = await findLiveUserByUsername(deps.db.kysely, FIRST_USE_ADMIN.username);
  if (!admin || admin.must_change_password !== 1 || admin.is_active !== 1) return { show: false };
  return { show: true, ...FIRST_USE_ADMIN };
}
