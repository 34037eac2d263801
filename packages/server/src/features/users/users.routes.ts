import {
  RESULT_MESSAGES,
  ChangePasswordRequest,
  CreateUserRequest,
  IdParams,
  OkResponse,
  UpdateUserRequest,
  UserResponse,
  UsersResponse,
} from '@pos/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps';
import { needs } from '../../http/route-access';
import { currentUser } from '../../http/request-user';
import { createUser, deleteUser, getUser, listUsers, setUserPassword, updateUser } from './users.service';

export function usersRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['users'];
    app.get(
      '/users',
      { config: { access: needs('users_view') }, schema: { tags, response: { 200: UsersResponse } } },
      async () => ({ users: await listUsers(deps) }),
    );
    app.get(
      '/users/:id',
      { config: { access: needs('users_view') }, schema: { tags, params: IdParams, response: { 200: UserResponse } } },
      async (req) => ({ user: await getUser(deps, req.params.id) }),
    );
    app.post(
      '/users',
      {
        config: { access: needs('users_create'), errors: [409] },
        schema: { tags, body: CreateUserRequest, response: { 201: UserResponse } },
      },
      async (req, reply) => reply.code(201).send({ user: await createUser(deps, req.body) }),
    );
    app.put(
      '/users/:id',
      {
        config: { access: needs('users_edit'), errors: [409] },
        schema: { tags, params: IdParams, body: UpdateUserRequest, response: { 200: UserResponse } },
      },
      async (req) => ({ user: await updateUser(deps, currentUser(req), req.params.id, req.body) }),
    );
    app.put(
      '/users/:id/password',
      {
        config: { access: needs('users_edit') },
        schema: { tags, params: IdParams, body: ChangePasswordRequest, response: { 200: OkResponse } },
      },
      async (req) => {
        await setUserPassword(deps, currentUser(req), req.session?.id ?? 0, req.params.id, req.body);
        return { ok: true as const };
      },
    );
    app.delete(
      '/users/:id',
      {
        config: { access: needs('users_delete'), errors: [409] },
        schema: { tags, params: IdParams, response: { 200: OkResponse } },
      },
      async (req) => {
        const { soft } = await deleteUser(deps, currentUser(req), req.params.id);
        return {
          ok: true as const,
          message: soft ? RESULT_MESSAGES.userSoftDeleted : RESULT_MESSAGES.userDeleted,
        };
      },
    );
  };
}
