import { Bug } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';
import { useI18n } from '../../i18n';
import { formatDateTime } from '../../lib/dates';

export interface HistoryDebugInfo {
  status: 'loading' | 'ok' | 'error';
  /** The failed load's HTTP status (0 when no answer came back). */
  httpStatus: number | null;
  errorText: string | null;
  customersLoaded: number;
  customersWithPurchases: number;
  customersShown: number;
  historiesLoaded: number;
  salesLoaded: number;
  lastLoadedAt: number | null;
  tokenPresent: boolean;
  role: string;
  fetching: boolean;
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 rounded-md bg-slate-50 px-3 py-2">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="font-medium break-words text-slate-900 tabular-nums">{children}</dd>
    </div>
  );
}

/** What the screen loaded, when, and how the API answered (spec 001 "debug info"). */
export function HistoryDebugPanel({ info, id }: { info: HistoryDebugInfo; id: string }) {
  const { t, intlLocale } = useI18n();
  const statusBadge =
    info.status === 'ok' ? (
      <Badge tone="green">{t('customerHistory.debugStatusOk')}</Badge>
    ) : info.status === 'error' ? (
      <Badge tone="red">
        {info.httpStatus
          ? t('customerHistory.debugStatusHttp', { status: info.httpStatus })
          : t('customerHistory.debugStatusError')}
      </Badge>
    ) : (
      <Badge tone="amber">{t('customerHistory.debugStatusLoading')}</Badge>
    );

  return (
    <Card id={id} className="mb-6 p-4" role="region" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="mb-3 flex items-center gap-2 font-semibold text-slate-900">
        <Bug className="size-5 text-slate-500" aria-hidden />
        {t('customerHistory.debugTitle')}
      </h2>
      <dl className="grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
        <Item label={t('customerHistory.debugApiStatus')}>
          <span className="flex flex-wrap items-center gap-2">
            {statusBadge}
            {info.fetching ? (
              <span className="text-xs text-slate-500">{t('customerHistory.debugFetching')}</span>
            ) : null}
          </span>
        </Item>
        <Item label={t('customerHistory.debugEndpoint')}>
          <code className="text-sm">{t('customerHistory.debugEndpointValue')}</code>
        </Item>
        <Item label={t('customerHistory.debugLastLoad')}>
          {info.lastLoadedAt ? formatDateTime(info.lastLoadedAt, intlLocale) : t('customerHistory.debugNever')}
        </Item>
        <Item label={t('customerHistory.debugToken')}>
          {info.tokenPresent ? t('customerHistory.debugTokenPresent') : t('customerHistory.debugTokenMissing')}
        </Item>
        <Item label={t('customerHistory.debugCustomers')}>{info.customersLoaded.toLocaleString(intlLocale)}</Item>
        <Item label={t('customerHistory.debugWithPurchases')}>
          {info.customersWithPurchases.toLocaleString(intlLocale)}
        </Item>
        <Item label={t('customerHistory.debugShown')}>{info.customersShown.toLocaleString(intlLocale)}</Item>
        <Item label={t('customerHistory.debugHistories')}>
          {t('customerHistory.debugHistoriesValue', { customers: info.historiesLoaded, sales: info.salesLoaded })}
        </Item>
        <Item label={t('customerHistory.debugRole')}>{info.role}</Item>
        {info.errorText ? (
          <div className="rounded-md bg-red-50 px-3 py-2 sm:col-span-2 lg:col-span-3">
            <dt className="text-xs text-red-700">{t('customerHistory.debugLastError')}</dt>
            <dd className="font-medium break-words text-red-900">{info.errorText}</dd>
          </div>
        ) : null}
      </dl>
    </Card>
  );
}
