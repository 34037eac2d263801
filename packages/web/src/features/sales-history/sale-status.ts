import type { Sale } from '@pos/core';
import { translate, type MessageKey, type Translate } from '../../i18n';
import { paymentPartsText } from '../payments/payment-methods';

/** The words and tone of each sale status. */
export const SALE_STATUS: Readonly<Record<Sale['status'], { key: MessageKey; tone: 'green' | 'amber' | 'red' }>> = {
  completed: { key: 'salesHistory.statusCompleted', tone: 'green' },
  partially_refunded: { key: 'salesHistory.statusPartial', tone: 'amber' },
  refunded: { key: 'salesHistory.statusRefunded', tone: 'red' },
};

/**
 * A payment method and a status in Thai for a CSV's people-facing columns (issue 31: the spec's
 * columns keep their codes for outside checks; these go beside them). A split bill lists its parts;
 * a method this build does not know is written as stored.
 */
export function thaiPaymentMethod(sale: Pick<Sale, 'payment_method' | 'payments'>): string {
  return paymentPartsText(sale, inThai, 'amounts');
}

const inThai: Translate = (key, params) => translate('th', key, params);

export function thaiSaleStatus(status: Sale['status']): string {
  return inThai(SALE_STATUS[status].key);
}
