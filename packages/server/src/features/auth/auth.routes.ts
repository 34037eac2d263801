import {
  ChangeOwnPasswordRequest,
  FirstUseResponse,
  LoginRequest,
  LoginResponse,
  MeResponse,
  OkResponse,
  RefreshResponse,
} from '@pos/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps';
import { isPublic, signedIn, signedInDuringPasswordChange } from '../../http/route-access';
import { currentUser } from '../../http/request-user';
import { changeOwnPassword, firstUseInfo, login, logout, refresh } from './auth.service';
import { setDeviceCookie, signInClient } from './sign-in-client';

export function authRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/auth/login',
      {
        config: { access: isPublic, errors: [401, 429] },
        schema: { tags: ['auth'], body: LoginRequest, response: { 200: LoginResponse } },
      },
      async (req, reply) => {
        const { answer, deviceId } = await login(deps, req.body, signInClient(req));
        setDeviceCookie(req, reply, deviceId);
        return answer;
      },
    );
    app.get(
      '/auth/first-use',
      { config: { access: isPublic }, schema: { tags: ['auth'], response: { 200: FirstUseResponse } } },
      () => firstUseInfo(deps),
    );
    app.post(
      '/auth/logout',
      { config: { access: signedInDuringPasswordChange }, schema: { tags: ['auth'], response: { 200: OkResponse } } },
      async (req) => {
        await logout(deps, req.session?.id ?? 0);
        return { ok: true as const };
      },
    );
    app.post(
      '/auth/refresh',
      { config: { access: signedIn }, schema: { tags: ['auth'], response: { 200: RefreshResponse } } },
      (req) => refresh(deps, req.session?.id ?? 0, currentUser(req).id),
    );
    app.get(
      '/auth/me',
      { config: { access: signedInDuringPasswordChange }, schema: { tags: ['auth'], response: { 200: MeResponse } } },
      async (req) => ({ user: currentUser(req) }),
    );
    app.put(
      '/auth/password',
      {
        config: { access: signedInDuringPasswordChange, errors: [429] },
        schema: { tags: ['auth'], body: ChangeOwnPasswordRequest, response: { 200: RefreshResponse } },
      },
      (req) => changeOwnPassword(deps, currentUser(req), req.body, signInClient(req)),
    );
  };
}
