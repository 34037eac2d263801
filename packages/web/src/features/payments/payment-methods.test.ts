import { describe, expect, it } from 'vitest';
import { translate, type Translate } from '../../i18n';
import { saleFixture } from '../../test-fixtures/sale';
import { paymentMethodCell, paymentPartName, paymentPartsText } from './payment-methods';

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
  it("names a one-method sale by its method in the reader's language, or as a code", () => {
    const card = saleFixture({ payment_method: 'card' });
    expect(paymentPartsText(card, thai)).toBe('บัตรเครดิต');
    expect(paymentPartsText(card, english, 'amounts')).toBe('Credit card');
    expect(paymentPartsText(card, null)).toBe('card');
    expect(paymentMethodCell(card)).toBe('card');
  });

  it("names a split bill's parts: joined for the history row, with amounts for the CSV columns", () => {
    expect(paymentPartsText(split, thai)).toBe('เงินสด + โอนเงินผ่านธนาคาร');
    expect(paymentPartsText(split, english)).toBe('Cash + Bank transfer');
    expect(paymentPartsText(split, thai, 'amounts')).toBe('เงินสด 235.00; โอนเงินผ่านธนาคาร 300.00');
    expect(paymentMethodCell(split)).toBe('split: cash 235.00; transfer 300.00');
  });

  it('writes a method this build does not know as stored', () => {
    const odd = saleFixture({
      payment_method: 'split',
      payments: [{ ...part, method: 'voucher' as 'cash', amount: 10, reference: null }],
    });
    expect(paymentPartsText(odd, thai, 'amounts')).toBe('voucher 10.00');
  });
});

describe('paymentPartName', () => {
  it("names a document's part line by its method, with its reference when it has one", () => {
    expect(split.payments.map((p) => paymentPartName(p, thai))).toEqual(['เงินสด', 'โอนเงินผ่านธนาคาร (TX-9)']);
    expect(paymentPartName({ method: 'promptpay', amount: 5 } as { method: string }, english)).toBe('PromptPay');
  });
});
