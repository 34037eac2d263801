import { formatBaht, type DashboardRecentSale } from '@pos/core';
import { Badge } from '../../components/ui/badge';
import { useI18n } from '../../i18n';
import { formatDateTime } from '../../lib/dates';
import { formatCount } from '../reports/report-format';

/** Spec 000: the period's first 5 sales (newest first): customer, item count, time, total. */
export function RecentSales({ sales }: { sales: readonly DashboardRecentSale[] }) {
  const { t, intlLocale } = useI18n();
  if (sales.length === 0)
    return <p className="py-6 text-center text-sm text-slate-500">{t('dashboard.recentEmpty')}</p>;
  return (
    <ul className="divide-y divide-slate-100" aria-label={t('dashboard.recentTitle')}>
      {sales.map((sale) => (
        <li key={sale.id} className="flex items-start gap-3 py-2.5">
          <div className="min-w-0 flex-1">
            <p className="font-medium break-words text-slate-900">
              {sale.customer_name ?? t('receipt.generalCustomer')}
            </p>
            <p className="text-sm text-slate-600 tabular-nums">
              {sale.document_number} · {t('dashboard.recentItems', { count: formatCount(sale.item_count, intlLocale) })}{' '}
              · {formatDateTime(sale.created_at, intlLocale)}
            </p>
          </div>
          <div className="shrink-0 text-right">
            <p className="font-semibold text-slate-900 tabular-nums">{formatBaht(sale.total)}</p>
            {sale.status === 'refunded' ? <Badge tone="red">{t('dashboard.refunded')}</Badge> : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
