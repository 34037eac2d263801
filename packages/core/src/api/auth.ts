import { z } from 'zod';
import { msg } from '../validation';
import { SingleLineText } from './common';
import { NewPassword, User } from './users';

/** Passwords are only ever hashed, never stored or printed, so they are taken as typed. */
export const LoginRequest = z.object({
  username: SingleLineText(msg('user.usernameRequired'))
    .min(1, msg('user.usernameRequired'))
    .max(50, msg('value.tooLong', { label: 'username' })),
  password: z
    .string({ error: msg('user.passwordRequired') })
    .min(1, msg('user.passwordRequired'))
    .max(256, msg('value.tooLong', { label: 'password' })),
});
export type LoginRequest = z.input<typeof LoginRequest>;

export const LoginResponse = z.object({ token: z.string(), user: User, expires_at: z.string() });
export type LoginResponse = z.infer<typeof LoginResponse>;

export const RefreshResponse = z.object({ token: z.string(), expires_at: z.string() });
export const MeResponse = z.object({ user: User });

export const ChangeOwnPasswordRequest = z.object({
  currentPassword: z.string({ error: msg('auth.currentPasswordRequired') }).min(1, msg('auth.currentPasswordRequired')),
  newPassword: NewPassword,
});
export type ChangeOwnPasswordRequest = z.input<typeof ChangeOwnPasswordRequest>;

/**
 * The first-use admin credentials, shown on the sign-in screen only while the
 * seeded admin still has its first-use password.
 */
export const FirstUseResponse = z.object({
  show: z.boolean(),
  username: z.string().optional(),
  password: z.string().optional(),
});
export type FirstUseResponse = z.infer<typeof FirstUseResponse>;

export const FIRST_USE_ADMIN = { username: 'admin', password: 'admin1234' } as const;

/**
 * How password checks (sign-in, the own-password change, approvals typed in at
 * the till) are throttled; docs/operations.md's security notes say the same in words.
 * Failures are counted per username and client address, and per address: each
 * refuses further attempts for the rest of its window once full. A username's
 * failures from clients it has not signed in from (new devices, new addresses)
 * slow its checks down (see loginDelayMs) and, once `maxFailuresPerUsernameFromNewClients`
 * are counted, are refused until the window ends, however many addresses they
 * come from. A known device (its cookie from a successful sign-in) or address
 * keeps its own allowance, so a stranger can never lock the owner out.
 */
export const LOGIN_THROTTLE = {
  windowMinutes: 15,
  maxFailuresPerUsernameAndAddress: 5,
  // Tills of one shop often share an address behind the shop's router.
  maxFailuresPerAddress: 20,
  /** A username's failures (from anywhere) before each further check waits. */
  freeFailuresPerUsername: 5,
  /** A username's failures from new devices and addresses (all together) before such checks are refused. */
  maxFailuresPerUsernameFromNewClients: 10,
  firstDelayMs: 250,
  maxDelayMs: 4000,
  /** A device (its cookie) a user signed in from stays known this long after the last sign-in there. */
  knownDeviceDays: 90,
  /** An address a user signed in from stays known this long (addresses are handed on to others). */
  knownAddressDays: 14,
} as const;

/**
 * How long a password check for a username waits when that username already
 * has `failures` failures in the window: nothing for the first few, then
 * doubling from `firstDelayMs`, never more than `maxDelayMs`.
 */
export function loginDelayMs(failures: number): number {
  const over = failures - LOGIN_THROTTLE.freeFailuresPerUsername;
  if (over < 0) return 0;
  return Math.min(LOGIN_THROTTLE.firstDelayMs * 2 ** Math.min(over, 30), LOGIN_THROTTLE.maxDelayMs);
}
