import { can, type Role } from '@pos/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Deps } from '../../deps';
import { AppError } from '../../http/app-error';
import type { RouteAccessEntry } from '../../http/route-access';
import { findSessionUser } from './sessions.queries';
import { hashToken } from './tokens';

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * Checks every request against its route's declared access before the body is
 * even parsed, so an unauthorised client learns nothing from validation errors.
 */
export function registerRouteAccess(
  app: FastifyInstance,
  deps: Pick<Deps, 'db' | 'now'>,
  routes: RouteAccessEntry[],
): void {
  app.decorateRequest('session', null);

  app.addHook('onRoute', (route) => {
    const url = route.url;
    if (!url.startsWith('/api/') || url.startsWith('/api/docs')) return;
    const access = route.config?.access;
    if (!access) throw new Error(`route ${String(route.method)} ${url} does not declare its access`);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routes.push({ method, url, access });
    }
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (!access || 'public' in access) return;
    const token = bearerToken(request);
    if (!token) throw new AppError({ status: 401, code: 'UNAUTHENTICATED' });
    const found = await findSessionUser(deps.db.kysely, hashToken(token), deps.now().toISOString());
    if (!found) throw new AppError({ status: 401, code: 'SESSION_EXPIRED' });
    request.session = found;
    // The password is still the first-use one or one an admin gave: nothing else until it is changed.
    if (found.user.must_change_password && !('signedIn' in access && access.duringPasswordChange)) {
      throw new AppError({ status: 403, code: 'PASSWORD_CHANGE_REQUIRED' });
    }
    if ('permission' in access && !can(found.user.role as Role, access.permission)) {
      throw new AppError({ status: 403, code: 'FORBIDDEN', details: { permission: access.permission } });
    }
  });
}
