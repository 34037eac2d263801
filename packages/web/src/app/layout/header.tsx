import { CalendarDays, Languages, Menu } from 'lucide-react';
import { OfflineBadge } from '../../features/offline/offline-badge';
import { useOffline } from '../../features/offline/offline-context';
import { cn } from '../../lib/utils';
import { useI18n } from '../../i18n';
import { formatLongDate, localDateKey } from '../../lib/dates';
import { ToastStrip } from './toast-strip';
import { useToday } from './use-today';

/**
 * The top bar: the drawer button below 1024 px, the toasts' strip on desktop, today's date in long
 * form, the language switch.
 */
export function Header({ onOpenMenu, title }: { onOpenMenu: () => void; title: string }) {
  const { t, locale, setLocale, intlLocale } = useI18n();
  const today = useToday();
  // While the till is offline or sales wait, a phone's header gives the date's room to the badge (issue 38).
  const offline = useOffline()?.status;
  const badgeWide = offline !== undefined && (!offline.online || offline.waiting > 0 || offline.failed.length > 0);

  return (
    <header className="sticky top-0 z-30 flex min-h-16 items-center gap-2 border-b border-slate-200 bg-white px-3 sm:px-6">
      <button
        type="button"
        onClick={onOpenMenu}
        aria-label={t('layout.openMenu')}
        className="flex size-11 shrink-0 cursor-pointer items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600 lg:hidden"
      >
        <Menu className="size-6" aria-hidden />
      </button>
      <p className="hidden min-w-0 flex-1 text-base leading-snug font-semibold text-slate-900 md:block lg:hidden">
        {title}
      </p>
      <div className="flex min-w-0 flex-1 items-center justify-end gap-2 md:flex-none lg:flex-1">
        <ToastStrip />
        <OfflineBadge />
        <CalendarDays className="hidden size-5 shrink-0 text-slate-500 sm:block" aria-hidden />
        <time
          dateTime={localDateKey(today)}
          className={cn('text-right text-sm leading-snug text-slate-700', badgeWide && 'hidden sm:block')}
        >
          {formatLongDate(today, intlLocale)}
        </time>
      </div>
      <button
        type="button"
        onClick={() => setLocale(locale === 'th' ? 'en' : 'th')}
        aria-label={`${t('app.languageShort')} ${t('app.language')}`}
        title={t('app.language')}
        className="flex min-h-11 min-w-11 shrink-0 cursor-pointer items-center justify-center gap-1 rounded-lg px-2 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600"
      >
        <Languages className="size-5" aria-hidden />
        <span>{t('app.languageShort')}</span>
      </button>
    </header>
  );
}
