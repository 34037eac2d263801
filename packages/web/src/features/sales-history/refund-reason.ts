import { EDIT_SALE_REASON, REFUND_REASONS, type RefundReason, type SaleRefund } from '@pos/core';
import type { MessageKey, Translate } from '../../i18n';

/** The words of each reason code the refund dialog offers. */
export const REFUND_REASON_LABELS: Readonly<Record<RefundReason, MessageKey>> = {
  customer_request: 'salesHistory.reasonCustomer',
  defective: 'salesHistory.reasonDefective',
  wrong_item: 'salesHistory.reasonWrongGoods',
  price_error: 'salesHistory.reasonPriceError',
};

/** Codes earlier demo shops wrote that were never offered (issue 31): read as the reason they meant. */
const LEGACY_CODES: Readonly<Record<string, RefundReason>> = { wrong_size: 'wrong_item' };

const isReasonCode = (reason: string): reason is RefundReason => (REFUND_REASONS as readonly string[]).includes(reason);

/** A refund's reason in words: a known code translated, the edit flow with its reason, typed text as typed. */
export function refundReasonText(refund: Pick<SaleRefund, 'reason' | 'edit_reason'>, t: Translate): string {
  if (refund.reason === EDIT_SALE_REASON) {
    return `${t('salesHistory.reasonEdit')}${refund.edit_reason ? `: ${refund.edit_reason}` : ''}`;
  }
  const code = LEGACY_CODES[refund.reason] ?? refund.reason;
  return isReasonCode(code) ? t(REFUND_REASON_LABELS[code]) : refund.reason;
}
