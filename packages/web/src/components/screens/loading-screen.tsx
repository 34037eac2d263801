import { useT } from '../../i18n';
import { Spinner } from '../ui/spinner';

/** Full-page spinner with a loading message (shown while the auth state loads). */
export function LoadingScreen({ fullPage = true }: { fullPage?: boolean }) {
  const t = useT();
  return (
    <div
      role="status"
      aria-live="polite"
      className={
        fullPage
          ? 'flex min-h-dvh flex-col items-center justify-center gap-3 bg-slate-50 text-slate-600'
          : 'flex min-h-64 flex-col items-center justify-center gap-3 text-slate-600'
      }
    >
      <Spinner className="size-10 text-blue-600" />
      <p>{t('app.loading')}</p>
    </div>
  );
}
