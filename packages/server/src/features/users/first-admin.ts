import { FIRST_USE_ADMIN } from '@pos/core';
import { PRODUCTION_PASSWORD_HASH_COST, type PasswordHashCost } from '../../config';
import type { Deps } from '../../deps';
import { hashPassword } from '../../passwords/passwords';
import { countUsers, insertUser } from './users.queries';

/**
 * On an empty database, creates the `admin` account with the documented
 * first-use password, flagged so the app asks for a new one.
 */
export async function ensureFirstAdmin(
  deps: Pick<Deps, 'db' | 'now'>,
  passwordHashCost: PasswordHashCost = PRODUCTION_PASSWORD_HASH_COST,
): Promise<boolean> {
  if ((await countUsers(deps.db.kysely)) > 0) return false;
  try {
    await insertUser(deps.db.kysely, {
      username: FIRST_USE_ADMIN.username,
      name: 'ผู้ดูแลระบบ',
      email: null,
      role: 'admin',
      password_hash: await hashPassword(FIRST_USE_ADMIN.password, passwordHashCost),
      must_change_password: true,
      now: deps.now().toISOString(),
    });
    return true;
  } catch {
    // Another server process seeded it first.
    return false;
  }
}
