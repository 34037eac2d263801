import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster, type ToasterProps } from 'sonner';
import { DialogsProvider } from '../components/dialogs/dialogs-provider';
import { DESKTOP_QUERY, useMediaQuery } from '../features/pos/use-media-query';
import { I18nProvider, useT } from '../i18n';
import { AuthProvider } from './auth/auth-provider';

/** Toasts: 3 s, paused while hovered (sonner's default). */
export const TOAST_DURATION_MS = 3000;

/**
 * Where toasts go so they cover no control. On a desktop, top right below the
 * sticky header (min-h-16): the header's menu, title and account button stay
 * free, and a centred dialog's close button is left of the toasts or above them.
 * On narrow screens (phones, tablets: the app's drawer layout below 1024 px) a
 * toast across the top would hide the menu button, the title and a dialog's
 * close button, so they go to the bottom, above the POS floating cart button.
 */
export function toastPlacement(desktop: boolean): Pick<ToasterProps, 'position' | 'offset' | 'mobileOffset'> {
  if (desktop) return { position: 'top-right', offset: { top: 80, right: 24 } };
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
