import type { User } from '@pos/core';
import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error';

/** The signed-in user a request acts as: the API's user (the session check, features/auth/session-gate.ts, sets it). */
export type SessionUser = User;

declare module 'fastify' {
  interface FastifyRequest {
    session: { id: number; user: SessionUser } | null;
  }
}

/** The signed-in user of a route that is not public (the access hook guarantees it). */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.session) throw new AppError({ status: 401, code: 'UNAUTHENTICATED' });
  return request.session.user;
}
