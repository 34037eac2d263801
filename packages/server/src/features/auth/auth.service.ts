import {
  ERROR_MESSAGES,
  FIRST_USE_ADMIN,
  LOGIN_THROTTLE,
  type ChangeOwnPasswordRequest,
  type FirstUseResponse,
  type LoginResponse,
} from '@pos/core';
import type { z } from 'zod';
import type { LoginRequest } from '@pos/core';
import type { DbExecutor } from '../../db/executor';
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
import { forgetClientsBefore, rememberClients } from './known-clients.queries';
import { throttledCheck } from './login-throttle.service';
import { assertAcceptableNewPassword } from '../../passwords/password-policy';
import { hashPassword, verifyPassword } from '../../passwords/passwords';
import {
  deleteExpiredSessions,
  deleteSessionFamily,
  findSessionExpiry,
  insertSession,
  rotateSession,
} from './sessions.queries';
import { deleteUserSessions } from '../users/users.queries';
import { type SessionUser } from '../../http/request-user';
import { addressKey, deviceIdFor, deviceKey, type SignInClient } from './sign-in-client';
import { hashToken, newSessionFamily, newToken } from './tokens';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/**
 * After a refresh the old token keeps working this long for ordinary calls, so
 * calls the browser sent before it stored the new token (other tabs, requests in
 * flight) do not sign the user out. Refreshing it again is reuse (see refresh).
 */
export const ROTATED_TOKEN_GRACE_MS = 60_000;

/**
 * Starts a session that ends after `sessionTtlHours` without activity; each
 * refresh slides that end forward, but never past `maxExpiresAt` (sign-in time
 * plus `sessionMaxDays`), which a refresh carries over unchanged, as it does the
 * family (a sign-in starts a new one).
 */
async function startSession(
  deps: Pick<Deps, 'config' | 'now'>,
  db: DbExecutor,
  userId: number,
  family: string = newSessionFamily(),
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
  await insertSession(db, {
    tokenHash: hashToken(token),
    userId,
    now: now.toISOString(),
    expiresAt,
    maxExpiresAt: max,
    family,
  });
  return { token, expires_at: expiresAt };
}

/**
 * Checks a username and password under the sign-in throttle (see
 * throttledCheck): 429 while throttled. Answers the user, or undefined when
 * the pair is wrong or the account deactivated, which counts as a failure too
 * and gets the same answer, so a guesser cannot tell a right password of a
 * deactivated account. Used by sign-in and by approvals typed in at the till.
 */
export async function checkCredentials(
  deps: Pick<Deps, 'db' | 'config' | 'now' | 'sleep'>,
  username: string,
  password: string,
  client: SignInClient,
): Promise<UserRow | undefined> {
  return throttledCheck(deps, username, client, async () => {
    const user = await findLiveUserByUsername(deps.db.kysely, username);
    // Verified even for an unknown or deactivated account, so every answer takes as long.
    const ok = await verifyPassword(user?.password_hash ?? null, password, deps.config.passwordHashCost);
    return user && ok && user.is_active === 1 ? user : undefined;
  });
}

/**
 * Signs in: a new session, and the browser's device id (its own, or a new one for the route to
 * set as a cookie), recorded with the client's address as known to the sign-in throttle.
 */
export async function login(
  deps: Pick<Deps, 'db' | 'config' | 'now' | 'sleep'>,
  input: z.output<typeof LoginRequest>,
  client: SignInClient,
): Promise<{ answer: LoginResponse; deviceId: string }> {
  const user = await checkCredentials(deps, input.username, input.password, client);
  if (!user) throw new AppError({ status: 401, code: 'INVALID_CREDENTIALS' });
  const now = deps.now();
  const at = now.toISOString();
  await deleteExpiredSessions(deps.db.kysely, at);
  const updated = await updateUser(deps.db.kysely, user.id, { last_login: at, updated_at: at });
  const deviceId = deviceIdFor(client);
  await rememberClients(deps.db.kysely, user.id, [deviceKey(deviceId), addressKey(client.address)], at);
  await forgetClientsBefore(
    deps.db.kysely,
    new Date(now.getTime() - LOGIN_THROTTLE.knownDeviceDays * DAY_MS).toISOString(),
    new Date(now.getTime() - LOGIN_THROTTLE.knownAddressDays * DAY_MS).toISOString(),
  );
  const session = await startSession(deps, deps.db.kysely, user.id);
  return { answer: { ...session, user: toApiUser(updated ?? user) }, deviceId };
}

