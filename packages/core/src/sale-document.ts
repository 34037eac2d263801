import type { Sale, SaleRefund } from './api/sales';
import { bahtToSatang, satangToBaht } from './money';

/**
 * What kind of document a sale's receipt is, one rule for the screen's receipt and the printer's (issue 37).
 * Revenue Code 86/6 for the short tax invoice.
 */

/** The sale fields that decide what kind of document it gets. */
export type DocumentSale = Pick<Sale, 'exclude_vat' | 'prices_include_vat' | 'tax_rate'>;

/**
 * Whether the sale's document is a tax invoice: the sale carried VAT and the seller has a tax id,
 * which every tax invoice must show (Revenue Code 86/4, 86/6). Without it the document is a plain
 * receipt that presents no VAT as tax, whatever the sale recorded.
 */
export function isTaxInvoice(sale: DocumentSale, sellerTaxId: string): boolean {
  return !sale.exclude_vat && sale.tax_rate > 0 && sellerTaxId.trim() !== '';
}

/**
 * How the totals state VAT: included in the prices (86/6 wording) or as a separate amount on a tax
 * invoice; excluded at the till; or nothing at all. `added` is a sale recorded with VAT on top
 * before the shop had its tax id: the money added is shown, but not as tax.
 */
export type VatStatement =
  | { kind: 'none' }
  | { kind: 'excluded' }
  | { kind: 'added' }
  | { kind: 'included'; rate: number }
  | { kind: 'separate'; rate: number };

export function vatStatement(sale: DocumentSale & Pick<Sale, 'tax'>, sellerTaxId: string): VatStatement {
  if (sale.exclude_vat) return { kind: 'excluded' };
  if (!isTaxInvoice(sale, sellerTaxId))
    return sale.tax > 0 && !sale.prices_include_vat ? { kind: 'added' } : { kind: 'none' };
  return sale.prices_include_vat
    ? { kind: 'included', rate: sale.tax_rate }
    : { kind: 'separate', rate: sale.tax_rate };
}

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
