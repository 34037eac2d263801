import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster, type ToasterProps } from 'sonner';
import { DialogsProvider } from '../components/dialogs/dialogs-provider';
import { DESKTOP_QUERY, useMediaQuery } from '../lib/use-media-query';
import { I18nProvider, useT } from '../i18n';
import { AuthProvider } from '../auth/auth-provider';

/** Toasts: 3 s, paused while hovered (sonner's default). */
export const TOAST_DURATION_MS = 3000;

/**
 * Where toasts go so they cover no control. On a desktop the header is empty
 * between the sidebar (at most 256 px wide) and the date and language button on
 * the right, so toasts sit in that stretch: clear of the header's controls, of
 * every centred dialog's close button (dialogs are at most 32 rem wide around
 * the middle) and of the POS cart on the right. A dialog tall enough to reach the
 * top may have its title under a toast for those seconds; no button is. On narrow screens (phones,
 * tablets: the drawer layout below 1024 px) a toast across the top would hide
 * the menu button, the title and a dialog's close button, so they go to the
 * bottom, above the POS floating cart button.
 */
export function toastPlacement(desktop: boolean): Pick<ToasterProps, 'position' | 'offset' | 'mobileOffset'> {
  if (desktop) return { position: 'top-left', offset: { top: 8, left: 280 } };
  const bottom = { bottom: 88, left: 12, right: 12 };
  return { position: 'bottom-center', offset: bottom, mobileOffset: bottom };
}

function AppToaster() {
  const t = useT();
  const desktop = useMediaQuery(DESKTOP_QUERY);
  return (
    <Toaster
      {...toastPlacement(desktop)}
      duration={TOAST_DURATION_MS}
      richColors
      closeButton
      toastOptions={{ closeButtonAriaLabel: t('common.close'), className: 'font-sans' }}
      containerAriaLabel={t('app.notifications')}
    />
  );
}

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nProvider>
        <AuthProvider>
          <DialogsProvider>
            {children}
            <AppToaster />
          </DialogsProvider>
        </AuthProvider>
      </I18nProvider>
    </QueryClientProvider>
  );
}
