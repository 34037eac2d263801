import { SALES_CSV_WORDS } from '@pos/core';
import { describe, expect, it } from 'vitest';
import { translate } from '../../i18n';
import { SALE_STATUS } from '../sales-history/sale-status';
import { PAYMENT_METHOD_LOOK } from './payment-methods';

describe("the exports' Thai words (core, written by the server)", () => {
  it('are the words the screens use for each payment method and sale status', () => {
    for (const [method, look] of Object.entries(PAYMENT_METHOD_LOOK)) {
      expect(SALES_CSV_WORDS.methods[method], method).toBe(translate('th', look.label));
    }
    for (const [status, { key }] of Object.entries(SALE_STATUS)) {
      expect(SALES_CSV_WORDS.statuses[status as keyof typeof SALES_CSV_WORDS.statuses], status).toBe(
        translate('th', key),
      );
    }
    expect(SALES_CSV_WORDS.generalCustomer).toBe(translate('th', 'salesHistory.generalCustomer'));
  });
});
