import { describe, expect, it } from 'vitest';
import { decideAccess, decideNavigation, findRoute, normalizePath, visibleRoutes } from './route-guard';
import { APP_ROUTES } from './routes';

const signedIn = (role: string, landing?: string) => ({ status: 'signed-in' as const, role, landing: landing ?? null });

describe('decideNavigation', () => {
  it('shows a loading screen while the session loads', () => {
    expect(decideNavigation('/users', { status: 'loading' })).toEqual({ kind: 'loading' });
    expect(decideNavigation('/login', { status: 'loading' })).toEqual({ kind: 'loading' });
  });

  it('shows the sign-in screen on /login when signed out', () => {
    expect(decideNavigation('/login', { status: 'signed-out' })).toEqual({ kind: 'login' });
    expect(decideNavigation('/login/', { status: 'signed-out' })).toEqual({ kind: 'login' });
  });

  it.each(['/', '/dashboard', '/pos', '/users', '/nope', '/settings/extra'])(
    'redirects %s to /login when signed out',
    (path) => {
      expect(decideNavigation(path, { status: 'signed-out' })).toEqual({ kind: 'redirect', to: '/login' });
    },
  );

  it.each(['/', '/login'])('redirects %s to /dashboard when signed in', (path) => {
    expect(decideNavigation(path, signedIn('cashier'))).toEqual({ kind: 'redirect', to: '/dashboard' });
  });

  it.each(['/unknown', '/users/5', '/LOGIN'])('redirects the unknown %s to /dashboard, saying so', (path) => {
    expect(decideNavigation(path, signedIn('cashier'))).toEqual({ kind: 'redirect', to: '/dashboard', notFound: true });
  });

  it("sends /login to the role's home right after signing in", () => {
    expect(decideNavigation('/login', signedIn('cashier', '/pos'))).toEqual({ kind: 'redirect', to: '/pos' });
    expect(decideNavigation('/', signedIn('cashier', '/pos'))).toEqual({ kind: 'redirect', to: '/dashboard' });
  });

  it('renders a route the role may open', () => {
    const decision = decideNavigation('/users', signedIn('admin'));
    expect(decision).toMatchObject({ kind: 'route', access: 'allowed', route: { path: '/users' } });
    expect(decideNavigation('/pos/', signedIn('cashier'))).toMatchObject({ kind: 'route', access: 'allowed' });
  });

  it('shows no-access for a route the role may not open', () => {
    expect(decideNavigation('/users', signedIn('manager'))).toMatchObject({ kind: 'route', access: 'no-access' });
    expect(decideNavigation('/pos', signedIn('viewer'))).toMatchObject({
      kind: 'route',
      access: 'no-access',
      route: { noAccessKey: 'guard.noAccessPos' },
    });
    expect(decideNavigation('/settings', signedIn('cashier'))).toMatchObject({ access: 'no-access' });
  });

  it('matches roles case-insensitively and denies unknown roles', () => {
    expect(decideNavigation('/users', signedIn('ADMIN'))).toMatchObject({ access: 'allowed' });
    expect(decideNavigation('/products', signedIn('ghost'))).toMatchObject({ access: 'no-access' });
  });
});

describe('decideAccess', () => {
  it('asks to sign in without a role', () => {
    expect(decideAccess({ permissions: ['pos_view'] }, null)).toBe('sign-in-required');
    expect(decideAccess({ permissions: ['pos_view'] }, undefined)).toBe('sign-in-required');
  });

  it('requires every permission of the route', () => {
    expect(decideAccess({ permissions: ['pos_view', 'pos_refund'] }, 'manager')).toBe('no-access');
    expect(decideAccess({ permissions: ['pos_view', 'pos_refund'] }, 'admin')).toBe('allowed');
  });

  it('follows the permission table of the spec for every route', () => {
    const allowed = (role: string) => APP_ROUTES.filter((r) => decideAccess(r, role) === 'allowed').map((r) => r.path);
    expect(allowed('admin')).toHaveLength(APP_ROUTES.length);
    expect(allowed('manager')).not.toContain('/users');
    expect(allowed('cashier')).toEqual([
      '/dashboard',
      '/pos',
      '/products',
      '/customers',
      '/customer-history',
      '/reports',
      '/refund-history',
      '/storage',
    ]);
    expect(allowed('viewer')).not.toContain('/pos');
  });
});

describe('helpers', () => {
  it('normalizes trailing slashes', () => {
    expect(normalizePath('/users/')).toBe('/users');
    expect(normalizePath('')).toBe('/');
    expect(normalizePath('///')).toBe('/');
  });

  it('finds routes and lists the sidebar entries of a role', () => {
    expect(findRoute('/refund-history')?.navKey).toBe('nav.salesHistory');
    expect(findRoute('/missing')).toBeUndefined();
    expect(visibleRoutes('viewer').map((r) => r.path)).toEqual([
      '/dashboard',
      '/products',
      '/customers',
      '/customer-history',
      '/reports',
      '/refund-history',
      '/storage',
    ]);
    expect(visibleRoutes(null)).toEqual([]);
  });
});
