import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster, type ToasterProps } from 'sonner';
import { DialogsProvider } from '../components/dialogs/dialogs-provider';
import { I18nProvider, useT } from '../i18n';
import { AuthProvider } from '../auth/auth-provider';
import { useToastStripPlace, type ToastStripPlace } from './layout/toast-strip';

/** Toasts: 3 s, paused while hovered (sonner's default). */
export const TOAST_DURATION_MS = 3000;

/**
 * Where toasts go so they cover no control and no dialog title (spec: top right on desktop, bottom
 * on phones). Each has a band of its own that nothing usable is drawn in:
 * - desktop, signed in: the header's toast strip (layout/toast-strip), kept empty beside the date and
 *   the language button by the header's own layout; dialogs are centred below the header
 *   (components/ui/dialog).
 * - otherwise (phones, tablets: the drawer layout; the sign-in page): the bottom 6 rem; dialogs are
 *   centred above it, the drawers end above it and the POS cart button floats above it.
 */
export function toastPlacement(
  strip: ToastStripPlace | null,
): Pick<ToasterProps, 'position' | 'offset' | 'mobileOffset'> {
  if (strip) return { position: 'top-right', offset: strip };
  const bottom = { bottom: 12, left: 12, right: 12 };
  return { position: 'bottom-center', offset: bottom, mobileOffset: bottom };
}

function AppToaster() {
  const t = useT();
  return (
    <Toaster
      {...toastPlacement(useToastStripPlace())}
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
