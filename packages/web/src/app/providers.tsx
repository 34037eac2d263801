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
 * Where toasts go so they cover no control and no dialog title (spec: top right on desktop, bottom
 * on phones). Each has a band of its own that nothing usable is drawn in:
 * - desktop (1024 px and up): the top band, towards the right, in the header's empty stretch left of
 *   the date and the language button; dialogs are centred below that band (components/ui/dialog).
 * - narrower screens (phones, tablets: the drawer layout): the bottom 6 rem; dialogs are centred above
 *   it, the drawers end above it and the POS cart button floats above it.
 */
export function toastPlacement(desktop: boolean): Pick<ToasterProps, 'position' | 'offset' | 'mobileOffset'> {
  if (desktop) return { position: 'top-right', offset: { top: 8, right: 360 } };
  const bottom = { bottom: 12, left: 12, right: 12 };
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
