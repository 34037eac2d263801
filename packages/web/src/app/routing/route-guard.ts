import { canAll } from '@pos/core';
import type { AuthSnapshot } from '../../auth/auth-context';
import { APP_ROUTES, DEFAULT_SIGNED_IN_PATH, LOGIN_PATH, type AppRoute } from './routes';

export type NavigationDecision =
  | { kind: 'loading' }
  | {
      kind: 'redirect';
      to: string;
      /** The path asked for does not exist (say so, spec 000 §2 keeps the redirect). */ notFound?: true;
    }
  | { kind: 'login' }
  | { kind: 'route'; route: AppRoute; access: 'allowed' | 'no-access' };

export type AccessDecision = 'allowed' | 'sign-in-required' | 'no-access';

/** `/users/` and `/users` are one path. */
export function normalizePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

export function findRoute(pathname: string): AppRoute | undefined {
  const path = normalizePath(pathname);
  return APP_ROUTES.find((route) => route.path === path);
}

/** Whether a role may open a route: it must hold every permission the route lists. */
export function decideAccess(route: Pick<AppRoute, 'permissions'>, role: string | null | undefined): AccessDecision {
  if (role === null || role === undefined) return 'sign-in-required';
  return canAll(role, route.permissions) ? 'allowed' : 'no-access';
}

/**
 * The route guard of spec 000 §2, as a pure function of the path and the session:
 * - while the session loads, a loading screen;
 * - signed out: /login shows the sign-in screen, every other path redirects to /login;
 * - signed in: / and /login redirect to /dashboard (or, right after signing in, to the role's home),
 *   unknown paths redirect to /dashboard, known routes render or show no-access.
 */
export function decideNavigation(pathname: string, auth: AuthSnapshot): NavigationDecision {
  if (auth.status === 'loading') return { kind: 'loading' };
  const path = normalizePath(pathname);

  if (auth.status === 'signed-out') {
    return path === LOGIN_PATH ? { kind: 'login' } : { kind: 'redirect', to: LOGIN_PATH };
  }

  if (path === LOGIN_PATH) return { kind: 'redirect', to: auth.landing || DEFAULT_SIGNED_IN_PATH };
  const route = findRoute(path);
  if (!route)
    return path === '/'
      ? { kind: 'redirect', to: DEFAULT_SIGNED_IN_PATH }
      : { kind: 'redirect', to: DEFAULT_SIGNED_IN_PATH, notFound: true };
  return { kind: 'route', route, access: decideAccess(route, auth.role) === 'allowed' ? 'allowed' : 'no-access' };
}

/** Sidebar entries: only routes whose permissions the role holds. */
export function visibleRoutes(role: string | null | undefined): AppRoute[] {
  return APP_ROUTES.filter((route) => decideAccess(route, role) === 'allowed');
}
