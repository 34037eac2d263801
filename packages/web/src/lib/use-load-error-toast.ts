import { useEffect } from 'react';
import { toast } from 'sonner';
import { useT } from '../i18n';

/**
 * Shows a failed load as an error toast (titled "error" unless `title` is given),
 * once per failure: `errorUpdatedAt` is the query's, so a retry that fails again toasts again.
 */
export function useLoadErrorToast(message: string | null | undefined, errorUpdatedAt: number, title?: string): void {
  const t = useT();
  const heading = title ?? t('common.error');
  useEffect(() => {
    if (message) toast.error(heading, { description: message });
  }, [message, errorUpdatedAt, heading]);
}
