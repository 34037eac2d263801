import { csvBaht, type Sale } from '@pos/core';
import { translate, type MessageKey } from '../../i18n';
import { paymentMethodLabel } from '../payments/payment-methods';

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
  if (sale.payment_method === 'split') {
    return sale.payments.map((part) => `${thaiMethodName(part.method)} ${csvBaht(part.amount)}`).join('; ');
  }
  return thaiMethodName(sale.payment_method);
}

function thaiMethodName(method: string): string {
  const key = paymentMethodLabel(method);
  return key ? translate('th', key) : method;
}

export function thaiSaleStatus(status: Sale['status']): string {
  return translate('th', SALE_STATUS[status].key);
}
