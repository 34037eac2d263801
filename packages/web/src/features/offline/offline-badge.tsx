import { formatBaht } from '@pos/core';
import { AlertTriangle, CloudOff, RefreshCw, Wifi } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { useI18n } from '../../i18n';
import { errorMessage, ApiError } from '../../lib/api';
import { isRefundRow } from '../../lib/offline-db';
import { cn } from '../../lib/utils';
import { useOffline } from './offline-context';

/**
 * The header's network badge (issue 38): online or offline, and how many sales wait to be sent (and failed); it
 * opens the details. Offline it is a plain amber pill that cannot be missed; online with nothing waiting, an icon.
 */
export function OfflineBadge() {
  const { t } = useI18n();
  const context = useOffline();
  const [open, setOpen] = useState(false);
  if (!context) return null;
  const { status } = context;
  const failed = status.failed.length;
  const quiet = status.online && status.waiting === 0 && failed === 0;

  return (
    <>
      <button
        type="button"
        data-testid="offline-badge"
        data-online={status.online}
        data-loaded={status.loaded}
        data-waiting={status.waiting}
        data-failed={failed}
        title={t('offline.details.title')}
        onClick={() => setOpen(true)}
        className={cn(
          'flex min-h-11 min-w-11 shrink-0 cursor-pointer items-center justify-center gap-1.5 rounded-lg px-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-blue-600',
          quiet && 'text-emerald-700 hover:bg-slate-100',
          !status.online && 'border-2 border-amber-500 bg-amber-100 text-amber-950',
          status.online && !quiet && 'bg-blue-50 text-blue-900 ring-1 ring-blue-200',
        )}
      >
        {status.online ? (
          status.syncing ? (
            <RefreshCw className="size-5 animate-spin" aria-hidden />
          ) : (
            <Wifi className="size-5" aria-hidden />
          )
        ) : (
          <CloudOff className="size-5" aria-hidden />
        )}
        {/* The name is the visible text, completed for screen readers (WCAG 2.5.3: the label holds what shows). */}
        {status.online ? (
          <span className="sr-only">{t('offline.badge.online')}</span>
        ) : (
          <span>{t('offline.badge.offline')}</span>
        )}{' '}
        {status.waiting > 0 ? (
          <span className="rounded-full bg-white/80 px-1.5 tabular-nums ring-1 ring-current/30">
            {t('offline.badge.waiting', { count: status.waiting })}
            <span className="sr-only"> {t('offline.badge.srUnit', { count: status.waiting })}</span>
          </span>
        ) : failed === 0 ? (
          <span className="sr-only">{t('offline.badge.srNothing')}</span>
        ) : null}{' '}
        {failed > 0 ? (
          <span className="flex items-center gap-0.5 rounded-full bg-red-700 px-1.5 text-white tabular-nums">
            <AlertTriangle className="size-3.5" aria-hidden />
            <span className="sr-only">{t('offline.badge.srFailed')} </span>
            {failed}
            <span className="sr-only"> {t('offline.badge.srUnit', { count: failed })}</span>
          </span>
        ) : null}
      </button>
      {open ? <OfflineDetails onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function OfflineDetails({ onClose }: { onClose: () => void }) {
  const { t, intlLocale } = useI18n();
  const context = useOffline();
  if (!context) return null;
  const { status } = context;
  const time = (iso: string) =>
    new Intl.DateTimeFormat(intlLocale, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso));
  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="max-w-md" data-testid="offline-details">
        <DialogHeader>
          <DialogTitle>{t('offline.details.title')}</DialogTitle>
          <DialogDescription>
            {status.online ? t('offline.details.online') : t('offline.details.offline')}
          </DialogDescription>
        </DialogHeader>
        <div className="space-y-3 text-sm text-slate-800">
          <p role="status" className="font-semibold">
            {status.syncing
              ? t('offline.details.syncing')
              : status.waiting > 0
                ? t('offline.details.waiting', { count: status.waiting })
                : t('offline.details.nothingWaiting')}
          </p>
          {status.stopped === 'auth' ? <p>{t('offline.details.signedOutStop')}</p> : null}
          {status.stopped === 'network' || status.stopped === 'server' ? (
            <p>{t('offline.details.retryLater')}</p>
          ) : null}
          {status.otherUsersWaiting > 0 ? (
            <p className="rounded-lg bg-slate-100 p-2">
              {t('offline.details.otherUsers', { count: status.otherUsersWaiting })}
            </p>
          ) : null}
          {status.failed.length > 0 ? (
            <section aria-labelledby="offline-failed-title" className="space-y-2">
              <h3 id="offline-failed-title" className="font-semibold text-red-800">
                {t('offline.details.failedTitle')}
              </h3>
              <ul className="space-y-2">
                {status.failed.map((row) => (
                  <li key={row.offlineId} className="rounded-lg border border-red-200 bg-red-50 p-2">
                    <p className="font-medium">
                      {isRefundRow(row)
                        ? t('offline.details.failedRefundLine', {
                            number: row.saleDocumentNumber,
                            total: formatBaht(row.total),
                            time: time(row.createdAt),
                          })
                        : t('offline.details.failedLine', {
                            number: row.documentNumber,
                            total: formatBaht(row.total),
                            time: time(row.createdAt),
                          })}
                    </p>
                    {row.failure ? (
                      <p className="text-red-900">
                        {errorMessage(
                          new ApiError({ ...row.failure, fromServer: true }),
                          `${row.failure.status} ${row.failure.code}`,
                        )}
                      </p>
                    ) : null}
                    <Button variant="outline" className="mt-1" onClick={() => context.retry(row.offlineId)}>
                      {t('offline.details.retry')}
                    </Button>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {status.renumbered.length > 0 ? (
            <section aria-labelledby="offline-renumbered-title" className="space-y-1">
              <h3 id="offline-renumbered-title" className="font-semibold">
                {t('offline.details.renumberedTitle')}
              </h3>
              <ul className="list-disc space-y-1 pl-5">
                {status.renumbered.map((r) => (
                  <li key={r.offlineId}>
                    {t('offline.details.renumbered', { printed: r.printed, recorded: r.recorded })}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            {t('common.close')}
          </Button>
          {status.online && status.waiting > 0 ? (
            <Button onClick={context.syncNow} disabled={status.syncing}>
              <RefreshCw aria-hidden />
              {t('offline.details.syncNow')}
            </Button>
          ) : null}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
