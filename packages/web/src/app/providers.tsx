import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from 'sonner';
import { DialogsProvider } from '../components/dialogs/dialogs-provider';
import { I18nProvider, useT } from '../i18n';
import { AuthProvider } from './auth/auth-provider';

/** Toasts: top right, 3 s, paused while hovered (sonner's default). */
export const TOAST_DURATION_MS = 3000;

function AppToaster() {
  const t = useT();
  return (
    <Toaster
      position="top-right"
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
