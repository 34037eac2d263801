import { ChevronsLeft, ChevronsRight, LogOut } from 'lucide-react';
import { NavLink } from 'react-router';
import { useGuardedSignOut } from '../../features/offline/offline-context';
import { Button } from '../../components/ui/button';
import { storeIdentity, useStoreSettings } from '../../features/settings/settings.queries';
import { useT } from '../../i18n';
import { roleLabelKey } from '../../lib/roles';
import { cn, initialOf } from '../../lib/utils';
import { useAuth } from '../../auth/auth-context';
import { visibleRoutes } from '../routing/route-guard';
import { NAV_ICONS } from './nav-icons';
import { StoreLogo } from '../../components/brand/store-logo';

interface SidebarContentProps {
  collapsed: boolean;
  /** Called after a menu entry is chosen (the drawer closes). */
  onNavigate?: () => void;
  /** Collapse/expand button; absent in the drawer. */
  onToggleCollapsed?: () => void;
}

/** Store identity, the menu entries the user may open, and the user panel. */
export function SidebarContent({ collapsed, onNavigate, onToggleCollapsed }: SidebarContentProps) {
  const t = useT();
  const { user } = useAuth();
  const signOut = useGuardedSignOut();
  const { data: settings } = useStoreSettings();
  const store = storeIdentity(settings);
  const routes = visibleRoutes(user?.role);

  return (
    <div className="flex h-full flex-col bg-slate-900 text-slate-100">
      <div className={cn('flex items-center gap-3 border-b border-slate-800 p-4', collapsed && 'flex-col px-2')}>
        <StoreLogo logoUrl={store.logoUrl} />
        {collapsed ? null : (
          // Two lines at most, so a long shop name never pushes the menu down; the whole name on hover.
          <span
            className="line-clamp-2 min-w-0 flex-1 text-base leading-snug font-semibold break-words"
            title={store.name}
          >
            {store.name}
          </span>
        )}
        {onToggleCollapsed ? (
          <button
            type="button"
            onClick={onToggleCollapsed}
            aria-label={collapsed ? t('layout.expandSidebar') : t('layout.collapseSidebar')}
            aria-expanded={!collapsed}
            title={collapsed ? t('layout.expandSidebar') : t('layout.collapseSidebar')}
            className="flex size-11 shrink-0 cursor-pointer items-center justify-center rounded-lg text-slate-400 hover:bg-slate-800 hover:text-white focus-visible:outline-2 focus-visible:outline-blue-400"
          >
            {collapsed ? (
              <ChevronsRight className="size-5" aria-hidden />
            ) : (
              <ChevronsLeft className="size-5" aria-hidden />
            )}
          </button>
        ) : null}
      </div>

      <nav aria-label={t('nav.mainMenu')} className="flex-1 overflow-y-auto p-3">
        <ul className="space-y-1">
          {routes.map((route) => {
            const Icon = NAV_ICONS[route.screen];
            const label = t(route.navKey);
            return (
              <li key={route.path}>
                <NavLink
                  to={route.path}
                  onClick={onNavigate}
                  aria-label={collapsed ? label : undefined}
                  title={collapsed ? label : undefined}
                  className={({ isActive }) =>
                    cn(
                      'flex min-h-11 items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors',
                      'focus-visible:outline-2 focus-visible:outline-blue-400',
                      collapsed && 'justify-center px-0',
                      isActive ? 'bg-blue-600 text-white' : 'text-slate-300 hover:bg-slate-800 hover:text-white',
                    )
                  }
                >
                  <Icon className="size-5 shrink-0" aria-hidden />
                  {collapsed ? null : <span className="leading-snug">{label}</span>}
                </NavLink>
              </li>
            );
          })}
        </ul>
      </nav>

      {user ? (
        <div className={cn('border-t border-slate-800 p-3', collapsed && 'px-2')}>
          <div
            className={cn('mb-2 flex items-center gap-3 px-1', collapsed && 'justify-center px-0')}
            title={collapsed ? `${user.name} (${t(roleLabelKey(user.role))})` : undefined}
          >
            <span
              aria-hidden
              className="flex size-10 shrink-0 items-center justify-center rounded-full bg-blue-500 text-base font-semibold text-white"
            >
              {initialOf(user.name)}
            </span>
            {collapsed ? (
              <span className="sr-only">{`${t('layout.signedInAs')}: ${user.name}`}</span>
            ) : (
              <div className="min-w-0 leading-snug">
                <p className="font-medium break-words text-white">{user.name}</p>
                <p className="text-xs text-slate-400">{t(roleLabelKey(user.role))}</p>
              </div>
            )}
          </div>
          <Button
            variant="ghost"
            onClick={signOut}
            aria-label={collapsed ? t('auth.logout') : undefined}
            title={collapsed ? t('auth.logout') : undefined}
            className={cn(
              'w-full justify-start text-slate-300 hover:bg-slate-800 hover:text-white',
              collapsed && 'justify-center px-0',
            )}
          >
            <LogOut aria-hidden />
            {collapsed ? null : t('auth.logout')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
