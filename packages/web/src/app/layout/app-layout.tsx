import { X } from 'lucide-react';
import { Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { LoadingScreen } from '../../components/screens/loading-screen';
import { Sheet, SheetClose, SheetContent } from '../../components/ui/sheet';
import { ForcedPasswordChangeScreen } from '../../features/account/forced-password-change-screen';
import { OfflineProvider } from '../../features/offline/offline-context';
import { TillPrinterProvider } from '../../features/printing/till-printer-context';
import { storeIdentity, useStoreSettings, useSettingsUpdatedListener } from '../../features/settings/settings.queries';
import { readChosenTillId } from '../../features/shifts/till-choice';
import { useT } from '../../i18n';
import { cn } from '../../lib/utils';
import { can } from '@pos/core';
import { useAuth } from '../../auth/auth-context';
import { findRoute } from '../routing/route-guard';
import { Header } from './header';
import { SidebarContent } from './sidebar';

/**
 * Signed-in chrome, or only the change-password screen while the password must
 * change: the server refuses every other call until then.
 */
export function AppLayout() {
  const { user } = useAuth();
  return user?.must_change_password ? <ForcedPasswordChangeScreen /> : <SignedInLayout />;
}

/** Sidebar (drawer below 1024 px), header, and the current screen. */
function SignedInLayout() {
  const t = useT();
  const { user } = useAuth();
  const { pathname } = useLocation();
  const [initialTillId] = useState(readChosenTillId);
  // This browser's till prints on its USB or serial printer from any screen (issue 37).
  const runsTill = user !== null && can(user.role, 'pos_process_sale') && can(user.role, 'shift_operate');
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { data: settings } = useStoreSettings();
  useSettingsUpdatedListener();

  const route = findRoute(pathname);
  const title = route ? t(route.titleKey) : '';
  const storeName = storeIdentity(settings).name;

  useEffect(() => {
    document.title = title ? `${title} | ${storeName}` : storeName;
  }, [title, storeName]);

  return (
    <TillPrinterProvider enabled={runsTill} initialTillId={initialTillId} settings={settings}>
      {/* Selling offline and sending those sales (issue 38), for the till this browser sells at. */}
      <OfflineProvider
        userId={user?.id ?? 0}
        enabled={runsTill}
        initialTillId={initialTillId}
        keepsSales={user ? can(user.role, 'pos_refund') : false}
      >
        <div className="min-h-dvh bg-slate-50">
          <a
            href="#main"
            className="sr-only z-50 rounded-lg bg-white px-4 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
          >
            {t('layout.skipToContent')}
          </a>

          <aside
            className={cn(
              'fixed inset-y-0 left-0 z-40 hidden transition-[width] duration-200 lg:block',
              collapsed ? 'w-20' : 'w-64',
            )}
          >
            <SidebarContent collapsed={collapsed} onToggleCollapsed={() => setCollapsed((c) => !c)} />
          </aside>

          <Sheet open={drawerOpen} onOpenChange={setDrawerOpen}>
            <SheetContent
              side="left"
              title={t('nav.mainMenu')}
              overlayClassName="lg:hidden"
              // Ends above the toasts' band at the bottom (app/providers toastPlacement).
              className="w-72 max-w-[85vw] bg-slate-900 pb-24 lg:hidden"
            >
              <SidebarContent collapsed={false} onNavigate={() => setDrawerOpen(false)} />
              <SheetClose
                aria-label={t('layout.closeMenu')}
                className="absolute top-4 -right-13 flex size-11 cursor-pointer items-center justify-center rounded-lg bg-white text-slate-800 shadow focus-visible:outline-2 focus-visible:outline-blue-600"
              >
                <X className="size-6" aria-hidden />
              </SheetClose>
            </SheetContent>
          </Sheet>

          <div
            className={cn(
              'flex min-h-dvh flex-col transition-[padding] duration-200',
              collapsed ? 'lg:pl-20' : 'lg:pl-64',
            )}
          >
            <Header onOpenMenu={() => setDrawerOpen(true)} title={title} />
            <main id="main" className="mx-auto w-full max-w-7xl flex-1 p-4 sm:p-6 lg:p-8">
              <Suspense fallback={<LoadingScreen fullPage={false} />}>
                <Outlet />
              </Suspense>
            </main>
          </div>
        </div>
      </OfflineProvider>
    </TillPrinterProvider>
  );
}
