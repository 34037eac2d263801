import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter } from 'react-router';
import { LoadingScreen } from '../../components/screens/loading-screen';
import { AppLayout } from '../layout/app-layout';
import { RouteErrorScreen } from './guard-screens';
import { ProtectedRoute, RootGuard } from './guards';
import { APP_ROUTES, LOGIN_PATH, type ScreenId } from './routes';

/** Each screen is its own chunk (route-level code splitting). */
const LoginScreen = lazy(() => import('../../features/login/login-screen').then((m) => ({ default: m.LoginScreen })));

const SCREENS: Readonly<Record<ScreenId, LazyExoticComponent<ComponentType>>> = {
  dashboard: lazy(() =>
    import('../../features/dashboard/dashboard-screen').then((m) => ({ default: m.DashboardScreen })),
  ),
  pos: lazy(() => import('../../features/pos/pos-screen').then((m) => ({ default: m.PosScreen }))),
  products: lazy(() => import('../../features/products/products-screen').then((m) => ({ default: m.ProductsScreen }))),
  barcodes: lazy(() => import('../../features/barcodes/barcodes-screen').then((m) => ({ default: m.BarcodesScreen }))),
  customers: lazy(() =>
    import('../../features/customers/customers-screen').then((m) => ({ default: m.CustomersScreen })),
  ),
  'customer-history': lazy(() =>
    import('../../features/customer-history/customer-history-screen').then((m) => ({
      default: m.CustomerHistoryScreen,
    })),
  ),
  reports: lazy(() => import('../../features/reports/reports-screen').then((m) => ({ default: m.ReportsScreen }))),
  'sales-history': lazy(() =>
    import('../../features/sales-history/sales-history-screen').then((m) => ({ default: m.SalesHistoryScreen })),
  ),
  shifts: lazy(() =>
    import('../../features/shift-list/shift-list-screen').then((m) => ({ default: m.ShiftListScreen })),
  ),
  users: lazy(() => import('../../features/users/users-screen').then((m) => ({ default: m.UsersScreen }))),
  storage: lazy(() => import('../../features/storage/storage-screen').then((m) => ({ default: m.StorageScreen }))),
  settings: lazy(() => import('../../features/settings/settings-screen').then((m) => ({ default: m.SettingsScreen }))),
};

const DisplayScreen = lazy(() =>
  import('../../features/display/display-screen').then((m) => ({ default: m.DisplayScreen })),
);

/** The customer display (issue 37): outside the signed-in app, paired with a till instead. */
export const DISPLAY_PATH = '/display';

export function createAppRouter() {
  return createBrowserRouter([
    {
      path: DISPLAY_PATH,
      errorElement: <RouteErrorScreen />,
      element: (
        <Suspense fallback={<LoadingScreen />}>
          <DisplayScreen />
        </Suspense>
      ),
    },
    {
      element: <RootGuard />,
      errorElement: <RouteErrorScreen />,
      children: [
        {
          path: LOGIN_PATH,
          element: (
            <Suspense fallback={<LoadingScreen />}>
              <LoginScreen />
            </Suspense>
          ),
        },
        {
          element: <AppLayout />,
          errorElement: <RouteErrorScreen />,
          children: APP_ROUTES.map((route) => {
            const Screen = SCREENS[route.screen];
            return {
              path: route.path,
              element: (
                <ProtectedRoute route={route}>
                  <Screen />
                </ProtectedRoute>
              ),
            };
          }),
        },
        // Every other path is redirected by RootGuard before this renders.
        { path: '*', element: null },
      ],
    },
  ]);
}
