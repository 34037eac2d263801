import { z } from 'zod';
import { ROLES } from '../permissions';
import { OptionalEmail, SingleLineText } from './common';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const UserRole = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
  z.enum(ROLES, { error: 'บทบาทต้องเป็น admin, manager, cashier หรือ viewer' }),
);

export const Username = SingleLineText('กรุณากรอกชื่อผู้ใช้')
  .min(1, 'กรุณากรอกชื่อผู้ใช้')
  .max(50, 'ชื่อผู้ใช้ต้องไม่เกิน 50 ตัวอักษร')
  .regex(/^[A-Za-z0-9._-]+$/, 'ชื่อผู้ใช้ใช้ได้เฉพาะตัวอักษรภาษาอังกฤษ ตัวเลข และ . _ -');

export const NewPassword = z
  .string({ error: 'กรุณากรอกรหัสผ่าน' })
  .min(1, 'กรุณากรอกรหัสผ่าน')
  .min(PASSWORD_MIN_LENGTH, `รหัสผ่านต้องมีอย่างน้อย ${PASSWORD_MIN_LENGTH} ตัวอักษร`)
  .max(PASSWORD_MAX_LENGTH, `รหัสผ่านต้องไม่เกิน ${PASSWORD_MAX_LENGTH} ตัวอักษร`);

export const FullName = SingleLineText('กรุณากรอกชื่อ-นามสกุล')
  .min(1, 'กรุณากรอกชื่อ-นามสกุล')
  .max(100, 'ชื่อต้องไม่เกิน 100 ตัวอักษร');

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
    isActive: z.boolean({ error: 'isActive ต้องเป็น true หรือ false' }).optional(),
    is_active: z.boolean({ error: 'is_active ต้องเป็น true หรือ false' }).optional(),
  },
  { error: 'แก้ไขได้เฉพาะชื่อ อีเมล บทบาท และสถานะการใช้งาน' },
);
export type UpdateUserRequest = z.input<typeof UpdateUserRequest>;

export const ChangePasswordRequest = z.object({ newPassword: NewPassword });
export type ChangePasswordRequest = z.input<typeof ChangePasswordRequest>;
