import { describe, expect, it } from 'vitest';
import { translate, type Translate } from '../../i18n';
import { saleFixture } from '../../test-fixtures/sale';
import { PAYMENT_METHODS, takesReference } from '@pos/core';
import { PAYMENT_METHOD_LOOK, paymentPartName, paymentPartsText } from './payment-methods';

const thai: Translate = (key, params) => translate('th', key, params);
const english: Translate = (key, params) => translate('en', key, params);

const part = { cash_received: null, change: null, refunded: 0 };
const split = saleFixture({
  payment_method: 'split',
  total: 535,
  payments: [
    { ...part, method: 'cash', amount: 235, reference: null },
    { ...part, method: 'transfer', amount: 300, reference: 'TX-9' },
  ],
});

describe('paymentPartsText', () => {
  it("names a one-method sale by its method in the reader's language", () => {
    const card = saleFixture({ payment_method: 'card' });
    expect(paymentPartsText(card, thai)).toBe('บัตรเครดิต');
    expect(paymentPartsText(card, english)).toBe('Credit card');
  });

  it("joins a split bill's parts' methods for the history row", () => {
    expect(paymentPartsText(split, thai)).toBe('เงินสด + โอนเงินผ่านธนาคาร');
    expect(paymentPartsText(split, english)).toBe('Cash + Bank transfer');
  });

  it('writes a method this build does not know as stored', () => {
    const odd = saleFixture({
      payment_method: 'split',
      payments: [{ ...part, method: 'voucher' as 'cash', amount: 10, reference: null }],
    });
    expect(paymentPartsText(odd, thai)).toBe('voucher');
  });
});

describe('paymentPartName', () => {
  it("names a document's part line by its method, with its reference when it has one", () => {
    expect(split.payments.map((p) => paymentPartName(p, thai))).toEqual(['เงินสด', 'โอนเงินผ่านธนาคาร (TX-9)']);
    expect(paymentPartName({ method: 'promptpay', amount: 5 } as { method: string }, english)).toBe('PromptPay');
  });
});

describe('PAYMENT_METHOD_LOOK', () => {
  it("gives every method that takes a reference its reference view's words, and no other method any", () => {
    for (const method of PAYMENT_METHODS) {
      expect(PAYMENT_METHOD_LOOK[method].referenceView !== undefined, method).toBe(takesReference(method));
    }
  });
});
