import { z } from 'zod';
import { ROLES } from '../permissions';
import { msg } from '../validation';
import { OptionalEmail, SingleLineText } from './common';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const UserRole = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
  z.enum(ROLES, { error: msg('user.roleInvalid') }),
);

/**
 * The one form of a username that sign-in, the user list and the sign-in throttle compare
 * (usernames match whatever their case and surrounding spaces).
 */
export function normalizeUsername(username: string): string {
  return username.trim().toLowerCase();
}

export const Username = SingleLineText(msg('user.usernameRequired'))
  .min(1, msg('user.usernameRequired'))
  .max(50, msg('text.tooLong', { label: 'username', max: 50 }))
  .regex(/^[A-Za-z0-9._-]+$/, msg('user.usernameChars'));

export const NewPassword = z
  .string({ error: msg('user.passwordRequired') })
  .min(1, msg('user.passwordRequired'))
  .min(PASSWORD_MIN_LENGTH, msg('user.passwordTooShort', { min: PASSWORD_MIN_LENGTH }))
  .max(PASSWORD_MAX_LENGTH, msg('text.tooLong', { label: 'password', max: PASSWORD_MAX_LENGTH }));

export const FullName = SingleLineText(msg('user.fullNameRequired'))
  .min(1, msg('user.fullNameRequired'))
  .max(100, msg('text.tooLong', { label: 'fullName', max: 100 }));

export const User = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  role: z.enum(ROLES),
  is_active: z.boolean(),
  created_at: z.string(),
  last_login: z.string().nullable(),
  /** True while the account still uses its first-use password. */
  must_change_password: z.boolean(),
});
export type User = z.infer<typeof User>;

export const UsersResponse = z.object({ users: z.array(User) });
export const UserResponse = z.object({ user: User });

export const CreateUserRequest = z.object({
  username: Username,
  password: NewPassword,
  name: FullName,
  email: OptionalEmail,
  role: UserRole.default('cashier'),
});
export type CreateUserRequest = z.input<typeof CreateUserRequest>;

/** Edit (name, email, role) and the active toggle (`isActive`) share one call (spec 001 §7). */
export const UpdateUserRequest = z.strictObject(
  {
    name: FullName.optional(),
    email: OptionalEmail,
    role: UserRole.optional(),
    isActive: z.boolean({ error: msg('boolean.type', { label: 'isActive' }) }).optional(),
    is_active: z.boolean({ error: msg('boolean.type', { label: 'isActiveSnake' }) }).optional(),
  },
  { error: msg('user.onlyProfileFields') },
);
export type UpdateUserRequest = z.input<typeof UpdateUserRequest>;

export const ChangePasswordRequest = z.object({ newPassword: NewPassword });
export type ChangePasswordRequest = z.input<typeof ChangePasswordRequest>;
