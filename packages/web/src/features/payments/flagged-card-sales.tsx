import type { FlaggedCardSale } from '@pos/core';
import { useFlaggedCardSales, useMarkCardSaleHandled } from './payments.queries';
import { FlaggedSalesPanel, type FlaggedSaleView, type FlaggedSalesTexts } from './flagged-sales-panel';

export const CARD_FLAG_TEXTS: FlaggedSalesTexts = {
  title: 'payments.flags.title',
  explain: 'payments.flags.explain',
  empty: 'payments.flags.empty',
  loadError: 'payments.flags.loadError',
  reasonsLabel: 'payments.flags.reasonsLabel',
  reason: {
    stock_shortfall: 'payments.flags.reason.stock_shortfall',
    product_unavailable: 'payments.flags.reason.product_unavailable',
    price_changed: 'payments.flags.reason.price_changed',
    variant_unavailable: 'payments.flags.reason.variant_unavailable',
    customer_deleted: 'payments.flags.reason.customer_deleted',
    points_shortfall: 'payments.flags.reason.points_shortfall',
    vat_approval_invalid: 'payments.flags.reason.vat_approval_invalid',
    seller_inactive: 'payments.flags.reason.seller_inactive',
    payment_method_disabled: 'payments.flags.reason.payment_method_disabled',
    settings_changed: 'payments.flags.reason.settings_changed',
    replacement_invalid: 'payments.flags.reason.replacement_invalid',
    amount_mismatch: 'payments.flags.reason.amount_mismatch',
    no_open_shift: 'payments.flags.reason.no_open_shift',
    // Offline sales' reasons: a card sale is never flagged for them (offlineReview words them for its panel).
    time_invalid: 'offlineReview.reason.time_invalid',
    number_invalid: 'offlineReview.reason.number_invalid',
    price_unknown: 'offlineReview.reason.price_unknown',
    refund_conflict: 'offlineReview.reason.refund_conflict',
  },
};

function viewOf(sale: FlaggedCardSale): FlaggedSaleView {
  return {
    key: String(sale.saleId),
    saleId: sale.saleId,
    documentNumber: sale.documentNumber,
    total: sale.total,
    when: sale.completedAt,
    sellerName: sale.sellerName,
    customerName: sale.customerName,
    reasons: sale.reasons,
  };
}

/**
 * Card sales recorded although something changed while the customer paid (stock ran out, the
 * customer was deleted, ...): the manager sees who, when, what, why, and marks each handled.
 */
export function FlaggedCardSalesPanel({
  canHandle,
  onShowSale,
}: {
  canHandle: boolean;
  onShowSale: (documentNumber: string) => void;
}) {
  return (
    <FlaggedSalesPanel
      headingId="flagged-card-sales-title"
      rowTestId="flagged-card-sale"
      texts={CARD_FLAG_TEXTS}
      list={useFlaggedCardSales(true, (data) => data.checkouts.map(viewOf))}
      handle={useMarkCardSaleHandled()}
      canHandle={canHandle}
      onShowSale={onShowSale}
    />
  );
}
