import { z } from 'zod';
import { SingleLineText } from './common';
import { NewPassword, User } from './users';

/** Passwords are only ever hashed, never stored or printed, so they are taken as typed. */
export const LoginRequest = z.object({
  username: SingleLineText('กรุณากรอกชื่อผู้ใช้').min(1, 'กรุณากรอกชื่อผู้ใช้').max(50, 'ชื่อผู้ใช้ยาวเกินไป'),
  password: z.string({ error: 'กรุณากรอกรหัสผ่าน' }).min(1, 'กรุณากรอกรหัสผ่าน').max(256, 'รหัสผ่านยาวเกินไป'),
});
export type LoginRequest = z.input<typeof LoginRequest>;

export const LoginResponse = z.object({ token: z.string(), user: User, expires_at: z.string() });
export type LoginResponse = z.infer<typeof LoginResponse>;

export const RefreshResponse = z.object({ token: z.string(), expires_at: z.string() });
export const MeResponse = z.object({ user: User });

export const ChangeOwnPasswordRequest = z.object({
  currentPassword: z.string({ error: 'กรุณากรอกรหัสผ่านปัจจุบัน' }).min(1, 'กรุณากรอกรหัสผ่านปัจจุบัน'),
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

/** Failed sign-ins allowed per window, per username and per client address. */
export const LOGIN_THROTTLE = {
  windowMinutes: 15,
  maxFailuresPerUsername: 5,
  // Tills of one shop often share an address behind the shop's router.
  maxFailuresPerAddress: 20,
} as const;
