import { ErrorResponse } from '@pos/core';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { RouteAccess } from './route-access';

/** The error statuses the API answers with (see the error handler). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 502 | 503;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Error statuses the route's service answers beyond those its access, path and body imply. */
    errors?: readonly ErrorStatus[];
  }
}

const DESCRIPTIONS: Record<ErrorStatus, string> = {
  400: 'Invalid request: VALIDATION_FAILED (with `fields`), INVALID_JSON, or a rule of this operation (see `code`)',
  401: 'No session, or it has ended: UNAUTHENTICATED, SESSION_EXPIRED (sign-in: INVALID_CREDENTIALS)',
  403: 'Not allowed: FORBIDDEN (the role lacks the permission), PASSWORD_CHANGE_REQUIRED (the user must change their password first) or a rule of this operation (see `code`)',
  404: 'Not found: NOT_FOUND or the kind that is missing (PRODUCT_NOT_FOUND, ...)',
  409: 'Conflicts with the current data (see `code`; `details` carries the fresh figures where useful)',
  413: 'Too large: PAYLOAD_TOO_LARGE (JSON over 1 MB, too many form parts), IMAGE_TOO_LARGE (over 5 MB)',
  415: 'Content type not taken: UNSUPPORTED_MEDIA_TYPE, IMAGE_UNSUPPORTED_TYPE',
  429: 'Too many at once: TOO_MANY_ATTEMPTS (sign-in), HEAVY_READS_BUSY (this user already runs as many reports and searches as allowed); the Retry-After header gives the seconds to wait',
  502: "An outside service refused or did not answer: LINE_REJECTED (LINE's answer in `details`), LINE_UNREACHABLE, CARD_REFUND_FAILED (Stripe refunded nothing)",
  503: "A service the server relies on did not answer: IMAGE_STORE_UNAVAILABLE (the image store, e.g. Cloudinary), PAYMENT_PROVIDER_FAILED, CARD_REFUND_UNCONFIRMED (Stripe did not answer; ask the same refund again), READ_TIMED_OUT (a report or search ran past the server's time limit, READ_TIMEOUT_MS)",
};

/** Fastify parses a body for these methods, so they can fail on it (400, 413, 415). */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function errorResponse(status: ErrorStatus) {
  return { description: DESCRIPTIONS[status], content: { 'application/json': { schema: ErrorResponse } } };
}

/**
 * The error statuses a route can answer: from its access (401, 403), its
 * path id (404), its inputs (400), the body every body-taking method may send
 * (too large 413, unknown type 415), plus what its service declares.
 */
function errorStatusesOf(
  route: { method: string; url: string; schema?: RouteOptions['schema'] },
  access: RouteAccess,
  declared: readonly ErrorStatus[] = [],
  heavyRead = false,
): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>(declared);
  if (heavyRead) statuses.add(429).add(503);
  // A signed-in user who must change their password is refused everywhere else (403 PASSWORD_CHANGE_REQUIRED).
  if (!('public' in access)) statuses.add(401);
  if ('permission' in access || ('signedIn' in access && !access.duringPasswordChange)) statuses.add(403);
  if (route.url.includes(':')) statuses.add(404);
  const schema = route.schema ?? {};
  if (schema.params || schema.querystring || schema.headers || schema.body) statuses.add(400);
  if (BODY_METHODS.has(route.method)) statuses.add(400).add(413).add(415);
  return [...statuses].sort((a, b) => a - b);
}

/**
 * Adds the error responses to every /api route's schema, so the OpenAPI
 * document lists each with the one error shape and the serializer holds error
 * bodies to it. Statuses the route declares itself are kept as they are.
 */
export function registerErrorResponses(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    const access = route.config?.access;
    if (!access) return; // the access hook refuses such a route
    const methods = [route.method].flat().filter((method) => method !== 'HEAD');
    const responses: Record<string, unknown> = {};
    for (const method of methods) {
      for (const status of errorStatusesOf(
        { method, url: route.url, schema: route.schema },
        access,
        route.config?.errors,
        route.config?.heavyRead,
      )) {
        responses[status] = errorResponse(status);
      }
    }
    route.schema = {
      ...route.schema,
      response: { ...responses, ...(route.schema?.response as Record<string, unknown> | undefined) },
    };
  });
}
