import { useEffect, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { toast } from 'sonner';
import { useT } from '../../i18n';
import { LoadingScreen } from '../../components/screens/loading-screen';
import { useAuth } from '../../auth/auth-context';
import { NoAccessScreen, SignInRequiredScreen } from './guard-screens';
import { decideAccess, decideNavigation } from './route-guard';
import type { AppRoute } from './routes';

/** The top-level guard: loading screen, redirects, or the matched route (spec 000 §2). */
export function RootGuard() {
  const { snapshot, clearLanding } = useAuth();
  const { pathname } = useLocation();
  const decision = decideNavigation(pathname, snapshot);
  const leftLogin = decision.kind === 'route' && snapshot.status === 'signed-in' && Boolean(snapshot.landing);
  const notFound = decision.kind === 'redirect' && decision.notFound === true;
  const t = useT();

  // A mistyped or stale link still lands on the dashboard, but not silently.
  useEffect(() => {
    if (notFound) {
      toast.info(t('app.pageNotFound'), {
        id: 'page-not-found',
        description: t('app.pageNotFoundDetail', { path: pathname }),
      });
    }
  }, [notFound, pathname, t]);

  useEffect(() => {
    if (leftLogin) clearLanding();
  }, [leftLogin, clearLanding]);

  switch (decision.kind) {
    case 'loading':
      return <LoadingScreen />;
    case 'redirect':
      return <Navigate to={decision.to} replace />;
    default:
      return <Outlet />;
  }
}

/** Renders a screen only for a user holding every permission of its route. */
export function ProtectedRoute({ route, children }: { route: AppRoute; children: ReactNode }) {
  const { user } = useAuth();
  switch (decideAccess(route, user?.role)) {
    case 'sign-in-required':
      return <SignInRequiredScreen />;
    case 'no-access':
      return <NoAccessScreen messageKey={route.noAccessKey} />;
    default:
      return children;
  }
}
