import { normalizeRole, normalizeUsername, type User } from '@pos/core';
import { sql, type Selectable } from 'kysely';
import type { UsersTable } from '../../db/schema';
import type { DbExecutor } from '../../db/executor';

export const USER_COLUMNS = [
  'id',
  'username',
  'name',
  'email',
  'role',
  'is_active',
  'must_change_password',
  'created_at',
  'last_login',
] as const;
export type UserRow = Pick<Selectable<UsersTable>, (typeof USER_COLUMNS)[number]>;

export function toApiUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    email: row.email,
    role: normalizeRole(row.role) ?? 'viewer',
    is_active: row.is_active === 1,
    created_at: row.created_at,
    last_login: row.last_login,
    must_change_password: row.must_change_password === 1,
  };
}

export function listLiveUsers(db: DbExecutor): Promise<UserRow[]> {
  return db.selectFrom('users').select(USER_COLUMNS).where('deleted_at', 'is', null).orderBy('id').execute();
}

export function findLiveUser(db: DbExecutor, id: number): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .select(USER_COLUMNS)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export function findLiveUserByUsername(
  db: DbExecutor,
  username: string,
): Promise<(UserRow & { password_hash: string }) | undefined> {
  return db
    .selectFrom('users')
    .select([...USER_COLUMNS, 'password_hash'])
    .where(sql<string>`lower(username)`, '=', normalizeUsername(username))
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export function findPasswordHash(db: DbExecutor, id: number): Promise<{ password_hash: string } | undefined> {
  return db.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirst();
}

export async function countUsers(db: DbExecutor): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Active admins other than `exceptId`, their rows locked for the transaction (see db/executor.ts). */
export async function countOtherActiveAdmins(db: DbExecutor, exceptId: number): Promise<number> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where(sql<string>`lower(role)`, '=', 'admin')
    .where('is_active', '=', 1)
    .where('deleted_at', 'is', null)
    .where('id', '!=', exceptId)
    .forUpdate()
    .execute();
  return rows.length;
}

export async function insertUser(
  db: DbExecutor,
  values: {
    username: string;
    name: string;
    email: string | null;
    role: string;
    password_hash: string;
    must_change_password: boolean;
    now: string;
  },
): Promise<UserRow> {
  return db
    .insertInto('users')
    .values({
      username: values.username,
      name: values.name,
      email: values.email,
      role: values.role,
      password_hash: values.password_hash,
      is_active: 1,
      must_change_password: values.must_change_password ? 1 : 0,
      created_at: values.now,
      updated_at: values.now,
    })
    .returning(USER_COLUMNS)
    .executeTakeFirstOrThrow();
}

export async function updateUser(
  db: DbExecutor,
  id: number,
  values: Partial<Pick<UsersTable, 'name' | 'email' | 'role' | 'is_active' | 'last_login' | 'deleted_at'>> & {
    updated_at: string;
  },
): Promise<UserRow | undefined> {
  return db.updateTable('users').set(values).where('id', '=', id).returning(USER_COLUMNS).executeTakeFirst();
}

export async function setPasswordHash(
  db: DbExecutor,
  id: number,
  passwordHash: string,
  mustChange: boolean,
  now: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, must_change_password: mustChange ? 1 : 0, updated_at: now })
    .where('id', '=', id)
    .execute();
}

export async function deleteUserRow(db: DbExecutor, id: number): Promise<void> {
  await db.deleteFrom('users').where('id', '=', id).execute();
}

/**
 * Whether the user appears in history (sales made, refunds given, stock changed, card checkouts),
 * in which case deletion keeps the row so that history keeps their name.
 */
export async function hasHistory(db: DbExecutor, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .where(({ or, exists, selectFrom }) =>
      or([
        exists(selectFrom('sales').select('sales.id').where('sales.created_by', '=', userId)),
        exists(selectFrom('refunds').select('refunds.id').where('refunds.refunded_by', '=', userId)),
        exists(
          selectFrom('stock_movements').select('stock_movements.id').where('stock_movements.user_id', '=', userId),
        ),
        // A card checkout may still be paid and become their sale; a flag they handled keeps their name.
        exists(
          selectFrom('card_checkouts')
            .select('card_checkouts.id')
            .where((eb) => eb.or([eb('user_id', '=', userId), eb('handled_by', '=', userId)])),
        ),
      ]),
    )
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Ends every session of a user, except optionally the one making the request: a user disabled, deleted or
 * given a new password signs in again (the sessions' table is auth's; whose sessions end is the user's).
 */
export async function deleteUserSessions(db: DbExecutor, userId: number, exceptSessionId?: number): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .$if(exceptSessionId !== undefined, (qb) => qb.where('id', '!=', exceptSessionId ?? 0))
    .execute();
}
