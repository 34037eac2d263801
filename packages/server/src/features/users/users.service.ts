import type { ChangePasswordRequest, CreateUserRequest, UpdateUserRequest, User } from '@pos/core';
import type { z } from 'zod';
import type { DbExecutor } from '../../db/executor';
import { isUniqueViolation } from '../../db/unique-violation';
import type { Deps } from '../../deps';
import { AppError, conflict, notFound } from '../../http/app-error';
import { assertAcceptableNewPassword } from '../../passwords/password-policy';
import { hashPassword, verifyPassword } from '../../passwords/passwords';
import { deleteUserSessions } from './users.queries';
import { type SessionUser } from '../../http/request-user';
import {
  countOtherActiveAdmins,
  deleteUserRow,
  findLiveUser,
  findLiveUserByUsername,
  findPasswordHash,
  hasHistory,
  insertUser,
  listLiveUsers,
  setPasswordHash,
  toApiUser,
  updateUser as updateUserRow,
} from './users.queries';

export async function listUsers(deps: Pick<Deps, 'db'>): Promise<User[]> {
  return (await listLiveUsers(deps.db.kysely)).map(toApiUser);
}

export async function getUser(deps: Pick<Deps, 'db'>, id: number): Promise<User> {
  const row = await findLiveUser(deps.db.kysely, id);
  if (!row) throw notFound('USER_NOT_FOUND');
  return toApiUser(row);
}

export async function createUser(
  deps: Pick<Deps, 'db' | 'config' | 'now'>,
  input: z.output<typeof CreateUserRequest>,
): Promise<User> {
  if (await findLiveUserByUsername(deps.db.kysely, input.username)) throw conflict('USERNAME_TAKEN');
  await assertAcceptableNewPassword(input.password, { field: 'password', username: input.username, name: input.name });
  const passwordHash = await hashPassword(input.password, deps.config.passwordHashCost);
  try {
    const row = await insertUser(deps.db.kysely, {
      username: input.username,
      name: input.name,
      email: input.email ?? null,
      role: input.role,
      password_hash: passwordHash,
      must_change_password: false,
      now: deps.now().toISOString(),
    });
    return toApiUser(row);
  } catch (err) {
    // Two requests raced for the same username; the unique index decided.
    if (isUniqueViolation(err)) throw conflict('USERNAME_TAKEN');
    throw err;
  }
}

/** Refuses a change that would leave the shop without an active admin. */
async function assertAnotherActiveAdmin(trx: DbExecutor, target: User): Promise<void> {
  if (target.role !== 'admin' || !target.is_active) return;
  if ((await countOtherActiveAdmins(trx, target.id)) === 0) {
    throw conflict('LAST_ADMIN');
  }
}

export async function updateUser(
  deps: Pick<Deps, 'db' | 'now'>,
  actor: SessionUser,
  id: number,
  input: z.output<typeof UpdateUserRequest>,
): Promise<User> {
  const isActive = input.isActive ?? input.is_active;
  return deps.db.kysely.transaction().execute(async (trx) => {
    const row = await findLiveUser(trx, id);
    if (!row) throw notFound('USER_NOT_FOUND');
    const target = toApiUser(row);
    if (isActive === false && id === actor.id) throw new AppError({ status: 400, code: 'CANNOT_DEACTIVATE_SELF' });
    const losesAdmin = (input.role !== undefined && input.role !== 'admin') || isActive === false;
    if (losesAdmin) await assertAnotherActiveAdmin(trx, target);
    const updated = await updateUserRow(trx, id, {
      ...(input.name !== undefined && { name: input.name }),
      ...(input.email !== undefined && { email: input.email }),
      ...(input.role !== undefined && { role: input.role }),
      ...(isActive !== undefined && { is_active: isActive ? 1 : 0 }),
      updated_at: deps.now().toISOString(),
    });
    if (isActive === false) await deleteUserSessions(trx, id);
    if (!updated) throw notFound('USER_NOT_FOUND');
    return toApiUser(updated);
  });
}

/**
 * An admin sets someone's password: that user's sessions end at once, and the
 * user must choose their own at the next sign-in (the admin knows this one).
 * When admins set their own, the session making the change stays, and their
 * current password is refused; for anyone else it is not checked, so the screen
 * cannot be used to test guesses of another person's password (a reset to it
 * still has to be changed at the next sign-in).
 */
export async function setUserPassword(
  deps: Pick<Deps, 'db' | 'config' | 'now'>,
  actor: SessionUser,
  actorSessionId: number,
  id: number,
  input: z.output<typeof ChangePasswordRequest>,
): Promise<void> {
  const target = await findLiveUser(deps.db.kysely, id);
  if (!target) throw notFound('USER_NOT_FOUND');
  await assertAcceptableNewPassword(input.newPassword, {
    field: 'newPassword',
    username: target.username,
    name: target.name,
    ...(id === actor.id && {
      isCurrent: async (password: string) => {
        const current = await findPasswordHash(deps.db.kysely, id);
        return verifyPassword(current?.password_hash ?? null, password, deps.config.passwordHashCost);
      },
    }),
  });
  const passwordHash = await hashPassword(input.newPassword, deps.config.passwordHashCost);
  await deps.db.kysely.transaction().execute(async (trx) => {
    await setPasswordHash(trx, id, passwordHash, id !== actor.id, deps.now().toISOString());
    await deleteUserSessions(trx, id, id === actor.id ? actorSessionId : undefined);
  });
}

/** Deletes a user; one who appears in history (sales, refunds, stock changes) is kept (soft delete) so history keeps their name. */
export async function deleteUser(
  deps: Pick<Deps, 'db' | 'now'>,
  actor: SessionUser,
  id: number,
): Promise<{ soft: boolean }> {
  if (id === actor.id) throw new AppError({ status: 400, code: 'CANNOT_DELETE_SELF' });
  return deps.db.kysely.transaction().execute(async (trx) => {
    const row = await findLiveUser(trx, id);
    if (!row) throw notFound('USER_NOT_FOUND');
    await assertAnotherActiveAdmin(trx, toApiUser(row));
    await deleteUserSessions(trx, id);
    if (await hasHistory(trx, id)) {
      const now = deps.now().toISOString();
      await updateUserRow(trx, id, { is_active: 0, deleted_at: now, updated_at: now });
      return { soft: true };
    }
    await deleteUserRow(trx, id);
    return { soft: false };
  });
}
