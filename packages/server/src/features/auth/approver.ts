import { can, type Permission } from '@pos/core';
import type { Deps } from '../../deps';
import { AppError, type RefusalCode } from '../../http/app-error';
import { checkCredentials } from './auth.service';
import type { SignInClient } from './sign-in-client';

/** The refusals of one kind of on-the-spot approval (each names what is being approved). */
export interface ApproverRefusals {
  invalidCredentials: RefusalCode;
  notPermitted: RefusalCode;
  mustChangePassword: RefusalCode;
}

/**
 * Someone approves on the spot at the till (excluding VAT, a shift's difference): their username and password,
 * checked under the sign-in throttle (failures count towards it), then the permission the approval needs. Not 401
 * for a wrong password: the cashier's own session is fine, only the approver's password is wrong. A first-use
 * password is shown on the sign-in screen and an admin-given one is known to the admin, so neither approves.
 */
export async function checkApprover(
  deps: Pick<Deps, 'db' | 'config' | 'now' | 'sleep'>,
  credentials: { username: string; password: string },
  permission: Permission,
  client: SignInClient,
  refusals: ApproverRefusals,
): Promise<{ id: number; name: string }> {
  const user = await checkCredentials(deps, credentials.username, credentials.password, client);
  if (!user) throw new AppError({ status: 400, code: refusals.invalidCredentials });
  if (!can(user.role, permission)) throw new AppError({ status: 403, code: refusals.notPermitted });
  if (user.must_change_password === 1) throw new AppError({ status: 403, code: refusals.mustChangePassword });
  return { id: user.id, name: user.name };
}
