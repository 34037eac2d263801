import { bahtToSatang, satangToBaht, type Sale, type SaleRefund } from '@pos/core';

/** The figures a credit note prints (Revenue Code section 86/10), in baht. */
export interface CreditNoteFigures {
  /** The value of the goods on the original tax invoice, VAT excluded. */
  originalValue: number;
  /** What earlier credit notes of the same invoice already took off it (VAT excluded); 0 for the first. */
  earlierValue: number;
  /** The value the invoice should have had after this credit note. */
  correctValue: number;
  /** This credit note's difference: the value of the goods refunded, VAT excluded. */
  difference: number;
  /** The VAT on the difference, as the server stored it on the refund. */
  vat: number;
  /** What was paid back: the difference and its VAT. */
  amount: number;
}

/**
 * Works out the credit note of `refund` from the sale and the VAT each refund stored. Done in
 * satang, so the lines add up on paper: original − earlier − difference = correct value.
 */
export function creditNoteFigures(sale: Sale, refund: SaleRefund): CreditNoteFigures {
  const base = (r: Pick<SaleRefund, 'amount' | 'vat'>) => bahtToSatang(r.amount) - bahtToSatang(r.vat);
  const original = bahtToSatang(sale.total) - bahtToSatang(sale.tax);
  const earlier = sale.refunds.filter((r) => r.id < refund.id).reduce((sum, r) => sum + base(r), 0);
  const difference = base(refund);
  return {
    originalValue: satangToBaht(original),
    earlierValue: satangToBaht(earlier),
    correctValue: satangToBaht(original - earlier - difference),
    difference: satangToBaht(difference),
    vat: refund.vat,
    amount: refund.amount,
  };
}
