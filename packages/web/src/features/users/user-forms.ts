import { ChangePasswordRequest, CreateUserRequest, UpdateUserRequest } from '@pos/core';
import type { z } from 'zod';

/** Add-user form: the API's create schema as is. */
export const CreateUserForm = CreateUserRequest;
export type CreateUserFormInput = z.input<typeof CreateUserForm>;
export type CreateUserFormOutput = z.output<typeof CreateUserForm>;

/** Edit-user form: name, e-mail and role of the update schema; name and role required (spec 001 §5). */
export const EditUserForm = UpdateUserRequest.pick({ name: true, email: true, role: true }).required({
  name: true,
  role: true,
});
export type EditUserFormInput = z.input<typeof EditUserForm>;
export type EditUserFormOutput = z.output<typeof EditUserForm>;

/** Change-password form: the API's schema (new password). */
export const UserPasswordForm = ChangePasswordRequest;
export type UserPasswordFormInput = z.input<typeof UserPasswordForm>;
export type UserPasswordFormOutput = z.output<typeof UserPasswordForm>;