/** Signing out ends the session and every other of its family (a rotated token still in its grace). */
export async function logout(deps: Pick<Deps, 'db'>, sessionId: number): Promise<void> {
  await deleteSessionFamily(deps.db.kysely, sessionId);
}

/**
 * Rotates the token and slides the expiry (the browser calls this while staff
 * are active): a new token of the same family ending `sessionTtlHours` from now,
 * capped by the session's maximum age. The old token stops working after a short
 * grace. Refreshing a token that was already rotated is reuse (a stolen copy, a
 * replay): refresh-token rotation's rule ends the whole family, and the answer is 401.
 */
export async function refresh(deps: Pick<Deps, 'db' | 'config' | 'now'>, sessionId: number, userId: number) {
  const now = deps.now();
  const renewed = await deps.db.kysely.transaction().execute(async (trx) => {
    const current = await findSessionExpiry(trx, sessionId);
    // A session from before sliding expiry cannot outlive its original end.
    const max = current ? (current.max_expires_at ?? current.expires_at) : null;
    const graceEnd = new Date(now.getTime() + ROTATED_TOKEN_GRACE_MS).toISOString();
    const rotated = await rotateSession(trx, sessionId, now.toISOString(), graceEnd);
    if (!rotated) {
      await deleteSessionFamily(trx, sessionId);
      return null;
    }
    return startSession(deps, trx, userId, rotated.family, max);
  });
  // Thrown after the commit, so the family stays ended.
  if (!renewed) throw new AppError({ status: 401, code: 'SESSION_EXPIRED' });
  return renewed;
}

/**
 * A user changes their own password: every session ends and a new one starts
 * for this browser. The current password is checked under the sign-in throttle,
 * so a session left open cannot be used to guess it.
 */
export async function changeOwnPassword(
  deps: Pick<Deps, 'db' | 'config' | 'now' | 'sleep'>,
  user: SessionUser,
  input: z.output<typeof ChangeOwnPasswordRequest>,
  client: SignInClient,
) {
  const verified = await throttledCheck(deps, user.username, client, async () => {
    const current = await findPasswordHash(deps.db.kysely, user.id);
    return (await verifyPassword(current?.password_hash ?? null, input.currentPassword, deps.config.passwordHashCost))
      ? true
      : undefined;
  });
  if (!verified) {
    throw new AppError({
      status: 400,
      code: 'WRONG_CURRENT_PASSWORD',
      fields: { currentPassword: ERROR_MESSAGES.WRONG_CURRENT_PASSWORD },
    });
  }
  await assertAcceptableNewPassword(input.newPassword, {
    field: 'newPassword',
    username: user.username,
    name: user.name,
    isCurrent: async (password) => password === input.currentPassword,
  });
  const passwordHash = await hashPassword(input.newPassword, deps.config.passwordHashCost);
  await setPasswordHash(deps.db.kysely, user.id, passwordHash, false, deps.now().toISOString());
  await deleteUserSessions(deps.db.kysely, user.id);
  return startSession(deps, deps.db.kysely, user.id);
}

/** The sign-in screen shows the first-use credentials only while they still work. */
export async function firstUseInfo(deps: Pick<Deps, 'db'>): Promise<FirstUseResponse> {
  const admin = await findLiveUserByUsername(deps.db.kysely, FIRST_USE_ADMIN.username);
  if (!admin || admin.must_change_password !== 1 || admin.is_active !== 1) return { show: false };
  return { show: true, ...FIRST_USE_ADMIN };
}
