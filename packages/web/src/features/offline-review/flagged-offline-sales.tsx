import type { FlaggedOfflineSale, OfflinePeriod } from '@pos/core';
import { WifiOff } from 'lucide-react';
import { useI18n, type Translate } from '../../i18n';
import { formatDateTime } from '../../lib/dates';
import { FlaggedSalesPanel, type FlaggedSaleView, type FlaggedSalesTexts } from '../payments/flagged-sales-panel';
import {
  flaggedOfflineKey,
  useFlaggedOfflineSales,
  useMarkOfflineSaleHandled,
  useOfflinePeriods,
} from './offline-review.queries';

const TEXTS: FlaggedSalesTexts = {
  title: 'offlineReview.title',
  explain: 'offlineReview.explain',
  empty: 'offlineReview.empty',
  loadError: 'offlineReview.loadError',
  reasonsLabel: 'offlineReview.reasonsLabel',
  reason: {
    stock_shortfall: 'offlineReview.reason.stock_shortfall',
    product_unavailable: 'offlineReview.reason.product_unavailable',
    price_changed: 'offlineReview.reason.price_changed',
    variant_unavailable: 'offlineReview.reason.variant_unavailable',
    customer_deleted: 'offlineReview.reason.customer_deleted',
    points_shortfall: 'offlineReview.reason.points_shortfall',
    vat_approval_invalid: 'offlineReview.reason.vat_approval_invalid',
    seller_inactive: 'offlineReview.reason.seller_inactive',
    payment_method_disabled: 'offlineReview.reason.payment_method_disabled',
    settings_changed: 'offlineReview.reason.settings_changed',
    replacement_invalid: 'offlineReview.reason.replacement_invalid',
    amount_mismatch: 'offlineReview.reason.amount_mismatch',
    no_open_shift: 'offlineReview.reason.no_open_shift',
    time_invalid: 'offlineReview.reason.time_invalid',
    number_invalid: 'offlineReview.reason.number_invalid',
    price_unknown: 'offlineReview.reason.price_unknown',
    refund_conflict: 'offlineReview.reason.refund_conflict',
  },
};

/** The panel's row: a flagged offline sale, or an offline refund of a sale. */
function viewOf(sale: FlaggedOfflineSale, t: Translate): FlaggedSaleView {
  return {
    key: flaggedOfflineKey(sale),
    subject:
      sale.kind === 'refund'
        ? t(sale.refundId === null ? 'offlineReview.refundKept' : 'offlineReview.refundRecorded', {
            number: sale.refundNumber ?? t('offlineReview.refundNoNumber'),
          })
        : undefined,
    saleId: sale.saleId,
    documentNumber: sale.documentNumber,
    total: sale.total,
    when: sale.claimedAt,
    sellerName: sale.sellerName,
    customerName: sale.customerName,
    tillName: sale.tillName,
    reasons: sale.reasons,
  };
}

/** Shown only in the list's footer: the last few times a till was offline, who was at it, how many sales it made. */
const PERIODS_SHOWN = 5;

function OfflinePeriods() {
  const { t, intlLocale } = useI18n();
  const periods = useOfflinePeriods();
  const shown: OfflinePeriod[] = (periods.data?.periods ?? []).slice(0, PERIODS_SHOWN);
  if (shown.length === 0) return null;
  return (
    <section aria-labelledby="offline-periods-title" className="grid gap-1 border-t border-slate-200 pt-3">
      <h3 id="offline-periods-title" className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        <WifiOff className="size-4 text-slate-600" aria-hidden />
        {t('offlineReview.periods.title')}
      </h3>
      <ul className="grid gap-1 text-sm text-slate-700" data-testid="offline-periods">
        {shown.map((p) => (
          <li key={p.periodId}>
            {t('offlineReview.periods.row', {
              till: p.tillName ?? t('offlineReview.periods.noTill'),
              user: p.userName,
              from: formatDateTime(p.startedAt, intlLocale),
              to: p.endedAt ? formatDateTime(p.endedAt, intlLocale) : t('offlineReview.periods.stillOffline'),
              sales: p.salesMade.toLocaleString(intlLocale),
            })}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Sales a till made offline and sent later, recorded as sold although something did not match (stock another
 * till sold first, points spent elsewhere, a price or time the server could not confirm): the manager checks each
 * and marks it handled. Below, when tills were offline.
 */
export function FlaggedOfflineSalesPanel({
  canHandle,
  onShowSale,
}: {
  canHandle: boolean;
  onShowSale: (documentNumber: string) => void;
}) {
  const { t } = useI18n();
  return (
    <FlaggedSalesPanel
      headingId="flagged-offline-sales-title"
      rowTestId="flagged-offline-sale"
      texts={TEXTS}
      list={useFlaggedOfflineSales((data) => data.sales.map((sale) => viewOf(sale, t)))}
      handle={useMarkOfflineSaleHandled()}
      canHandle={canHandle}
      onShowSale={onShowSale}
    >
      <OfflinePeriods />
    </FlaggedSalesPanel>
  );
}
