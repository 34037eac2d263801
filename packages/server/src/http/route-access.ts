import type { Permission } from '@pos/core';

/**
 * What a route needs: nothing (public), a signed-in user, or one permission
 * of the role table in core. Every /api route must declare it. A user who
 * must change their password may use only the few routes marked
 * `duringPasswordChange` (what the change-password screen needs).
 */
export type RouteAccess =
  { public: true } | { signedIn: true; duringPasswordChange?: true } | { permission: Permission };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}

export const isPublic: RouteAccess = { public: true };
export const signedIn: RouteAccess = { signedIn: true };
export const signedInDuringPasswordChange: RouteAccess = { signedIn: true, duringPasswordChange: true };
export const needs = (permission: Permission): RouteAccess => ({ permission });

export interface RouteAccessEntry {
  method: string;
  url: string;
  access: RouteAccess;
}
